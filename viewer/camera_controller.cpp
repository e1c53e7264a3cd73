#include "camera_controller.h"

#include <algorithm>
#include <cmath>

namespace hfd {
namespace {
constexpr double half_pi = 1.57079632679489661923;
}

Vec3 OrbitCamera::eye_direction() const {
    return Vec3(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
}

// Derivative of eye_direction with respect to pitch: stays defined at the poles.
Vec3 OrbitCamera::up() const {
    return Vec3(-std::sin(pitch) * std::sin(yaw), std::cos(pitch), -std::sin(pitch) * std::cos(yaw));
}

Vec3 OrbitCamera::right() const { return (-eye_direction()).cross(up()).normalized(); }

void OrbitCamera::orbit(double dx_pixels, double dy_pixels, double radians_per_pixel) {
    yaw -= dx_pixels * radians_per_pixel;
    pitch = std::clamp(pitch + dy_pixels * radians_per_pixel, -half_pi, half_pi);
}

void OrbitCamera::pan(double dx_pixels, double dy_pixels, double viewport_height) {
    if (viewport_height <= 0) return;
    // world size of one pixel at the target depth
    const double metres_per_pixel = 2 * distance * std::tan(vertical_fov / 2) / viewport_height;
    target += metres_per_pixel * (-dx_pixels * right() + dy_pixels * up());
}

void OrbitCamera::zoom(double wheel_steps) { distance = std::clamp(distance * std::pow(0.85, wheel_steps), 0.01, 1e4); }

// The point under the cursor on the target's plane, P = eye + s d with s chosen so
// (P - target) . eye_direction = 0. Scaling the distance by f about P (target' = P +
// f (target - P)) scales eye - P by f too: P stays on the same ray from the eye.
void OrbitCamera::zoom_towards(double wheel_steps, double x, double y, double width, double height) {
    Vec3 origin, direction;
    pixel_ray(x, y, width, height, origin, direction);
    const double along = -direction.dot(eye_direction());
    const double before = distance;
    zoom(wheel_steps);
    if (!(along > 1e-9)) return;
    const Vec3 under_cursor = origin + (before / along) * direction;
    const double f = distance / before;
    target = under_cursor + f * (target - under_cursor);
}

void OrbitCamera::pixel_ray(double x, double y, double width, double height, Vec3& origin, Vec3& direction) const {
    const double tan_half = std::tan(vertical_fov / 2);
    const double aspect = height > 0 ? width / height : 1;
    const double ndc_x = width > 0 ? 2 * x / width - 1 : 0;
    const double ndc_y = height > 0 ? 1 - 2 * y / height : 0;
    origin = eye();
    direction = (-eye_direction() + ndc_x * tan_half * aspect * right() + ndc_y * tan_half * up()).normalized();
}

ViewPoint view_point(const OrbitCamera& camera, const Vec3& p, double aspect) {
    const Vec3 rel = p - camera.eye();
    const double depth = rel.dot(-camera.eye_direction()), tan_half = std::tan(camera.vertical_fov / 2);
    if (!(depth > 0)) return {0, 0, depth};
    return {rel.dot(camera.right()) / (depth * tan_half * std::max(aspect, 1e-3)),
            rel.dot(camera.up()) / (depth * tan_half), depth};
}

// At the target's depth the view spans +-distance tan(fov/2) (times the aspect
// across); the overshoot beyond `inner` of that, measured in the plane through p
// facing the camera, moves the target along right and up.
bool keep_in_view(OrbitCamera& camera, const Vec3& p, double aspect, double inner) {
    if (!p.allFinite()) return false;
    const ViewPoint seen = view_point(camera, p, aspect);
    if (!(seen.depth > 0)) {
        camera.target = p;
        return true;
    }
    const double tan_half = std::tan(camera.vertical_fov / 2);
    auto overshoot = [inner](double v) { return v > inner ? v - inner : (v < -inner ? v + inner : 0.0); };
    const double dx = overshoot(seen.x), dy = overshoot(seen.y);
    if (dx == 0 && dy == 0) return false;
    const double half_height = seen.depth * tan_half;
    camera.target += dx * half_height * std::max(aspect, 1e-3) * camera.right() + dy * half_height * camera.up();
    return true;
}

void apply_camera_preset(OrbitCamera& camera, CameraPreset preset) {
    switch (preset) {
        case CameraPreset::Front:
            camera.yaw = half_pi;
            camera.pitch = 0;
            break;
        case CameraPreset::Side:
            camera.yaw = 0;
            camera.pitch = 0;
            break;
        case CameraPreset::Top:
            camera.yaw = 0;
            camera.pitch = half_pi;
            break;
    }
}

void apply_default_view(OrbitCamera& camera, bool planar) {
    apply_camera_preset(camera, CameraPreset::Side);
    if (!planar) camera.yaw = 0.6;
}

// Each corner c of the box, in camera axes relative to the box centre
// (x right, y up, z towards the eye), is inside the view when
// |x| <= (distance - z) tan(horizontal half fov), likewise for y.
void fit_camera(OrbitCamera& camera, const Vec3& box_min, const Vec3& box_max, double aspect) {
    camera.target = 0.5 * (box_min + box_max);
    const double tan_vertical = std::tan(camera.vertical_fov / 2);
    const double tan_horizontal = tan_vertical * std::max(aspect, 0.1);
    const Vec3 right = camera.right(), up = camera.up(), towards_eye = camera.eye_direction();
    double distance = 0.05;
    for (int corner = 0; corner < 8; ++corner) {
        const Vec3 p((corner & 1) ? box_max.x() : box_min.x(), (corner & 2) ? box_max.y() : box_min.y(),
                     (corner & 4) ? box_max.z() : box_min.z());
        const Vec3 offset = p - camera.target;
        const double z = offset.dot(towards_eye);
        distance = std::max(
            {distance, z + std::abs(offset.dot(right)) / tan_horizontal, z + std::abs(offset.dot(up)) / tan_vertical});
    }
    camera.distance = 1.08 * distance;
}

}  // namespace hfd
