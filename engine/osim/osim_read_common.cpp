// Reading parts of an .osim model that OpenSim 3 and 4 write alike: functions,
// coordinates, joint axes, and the contents of the sets of forces.
#include "osim/osim_read.h"

#include <cstring>
#include <set>

namespace hfd::osim {

namespace {

bool is_function_type(const std::string& type) {
    static const std::set<std::string> types = {"Constant",
                                                "LinearFunction",
                                                "SimmSpline",
                                                "NaturalCubicSpline",
                                                "GCVSpline",
                                                "PiecewiseLinearFunction",
                                                "PiecewiseConstantFunction",
                                                "MultiplierFunction",
                                                "PolynomialFunction",
                                                "StepFunction",
                                                "Sine",
                                                "FunctionAdapter",
                                                "ExpressionBasedFunction"};
    return types.count(type) > 0;
}

}  // namespace

pugi::xml_node function_element(pugi::xml_node holder, const char* wrapper_name) {
    for (pugi::xml_node child : holder.children())
        if (child.type() == pugi::node_element && is_function_type(child.name())) return child;
    if (pugi::xml_node wrapper = holder.child(wrapper_name)) {
        for (pugi::xml_node child : wrapper.children())
            if (child.type() == pugi::node_element) return child;
    }
    return {};
}

OsimFunction read_function(pugi::xml_node element, Report& report) {
    OsimFunction f;
    f.type = element.name();
    if (f.type == "Constant") {
        f.kind = OsimFunction::Kind::Constant;
        f.value = child_number(element, "value", report).value_or(0);
    } else if (f.type == "LinearFunction") {
        f.kind = OsimFunction::Kind::Linear;
        if (pugi::xml_node c = element.child("coefficients")) {
            if (auto v = read_numbers(c, 2, report)) {
                f.slope = (*v)[0];
                f.intercept = (*v)[1];
            }
        }
    } else if (f.type == "SimmSpline" || f.type == "NaturalCubicSpline" || f.type == "GCVSpline" ||
               f.type == "PiecewiseLinearFunction" || f.type == "PiecewiseConstantFunction") {
        f.kind = OsimFunction::Kind::Table;
        auto xs = element.child("x") ? read_numbers(element.child("x"), -1, report) : std::nullopt;
        auto ys = element.child("y") ? read_numbers(element.child("y"), -1, report) : std::nullopt;
        if (xs && ys && xs->size() == ys->size() && !xs->empty()) {
            f.x = *xs;
            f.y = *ys;
            f.simm_spline = f.type == "SimmSpline";
        } else {
            report.error(element, f.type + ": needs <x> and <y> with the same number of values");
            f.kind = OsimFunction::Kind::Unsupported;
        }
    } else if (f.type == "MultiplierFunction") {
        pugi::xml_node inner = function_element(element, "function");
        const double scale = child_number(element, "scale", report).value_or(1);
        if (inner) {
            f = read_function(inner, report);
            f.multiplier *= scale;
            f.type = "MultiplierFunction(" + f.type + ")";
        } else {
            f.kind = OsimFunction::Kind::Unsupported;
        }
    } else {
        f.kind = OsimFunction::Kind::Unsupported;
    }
    return f;
}

OsimCoordinate read_coordinate(pugi::xml_node element, Report& report) {
    OsimCoordinate c;
    c.name = element.attribute("name").value();
    c.element = element;
    c.default_value = child_number(element, "default_value", report).value_or(0);
    if (pugi::xml_node range = element.child("range")) {
        if (auto v = read_numbers(range, 2, report)) {
            c.range_min = std::min((*v)[0], (*v)[1]);
            c.range_max = std::max((*v)[0], (*v)[1]);
        }
    }
    c.locked = child_bool(element, "locked", report).value_or(false);
    const std::string motion = child_text(element, "motion_type");
    if (motion == "translational") c.rotational = false;
    if (motion == "coupled") report.warning(element, "coordinate '" + c.name + "' is coupled: treated as rotational");
    if (child_bool(element, "prescribed", report).value_or(false))
        report.warning(element, "coordinate '" + c.name + "' is prescribed in OpenSim: not prescribed in hfd");
    if (const auto speed = child_number(element, "default_speed_value", report); speed && *speed != 0)
        report.note(element,
                    "default speed of coordinate '" + c.name + "' not converted (hfd dofs have no default speed)");
    return c;
}

namespace {

OsimAxis make_axis(bool rotation, Vec3 axis, int coordinate) {
    OsimAxis a;
    a.rotation = rotation;
    a.axis = axis;
    a.coordinate = coordinate;
    a.function.kind = OsimFunction::Kind::Linear;
    return a;
}

}  // namespace

bool standard_joint_axes(const std::string& type, std::vector<OsimAxis>& axes) {
    const Vec3 x = Vec3::UnitX(), y = Vec3::UnitY(), z = Vec3::UnitZ();
    if (type == "WeldJoint") {
        axes.clear();
    } else if (type == "PinJoint") {
        axes = {make_axis(true, z, 0)};
    } else if (type == "SliderJoint") {
        axes = {make_axis(false, x, 0)};
    } else if (type == "UniversalJoint") {
        axes = {make_axis(true, x, 0), make_axis(true, y, 1)};
    } else if (type == "BallJoint" || type == "GimbalJoint") {
        axes = {make_axis(true, x, 0), make_axis(true, y, 1), make_axis(true, z, 2)};
    } else if (type == "PlanarJoint") {
        axes = {make_axis(true, z, 0), make_axis(false, x, 1), make_axis(false, y, 2)};
    } else if (type == "FreeJoint") {
        axes = {make_axis(true, x, 0),  make_axis(true, y, 1),  make_axis(true, z, 2),
                make_axis(false, x, 3), make_axis(false, y, 4), make_axis(false, z, 5)};
    } else {
        return false;
    }
    return true;
}

void read_spatial_transform(pugi::xml_node spatial_transform, OsimJoint& joint, Report& report) {
    std::vector<OsimAxis> rotations, translations;
    for (pugi::xml_node ta : spatial_transform.children("TransformAxis")) {
        const std::string axis_name = ta.attribute("name").value();
        OsimAxis axis;
        axis.element = ta;
        axis.rotation = axis_name.rfind("rotation", 0) == 0;
        axis.axis = child_vec3(ta, "axis", report).value_or(Vec3::UnitZ());
        if (axis.axis.norm() < 1e-12) {
            report.error(ta, "TransformAxis '" + axis_name + "' of joint '" + joint.name + "' has a zero axis");
            continue;
        }
        axis.axis.normalize();
        const std::vector<std::string> names = split_words(child_text(ta, "coordinates"));
        if (names.size() > 1)
            report.warning(ta, "TransformAxis '" + axis_name + "' of joint '" + joint.name +
                                   "' depends on several coordinates: only '" + names[0] + "' is used");
        for (size_t i = 0; !names.empty() && i < joint.coordinates.size(); ++i)
            if (joint.coordinates[i].name == names[0]) axis.coordinate = static_cast<int>(i);
        if (!names.empty() && axis.coordinate < 0)
            report.warning(ta, "TransformAxis '" + axis_name + "' of joint '" + joint.name + "' uses coordinate '" +
                                   names[0] + "' of another joint: held at its value for 0");
        pugi::xml_node function = function_element(ta, "function");
        if (function) {
            axis.function = read_function(function, report);
        } else {
            axis.function.kind = names.empty() ? OsimFunction::Kind::Constant : OsimFunction::Kind::Linear;
        }
        if (axis.function.kind == OsimFunction::Kind::Unsupported)
            report.warning(ta, "function " + axis.function.type + " of TransformAxis '" + axis_name + "' of joint '" +
                                   joint.name + "' not supported: held at 0");
        (axis.rotation ? rotations : translations).push_back(axis);
    }
    joint.axes = rotations;
    joint.axes.insert(joint.axes.end(), translations.begin(), translations.end());
}

void classify_coordinates(OsimJoint& joint, Report& report) {
    // A coordinate is rotational when it turns at least one axis.
    std::vector<int> uses(joint.coordinates.size(), 0), rotations(joint.coordinates.size(), 0);
    for (const OsimAxis& axis : joint.axes) {
        if (axis.coordinate < 0) continue;
        ++uses[static_cast<size_t>(axis.coordinate)];
        if (axis.rotation) ++rotations[static_cast<size_t>(axis.coordinate)];
    }
    for (size_t i = 0; i < joint.coordinates.size(); ++i)
        if (uses[i] > 0) joint.coordinates[i].rotational = rotations[i] > 0;
    for (size_t i = 0; i < joint.coordinates.size(); ++i) {
        if (uses[i] == 0)
            report.warning(joint.coordinates[i].element, "coordinate '" + joint.coordinates[i].name +
                                                             "' drives no axis of joint '" + joint.name + "'");
        if (uses[i] > 1)
            report.warning(joint.coordinates[i].element, "coordinate '" + joint.coordinates[i].name +
                                                             "' drives several axes of joint '" + joint.name +
                                                             "': each becomes its own hfd axis");
    }
}

void report_unconverted_set(pugi::xml_node set, const char* what, Severity severity, Report& report) {
    for_each_object(set, [&](pugi::xml_node object) {
        report.add(severity, object, std::string(what) + " " + describe(object) + " not converted");
    });
}

void report_model_children(pugi::xml_node model, Report& report) {
    static const std::set<std::string> handled = {
        "Ground",    "gravity",  "credits",      "publications",       "length_units",      "force_units",
        "BodySet",   "JointSet", "ForceSet",     "ContactGeometrySet", "ControllerSet",     "ConstraintSet",
        "MarkerSet", "ProbeSet", "ComponentSet", "defaults",           "assembly_accuracy", "validate_constraints"};
    for (pugi::xml_node child : model.children()) {
        if (child.type() != pugi::node_element || handled.count(child.name())) continue;
        report.note(child, "<" + std::string(child.name()) + "> not converted");
    }
    report_unconverted_set(model.child("ControllerSet"), "controller", Severity::Note, report);
    report_unconverted_set(model.child("ConstraintSet"), "constraint", Severity::Warning, report);
    report_unconverted_set(model.child("MarkerSet"), "marker", Severity::Note, report);
    report_unconverted_set(model.child("ProbeSet"), "probe", Severity::Note, report);
    report_unconverted_set(model.child("ComponentSet"), "component", Severity::Note, report);
    for (const char* units : {"length_units", "force_units"}) {
        const std::string text = child_text(model, units);
        const bool ok = text.empty() || text == "meters" || text == "m" || text == "N" || text == "Newtons";
        if (!ok)
            report.warning(model.child(units),
                           std::string(units) + " '" + text + "': values are used as metres and newtons");
    }
}

void read_couplers(pugi::xml_node model, OsimModel& out, Report& report) {
    for_each_object(model.child("ConstraintSet"), [&](pugi::xml_node element) {
        if (std::string(element.name()) != "CoordinateCouplerConstraint") return;
        OsimCoupler c;
        c.element = element;
        c.independent = trimmed(child_text(element, "independent_coordinate_names"));
        c.dependent = trimmed(child_text(element, "dependent_coordinate_name"));
        pugi::xml_node holder = element.child("coupled_coordinates_function");
        pugi::xml_node f = holder ? function_element(holder, "function") : pugi::xml_node();
        if (c.independent.empty() || c.independent.find(' ') != std::string::npos || c.dependent.empty() || !f)
            return;  // several independent coordinates: reported as not converted only
        c.function = read_function(f, report);
        if (c.function.kind != OsimFunction::Kind::Unsupported) out.couplers.push_back(c);
    });
}

void read_contact_geometry(pugi::xml_node set, const AttachmentOf& attachment_of, OsimModel& out, Report& report) {
    for_each_object(set, [&](pugi::xml_node element) {
        const std::string type = element.name();
        OsimContactGeometry g;
        g.name = element.attribute("name").value();
        g.element = element;
        if (type == "ContactSphere") {
            g.kind = OsimContactGeometry::Kind::Sphere;
            g.radius = child_number(element, "radius", report).value_or(0);
            if (g.radius <= 0) {
                report.error(element, "ContactSphere '" + g.name + "': radius must be positive");
                return;
            }
        } else if (type == "ContactHalfSpace") {
            g.kind = OsimContactGeometry::Kind::HalfSpace;
        } else {
            report.warning(element, describe(element) + " not converted (hfd contact geometry: sphere, plane)");
            return;
        }
        auto attachment = attachment_of(element);
        if (!attachment) return;
        g.attachment = *attachment;
        g.attachment.frame =
            g.attachment.frame *
            Transform{child_vec3(element, "location", report).value_or(Vec3::Zero()),
                      quat_from_osim_orientation(child_vec3(element, "orientation", report).value_or(Vec3::Zero()))};
        out.contact_geometry.push_back(g);
    });
}

}  // namespace hfd::osim
