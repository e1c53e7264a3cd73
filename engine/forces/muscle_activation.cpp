// muscle_activation { activation_rate = 100 deactivation_rate = 25 }
//
// First-order activation dynamics (Hyfydy manual, "Muscle Activation Dynamics"):
//   da/dt = (u - a)(c1 u + c2),  activation_rate = c1 + c2,  deactivation_rate = c2
// with u the excitation (Controls::excitation, clamped to [0, 1]). A muscle's own
// activation_rate / deactivation_rate (Model::Muscle: positive when given, -1 when absent) override
// the component's. Fills Data::activation_derivative; the integrator integrates
// activation with it and clamps activation to [0, 1].

#include "forces/force_component.h"

#include <algorithm>
#include <vector>

namespace hfd {

namespace {

class MuscleActivation final : public ForceComponent {
public:
    // Each muscle's c1 = rise - fall and c2 = fall, resolved once.
    MuscleActivation(const Model& model, double activation_rate, double deactivation_rate) {
        for (const Muscle& m : model.muscles) {
            const double rise = m.activation_rate >= 0 ? m.activation_rate : activation_rate;
            const double fall = m.deactivation_rate >= 0 ? m.deactivation_rate : deactivation_rate;
            c1_.push_back(rise - fall);
            c2_.push_back(fall);
        }
    }
    std::string_view name() const override { return "muscle_activation"; }
    ControlUse control_use() const override { return ControlUse::derivatives; }

    void apply(const Model& model, const State& state, const Controls& controls, Data& data) const override {
        const size_t muscles = model.muscles.size(), excited = std::min(muscles, controls.excitation.size());
        const double *__restrict c1 = c1_.data(), *__restrict c2 = c2_.data(),
                                 *__restrict activation = state.activation.data(),
                                 *__restrict excitation = controls.excitation.data();
        double* __restrict derivative = data.activation_derivative.data();
        // ivdep: no muscle reads another's values (GCC does not take the local __restrict as proof)
#pragma GCC ivdep
        for (size_t i = 0; i < excited; ++i) {
            const double u = std::clamp(excitation[i], 0.0, 1.0);
            derivative[i] = (u - activation[i]) * (c1[i] * u + c2[i]);
        }
        for (size_t i = excited; i < muscles; ++i) derivative[i] = -activation[i] * c2[i];  // u = 0
    }

private:
    std::vector<double> c1_, c2_;  // per muscle of the model it was created for
};

}  // namespace

std::unique_ptr<ForceComponent> create_muscle_activation(const PropNode& props, ForceContext& context) {
    PropertyValues values;  // both rates > 0 (1/s)
    if (!read_force_properties(props, context, values)) return nullptr;
    return std::make_unique<MuscleActivation>(context.model, values["activation_rate"], values["deactivation_rate"]);
}

}  // namespace hfd
