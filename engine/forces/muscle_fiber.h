#pragma once
// A muscle model's fiber and tendon physics as the analyses see it: the same Fiber
// struct the force component steps (hill_muscle_force.h; one header per model,
// muscle_fiber_<model>.h), behind one interface, so muscle_sweep and
// implicit_residual never re-derive a model. Normalized as in muscle_curves.h:
// l = l_f / l_opt, forces over max isometric force, s = stiffness_multiplier.
//   along the fiber:  F(l, a, v) = a f_L(l) f_V(v) + passive(l, s) [+ damping v]
//   fiber velocity:   v = F^-1(f_T(e) s / cos(alpha)), the model's own inverse
// A model's row in the component table (sim/components.cpp) makes both the force
// component and this model from the same properties.
#include "format/property_spec.h"

#include <memory>
#include <string_view>

namespace hfd {

// Along the fiber at zero velocity, normalized, split as the model splits it.
struct IsometricFiberForce {
    double active = 0;   // a f_L(l)
    double passive = 0;  // every elastic element in parallel with the contractile one
};

class MuscleFiberModel {
public:
    virtual ~MuscleFiberModel() = default;
    virtual std::string_view name() const = 0;             // the force component's
    virtual double max_contraction_velocity() const = 0;   // v_max, optimal fiber lengths per second
    virtual double activation(double a) const = 0;         // clamped as the model clamps it
    virtual double tendon_force(double strain) const = 0;  // f_T(e), before the stiffness multiplier
    virtual IsometricFiberForce isometric_force(double l, double activation, double s) const = 0;
    // the normalized fiber velocity v for the force along the fiber, as the model steps it
    virtual double fiber_velocity(double along_fiber, double l, double activation, double s) const = 0;
    // dl_f/dt in optimal fiber lengths per second for the normalized velocity v
    virtual double fiber_speed(double v, double activation) const = 0;
    // F(l, a, v) for a fiber moving at `speed` optimal fiber lengths per second
    virtual double fiber_force(double l, double activation, double s, double speed) const = 0;
};

// From a component's property values (defaults for those not written).
using MuscleFiberFactory = std::shared_ptr<const MuscleFiberModel> (*)(const PropertyValues&);

template <typename Fiber>
class FiberModelOf final : public MuscleFiberModel {
public:
    explicit FiberModelOf(typename Fiber::Settings settings) : settings_(settings) {}
    std::string_view name() const override { return Fiber::name; }
    double max_contraction_velocity() const override { return settings_.v_max; }
    double activation(double a) const override { return Fiber::activation(settings_, a); }
    double tendon_force(double strain) const override { return Fiber::tendon_force(strain); }
    IsometricFiberForce isometric_force(double l, double activation, double s) const override {
        return Fiber::isometric_force(settings_, l, activation, s);
    }
    double fiber_velocity(double along_fiber, double l, double activation, double s) const override {
        return Fiber::fiber_velocity(settings_, along_fiber, l, activation, s);
    }
    double fiber_speed(double v, double activation) const override {
        return Fiber::fiber_speed(settings_, v, activation);
    }
    double fiber_force(double l, double activation, double s, double speed) const override {
        return Fiber::fiber_force(settings_, l, activation, s, speed);
    }

private:
    typename Fiber::Settings settings_;
};

template <typename Fiber>
std::shared_ptr<const MuscleFiberModel> make_muscle_fiber_model(const PropertyValues& values) {
    return std::make_shared<const FiberModelOf<Fiber>>(Fiber::settings(values));
}

}  // namespace hfd
