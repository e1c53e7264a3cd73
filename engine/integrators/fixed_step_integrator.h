#pragma once
#include "integrators/integrator.h"

namespace hfd {

class FixedStepIntegrator final : public Integrator {
public:
    // beta: see body_update.h (0 forward, 1 symplectic, 1/2 midpoint)
    FixedStepIntegrator(std::string_view name, double beta, bool planar, double step_size,
                        bool implicit_joint_damping = true);
    std::string_view name() const override { return name_; }
    StepOutcome step(StepContext& sim, double max_h) override;
    bool is_planar() const override { return planar_; }
    double nominal_step_size() const override { return step_size_; }
    double beta() const override { return beta_; }

private:
    std::string_view name_;
    double beta_;
    bool planar_;
    double step_size_;
};

}  // namespace hfd
