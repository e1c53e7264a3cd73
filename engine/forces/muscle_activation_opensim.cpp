// muscle_activation_opensim { activation_time_constant = 0.01 deactivation_time_constant = 0.04 }
//
// OpenSim's first-order activation dynamics (Thelen 2003, eqs. 1-2; OpenSim's
// Thelen2003Muscle and Millard2012EquilibriumMuscle), which SCONE uses with
// ModelHyfydy's use_opensim_activation_dynamics:
//   da/dt = (u - a) / tau(u, a),
//   tau = tau_act (0.5 + 1.5 a)      when u > a
//   tau = tau_deact / (0.5 + 1.5 a)  otherwise
// with u the excitation (Controls::excitation, clamped to [0, 1]). Fills
// Data::activation_derivative; the integrator integrates activation and clamps it to
// [0, 1]. Muscles' own activation_rate / deactivation_rate do not apply here.
#include "forces/force_component.h"

#include <algorithm>
#include <vector>

namespace hfd {

namespace {

class MuscleActivationOpenSim final : public ForceComponent {
public:
    MuscleActivationOpenSim(double activation_time, double deactivation_time)
        : activation_time_(activation_time), deactivation_time_(deactivation_time) {}
    std::string_view name() const override { return "muscle_activation_opensim"; }
    ControlUse control_use() const override { return ControlUse::derivatives; }

    void apply(const Model& model, const State& state, const Controls& controls, Data& data) const override {
        const size_t muscles = model.muscles.size(), excited = std::min(muscles, controls.excitation.size());
        for (size_t i = 0; i < muscles; ++i) {
            const double u = i < excited ? std::clamp(controls.excitation[i], 0.0, 1.0) : 0.0;
            const double a = state.activation[i];
            const double scale = 0.5 + 1.5 * a;
            const double tau = u > a ? activation_time_ * scale : deactivation_time_ / scale;
            data.activation_derivative[i] = (u - a) / tau;
        }
    }

private:
    double activation_time_, deactivation_time_;  // s
};

}  // namespace

std::unique_ptr<ForceComponent> create_muscle_activation_opensim(const PropNode& props, ForceContext& context) {
    PropertyValues values;  // both time constants > 0 (s)
    if (!read_force_properties(props, context, values)) return nullptr;
    return std::make_unique<MuscleActivationOpenSim>(values["activation_time_constant"],
                                                     values["deactivation_time_constant"]);
}

}  // namespace hfd
