#pragma once
// What .osim import reads before writing .hfd: plain data, every location
// still in OpenSim body frames (origin anywhere, axes as in the file). Each
// item keeps its XML element for report lines.
#include "osim/osim_frames.h"

#include <pugixml.hpp>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace hfd::osim {

// A place on a body: the body's name and a transform in its OpenSim frame.
struct Attachment {
    std::string body;
    Transform frame;
};

struct OsimMesh {
    std::string file;
    Transform frame;  // in the body's OpenSim frame
    Vec3 scale = Vec3::Ones();
    Vec3 color = Vec3::Ones();
    double opacity = 1;
    pugi::xml_node element;
};

struct OsimBody {
    std::string name;
    double mass = 0;
    Vec3 mass_center = Vec3::Zero();
    Mat3 inertia = Mat3::Zero();
    bool is_ground = false;
    std::vector<OsimMesh> meshes;
    pugi::xml_node element;
};

// y = f(x) for a transform axis or a moving path point.
struct OsimFunction {
    enum class Kind { Constant, Linear, Table, Unsupported } kind = Kind::Constant;
    double value = 0;                 // Constant
    double slope = 1, intercept = 0;  // Linear
    std::vector<double> x, y;         // Table (piecewise linear, or a SimmSpline's cubic)
    bool simm_spline = false;         // Table: OpenSim's SimmSpline (PathCurve's spline)
    double multiplier = 1;            // MultiplierFunction wrapper
    std::string type;                 // element name, for messages
    double evaluate(double at) const;
};

struct OsimCoordinate {
    std::string name;
    bool rotational = true;
    double default_value = 0;
    double range_min = -pi / 2, range_max = pi / 2;
    bool locked = false;
    pugi::xml_node element;
};

// One axis of a joint's motion: rotation about or translation along `axis`
// (in the joint's parent frame), by function(coordinate value).
struct OsimAxis {
    bool rotation = true;
    Vec3 axis = Vec3::UnitZ();
    int coordinate = -1;  // index into OsimJoint::coordinates; -1: constant
    OsimFunction function;
    pugi::xml_node element;
};

struct OsimJoint {
    std::string name;
    std::string type;          // PinJoint, CustomJoint, ...
    Attachment parent, child;  // joint frames on the parent and child body
    std::vector<OsimCoordinate> coordinates;
    std::vector<OsimAxis> axes;  // rotations in order of application, then translations
    bool written = true;         // false: it only places its child (held rigidly to a static body)
    pugi::xml_node element;
};

struct OsimPathPoint {
    Attachment attachment;  // pos only; a moving point's at the coordinates' default values
    pugi::xml_node element;
    // MovingPathPoint: its location in `base` (a frame on attachment.body) has the
    // components `location`, those with a function replaced by function(coordinate).
    std::string moving_coordinate;
    std::array<std::optional<OsimFunction>, 3> moving;
    Vec3 location = Vec3::Zero();
    Attachment base;
    // ConditionalPathPoint: on the path while active_min <= coordinate <= active_max.
    std::string active_coordinate;
    double active_min = 0, active_max = 0;
};

struct OsimMuscle {
    std::string name, type;
    double max_isometric_force = 0, optimal_fiber_length = 0, tendon_slack_length = 0;
    double pennation_angle = 0;
    std::optional<double> activation_time_constant, deactivation_time_constant;
    std::vector<OsimPathPoint> path;
    pugi::xml_node element;
};

struct OsimContactGeometry {
    std::string name;
    enum class Kind { Sphere, HalfSpace } kind = Kind::Sphere;
    Attachment attachment;
    double radius = 0;
    pugi::xml_node element;
};

struct OsimContactParameters {
    std::vector<std::string> geometry;
    double stiffness = 0, dissipation = 0;
    double static_friction = 0, dynamic_friction = 0, viscous_friction = 0;
    pugi::xml_node element;
};

struct OsimLimitForce {
    std::string name, coordinate;
    double upper_stiffness = 0, upper_limit = 0, lower_stiffness = 0, lower_limit = 0;  // per degree, degrees
    double damping = 0;                                                                 // per degree/s
    pugi::xml_node element;
};

// CoordinateCouplerConstraint: dependent = function(independent).
struct OsimCoupler {
    std::string independent, dependent;
    OsimFunction function;
    pugi::xml_node element;
};

struct OsimModel {
    std::string name;
    Vec3 gravity = Vec3(0, -9.80665, 0);
    std::vector<OsimBody> bodies;  // ground first
    std::vector<OsimJoint> joints;
    std::vector<OsimMuscle> muscles;
    std::vector<OsimContactGeometry> contact_geometry;
    std::vector<OsimContactParameters> contact_parameters;
    std::vector<OsimLimitForce> limit_forces;
    std::vector<OsimCoupler> couplers;

    const OsimBody* find_body(const std::string& body_name) const;
};

}  // namespace hfd::osim
