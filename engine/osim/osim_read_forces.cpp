// The ForceSet of an .osim model: muscles, Hunt-Crossley contact parameters
// and coordinate limit forces are read; everything else is reported.
#include "osim/osim_read.h"

#include <cmath>
#include <map>
#include <set>

namespace hfd::osim {

namespace {

// Properties of a muscle that are read, or that do not change an hfd simulation.
const std::set<std::string>& quiet_muscle_properties() {
    static const std::set<std::string> names = {"GeometryPath",
                                                "max_isometric_force",
                                                "optimal_fiber_length",
                                                "tendon_slack_length",
                                                "pennation_angle_at_optimal",
                                                "activation_time_constant",
                                                "deactivation_time_constant",
                                                "appliesForce",
                                                "isDisabled",
                                                "min_control",
                                                "max_control",
                                                "default_activation",
                                                "default_fiber_length",
                                                "minimum_activation",
                                                "maximum_pennation_angle",
                                                "fv_linear_extrap_threshold",
                                                "optimal_force",
                                                "max_contraction_velocity",
                                                "fiber_damping",
                                                "ActiveForceLengthCurve",
                                                "ForceVelocityCurve",
                                                "FiberForceLengthCurve",
                                                "TendonForceLengthCurve",
                                                "ignore_tendon_compliance",
                                                "ignore_activation_dynamics",
                                                "MuscleFirstOrderActivationDynamicModel",
                                                "MuscleFixedWidthPennationModel"};
    return names;
}

// OpenSim defaults of muscle properties hfd does not model: a different value is reported.
const std::map<std::string, double>& muscle_property_defaults() {
    static const std::map<std::string, double> defaults = {
        {"optimal_force", 1},
        {"max_contraction_velocity", 10},
        {"fiber_damping", 0.1},
        // Millard 2012 force-velocity and active force-length curve defaults
        {"concentric_slope_at_vmax", 0},
        {"concentric_slope_near_vmax", 0.25},
        {"isometric_slope", 5},
        {"eccentric_slope_at_vmax", 0},
        {"eccentric_slope_near_vmax", 0.15},
        {"max_eccentric_velocity_force_multiplier", 1.4},
        {"minimum_value", 0}};
    return defaults;
}

// Activation and deactivation time constants when the file leaves them out.
void default_time_constants(OsimMuscle& m) {
    if (m.type == "Millard2012EquilibriumMuscle" || m.type == "Millard2012AccelerationMuscle") {
        if (!m.activation_time_constant) m.activation_time_constant = 0.01;
        if (!m.deactivation_time_constant) m.deactivation_time_constant = 0.04;
    } else if (m.type == "Thelen2003Muscle") {
        if (!m.activation_time_constant) m.activation_time_constant = 0.015;
        if (!m.deactivation_time_constant) m.deactivation_time_constant = 0.05;
    }
}

void check_muscle_property(pugi::xml_node property, const OsimMuscle& m, Report& report) {
    const std::string name = property.name();
    const auto& defaults = muscle_property_defaults();
    if (auto it = defaults.find(name); it != defaults.end()) {
        const auto v = read_numbers(property, -1, report);
        if (v && v->size() == 1 && std::abs((*v)[0] - it->second) > 1e-9 * std::max(1.0, std::abs(it->second)))
            report.note(property, "muscle '" + m.name + "': " + name + " = " + trimmed(property.text().get()) +
                                      " not converted (hfd uses its own curves and constants)");
        return;
    }
    if (name.size() > 5 && name.compare(name.size() - 5, 5, "Curve") == 0) {
        for (pugi::xml_node child : property.children())
            if (child.type() == pugi::node_element) check_muscle_property(child, m, report);
        return;
    }
    if ((name == "ignore_tendon_compliance" || name == "ignore_activation_dynamics") &&
        trimmed(property.text().get()) == "true")
        report.warning(property, "muscle '" + m.name + "': " + name + " = true not converted");
}

// The coordinate named by <socket_NAME> (OpenSim 4: a path, its last part) or <NAME> (3.x).
std::string coordinate_socket(pugi::xml_node point, const std::string& name) {
    std::string coordinate = child_text(point, ("socket_" + name).c_str());
    if (coordinate.empty()) coordinate = child_text(point, name.c_str());
    if (auto slash = coordinate.rfind('/'); slash != std::string::npos) coordinate = coordinate.substr(slash + 1);
    return coordinate;
}

// A MovingPathPoint's x_location, y_location, z_location: functions of one coordinate;
// `location` gets their values at the coordinate's default.
void read_moving_location(pugi::xml_node point, OsimPathPoint& out, Vec3& location, const OsimMuscle& m,
                          const std::map<std::string, double>& coordinate_defaults, Report& report) {
    const char* axes[3] = {"x", "y", "z"};
    for (int k = 0; k < 3; ++k) {
        pugi::xml_node holder = point.child((std::string(axes[k]) + "_location").c_str());
        pugi::xml_node f = holder ? function_element(holder, "function") : pugi::xml_node();
        if (!f) continue;
        const std::string coordinate = coordinate_socket(point, std::string(axes[k]) + "_coordinate");
        const OsimFunction function = read_function(f, report);
        const auto it = coordinate_defaults.find(coordinate);
        location[k] = function.evaluate(it != coordinate_defaults.end() ? it->second : 0);
        if (coordinate.empty() || function.kind == OsimFunction::Kind::Constant) continue;
        if (function.kind == OsimFunction::Kind::Unsupported ||
            (!out.moving_coordinate.empty() && coordinate != out.moving_coordinate)) {
            report.warning(holder,
                           "muscle '" + m.name + "': " + axes[k] + "_location of MovingPathPoint '" +
                               point.attribute("name").value() + "' is held at its default value (" +
                               (function.kind == OsimFunction::Kind::Unsupported
                                    ? "function " + function.type + " not supported"
                                    : "hfd moves a point with one coordinate, this one follows '" + coordinate + "'") +
                               ")");
            continue;
        }
        out.moving_coordinate = coordinate;
        out.moving[static_cast<size_t>(k)] = function;
    }
}

void read_path_point(pugi::xml_node point, OsimMuscle& m, const AttachmentOf& attachment_of,
                     const std::map<std::string, double>& coordinate_defaults, Report& report) {
    const std::string type = point.name();
    auto attachment = attachment_of(point);
    if (!attachment) return;
    OsimPathPoint out;
    out.element = point;
    out.base = *attachment;
    out.location = child_vec3(point, "location", report).value_or(Vec3::Zero());
    Vec3 location = out.location;
    if (type == "MovingPathPoint") {
        read_moving_location(point, out, location, m, coordinate_defaults, report);
    } else if (type == "ConditionalPathPoint") {
        out.active_coordinate = coordinate_socket(point, "coordinate");
        const auto range = point.child("range") ? read_numbers(point.child("range"), 2, report) : std::nullopt;
        if (out.active_coordinate.empty() || !range) {
            report.warning(point, "muscle '" + m.name + "': ConditionalPathPoint '" + point.attribute("name").value() +
                                      "' without a coordinate and range: always active");
            out.active_coordinate.clear();
        } else {
            out.active_min = std::min((*range)[0], (*range)[1]);
            out.active_max = std::max((*range)[0], (*range)[1]);
        }
    } else if (type != "PathPoint") {
        report.warning(point, "muscle '" + m.name + "': " + describe(point) + " read as a fixed path point");
    }
    out.attachment = *attachment;
    out.attachment.frame = attachment->frame * Transform{location, Quat::Identity()};
    m.path.push_back(std::move(out));
}

void read_muscle(pugi::xml_node element, const AttachmentOf& attachment_of,
                 const std::map<std::string, double>& coordinate_defaults, OsimModel& out, Report& report) {
    OsimMuscle m;
    m.name = element.attribute("name").value();
    m.type = element.name();
    m.element = element;
    const auto fmax = child_number(element, "max_isometric_force", report);
    const auto lopt = child_number(element, "optimal_fiber_length", report);
    const auto lts = child_number(element, "tendon_slack_length", report);
    if (!fmax || !lopt || !lts) {
        report.warning(element, describe(element) +
                                    " not converted: needs max_isometric_force, "
                                    "optimal_fiber_length and tendon_slack_length");
        return;
    }
    m.max_isometric_force = *fmax;
    m.optimal_fiber_length = *lopt;
    m.tendon_slack_length = *lts;
    m.pennation_angle = child_number(element, "pennation_angle_at_optimal", report).value_or(0);
    m.activation_time_constant = child_number(element, "activation_time_constant", report);
    m.deactivation_time_constant = child_number(element, "deactivation_time_constant", report);
    if (pugi::xml_node dynamics = element.child("MuscleFirstOrderActivationDynamicModel")) {
        if (!m.activation_time_constant)
            m.activation_time_constant = child_number(dynamics, "activation_time_constant", report);
        if (!m.deactivation_time_constant)
            m.deactivation_time_constant = child_number(dynamics, "deactivation_time_constant", report);
    }
    default_time_constants(m);
    if (m.type != "Millard2012EquilibriumMuscle" && m.type != "Thelen2003Muscle")
        report.note(element, "muscle '" + m.name + "' (" + m.type +
                                 ") converted to point_path_muscle; "
                                 "its force model is chosen in the simulation config");
    for (pugi::xml_node property : element.children()) {
        if (property.type() != pugi::node_element) continue;
        if (!quiet_muscle_properties().count(property.name()))
            report.note(property, "muscle '" + m.name + "': <" + property.name() + "> not converted");
        else check_muscle_property(property, m, report);
    }
    pugi::xml_node path = element.child("GeometryPath");
    for_each_object(path.child("PathPointSet"), [&](pugi::xml_node point) {
        read_path_point(point, m, attachment_of, coordinate_defaults, report);
    });
    for_each_object(path.child("PathWrapSet"), [&](pugi::xml_node wrap) {
        report.warning(wrap, "muscle '" + m.name + "': wrapping over '" + child_text(wrap, "wrap_object") +
                                 "' skipped (hfd muscles follow straight lines between path points)");
    });
    if (m.path.size() < 2) {
        report.warning(element, "muscle '" + m.name + "' not converted: its path has fewer than two points");
        return;
    }
    out.muscles.push_back(std::move(m));
}

void read_hunt_crossley(pugi::xml_node element, OsimModel& out, Report& report) {
    pugi::xml_node set = element.child("HuntCrossleyForce::ContactParametersSet");
    for_each_object(set, [&](pugi::xml_node parameters) {
        OsimContactParameters p;
        p.element = parameters;
        p.geometry = split_words(child_text(parameters, "geometry"));
        p.stiffness = child_number(parameters, "stiffness", report).value_or(0);
        p.dissipation = child_number(parameters, "dissipation", report).value_or(0);
        p.static_friction = child_number(parameters, "static_friction", report).value_or(0);
        p.dynamic_friction = child_number(parameters, "dynamic_friction", report).value_or(0);
        p.viscous_friction = child_number(parameters, "viscous_friction", report).value_or(0);
        out.contact_parameters.push_back(p);
    });
    if (const auto v = child_number(element, "transition_velocity", report); v && std::abs(*v - 0.1) > 1e-12)
        report.note(element.child("transition_velocity"),
                    "HuntCrossleyForce '" + std::string(element.attribute("name").value()) + "': transition_velocity " +
                        trimmed(element.child("transition_velocity").text().get()) +
                        " belongs in the simulation config (contact_force_hunt_crossley_sb)");
}

void read_limit_force(pugi::xml_node element, OsimModel& out, Report& report) {
    OsimLimitForce f;
    f.name = element.attribute("name").value();
    f.element = element;
    f.coordinate = child_text(element, "coordinate");
    if (auto slash = f.coordinate.rfind('/'); slash != std::string::npos) f.coordinate = f.coordinate.substr(slash + 1);
    f.upper_stiffness = child_number(element, "upper_stiffness", report).value_or(0);
    f.upper_limit = child_number(element, "upper_limit", report).value_or(0);
    f.lower_stiffness = child_number(element, "lower_stiffness", report).value_or(0);
    f.lower_limit = child_number(element, "lower_limit", report).value_or(0);
    f.damping = child_number(element, "damping", report).value_or(0);
    out.limit_forces.push_back(f);
}

bool is_disabled(pugi::xml_node element, Report& report) {
    if (child_bool(element, "isDisabled", report).value_or(false)) return true;
    return !child_bool(element, "appliesForce", report).value_or(true);
}

}  // namespace

void read_forces(pugi::xml_node force_set, const AttachmentOf& path_point_attachment,
                 const std::map<std::string, double>& coordinate_defaults, OsimModel& out, Report& report) {
    for_each_object(force_set, [&](pugi::xml_node element) {
        const std::string type = element.name();
        if (is_disabled(element, report)) {
            report.note(element, describe(element) + " is disabled: not converted");
        } else if (element.child("GeometryPath") && element.child("max_isometric_force")) {
            read_muscle(element, path_point_attachment, coordinate_defaults, out, report);
        } else if (type == "HuntCrossleyForce") {
            read_hunt_crossley(element, out, report);
        } else if (type == "CoordinateLimitForce") {
            read_limit_force(element, out, report);
        } else {
            report.warning(element, describe(element) + " not converted (no hfd equivalent)");
        }
    });
}

}  // namespace hfd::osim
