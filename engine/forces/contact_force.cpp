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

// Friction laws: Ft from the tangential velocity and Fn, with the law's one parameter.
struct ViscousCoulomb {
    double viscosity;
    Vec3 friction(const Contact& contact, double normal_force) const {
        return viscous_coulomb_friction(tangential_velocity(contact), normal_force, contact.static_friction, viscosity);
    }
};
struct Hollars {
    double transition_velocity;
    Vec3 friction(const Contact& contact, double normal_force) const {
        constexpr double viscous_friction = 0;
        return hollars_friction(tangential_velocity(contact), normal_force, contact.static_friction,
                                contact.dynamic_friction, viscous_friction, transition_velocity);
    }
};

template <class Normal, class Friction>
class ContactForce final : public ForceComponent {
public:
    ContactForce(std::string_view name, Friction friction) : name_(name), friction_(friction) {}
    std::string_view name() const override { return name_; }
    ControlUse control_use() const override { return ControlUse::none; }

    void apply(const Model&, const State& state, const Controls&, Data& data) const override {
        for (Contact& contact : data.contacts) {
            const double normal_force = Normal::normal_force(contact);
            apply_contact_force(state, normal_force * contact.normal + friction_.friction(contact, normal_force),
                                contact, data);
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
