// contact_force_hunt_crossley { viscosity } (Hyfydy manual): non-linear
// Hunt-Crossley restitution, whose dissipation grows with the depth so that the
// coefficient of restitution falls with impact speed (e ~ 1 - alpha v):
//   Fn = max(0, (k d)^(3/2) (1 - 3/2 c v_n))     (see hunt_crossley_normal_force)
//   Ft = -vt/|vt| min(eta |vt|, mu Fn)           eta = viscosity, mu = static friction
//   Fc = Fn n + Ft
#include "forces/contact_friction.h"
#include "forces/force_component.h"
#include "sim/components.h"

namespace hfd {

namespace {

class ContactForceHuntCrossley final : public ForceComponent {
public:
    explicit ContactForceHuntCrossley(double viscosity) : viscosity_(viscosity) {}
    std::string_view name() const override { return "contact_force_hunt_crossley"; }

    void apply(const Model&, const State& state, const Controls&, Data& data) const override {
        for (Contact& contact : data.contacts) {
            const double normal_force =
                hunt_crossley_normal_force(contact.stiffness, contact.damping, contact.depth, normal_velocity(contact));
            const Vec3 friction = viscous_coulomb_friction(tangential_velocity(contact), normal_force,
                                                           contact.static_friction, viscosity_);
            apply_contact_force(state, normal_force * contact.normal + friction, contact, data);
        }
    }

private:
    double viscosity_;
};

}  // namespace

std::unique_ptr<ForceComponent> create_contact_force_hunt_crossley(const PropNode& props, ForceContext& context) {
    PropertyValues values;
    if (!read_force_properties(props, context, values)) return nullptr;
    const double viscosity = values["viscosity"];
    return std::make_unique<ContactForceHuntCrossley>(viscosity);
}

}  // namespace hfd
