#pragma once
// Orbit camera: a target point, a distance and two angles. yaw = 0, pitch = 0
// puts the eye on +z looking towards -z (the x-y plane, where sagittal models
// walk along +x, seen with x to the right and y up).
#include "model/math_types.h"

namespace hfd {

struct OrbitCamera {
    Vec3 target = Vec3(0, 1, 0);
    double distance = 4;
    double yaw = 0;                                           // about world y; > 0 moves the eye towards +x
    double pitch = 0;                                         // elevation of the eye, [-pi/2, pi/2]
    double vertical_fov = 40 * 3.14159265358979323846 / 180;  // radians

    Vec3 eye_direction() const;  // unit vector target -> eye
    Vec3 eye() const { return target + distance * eye_direction(); }
    Vec3 up() const;     // unit, orthogonal to the view direction
    Vec3 right() const;  // unit, screen x

    // Mouse drag in pixels: orbit turns by `radians_per_pixel`; pan moves the
    // target so the point under the cursor follows it (viewport height in pixels).
    void orbit(double dx_pixels, double dy_pixels, double radians_per_pixel = 0.008);
    void pan(double dx_pixels, double dy_pixels, double viewport_height);
    void zoom(double wheel_steps);  // > 0 moves closer
    // Zoom about the point under pixel (x, y) of a width x height view: that
    // point, taken on the plane through the target facing the camera, stays
    // under the cursor (the target moves towards it as the distance shrinks).
    void zoom_towards(double wheel_steps, double x, double y, double width, double height);

    // World ray through a pixel (x right, y down, origin top-left).
    void pixel_ray(double x, double y, double width, double height, Vec3& origin, Vec3& direction) const;
};

// Where the camera sees a world point: x, y in [-1, 1] across the view (x right,
// y up) and its depth along the view direction (> 0 in front of the eye).
struct ViewPoint {
    double x = 0, y = 0, depth = 0;
};
ViewPoint view_point(const OrbitCamera& camera, const Vec3& p, double aspect);

// Moves the target (nothing else) the least that brings `p` back within the
// middle `inner` fraction of the view (0 < inner <= 1), measured at the target's
// depth; true when it moved. A point behind the eye becomes the target.
bool keep_in_view(OrbitCamera& camera, const Vec3& p, double aspect, double inner = 0.6);

enum class CameraPreset { Front, Side, Top };
// Named anatomically for a model facing +x with y up and z to its right (the
// OpenSim / Hyfydy axes): Front shows the frontal plane (eye on +x, looking at
// the model's face, its right on the viewer's left); Side shows the sagittal
// plane from the model's right (eye on +z, x to the right of the screen); Top:
// eye on +y looking down, x to the right. Keeps target and distance.
void apply_camera_preset(OrbitCamera& camera, CameraPreset preset);

// The view a model opens in: a planar model (moving in the x-y plane) from the
// side, a 3D one from its front right; both at the height of the target (eye
// level: a model posed partly below the floor still shows whole). Keeps target
// and distance.
void apply_default_view(OrbitCamera& camera, bool planar);

// Target at the centre of the box, distance so that, seen from the current
// direction, the whole box fills the view with a small margin at the given
// aspect ratio (width / height).
void fit_camera(OrbitCamera& camera, const Vec3& box_min, const Vec3& box_max, double aspect);

}  // namespace hfd
