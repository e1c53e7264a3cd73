// Contact geometry of shape pairs (see collision_shapes.h for the conventions).
// Round shapes reduce to spheres: a capsule is the set of spheres centred on its
// segment, so a capsule contact is a sphere contact at the closest segment point.
#include "forces/collision_shapes.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

constexpr double tiny = 1e-12;

// Normal from a to b, deepest point of b at b_surface, surface of a at a_surface:
// the point is midway between them.
int write_contact(const Vec3& a_surface, const Vec3& b_deepest, const Vec3& normal, double depth, ShapeContact* out) {
    out->point = 0.5 * (a_surface + b_deepest);
    out->normal = normal;
    out->depth = depth;
    return 1;
}

double clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

}  // namespace

const char* shape_type_name(ShapeType type) {
    switch (type) {
        case ShapeType::Sphere: return "sphere";
        case ShapeType::Cylinder: return "cylinder";
        case ShapeType::Capsule: return "capsule";
        case ShapeType::Box: return "box";
        case ShapeType::Plane: return "plane";
        case ShapeType::None: break;
    }
    return "none";
}

Vec3 plane_world_normal(const Shape& plane, const ShapePose& pose) {
    const Vec3 n = pose.ori * plane.normal;
    const double length = n.norm();
    return length > tiny ? Vec3(n / length) : Vec3::UnitY();
}

void capsule_end_centers(const Shape& capsule, const ShapePose& pose, Vec3& cap0, Vec3& cap1) {
    const Vec3 half_axis = pose.ori * Vec3(0, 0.5 * capsule.height, 0);
    cap0 = pose.pos - half_axis;
    cap1 = pose.pos + half_axis;
}

Vec3 closest_point_on_segment(const Vec3& p, const Vec3& s0, const Vec3& s1) {
    const Vec3 d = s1 - s0;
    const double length2 = d.squaredNorm();
    if (length2 < tiny) return s0;
    return s0 + clamp01((p - s0).dot(d) / length2) * d;
}

// Minimise |a0 + s d1 - (b0 + t d2)| over s, t in [0, 1]: solve the 2x2 normal
// equations, clamp one parameter, re-solve the other.
void closest_points_of_segments(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1, Vec3& on_a,
                                Vec3& on_b) {
    const Vec3 d1 = a1 - a0, d2 = b1 - b0, r = a0 - b0;
    const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
    double s = 0, t = 0;
    if (a < tiny && e < tiny) {
        on_a = a0, on_b = b0;
        return;
    }
    if (a < tiny) {
        t = clamp01(f / e);
    } else {
        const double c = d1.dot(r);
        if (e < tiny) {
            s = clamp01(-c / a);
        } else {
            const double b = d1.dot(d2), denominator = a * e - b * b;
            if (denominator > tiny * a * e) {
                s = clamp01((b * f - c * e) / denominator);
            } else {
                // parallel: the middle of the overlap of b projected on a
                const double p0 = (b0 - a0).dot(d1) / a, p1 = (b1 - a0).dot(d1) / a;
                const double lo = std::max(0.0, std::min(p0, p1)), hi = std::min(1.0, std::max(p0, p1));
                s = lo <= hi ? 0.5 * (lo + hi) : clamp01(0.5 * (p0 + p1));
            }
            t = (b * s + f) / e;
            if (t < 0) t = 0, s = clamp01(-c / a);
            else if (t > 1) t = 1, s = clamp01((b - c) / a);
        }
    }
    on_a = a0 + s * d1;
    on_b = b0 + t * d2;
}

double box_signed_distance(const Vec3& p, const Vec3& half_dim) {
    const Vec3 q = p.cwiseAbs() - half_dim;
    return q.cwiseMax(0.0).norm() + std::min(q.maxCoeff(), 0.0);
}

int collide_plane_capsule(const Vec3& plane_point, const Vec3& n, const Vec3& cap0, const Vec3& cap1, double radius,
                          ShapeContact* out) {
    int count = collide_plane_sphere(plane_point, n, cap0, radius, out);
    count += collide_plane_sphere(plane_point, n, cap1, radius, out + count);
    return count;
}

int collide_plane_box(const Vec3& plane_point, const Vec3& n, const ShapePose& box, const Vec3& half_dim,
                      ShapeContact* out) {
    int count = 0;
    for (int corner = 0; corner < 8; ++corner) {
        const Vec3 local((corner & 1) ? half_dim.x() : -half_dim.x(), (corner & 2) ? half_dim.y() : -half_dim.y(),
                         (corner & 4) ? half_dim.z() : -half_dim.z());
        const Vec3 p = box.pos + box.ori * local;
        const double depth = -(p - plane_point).dot(n);
        if (depth > 0) count += write_contact(p + depth * n, p, n, depth, out + count);
    }
    return count;
}

// depth = r_a + r_b - |c_b - c_a|, normal (c_b - c_a)/|c_b - c_a|.
int collide_sphere_sphere(const Vec3& center_a, double radius_a, const Vec3& center_b, double radius_b,
                          ShapeContact* out) {
    const Vec3 offset = center_b - center_a;
    const double distance = offset.norm();
    const double depth = radius_a + radius_b - distance;
    if (depth <= 0) return 0;
    const Vec3 n = distance > tiny ? Vec3(offset / distance) : Vec3::UnitY();  // coincident: any direction
    return write_contact(center_a + radius_a * n, center_b - radius_b * n, n, depth, out);
}

int collide_sphere_capsule(const Vec3& center_a, double radius_a, const Vec3& cap0, const Vec3& cap1, double radius_b,
                           ShapeContact* out) {
    return collide_sphere_sphere(center_a, radius_a, closest_point_on_segment(center_a, cap0, cap1), radius_b, out);
}

int collide_capsule_capsule(const Vec3& a0, const Vec3& a1, double radius_a, const Vec3& b0, const Vec3& b1,
                            double radius_b, ShapeContact* out) {
    Vec3 on_a, on_b;
    closest_points_of_segments(a0, a1, b0, b1, on_a, on_b);
    return collide_sphere_sphere(on_a, radius_a, on_b, radius_b, out);
}

// Outside: the closest box point q = clamp(c), normal (c - q)/|c - q|.
// Inside: push out through the nearest face, depth = r + distance to that face.
int collide_box_sphere(const ShapePose& box, const Vec3& half_dim, const Vec3& center, double radius,
                       ShapeContact* out) {
    const Vec3 local = box.ori.conjugate() * (center - box.pos);
    const Vec3 clamped = local.cwiseMax(-half_dim).cwiseMin(half_dim);
    const Vec3 offset = local - clamped;
    const double distance = offset.norm();
    Vec3 local_normal, surface;
    double depth;
    if (distance > tiny) {
        depth = radius - distance;
        local_normal = offset / distance;
        surface = clamped;
    } else {
        const Vec3 to_face = half_dim - local.cwiseAbs();
        int axis = 0;
        to_face.minCoeff(&axis);
        const double side = local[axis] >= 0 ? 1.0 : -1.0;
        local_normal = side * Vec3::Unit(axis);
        surface = local;
        surface[axis] = side * half_dim[axis];
        depth = radius + to_face[axis];
    }
    if (depth <= 0) return 0;
    const Vec3 n = box.ori * local_normal;
    return write_contact(box.pos + box.ori * surface, center - radius * n, n, depth, out);
}

// The end caps that penetrate, plus the axis point deepest in the box when it
// lies between them and goes deeper (a capsule crossing an edge). The signed
// distance to a convex set is convex along a line, so golden-section search
// over the segment finds that point.
int collide_box_capsule(const ShapePose& box, const Vec3& half_dim, const Vec3& cap0, const Vec3& cap1, double radius,
                        ShapeContact* out) {
    int count = collide_box_sphere(box, half_dim, cap0, radius, out);
    count += collide_box_sphere(box, half_dim, cap1, radius, out + count);
    const Vec3 local0 = box.ori.conjugate() * (cap0 - box.pos), local1 = box.ori.conjugate() * (cap1 - box.pos);
    auto distance_at = [&](double s) { return box_signed_distance(local0 + s * (local1 - local0), half_dim); };
    const double golden = 0.5 * (std::sqrt(5.0) - 1.0);
    double lo = 0, hi = 1;
    double x1 = hi - golden * (hi - lo), x2 = lo + golden * (hi - lo);
    double f1 = distance_at(x1), f2 = distance_at(x2);
    for (int iteration = 0; iteration < 60 && hi - lo > 1e-10; ++iteration) {
        if (f1 < f2) {
            hi = x2, x2 = x1, f2 = f1;
            x1 = hi - golden * (hi - lo);
            f1 = distance_at(x1);
        } else {
            lo = x1, x1 = x2, f1 = f2;
            x2 = lo + golden * (hi - lo);
            f2 = distance_at(x2);
        }
    }
    const double s = 0.5 * (lo + hi);
    const double end_depth = std::max(radius - distance_at(0), radius - distance_at(1));
    if (s < 1e-6 || s > 1 - 1e-6 || radius - distance_at(s) <= end_depth + 1e-9) return count;
    return count + collide_box_sphere(box, half_dim, cap0 + s * (cap1 - cap0), radius, out + count);
}

bool is_supported_shape_pair(ShapeType a, ShapeType b) {
    auto supported = [](ShapeType t) {
        return t == ShapeType::Sphere || t == ShapeType::Capsule || t == ShapeType::Box || t == ShapeType::Plane;
    };
    if (!supported(a) || !supported(b)) return false;
    if (a == ShapeType::Plane && b == ShapeType::Plane) return false;
    if (a == ShapeType::Box && b == ShapeType::Box) return false;
    return true;
}

namespace {

// Handles the pairs in the order (plane, *), (box, sphere|capsule), (sphere, sphere|capsule),
// (capsule, capsule); returns -1 for the reversed orders.
int collide_ordered(const Shape& a, const ShapePose& pa, const Shape& b, const ShapePose& pb, ShapeContact* out) {
    Vec3 a0, a1, b0, b1;
    if (b.type == ShapeType::Capsule) capsule_end_centers(b, pb, b0, b1);
    if (a.type == ShapeType::Capsule) capsule_end_centers(a, pa, a0, a1);
    switch (a.type) {
        case ShapeType::Plane: {
            const Vec3 n = plane_world_normal(a, pa);
            switch (b.type) {
                case ShapeType::Sphere: return collide_plane_sphere(pa.pos, n, pb.pos, b.radius, out);
                case ShapeType::Capsule: return collide_plane_capsule(pa.pos, n, b0, b1, b.radius, out);
                case ShapeType::Box: return collide_plane_box(pa.pos, n, pb, b.half_dim, out);
                default: return -1;
            }
        }
        case ShapeType::Box:
            if (b.type == ShapeType::Sphere) return collide_box_sphere(pa, a.half_dim, pb.pos, b.radius, out);
            if (b.type == ShapeType::Capsule) return collide_box_capsule(pa, a.half_dim, b0, b1, b.radius, out);
            return -1;
        case ShapeType::Sphere:
            if (b.type == ShapeType::Sphere) return collide_sphere_sphere(pa.pos, a.radius, pb.pos, b.radius, out);
            if (b.type == ShapeType::Capsule) return collide_sphere_capsule(pa.pos, a.radius, b0, b1, b.radius, out);
            return -1;
        case ShapeType::Capsule:
            if (b.type == ShapeType::Capsule) return collide_capsule_capsule(a0, a1, a.radius, b0, b1, b.radius, out);
            return -1;
        default: return -1;
    }
}

}  // namespace

int collide_shapes(const Shape& a, const ShapePose& pose_a, const Shape& b, const ShapePose& pose_b,
                   ShapeContact* out) {
    if (!is_supported_shape_pair(a.type, b.type)) return 0;
    const int count = collide_ordered(a, pose_a, b, pose_b, out);
    if (count >= 0) return count;
    const int reversed = collide_ordered(b, pose_b, a, pose_a, out);
    for (int i = 0; i < reversed; ++i) out[i].normal = -out[i].normal;
    return std::max(reversed, 0);
}

}  // namespace hfd
