#pragma once
// Pure geometry of contact between two shapes placed in the world. Each
// function writes at most max_shape_contacts contacts to `out` and returns how
// many it wrote. Conventions for every contact:
//   normal  unit vector pointing from the first shape (a) towards the second (b)
//   depth   overlap along the normal, > 0 (only touching contacts are written)
//   point   midway in the overlap: halfway between the deepest point of one
//           surface and the surface of the other along the normal
// Capsule axis = local y, height = distance between the cap centres.
#include "model/model.h"

namespace hfd {

struct ShapeContact {
    Vec3 point = Vec3::Zero();
    Vec3 normal = Vec3::UnitY();
    double depth = 0;
};

inline constexpr int max_shape_contacts = 8;  // box-plane: every corner

struct ShapePose {
    Vec3 pos = Vec3::Zero();
    Quat ori = Quat::Identity();
};

// Plane given by a point on it and its unit normal (pointing out of the half space).
// depth = r - (c - p).n; the sphere's deepest point is c - r n, the plane surface
// below it c - r n + depth n, the contact point midway. Inline: the feet's case,
// every evaluation (simple_collision_detection).
inline int collide_plane_sphere(const Vec3& plane_point, const Vec3& plane_normal, const Vec3& center, double radius,
                                ShapeContact* out) {
    const double depth = radius - (center - plane_point).dot(plane_normal);
    if (depth <= 0) return 0;
    const Vec3 deepest = center - radius * plane_normal;
    out->point = 0.5 * ((deepest + depth * plane_normal) + deepest);
    out->normal = plane_normal;
    out->depth = depth;
    return 1;
}
// One contact per penetrating end cap (0, 1 or 2).
int collide_plane_capsule(const Vec3& plane_point, const Vec3& plane_normal, const Vec3& cap0, const Vec3& cap1,
                          double radius, ShapeContact* out);
// One contact per penetrating corner.
int collide_plane_box(const Vec3& plane_point, const Vec3& plane_normal, const ShapePose& box, const Vec3& half_dim,
                      ShapeContact* out);
int collide_sphere_sphere(const Vec3& center_a, double radius_a, const Vec3& center_b, double radius_b,
                          ShapeContact* out);
// Sphere a against the capsule b (segment cap0-cap1 swept by radius_b).
int collide_sphere_capsule(const Vec3& center_a, double radius_a, const Vec3& cap0, const Vec3& cap1, double radius_b,
                           ShapeContact* out);
int collide_capsule_capsule(const Vec3& a0, const Vec3& a1, double radius_a, const Vec3& b0, const Vec3& b1,
                            double radius_b, ShapeContact* out);
// Box a against sphere b (also when the centre is inside the box).
int collide_box_sphere(const ShapePose& box, const Vec3& half_dim, const Vec3& center, double radius,
                       ShapeContact* out);
// Box a against capsule b: the end caps that penetrate, plus the axis point
// deepest in the box when it lies between the caps and is deeper than both (up
// to 3 contacts; a capsule lying across a box face wider than the capsule is
// held at one point).
int collide_box_capsule(const ShapePose& box, const Vec3& half_dim, const Vec3& cap0, const Vec3& cap1, double radius,
                        ShapeContact* out);

// Any two shapes; normals point from a to b. Unsupported pairs write nothing.
int collide_shapes(const Shape& a, const ShapePose& pose_a, const Shape& b, const ShapePose& pose_b, ShapeContact* out);
bool is_supported_shape_pair(ShapeType a, ShapeType b);
const char* shape_type_name(ShapeType type);

// Helpers, world frame.
Vec3 plane_world_normal(const Shape& plane, const ShapePose& pose);
void capsule_end_centers(const Shape& capsule, const ShapePose& pose, Vec3& cap0, Vec3& cap1);
Vec3 closest_point_on_segment(const Vec3& p, const Vec3& s0, const Vec3& s1);
// Closest points of two segments (the pair nearest to each other's midpoints when parallel).
void closest_points_of_segments(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1, Vec3& on_a, Vec3& on_b);
// Signed distance of a point (box frame) to a box centred at the origin: < 0 inside.
double box_signed_distance(const Vec3& local_point, const Vec3& half_dim);

}  // namespace hfd
