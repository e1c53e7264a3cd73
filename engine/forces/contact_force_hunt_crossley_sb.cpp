// contact_force_hunt_crossley_sb { transition_velocity = 0.1 } (Hyfydy manual):
// the Hunt-Crossley normal force with the friction of Simbody's / OpenSim's
// HuntCrossleyForce (model attributed to M. Hollars):
//   Fn = max(0, (k d)^(3/2) (1 - 3/2 c v_n))
//   Ft = -vt/|vt| Fn [min(vs/vtr, 1) (mu_d + 2 (mu_s - mu_d) / (1 + (vs/vtr)^2)) + mu_v vs]
//   vs = |vt|, vtr = transition_velocity, mu_s / mu_d the combined static /
//   dynamic friction, mu_v = 0 (materials have no viscous friction).
// Below vtr the friction is about Fn (2 mu_s - mu_d) vs / vtr: a body held by
// friction creeps at a speed below vtr instead of sticking exactly.
#include "forces/contact_friction.h"
#include "forces/force_component.h"
#include "sim/components.h"

namespace hfd {

namespace {

class ContactForceHuntCrossleySb final : public ForceComponent {
public:
    explicit ContactForceHuntCrossleySb(double transition_velocity) : transition_velocity_(transition_velocity) {}
    std::string_view name() const override { return "contact_force_hunt_crossley_sb"; }

    void apply(const Model&, const State& state, const Controls&, Data& data) const override {
        constexpr double viscous_friction = 0;
        for (Contact& contact : data.contacts) {
            const double normal_force =
                hunt_crossley_normal_force(contact.stiffness, contact.damping, contact.depth, normal_velocity(contact));
            const Vec3 friction = hollars_friction(tangential_velocity(contact), normal_force, contact.static_friction,
                                                   contact.dynamic_friction, viscous_friction, transition_velocity_);
            apply_contact_force(state, normal_force * contact.normal + friction, contact, data);
        }
    }

private:
    double transition_velocity_;
};

}  // namespace

std::unique_ptr<ForceComponent> create_contact_force_hunt_crossley_sb(const PropNode& props, ForceContext& context) {
    PropertyValues values;
    if (!read_force_properties(props, context, values)) return nullptr;
    return std::make_unique<ContactForceHuntCrossleySb>(values["transition_velocity"]);
}

}  // namespace hfd
