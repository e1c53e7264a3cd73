#include "picking.h"

#include <algorithm>
#include <limits>

namespace hfd {

double ray_box_distance(const Vec3& origin, const Vec3& direction, const Vec3& box_min, const Vec3& box_max) {
    double enter = 0, leave = std::numeric_limits<double>::infinity();
    for (int axis = 0; axis < 3; ++axis) {
        if (std::abs(direction[axis]) < 1e-15) {
            if (origin[axis] < box_min[axis] || origin[axis] > box_max[axis]) return -1;
            continue;
        }
        double t0 = (box_min[axis] - origin[axis]) / direction[axis];
        double t1 = (box_max[axis] - origin[axis]) / direction[axis];
        if (t0 > t1) std::swap(t0, t1);
        enter = std::max(enter, t0);
        leave = std::min(leave, t1);
        if (enter > leave) return -1;
    }
    return enter;
}

PickResult pick_body(const SceneDescription& scene, const std::vector<Vec3>& body_pos,
                     const std::vector<Quat>& body_ori, const Vec3& ray_origin, const Vec3& ray_direction) {
    PickResult best;
    const Vec3 direction = ray_direction.normalized();
    for (const Drawable& d : scene.drawables) {
        if (!d.pickable() || d.body == no_index) continue;
        Vec3 pos;
        Quat ori;
        drawable_world_pose(d, body_pos, body_ori, pos, ori);
        const Quat to_local = ori.conjugate();
        const double distance =
            ray_box_distance(to_local * (ray_origin - pos), to_local * direction, d.local_min, d.local_max);
        if (distance >= 0 && (best.distance < 0 || distance < best.distance)) {
            best.distance = distance;
            best.body = d.body;
        }
    }
    return best;
}

}  // namespace hfd
