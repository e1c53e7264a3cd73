#pragma once
// The built model: validated, defaults applied, names resolved to indices,
// degrees converted to radians. Immutable after build_model(); everything that
// changes during a run lives in State / Controls (sim/).
#include "format/diagnostic.h"
#include "model/math_types.h"
#include "model/path_curve.h"

#include <array>

#include <limits>
#include <string>
#include <vector>

namespace hfd {

using Index = int;
constexpr Index no_index = -1;

enum class ShapeType { None, Sphere, Cylinder, Capsule, Box, Plane };

// Capsule and cylinder axes lie along the local y axis (height = distance
// between the cap centres for a capsule, full length for a cylinder).
struct Shape {
    ShapeType type = ShapeType::None;
    double radius = 0;
    double height = 0;
    Vec3 half_dim = Vec3::Zero();
    Vec3 normal = Vec3::UnitY();  // plane normal in the geometry frame
};

struct Body {
    std::string name;
    double mass = 0;              // 0 = static
    Vec3 inertia = Vec3::Zero();  // principal moments, body frame
    Vec3 pos = Vec3::Zero();      // initial state
    Quat ori = Quat::Identity();
    Vec3 lin_vel = Vec3::Zero();
    Vec3 ang_vel = Vec3::Zero();
    Index parent_joint = no_index;  // the joint that has this body as child (first one)
    bool is_static() const { return mass <= 0; }
    SourceLocation location;
};

struct Joint {
    std::string name;
    Index parent = no_index, child = no_index;
    Vec3 pos_in_parent = Vec3::Zero();
    Vec3 pos_in_child = Vec3::Zero();
    Quat ref_ori = Quat::Identity();  // child orientation wrt parent at zero joint angle
    double stiffness = 0;             // N/m, resolved (joint value or model_options)
    double damping = 0;               // N s/m, resolved, critical_mass applied
    double limit_stiffness = 0;       // N m/rad
    double limit_damping = 0;         // pnld: s/rad (dimensionless factor per rad/s); pd: N m s/rad
    bool has_limits = false;
    Vec3 limit_min = Vec3::Constant(-std::numeric_limits<double>::infinity());  // radians
    Vec3 limit_max = Vec3::Constant(std::numeric_limits<double>::infinity());
    SourceLocation location;
};

struct Material {
    std::string name;
    double static_friction = 1;
    double dynamic_friction = 1;
    double stiffness = 1e6;
    double damping = 1;
    double restitution = 0;  // unused by the manual's forces, kept when given
};

struct Geometry {
    std::string name;
    Shape shape;
    Index body = no_index;
    Index material = 0;       // index into Model::materials (0 = default material)
    Vec3 pos = Vec3::Zero();  // in body frame
    Quat ori = Quat::Identity();
    SourceLocation location;
};

// A via point fixed on a body, or one that depends on a dof (OpenSim's
// MovingPathPoint and ConditionalPathPoint): its body-frame coordinates with a
// curve follow the dof's value, and it is part of the path only while that
// dof's value lies in the active range. Both dofs are joint rotations.
struct PathPoint {
    Index body = no_index;
    Vec3 pos = Vec3::Zero();          // in body frame (the axes without a curve)
    Index moving_dof = no_index;      // the dof the curves take
    std::array<PathCurve, 3> moving;  // body-frame x, y, z (m) against the dof (rad); empty: pos
    Index active_dof = no_index;      // active only for active_min <= value <= active_max (rad)
    double active_min = 0, active_max = 0;
    bool is_moving() const { return moving_dof != no_index; }
    bool is_conditional() const { return active_dof != no_index; }
};

struct Muscle {
    std::string name;
    bool joint_torques = false;      // joint_point_path_muscle: effect applied as joint torques
    double max_isometric_force = 0;  // already multiplied by model_options.muscle_force_multiplier
    double optimal_fiber_length = 0;
    double tendon_slack_length = 0;
    double pennation_angle = 0;  // radians, at optimal fiber length
    double stiffness_multiplier = 1;
    double activation_rate = -1;  // < 0: use the muscle_activation component's rate
    double deactivation_rate = -1;
    std::vector<PathPoint> path;  // at least two points on at least two bodies
    SourceLocation location;
    // Some point moves or is conditional: the path changes with dofs, not only with the bodies.
    bool has_dof_points() const;
};

struct JointMotor {
    std::string name;
    Index joint = no_index;
    double stiffness = 0, damping = 0;
    double max_torque = std::numeric_limits<double>::infinity();
    Quat target_ori = Quat::Identity();
    Vec3 target_vel = Vec3::Zero();
    Vec3 torque_offset = Vec3::Zero();
    SourceLocation location;
};

struct Mesh {
    std::string file;  // as written; resolve against Model::directory
    Index body = no_index;
    Shape shape;  // when no file
    Vec3 pos = Vec3::Zero();
    Quat ori = Quat::Identity();
    Vec3 scale = Vec3::Ones();
    bool has_color = false;
    Eigen::Vector4d color = Eigen::Vector4d(0.8, 0.8, 0.8, 1);
    SourceLocation location;
};

// A dof is a named coordinate (it does not change the simulation). Source:
// a body's rotation relative to its parent (body_rx/ry/rz, or joint_rz_side),
// or a root body's translation (body_tx/ty/tz).
struct Dof {
    std::string name;
    enum class Kind { JointRotation, RootTranslation, RootRotation } kind = Kind::JointRotation;
    Index joint = no_index;    // JointRotation
    Index body = no_index;     // Root*: the root body
    int axis = 0;              // 0 x, 1 y, 2 z
    double sign = 1;           // -1 when the source was written with '-'
    double default_value = 0;  // radians or metres
    double range_min = -1.5707963267948966, range_max = 1.5707963267948966;
    SourceLocation location;
};

struct Perturbation {
    Index body = no_index;
    Vec3 pos = Vec3::Zero();     // point of application in body frame
    Vec3 force = Vec3::Zero();   // world frame
    Vec3 moment = Vec3::Zero();  // world frame
    double start_time = 0;
    double end_time = std::numeric_limits<double>::infinity();
};

struct ModelOptions {
    bool mirror = false;
    double scale = 1;
    double density = 1000;
    double joint_stiffness = 0;
    double joint_damping = 1;
    enum class DampingMode { CriticalMass, Absolute } damping_mode = DampingMode::CriticalMass;
    double joint_limit_stiffness = 0;
    double joint_limit_damping = 0;
    enum class LimitDampingMode { CriticalInertia, Absolute } limit_damping_mode = LimitDampingMode::CriticalInertia;
    double muscle_force_multiplier = 1;
};

struct Model {
    std::string name;
    std::string file;       // path of the file it was built from (may be empty)
    std::string directory;  // for resolving mesh files
    Vec3 gravity = Vec3(0, -9.81, 0);
    ModelOptions options;

    std::vector<Body> bodies;
    std::vector<Joint> joints;
    std::vector<Material> materials;  // [0] is the default material
    std::vector<Geometry> geometries;
    std::vector<Muscle> muscles;
    std::vector<JointMotor> motors;
    std::vector<Mesh> meshes;
    std::vector<Dof> dofs;
    std::vector<Perturbation> perturbations;

    Index find_body(std::string_view name) const;
    Index find_joint(std::string_view name) const;
    Index find_muscle(std::string_view name) const;
    Index find_dof(std::string_view name) const;
    double total_mass() const;
    int dynamic_body_count() const;
};

}  // namespace hfd
