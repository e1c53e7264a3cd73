// Joint motion that hfd does not reproduce, moved into the muscle paths.
//
// An hfd joint turns about its dofs' axes only: a CustomJoint's translations and
// nonlinear rotations that follow its coordinate are held at their value for 0
// (osim_convert_joints.cpp), and a joint whose coordinate is coupled to another
// (CoordinateCouplerConstraint; the patella of Rajagopal et al. 2016) is held
// rigid. A muscle over such a joint still follows OpenSim's motion when its points
// on the child body move, in the child's frame, by what the joint leaves out:
//   p'(q) = C X_hfd(q)^-1 X(q) C^-1 p(q),
// with C the child's joint frame, X(q) OpenSim's joint motion and X_hfd(q) the part
// hfd keeps. p' is sampled at the knots of the joint's functions and halfway between
// them and becomes a moving point of the joint's coordinate (of the independent one
// when it is coupled). Only muscles whose points below the joint all lie on its
// child can be moved so: a point further down (a gastrocnemius on the calcaneus)
// would need the motion of every joint in between; those are reported.
#include "osim/osim_convert.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace hfd::osim {

namespace {

const OsimCoupler* coupler_of(const OsimModel& model, const std::string& dependent) {
    for (const OsimCoupler& c : model.couplers)
        if (c.dependent == dependent) return &c;
    return nullptr;
}

// The motion hfd keeps: rotations that follow the coordinate linearly, unless it is
// coupled (the converter writes no driven dof for it); everything else at its value for 0.
Transform kept_motion(const OsimJoint& joint, double q, bool coupled) {
    Transform x;
    for (const OsimAxis& axis : joint.axes) {
        const bool kept = axis.coordinate >= 0 && axis.rotation && axis_slope(axis) != 0 && !coupled;
        const double value = axis.function.evaluate(kept ? q : 0.0);
        if (axis.rotation) x.ori = x.ori * Quat(Eigen::AngleAxisd(value, axis.axis));
        else x.pos += value * axis.axis;
    }
    return x;
}

// The joint's coordinate-driven motion that hfd leaves out.
bool leaves_motion_out(const OsimJoint& joint, bool coupled) {
    return std::any_of(joint.axes.begin(), joint.axes.end(), [&](const OsimAxis& a) {
        return a.coordinate >= 0 && (coupled || !a.rotation || axis_slope(a) == 0) &&
               a.function.kind != OsimFunction::Kind::Constant;
    });
}

// Knots (coordinate values) of the joint's table functions; the coordinate's range
// when it has none.
std::vector<double> joint_knots(const OsimJoint& joint) {
    std::vector<double> knots;
    for (const OsimAxis& a : joint.axes)
        if (a.coordinate >= 0 && a.function.kind == OsimFunction::Kind::Table)
            knots.insert(knots.end(), a.function.x.begin(), a.function.x.end());
    if (knots.size() < 2) knots = {joint.coordinates[0].range_min, joint.coordinates[0].range_max};
    return knots;
}

// Sorted, without repeats, and at most `step` apart: the spline through the samples of
// a smooth motion then differs from it by O(step^4) (about 1e-7 m for a knee).
std::vector<double> sample_points(std::vector<double> knots, double step) {
    std::sort(knots.begin(), knots.end());
    knots.erase(std::unique(knots.begin(), knots.end()), knots.end());
    std::vector<double> samples;
    for (size_t i = 0; i < knots.size(); ++i) {
        if (i > 0) {
            const int parts = int(std::ceil((knots[i] - knots[i - 1]) / step));
            for (int k = 1; k < parts; ++k) samples.push_back(knots[i - 1] + (knots[i] - knots[i - 1]) * k / parts);
        }
        samples.push_back(knots[i]);
    }
    return samples;
}

constexpr double sample_step = 5 * pi / 180;  // [rad]

// Bodies below `body` in the joint tree (not itself).
std::set<std::string> descendants(const OsimModel& model, const std::string& body) {
    std::set<std::string> below;
    std::vector<std::string> open = {body};
    while (!open.empty()) {
        const std::string b = open.back();
        open.pop_back();
        for (const OsimJoint& j : model.joints)
            if (j.parent.body == b && below.insert(j.child.body).second) open.push_back(j.child.body);
    }
    return below;
}

// The point's location in its body's OpenSim frame at coordinate value q of its own curve.
Vec3 point_location(const OsimPathPoint& p, double q) {
    Vec3 location = p.location;
    for (size_t k = 0; k < 3; ++k)
        if (p.moving[k]) location[int(k)] = p.moving[k]->evaluate(q);
    return (p.base.frame * Transform{location, Quat::Identity()}).pos;
}

struct Fold {
    const OsimJoint* joint = nullptr;
    const OsimCoupler* coupler = nullptr;  // when the joint's coordinate is coupled
    std::string coordinate;                // the one the points follow
    std::vector<double> knots;             // of `coordinate`: those of the joint's functions
};

void fold_point(OsimPathPoint& p, const Fold& f, const OsimMuscle& m, Report& report) {
    if (!p.moving_coordinate.empty() && p.moving_coordinate != f.coordinate) {
        report.warning(p.element, "muscle '" + m.name + "': point '" + p.element.attribute("name").value() +
                                      "' moves with '" + p.moving_coordinate + "': the motion of joint '" +
                                      f.joint->name + "' that hfd holds is not added to it");
        return;
    }
    const Transform c = f.joint->child.frame;
    std::vector<double> knots = f.knots;
    if (!f.coupler)  // the point's own knots, where its curve bends
        for (const auto& curve : p.moving)
            if (curve && curve->kind == OsimFunction::Kind::Table)
                knots.insert(knots.end(), curve->x.begin(), curve->x.end());
    knots = sample_points(knots, sample_step);
    std::array<std::vector<double>, 3> values;
    for (double q : knots) {
        const double q_joint = f.coupler ? f.coupler->function.evaluate(q) : q;
        const Transform x = joint_motion(*f.joint, {q_joint});
        const Transform kept = kept_motion(*f.joint, q_joint, f.coupler != nullptr);
        const Vec3 moved = (c * kept.inverse() * x * c.inverse()).apply(point_location(p, q));
        for (int k = 0; k < 3; ++k) values[size_t(k)].push_back(moved[k]);
    }
    for (size_t k = 0; k < 3; ++k) {
        OsimFunction curve;
        curve.kind = OsimFunction::Kind::Table;
        curve.type = "SimmSpline";
        curve.simm_spline = true;
        curve.x = knots;
        curve.y = values[k];
        p.moving[k] = curve;
    }
    p.moving_coordinate = f.coordinate;
    p.base = Attachment{p.attachment.body, Transform{}};
    p.location = Vec3::Zero();
}

}  // namespace

void fold_joint_motion_into_paths(OsimModel& model, Report& report) {
    for (const OsimJoint& joint : model.joints) {
        if (joint.coordinates.size() != 1) continue;
        const OsimBody* parent = model.find_body(joint.parent.body);
        if (!parent || parent->is_ground) continue;
        const OsimCoupler* coupler = coupler_of(model, joint.coordinates[0].name);
        if (!leaves_motion_out(joint, coupler != nullptr)) continue;
        Fold fold{&joint, coupler, coupler ? coupler->independent : joint.coordinates[0].name, {}};
        if (coupler && coupler->function.kind == OsimFunction::Kind::Linear && coupler->function.slope != 0) {
            for (double q : joint_knots(joint))
                fold.knots.push_back((q / coupler->function.multiplier - coupler->function.intercept) /
                                     coupler->function.slope);
        } else if (coupler) {
            report.warning(coupler->element,
                           "CoordinateCouplerConstraint: only a linear coupling moves the points "
                           "of the muscles over joint '" +
                               joint.name + "'");
            continue;
        } else {
            fold.knots = joint_knots(joint);
        }
        const std::set<std::string> below = descendants(model, joint.child.body);
        std::vector<std::string> folded, left_out;
        for (OsimMuscle& m : model.muscles) {
            bool on_child = false, further_down = false, above = false;
            for (const OsimPathPoint& p : m.path) {
                if (p.attachment.body == joint.child.body) on_child = true;
                else if (below.count(p.attachment.body)) further_down = true;
                else above = true;
            }
            if (!above || (!on_child && !further_down)) continue;  // does not cross the joint
            if (further_down) {
                left_out.push_back(m.name);
                continue;
            }
            for (OsimPathPoint& p : m.path)
                if (p.attachment.body == joint.child.body) fold_point(p, fold, m, report);
            folded.push_back(m.name);
        }
        auto names = [](const std::vector<std::string>& list) {
            std::string text;
            for (const std::string& n : list) text += (text.empty() ? "" : ", ") + n;
            return text;
        };
        if (!folded.empty())
            report.note(joint.element, "joint '" + joint.name + "': the motion hfd holds (translations, nonlinear or " +
                                           "coupled axes) moves the points on '" + joint.child.body + "' of " +
                                           names(folded) + " with '" + fold.coordinate + "'");
        if (!left_out.empty())
            report.warning(joint.element, "joint '" + joint.name + "': " + names(left_out) + " reach below '" +
                                              joint.child.body + "': their paths do not follow the motion hfd holds");
    }
}

}  // namespace hfd::osim
