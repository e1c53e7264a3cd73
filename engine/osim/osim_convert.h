#pragma once
// OsimModel -> hfd property tree. Bodies move to hfd frames (origin at the mass
// centre, axes along the principal axes); every attached location follows.
#include "osim/osim_import.h"
#include "osim/osim_model.h"
#include "osim/osim_xml.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hfd::osim {

struct BodyFrame {
    Transform hfd_in_osim;        // the hfd body frame in the OpenSim body frame
    Vec3 moments = Vec3::Zero();  // principal moments of inertia
};

struct ConvertContext {
    const OsimModel& model;
    const OsimImportOptions& options;
    Report& report;
    std::map<std::string, BodyFrame> frames;  // by body name

    // A transform given in a body's OpenSim frame, expressed in its hfd frame.
    Transform to_hfd(const Attachment& attachment) const;
};

// What joint conversion produces: a joint node per child body, dof nodes, and
// every body's hfd pose at the coordinates' default values.
struct JointOutput {
    std::map<std::string, std::vector<PropNode>> joints_by_child;
    std::vector<PropNode> dofs;
    std::map<std::string, Transform> body_pose;  // hfd frame in world
};
JointOutput convert_joints(ConvertContext& context);

// Appends one path point { body pos [moving { }] [active { }] } of muscle `muscle`
// (osim_convert_path.cpp).
void write_path_point(PropNode& path, const OsimPathPoint& point, const std::string& muscle, const ConvertContext& c);

// A joint's motion (child joint frame in parent joint frame) at coordinate values q.
Transform joint_motion(const OsimJoint& joint, const std::vector<double>& q);
// q = 0 everywhere, or the coordinates' default values.
std::vector<double> coordinate_values(const OsimJoint& joint, bool defaults);
// d(axis value)/d(coordinate): the slope of a linear function; 0 when the
// axis does not follow its coordinate linearly (the conversion then holds it).
double axis_slope(const OsimAxis& axis);

// The joint damping to write for a joint of a light body (anchors in the hfd
// body frames); nullopt where hfd's default is kept (osim_convert_damping.cpp).
std::optional<double> light_body_damping(ConvertContext& context, const OsimJoint& joint, const Vec3& anchor_in_parent,
                                         const Vec3& anchor_in_child);

// Before conversion: what hfd cannot express is replaced by the closest
// stable equivalent, each change reported (osim_simplify.cpp).
void simplify_for_hfd(OsimModel& model, const OsimImportOptions& options, Report& report);
// Before simplify_for_hfd: the motion of single-coordinate joints that hfd holds
// (translations, nonlinear or coupled axes) moves the points of the muscles that
// cross them (osim_fold_joints.cpp).
void fold_joint_motion_into_paths(OsimModel& model, Report& report);

// Hunt-Crossley contacts: materials are added to model_node at once; the
// geometry nodes are returned so they can follow the muscles.
void write_contacts(PropNode& model_node, std::vector<PropNode>& geometry_nodes, ConvertContext& context);

// The whole `model { }` group.
PropNode convert_model(const OsimModel& model, const OsimImportOptions& options, Report& report);

// Writing values the way hand-written files do: 6 significant digits,
// vectors as { x = .. y = .. z = .. }, angles in degrees.
// Body poses use more digits so that joint anchors meet to a micrometre.
std::string format_number(double value, int significant_digits = 6);
PropNode& add_number(PropNode& parent, const std::string& key, double value);
PropNode& add_vec3(PropNode& parent, const std::string& key, const Vec3& v, int significant_digits = 6);
PropNode& add_euler_degrees(PropNode& parent, const std::string& key, const Quat& q, int significant_digits = 6);
std::string format_range(double low, double high);
bool is_identity(const Quat& q);

}  // namespace hfd::osim
