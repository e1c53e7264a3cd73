#pragma once
// A force component adds forces/torques to Data from Model + State + Controls.
// Components run in the order of the composite_force block. Each family lives
// in its own file and registers its names in forces/registry.cpp.
#include "format/prop_node.h"
#include "model/model.h"
#include "sim/data.h"
#include "sim/state.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

class ForceComponent {
public:
    virtual ~ForceComponent() = default;
    virtual std::string_view name() const = 0;
    // Adds this component's forces to data.force / data.torque (and fills its outputs).
    virtual void apply(const Model& model, const State& state, const Controls& controls, Data& data) const = 0;
    // Called once when the simulation starts or resets, after body poses are set:
    // e.g. muscle models put fiber lengths in equilibrium.
    virtual void initialize(const Model& model, State& state, const Controls& controls, Data& data) const {}
    // Component needs muscle activation dynamics / fiber state integrated.
    virtual bool integrates_fiber_length() const { return false; }
    // Planar components only act in the x-y plane (forces) and about z (torques).
    virtual bool is_planar() const { return false; }
    // The component exists in a planar and a 3D variant, which must match the integrator.
    virtual bool has_planar_variant() const { return false; }
};

struct ForceContext {
    const Model& model;
    const std::string& file;           // for diagnostics
    std::vector<Diagnostic>& diagnostics;
};

// Creates a component from its properties; reports problems in context.diagnostics
// (unknown properties are warnings) and returns nullptr on error.
using ForceFactory = std::unique_ptr<ForceComponent> (*)(const PropNode& props, ForceContext& context);

struct ForceRegistration {
    std::string_view name;
    ForceFactory factory;
};

// All registered names, in a stable order.
const std::vector<ForceRegistration>& force_registry();
ForceFactory find_force_factory(std::string_view name);

// Helpers for factories: read a number property (warn/err with location).
double read_number(const PropNode& props, std::string_view key, double default_value, ForceContext& context);
// Reports "<component>.<key> <message>" as an error at the property, or at the
// component when the property is absent (its default was rejected).
void report_property_error(const PropNode& props, std::string_view key, const std::string& message,
                           ForceContext& context);
// True when an error was reported after the first `before` diagnostics.
bool has_errors_since(const std::vector<Diagnostic>& diagnostics, size_t before);
// Warns about every child of props whose key is not in known_keys.
void warn_unknown_properties(const PropNode& props, std::initializer_list<std::string_view> known_keys,
                             ForceContext& context);

// Family registration functions (one per force family file).
void register_joint_forces(std::vector<ForceRegistration>& registry);
void register_contact_forces(std::vector<ForceRegistration>& registry);
void register_muscle_forces(std::vector<ForceRegistration>& registry);
void register_actuator_forces(std::vector<ForceRegistration>& registry);

}  // namespace hfd
