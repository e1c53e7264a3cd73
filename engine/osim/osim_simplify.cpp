// What hfd cannot express, replaced by the closest stable equivalent before
// conversion. In hfd a body without mass is static (part of the ground), every
// moving body needs positive principal moments, and a joint is a stiff spring
// rather than a constraint. So:
//  1. A body held rigidly to a static body is static: its joint only places it.
//  2. Two moving bodies held rigidly together merge into one when the lighter
//     has no mass or less than merge_rigid_mass_fraction of the model's: a
//     light body on a stiff joint vibrates faster than anything else in the
//     model (toes, talus, patella) and sets the step size. The merged body
//     takes the heavier one's name.
//  3. A moving body without mass gets nominal_mass_fraction of the model's mass.
//  4. Zero principal moments (point masses, thin rods) get those of a ball of
//     water of the body's mass, raised where needed to keep I_a <= I_b + I_c.
// "Held rigidly": every coordinate of the joint is locked or drives its axis in
// a way the conversion holds fixed (translations, nonlinear functions).
#include "osim/osim_convert.h"

#include <algorithm>
#include <cmath>

namespace hfd::osim {

namespace {

bool is_rigid(const OsimJoint& joint, bool parent_is_ground) {
    for (const OsimAxis& axis : joint.axes) {
        if (axis.coordinate < 0 || joint.coordinates[static_cast<size_t>(axis.coordinate)].locked) continue;
        if (axis.rotation ? axis_slope(axis) != 0 : parent_is_ground) return false;
    }
    return true;
}

OsimBody* body_named(OsimModel& model, const std::string& name) { return const_cast<OsimBody*>(model.find_body(name)); }

double total_mass(const OsimModel& model) {
    double sum = 0;
    for (const OsimBody& body : model.bodies) sum += body.mass;
    return sum;
}

// Inertia of mass m at offset d from the reference point: m (|d|^2 E - d d^T).
Mat3 point_inertia(double mass, const Vec3& d) {
    return mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
}

// Every reference to body `from` now names `to`, with locations moved by
// `from_in_to` (the frame of `from` in the frame of `to`).
void move_attachments(OsimModel& model, const std::string& from, const std::string& to, const Transform& from_in_to) {
    auto move = [&](Attachment& a) {
        if (a.body != from) return;
        a.body = to;
        a.frame = from_in_to * a.frame;
    };
    for (OsimJoint& joint : model.joints) {
        move(joint.parent);
        move(joint.child);
    }
    for (OsimMuscle& muscle : model.muscles)
        for (OsimPathPoint& point : muscle.path) {
            move(point.attachment);
            move(point.base);
        }
    for (OsimContactGeometry& geometry : model.contact_geometry) move(geometry.attachment);
}

// Merges the child of model.joints[j] into its parent; the joint, its
// coordinates' limit forces and the child body disappear.
void merge_child(OsimModel& model, size_t j, Report& report) {
    const OsimJoint joint = model.joints[j];
    OsimBody& parent = *body_named(model, joint.parent.body);
    const OsimBody child = *body_named(model, joint.child.body);
    const Transform child_in_parent =
        joint.parent.frame * joint_motion(joint, coordinate_values(joint, true)) * joint.child.frame.inverse();

    const double mass = parent.mass + child.mass;
    const Vec3 child_center = child_in_parent.apply(child.mass_center);
    const Vec3 center =
        mass > 0 ? (parent.mass * parent.mass_center + child.mass * child_center) / mass : parent.mass_center;
    const Mat3 r = child_in_parent.ori.toRotationMatrix();
    parent.inertia = parent.inertia + point_inertia(parent.mass, parent.mass_center - center) +
                     r * child.inertia * r.transpose() + point_inertia(child.mass, child_center - center);
    parent.mass_center = center;
    for (OsimMesh mesh : child.meshes) {
        mesh.frame = child_in_parent * mesh.frame;
        parent.meshes.push_back(mesh);
    }
    const std::string kept = child.mass > parent.mass ? child.name : parent.name;
    const std::string parent_name = parent.name;
    const bool massless = child.mass == 0 || parent.mass == 0;
    report.note(joint.element, "joint '" + joint.name + "' holds body '" + child.name + "' (" +
                                   format_number(child.mass) + " kg) rigidly to '" + parent_name + "' (" +
                                   format_number(parent.mass) + " kg): merged into one body '" + kept + "' (" +
                                   (massless ? "a moving hfd body needs mass"
                                             : "a stiff hfd joint on the light body would set the step size") +
                                   ")");
    parent.mass = mass;
    model.joints.erase(model.joints.begin() + static_cast<std::ptrdiff_t>(j));
    std::erase_if(model.limit_forces, [&](const OsimLimitForce& f) {
        return std::any_of(joint.coordinates.begin(), joint.coordinates.end(),
                           [&](const OsimCoordinate& c) { return c.name == f.coordinate; });
    });
    move_attachments(model, child.name, parent_name, child_in_parent);
    std::erase_if(model.bodies, [&](const OsimBody& b) { return b.name == child.name; });
    if (kept != parent_name) {
        body_named(model, parent_name)->name = kept;
        move_attachments(model, parent_name, kept, Transform{});
    }
}

// Static bodies: ground and, outward from it, bodies held rigidly to one.
std::vector<std::string> static_bodies(OsimModel& model, Report& report) {
    std::vector<std::string> fixed;
    for (const OsimBody& body : model.bodies)
        if (body.is_ground) fixed.push_back(body.name);
    auto is_fixed = [&](const std::string& name) { return std::find(fixed.begin(), fixed.end(), name) != fixed.end(); };
    for (bool progress = true; progress;) {
        progress = false;
        for (OsimJoint& joint : model.joints) {
            if (!joint.written || !is_fixed(joint.parent.body) || is_fixed(joint.child.body)) continue;
            const OsimBody* parent = model.find_body(joint.parent.body);
            OsimBody* child = body_named(model, joint.child.body);
            if (!parent || !child || !is_rigid(joint, parent->is_ground)) continue;
            report.note(
                joint.element,
                "joint '" + joint.name + "' holds body '" + child->name + "' rigidly to static body '" + parent->name +
                    "': '" + child->name + "' is static (mass 0) and the joint is not written" +
                    (child->mass > 0 ? " (its mass " + format_number(child->mass) + " kg is not simulated)" : ""));
            child->mass = 0;
            child->inertia = Mat3::Zero();
            joint.written = false;
            fixed.push_back(child->name);
            progress = true;
        }
    }
    return fixed;
}

void merge_light_rigid_bodies(OsimModel& model, const std::vector<std::string>& fixed, const OsimImportOptions& options,
                              Report& report) {
    const double light = options.merge_rigid_mass_fraction * total_mass(model);
    auto is_fixed = [&](const std::string& name) { return std::find(fixed.begin(), fixed.end(), name) != fixed.end(); };
    for (bool progress = true; progress;) {
        progress = false;
        for (size_t j = 0; j < model.joints.size() && !progress; ++j) {
            const OsimJoint& joint = model.joints[j];
            if (!joint.written || is_fixed(joint.parent.body)) continue;
            const OsimBody* parent = model.find_body(joint.parent.body);
            const OsimBody* child = model.find_body(joint.child.body);
            if (!parent || !child || child->is_ground || !is_rigid(joint, false)) continue;
            if (std::min(child->mass, parent->mass) >= light && child->mass > 0 && parent->mass > 0) continue;
            merge_child(model, j, report);
            progress = true;
        }
    }
}

void give_nominal_masses(OsimModel& model, const std::vector<std::string>& fixed, const OsimImportOptions& options,
                         Report& report) {
    const double model_mass = total_mass(model);
    const double nominal = model_mass > 0 ? options.nominal_mass_fraction * model_mass : 1.0;
    for (OsimBody& body : model.bodies) {
        if (body.is_ground || body.mass > 0 || std::find(fixed.begin(), fixed.end(), body.name) != fixed.end())
            continue;
        body.mass = nominal;
        body.inertia = Mat3::Zero();  // filled by fill_zero_moments
        report.note(body.element,
                    "body '" + body.name + "' has no mass but moves: it gets " + format_number(nominal) + " kg (" +
                        (model_mass > 0 ? format_number(100 * options.nominal_mass_fraction) + "% of the model's mass)"
                                        : "the model has no mass)"));
    }
}

void fill_zero_moments(OsimModel& model, Report& report) {
    constexpr double water_density = 1000;  // [kg/m^3]
    for (OsimBody& body : model.bodies) {
        if (body.is_ground || body.mass <= 0) continue;
        PrincipalAxes axes = principal_axes(body.inertia);
        const double largest = axes.moments.maxCoeff();
        if (axes.moments.minCoeff() > 1e-9 * std::max(largest, 0.0)) continue;
        const double radius = std::cbrt(3 * body.mass / (4 * pi * water_density));
        const double ball = 0.4 * body.mass * radius * radius;
        const Vec3 before = axes.moments;
        for (int k = 0; k < 3; ++k)
            if (axes.moments[k] <= 1e-9 * std::max(largest, 0.0)) axes.moments[k] = std::max(ball, 0.5 * largest);
        body.inertia = axes.rotation * axes.moments.asDiagonal() * axes.rotation.transpose();
        report.note(body.element, "body '" + body.name + "': principal moments " + format_number(before.x()) + " " +
                                      format_number(before.y()) + " " + format_number(before.z()) +
                                      " (hfd needs them positive) -> " + format_number(axes.moments.x()) + " " +
                                      format_number(axes.moments.y()) + " " + format_number(axes.moments.z()) +
                                      " (a water ball of " + format_number(body.mass) +
                                      " kg, at least half the largest moment)");
    }
}

}  // namespace

void simplify_for_hfd(OsimModel& model, const OsimImportOptions& options, Report& report) {
    const std::vector<std::string> fixed = static_bodies(model, report);
    merge_light_rigid_bodies(model, fixed, options, report);
    give_nominal_masses(model, fixed, options, report);
    fill_zero_moments(model, report);
}

}  // namespace hfd::osim
