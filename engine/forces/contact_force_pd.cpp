// contact_force_pd { viscosity } (Hyfydy manual, "contact_force_pd"): linear
// damped spring, the Kelvin-Voigt contact model. With the combined material
// stiffness k [N/m] and damping c [N s/m], depth d and normal velocity v_n
// (relative velocity of b along the normal from a to b, < 0 while approaching):
//   Fn = max(0, k d - c v_n)                                  (never pulls)
//   Ft = -vt/|vt| min(eta |vt|, mu Fn)    eta = viscosity [N s/m], mu = static friction
//   Fc = Fn n + Ft
#include "forces/contact_friction.h"
#include "forces/force_component.h"
#include "sim/components.h"

#include <algorithm>

namespace hfd {

namespace {

class ContactForcePd final : public ForceComponent {
public:
    explicit ContactForcePd(double viscosity) : viscosity_(viscosity) {}
    std::string_view name() const override { return "contact_force_pd"; }

    void apply(const Model&, const State& state, const Controls&, Data& data) const override {
        for (Contact& contact : data.contacts) {
            const double normal_force =
                std::max(0.0, contact.stiffness * contact.depth - contact.damping * normal_velocity(contact));
            const Vec3 friction = viscous_coulomb_friction(tangential_velocity(contact), normal_force,
                                                           contact.static_friction, viscosity_);
            apply_contact_force(state, normal_force * contact.normal + friction, contact, data);
        }
    }

private:
    double viscosity_;
};

}  // namespace

std::unique_ptr<ForceComponent> create_contact_force_pd(const PropNode& props, ForceContext& context) {
    PropertyValues values;
    if (!read_force_properties(props, context, values)) return nullptr;
    const double viscosity = values["viscosity"];
    return std::make_unique<ContactForcePd>(viscosity);
}

}  // namespace hfd
