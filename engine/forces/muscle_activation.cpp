// muscle_activation { activation_rate = 100 deactivation_rate = 25 }
//
// First-order activation dynamics (Hyfydy manual, "Muscle Activation Dynamics"):
//   da/dt = (u - a)(c1 u + c2),  activation_rate = c1 + c2,  deactivation_rate = c2
// with u the excitation (Controls::excitation, clamped to [0, 1]). A muscle's own
// activation_rate / deactivation_rate (Model::Muscle: positive when given, -1 when absent) override
// the component's. Fills Data::activation_derivative; the integrator integrates
// activation with it and clamps activation to [0, 1].
#include "sim/components.h"

#include <algorithm>

namespace hfd {

namespace {

class MuscleActivation final : public ForceComponent {
public:
    MuscleActivation(double activation_rate, double deactivation_rate)
        : activation_rate_(activation_rate), deactivation_rate_(deactivation_rate) {}
    std::string_view name() const override { return "muscle_activation"; }

    void apply(const Model& model, const State& state, const Controls& controls, Data& data) const override {
        for (size_t i = 0; i < model.muscles.size(); ++i) {
            const Muscle& m = model.muscles[i];
            const double rise = m.activation_rate >= 0 ? m.activation_rate : activation_rate_;
            const double fall = m.deactivation_rate >= 0 ? m.deactivation_rate : deactivation_rate_;
            const double u = i < controls.excitation.size() ? std::clamp(controls.excitation[i], 0.0, 1.0) : 0.0;
            data.activation_derivative[i] = (u - state.activation[i]) * ((rise - fall) * u + fall);
        }
    }

private:
    double activation_rate_, deactivation_rate_;
};

}  // namespace

std::unique_ptr<ForceComponent> create_muscle_activation(const PropNode& props, ForceContext& context) {
    PropertyValues values;  // both rates > 0 (1/s)
    if (!read_force_properties(props, context, values)) return nullptr;
    return std::make_unique<MuscleActivation>(values["activation_rate"], values["deactivation_rate"]);
}

}  // namespace hfd
