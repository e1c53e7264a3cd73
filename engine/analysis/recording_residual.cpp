#include "analysis/recording_residual.h"

#include <algorithm>

namespace hfd {

std::vector<BodyResidual> recording_residual(const ImplicitDynamics& dynamics, const std::vector<State>& states,
                                             size_t row) {
    std::vector<BodyResidual> result;
    if (states.size() < 2 || row >= states.size()) return result;
    const size_t before = row == 0 ? 0 : row - 1, after = std::min(row + 1, states.size() - 1);
    const Eigen::VectorXd y = dynamics.pack(states[row]);
    const Eigen::VectorXd y_dot =
        (dynamics.pack(states[after]) - dynamics.pack(states[before])) / (states[after].time - states[before].time);
    const Eigen::VectorXd r = dynamics.residual(y, y_dot, states[row]);
    const Model& model = dynamics.model();
    for (Index b = 0; b < Index(model.bodies.size()); ++b) {
        if (model.bodies[b].is_static()) continue;
        const Index force = dynamics.find(model.bodies[b].name + ".vel_x");
        const Index torque = dynamics.find(model.bodies[b].name + ".ang_vel_x");
        if (force == no_index || torque == no_index) continue;
        result.push_back({b, r.segment<3>(force).norm(), r.segment<3>(torque).norm()});
    }
    return result;
}

}  // namespace hfd
