// The contact forces: one ForceComponent over a normal-force law and a friction
// law (as HillMuscleForce<Fiber> is over the fiber models). With the combined material stiffness k [N/m] and
// damping c [N s/m], depth d, normal velocity v_n (relative velocity of b along
// the normal from a to b, < 0 while approaching) and tangential velocity vt:
//
// contact_force_pd { viscosity } (Hyfydy manual): linear damped spring, the
// Kelvin-Voigt contact model:
//   Fn = max(0, k d - c v_n)                                  (never pulls)
//   Ft = -vt/|vt| min(eta |vt|, mu Fn)    eta = viscosity [N s/m], mu = static friction
//
// contact_force_hunt_crossley { viscosity } (Hyfydy manual): non-linear
// Hunt-Crossley restitution, whose dissipation grows with the depth so that the
// coefficient of restitution falls with impact speed (e ~ 1 - alpha v):
//   Fn = max(0, (k d)^(3/2) (1 - 3/2 c v_n))     (see hunt_crossley_normal_force)
//   Ft as contact_force_pd
//
// contact_force_hunt_crossley_sb { transition_velocity = 0.1 } (Hyfydy manual):
// the Hunt-Crossley normal force with the friction of Simbody's / OpenSim's
// HuntCrossleyForce (model attributed to M. Hollars):
//   Ft = -vt/|vt| Fn [min(vs/vtr, 1) (mu_d + 2 (mu_s - mu_d) / (1 + (vs/vtr)^2)) + mu_v vs]
//   vs = |vt|, vtr = transition_velocity, mu_s / mu_d the combined static /
//   dynamic friction, mu_v = 0 (materials have no viscous friction).
// Below vtr the friction is about Fn (2 mu_s - mu_d) vs / vtr: a body held by
// friction creeps at a speed below vtr instead of sticking exactly.
//
// Every law: Fc = Fn n + Ft, applied at the contact point (apply_contact_force).
// Where one side is static, the friction's derivative by the slip velocity (its slope
// along the slip, its secant |Ft| / |vt| across) goes into Data::friction_damping of
// the other, whose update takes the friction at the step's end velocity (body_update.h).
#include "forces/contact_friction.h"
#include "forces/force_component.h"

#include <algorithm>

namespace hfd {

namespace {

// Normal force laws: Fn from the contact's depth and normal velocity.
struct LinearSpringDamper {
    static double normal_force(const Contact& contact) {
        return std::max(0.0, contact.stiffness * contact.depth - contact.damping * normal_velocity(contact));
    }
};
struct HuntCrossley {
    static double normal_force(const Contact& contact) {
        return hunt_crossley_normal_force(contact.stiffness, contact.damping, contact.depth, normal_velocity(contact));
    }
};

// Friction laws: Ft from the tangential velocity (slip) and Fn, with the law's one parameter.
// slip_slope: d|Ft|/d|vt| at the slip speed s, taken as 0 where the friction falls
// with speed (there the explicit friction is not stiff); at s = 0 from above.
struct ViscousCoulomb {
    double viscosity;
    Vec3 friction(const Contact& contact, const Vec3& slip, double normal_force) const {
        return viscous_coulomb_friction(slip, normal_force, contact.static_friction, viscosity);
    }
    double slip_slope(const Contact& contact, double normal_force, double slip_speed) const {
        const double limit = contact.static_friction * normal_force;
        return limit > 0 && viscosity * slip_speed < limit ? viscosity : 0.0;
    }
};
struct Hollars {
    double transition_velocity;
    Vec3 friction(const Contact& contact, const Vec3& slip, double normal_force) const {
        constexpr double viscous_friction = 0;
        return hollars_friction(slip, normal_force, contact.static_friction, contact.dynamic_friction, viscous_friction,
                                transition_velocity);
    }
    // |Ft| = Fn min(r, 1) (mu_d + 2 D / (1 + r^2)), D = mu_s - mu_d, r = s / vtr
    double slip_slope(const Contact& contact, double normal_force, double slip_speed) const {
        if (!(normal_force > 0)) return 0.0;
        const double r = slip_speed / transition_velocity,
                     rise = 2 * (contact.static_friction - contact.dynamic_friction);
        const double q = 1 / (1 + r * r);
        const double slope =
            r < 1 ? contact.dynamic_friction + rise * q - 2 * rise * r * r * q * q : -2 * rise * r * q * q;
        return std::max(0.0, normal_force * slope / transition_velocity);
    }
};

// C += A^T K A for the body whose twist moves the contact point at arm r, K the
// derivative of minus the friction by the point's velocity: the slope along the slip
// direction t, the secant |Ft| / |vt| across it in the tangent plane,
//   K = secant (I - n n^T - t t^T) + slope t t^T
// (at zero slip, slope in every tangent direction). Data::friction_damping; planar:
// the 3x3 over x, y and the z rotation, A = [[1, 0, -r_y], [0, 1, r_x]].
void add_friction_damping(Index body, double slope, double secant, const Vec3& slip_direction, const Vec3& arm,
                          const Vec3& normal, Data& data) {
    if (!(slope > 0) && !(secant > 0)) return;
    Mat6& c = data.friction_damping[body];
    const bool listed = std::find(data.friction_damped_bodies.begin(), data.friction_damped_bodies.end(), body) !=
                        data.friction_damped_bodies.end();
    if (!listed) data.friction_damped_bodies.push_back(body);
    if (data.planar) {  // over (v_x, v_y, w_z), A = [[1, 0, -r_y], [0, 1, r_x]]
        Mat3 added;
        if (normal.z() == 0) {
            // the tangent plane meets x-y in t = (-n_y, n_x), along which any in-plane slip
            // runs: K = slope t t^T there, and A^T K A = slope g g^T, g = A^T t
            const Vec3 g(-normal.y(), normal.x(), -arm.y() * -normal.y() + arm.x() * normal.x());
            added = slope * (g * g.transpose());
        } else {
            const Eigen::Vector2d n = normal.head<2>(), t = slip_direction.head<2>();
            const Eigen::Matrix2d k =
                secant * (Eigen::Matrix2d::Identity() - n * n.transpose()) + (slope - secant) * (t * t.transpose());
            Eigen::Matrix<double, 2, 3> twist_to_point;
            twist_to_point << 1, 0, -arm.y(), 0, 1, arm.x();
            added = twist_to_point.transpose() * k * twist_to_point;
        }
        if (listed) c.topLeftCorner<3, 3>() += added;
        else c.topLeftCorner<3, 3>() = added;
        return;
    }
    if (!listed) c.setZero();
    const Mat3 k = secant * (Mat3::Identity() - normal * normal.transpose()) +
                   (slope - secant) * (slip_direction * slip_direction.transpose());
    // A = [I, -S], S = [r]x: A^T K A = [[K, -K S], [-(K S)^T, -S K S]] (S^T = -S)
    Mat3 skew;
    skew << 0, -arm.z(), arm.y(), arm.z(), 0, -arm.x(), -arm.y(), arm.x(), 0;
    const Mat3 k_skew = k * skew;
    c.topLeftCorner<3, 3>() += k;
    c.topRightCorner<3, 3>() -= k_skew;
    c.bottomLeftCorner<3, 3>() -= k_skew.transpose();
    c.bottomRightCorner<3, 3>().noalias() -= skew * k_skew;
}

template <class Normal, class Friction>
class ContactForce final : public ForceComponent {
public:
    ContactForce(std::string_view name, Friction friction) : name_(name), friction_(friction) {}
    std::string_view name() const override { return name_; }
    ControlUse control_use() const override { return ControlUse::none; }

    void apply(const Model& model, const State& state, const Controls&, Data& data) const override {
        for (Contact& contact : data.contacts) {
            const double normal_force = Normal::normal_force(contact);
            const Vec3 slip = tangential_velocity(contact);
            const Vec3 friction = friction_.friction(contact, slip, normal_force);
            apply_contact_force(state, normal_force * contact.normal + friction, contact, data);
            const bool a_static = model.bodies[contact.body_a].is_static();
            if (a_static == model.bodies[contact.body_b].is_static()) continue;  // two dynamic bodies: explicit
            const double slip_speed = slip.norm();
            const double slope = friction_.slip_slope(contact, normal_force, slip_speed);
            const double secant = slip_speed > 0 ? friction.norm() / slip_speed : slope;
            const Vec3 direction = slip_speed > 0 ? Vec3(slip / slip_speed) : Vec3::Zero();
            const Index held = a_static ? contact.body_b : contact.body_a;
            add_friction_damping(held, slope, secant, direction, contact.point - state.pos[held], contact.normal, data);
        }
    }

private:
    std::string_view name_;
    Friction friction_;
};

// The friction law's parameter (the only property), read against the component's row;
// `name` is the component's (static text, as name() returns it).
template <class Normal, class Friction>
std::unique_ptr<ForceComponent> create_contact_force(const PropNode& props, ForceContext& context,
                                                     std::string_view name, std::string_view parameter) {
    PropertyValues values;
    if (!read_force_properties(props, context, values)) return nullptr;
    return std::make_unique<ContactForce<Normal, Friction>>(name, Friction{values[parameter]});
}

}  // namespace

std::unique_ptr<ForceComponent> create_contact_force_pd(const PropNode& props, ForceContext& context) {
    return create_contact_force<LinearSpringDamper, ViscousCoulomb>(props, context, "contact_force_pd", "viscosity");
}

std::unique_ptr<ForceComponent> create_contact_force_hunt_crossley(const PropNode& props, ForceContext& context) {
    return create_contact_force<HuntCrossley, ViscousCoulomb>(props, context, "contact_force_hunt_crossley",
                                                              "viscosity");
}

std::unique_ptr<ForceComponent> create_contact_force_hunt_crossley_sb(const PropNode& props, ForceContext& context) {
    return create_contact_force<HuntCrossley, Hollars>(props, context, "contact_force_hunt_crossley_sb",
                                                       "transition_velocity");
}

}  // namespace hfd
