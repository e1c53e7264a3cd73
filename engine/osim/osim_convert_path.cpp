// Muscle path points: fixed, moving (MovingPathPoint -> `moving { }`) and
// conditional (ConditionalPathPoint -> `active { }`).
//
// A moving point's location is a function of one coordinate per axis in the
// OpenSim frame; the hfd body frame is rotated and moved from it, so each hfd
// axis mixes the three. The curve is written at the knots of the functions
// (their union): a SimmSpline is linear in its values, so when the axes share
// their knots (or the others are linear) the spline through the converted knots
// is the converted curve exactly.
#include "osim/osim_convert.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace hfd::osim {

namespace {

// |d(dof)/d(coordinate)| when `coordinate` becomes the rotation dof of a written,
// non-root joint (the dof reads the joint angle, JointConverter::convert); else nullopt.
std::optional<double> rotation_dof_scale(const OsimModel& model, const std::string& coordinate) {
    for (const OsimJoint& joint : model.joints) {
        for (size_t i = 0; i < joint.coordinates.size(); ++i) {
            if (joint.coordinates[i].name != coordinate) continue;
            const OsimBody* parent = model.find_body(joint.parent.body);
            const bool translates = std::any_of(joint.axes.begin(), joint.axes.end(),
                                                [](const OsimAxis& a) { return !a.rotation && a.coordinate >= 0; });
            if (!joint.written || !parent || (parent->is_ground && translates)) return std::nullopt;
            for (const OsimAxis& axis : joint.axes)
                if (axis.rotation && axis.coordinate == int(i) && axis_slope(axis) != 0)
                    return std::abs(axis_slope(axis));
            return std::nullopt;
        }
    }
    return std::nullopt;
}

PropNode& add_list(PropNode& parent, const std::string& key, const std::vector<double>& values) {
    PropNode& list = parent.add_group(key);
    list.kind = PropNode::Kind::Array;
    for (double v : values) list.add("", format_number(v, 8));
    return list;
}

// The knots of the point's table functions (their union), or the coordinate's ends.
std::vector<double> moving_knots(const OsimPathPoint& point, const ConvertContext& c, bool& shared) {
    std::vector<double> knots;
    const std::vector<double>* first = nullptr;
    shared = true;
    for (const auto& f : point.moving) {
        // a line (two knots, or one value) is a spline through any knots
        if (!f || f->kind != OsimFunction::Kind::Table || f->x.size() <= 2 ||
            std::all_of(f->y.begin(), f->y.end(), [&](double y) { return y == f->y.front(); }))
            continue;
        if (first && *first != f->x) shared = false;
        if (!first) first = &f->x;
        knots.insert(knots.end(), f->x.begin(), f->x.end());
    }
    std::sort(knots.begin(), knots.end());
    knots.erase(std::unique(knots.begin(), knots.end()), knots.end());
    if (knots.size() >= 2) return knots;
    for (const OsimJoint& joint : c.model.joints)
        for (const OsimCoordinate& coordinate : joint.coordinates)
            if (coordinate.name == point.moving_coordinate) return {coordinate.range_min, coordinate.range_max};
    return {-pi, pi};
}

void write_moving(PropNode& element, const OsimPathPoint& point, double scale, const std::string& muscle,
                  const ConvertContext& c) {
    bool shared = true;
    const std::vector<double> knots = moving_knots(point, c, shared);
    if (!shared)
        c.report.note(point.element, "muscle '" + muscle + "': the axes of MovingPathPoint '" +
                                         point.element.attribute("name").value() +
                                         "' have different knots: the curves are written at all of them "
                                         "(between knots they differ slightly from OpenSim's)");
    std::vector<double> at;
    std::array<std::vector<double>, 3> axis;
    for (double q : knots) {
        Vec3 location = point.location;
        for (size_t k = 0; k < 3; ++k)
            if (point.moving[k]) location[int(k)] = point.moving[k]->evaluate(q);
        const Attachment a{point.base.body, point.base.frame * Transform{location, Quat::Identity()}};
        const Vec3 pos = c.to_hfd(a).pos;
        at.push_back(degrees(q * scale));
        for (int k = 0; k < 3; ++k) axis[size_t(k)].push_back(pos[k]);
    }
    std::array<bool, 3> varies{};
    for (size_t k = 0; k < 3; ++k) {
        const auto [low, high] = std::minmax_element(axis[k].begin(), axis[k].end());
        varies[k] = *high - *low > 1e-9;
    }
    if (!varies[0] && !varies[1] && !varies[2]) return;  // it does not move in its hfd body: a fixed point
    PropNode& moving = element.add_group("moving");
    moving.add("dof", point.moving_coordinate);
    add_list(moving, "at", at);
    for (size_t k = 0; k < 3; ++k)
        if (varies[k]) add_list(moving, std::string(1, "xyz"[k]), axis[k]);
}

}  // namespace

void write_path_point(PropNode& path, const OsimPathPoint& point, const std::string& muscle, const ConvertContext& c) {
    PropNode& element = path.add_group("");
    element.add("body", point.attachment.body);
    add_vec3(element, "pos", c.to_hfd(point.attachment).pos);
    const std::string name = point.element.attribute("name").value();
    if (!point.moving_coordinate.empty()) {
        if (const auto scale = rotation_dof_scale(c.model, point.moving_coordinate))
            write_moving(element, point, *scale, muscle, c);
        else
            c.report.warning(point.element, "muscle '" + muscle + "': MovingPathPoint '" + name +
                                                "' becomes a fixed point (at the default coordinate values): "
                                                "its coordinate '" +
                                                point.moving_coordinate + "' is not the rotation dof of a joint");
    }
    if (!point.active_coordinate.empty()) {
        if (const auto scale = rotation_dof_scale(c.model, point.active_coordinate)) {
            PropNode& active = element.add_group("active");
            active.add("dof", point.active_coordinate);
            active.add("range", format_range(degrees(point.active_min * *scale), degrees(point.active_max * *scale)));
        } else {
            c.report.warning(point.element, "muscle '" + muscle + "': ConditionalPathPoint '" + name +
                                                "' becomes a fixed point (always active): its coordinate '" +
                                                point.active_coordinate + "' is not the rotation dof of a joint");
        }
    }
}

}  // namespace hfd::osim
