#pragma once
// A force component adds forces/torques to Data from Model + State + Controls.
// Components run in the order of the composite_force block. A component is created
// for one model (ForceContext::model) and applied to that model only: it may keep
// what it precomputed from it (pairs, per-muscle constants). Each component lives
// in its own file; its name, family and properties are a row of the component
// table (sim/components.h).
#include "format/prop_node.h"
#include "format/property_spec.h"
#include "model/model.h"
#include "state/data.h"
#include "state/state.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

// How muscle components put their fibers in equilibrium at the start (SCONE's ModelHyfydy
// zero_velocity_equilibration = 1 / 0): at zero fiber velocity, or with the fiber moving
// at the path's rate along it, v_f = cos(alpha) dL/dt (the tendon length held still),
// which SCONE + Hyfydy's recorded runs start with (docs/gait_4a.md).
enum class FiberEquilibrium { ZeroVelocity, PathVelocity };

class ForceComponent {
public:
    virtual ~ForceComponent() = default;
    virtual std::string_view name() const = 0;
    // Adds this component's forces to data.force / data.torque (and fills its outputs).
    virtual void apply(const Model& model, const State& state, const Controls& controls, Data& data) const = 0;
    // Called once when the simulation starts or resets, after body poses are set:
    // e.g. muscle models put fiber lengths in equilibrium.
    virtual void initialize(const Model& model, State& state, const Controls& controls, Data& data,
                            FiberEquilibrium equilibrium = FiberEquilibrium::ZeroVelocity) const {}
    // Component needs muscle activation dynamics / fiber state integrated.
    virtual bool integrates_fiber_length() const { return false; }
    // Planar components only act in the x-y plane (forces) and about z (torques).
    virtual bool is_planar() const { return false; }
    // The component exists in a planar and a 3D variant, which must match the integrator.
    virtual bool has_planar_variant() const { return false; }
    // What the component reads of the controls, for the evaluation after a change of the
    // controls alone (Simulation::ensure_evaluated), which re-runs only the components
    // that read them: `none` reads neither the controls nor what a component reading
    // them writes; `derivatives` reads them but adds no loads (it writes state
    // derivatives, as data.activation_derivative); `loads` may add loads from them.
    enum class ControlUse { none, derivatives, loads };
    virtual ControlUse control_use() const { return ControlUse::loads; }
};

struct ForceContext {
    const Model& model;
    const std::string& file;  // for diagnostics
    std::vector<Diagnostic>& diagnostics;
    // The properties the component reads, with their defaults and bounds: its row
    // of the component table, set by create_force (sim/components.h).
    std::span<const PropertySpec> properties = {};
};

// Creates a component from its properties; reports problems in context.diagnostics
// (unknown properties are warnings) and returns nullptr on error.
using ForceFactory = std::unique_ptr<ForceComponent> (*)(const PropNode& props, ForceContext& context);

// Reads props against context.properties (read_properties in format/property_spec.h).
// False when an error was reported.
bool read_force_properties(const PropNode& props, ForceContext& context, PropertyValues& out);

}  // namespace hfd
