#pragma once
// Which body a ray from the camera hits first: ray against the oriented
// bounding box of every pickable drawable.
#include "draw/scene_description.h"

namespace hfd {

struct PickResult {
    Index body = no_index;  // no_index: background (or a world-fixed drawable)
    double distance = -1;   // along the unit ray direction; < 0 when nothing hit
};

PickResult pick_body(const SceneDescription& scene, const std::vector<Vec3>& body_pos,
                     const std::vector<Quat>& body_ori, const Vec3& ray_origin, const Vec3& ray_direction);

// Entry distance of a ray into an axis-aligned box (slab method); < 0 when
// it misses. A ray starting inside reports 0.
double ray_box_distance(const Vec3& origin, const Vec3& direction, const Vec3& box_min, const Vec3& box_max);

}  // namespace hfd
