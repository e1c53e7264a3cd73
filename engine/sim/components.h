#pragma once
// The component table: every force component and integrator a simulation config
// can name, with its family, whether it acts only in the x-y plane, and its
// properties (defaults and bounds). Creating components (Simulation), the
// config reader, the recorder's contact pairs, the studio's force and
// integrator choices, the editor's highlighting and the format reference check
// all read this one table (components.cpp). To add a force or an integrator,
// add its row there.
#include "forces/force_component.h"
#include "forces/muscle_fiber.h"
#include "format/property_spec.h"
#include "integrators/integrator.h"

#include <span>
#include <string_view>

namespace hfd {

enum class ComponentFamily {
    Joint,       // joint constraint and limit forces
    Collision,   // collision detection: writes Data::contacts
    Contact,     // contact response: forces from Data::contacts
    Activation,  // muscle activation dynamics
    Muscle,      // muscle force models
    Actuator,    // joint motors
    Other,
    FixedStepIntegrator,
    VariableStepIntegrator,
};

std::string_view family_name(ComponentFamily family);  // "joint", "collision", ..., "variable-step integrator"
bool is_integrator_family(ComponentFamily family);
// Whether a composite_force may hold only one component of the family: each
// acts on every element of its kind (all joints, contacts, muscles, motors).
bool one_per_composite_force(ComponentFamily family);

struct ComponentInfo {
    std::string_view name;
    ComponentFamily family;
    bool planar = false;                       // acts only in the x-y plane and about z
    std::span<const PropertySpec> properties;  // every property it reads, with its default
    ForceFactory factory = nullptr;            // force components
    // integrators: beta of the body update (body_update.h: 0 forward, 1 symplectic,
    // 1/2 midpoint) and whether the error comes from step doubling
    double beta = 0;
    bool step_doubling = false;
    // muscle force components: the same model for the analyses (forces/muscle_fiber.h)
    MuscleFiberFactory fiber_model = nullptr;

    bool is_integrator() const { return is_integrator_family(family); }
};

// Every component: the force components in composite_force order of families,
// then the integrators.
std::span<const ComponentInfo> component_table();
// The entry named `name`, or nullptr.
const ComponentInfo* find_component(std::string_view name);
const PropertySpec* find_property(const ComponentInfo& component, std::string_view key);

struct ForceRegistration {
    std::string_view name;
    ForceFactory factory;
};

// The force components of the table, in its order.
const std::vector<ForceRegistration>& force_registry();
ForceFactory find_force_factory(std::string_view name);
// The force component named props.key, its properties read against its row;
// nullptr with an error for an unknown name (listing the known ones) or a bad property.
std::unique_ptr<ForceComponent> create_force(const PropNode& props, ForceContext& context);

// The integrator named by props.key, from its row of the table; nullptr with an
// error for an unknown name or a bad property (sim/integrator_registry.cpp).
std::unique_ptr<Integrator> create_integrator(const PropNode& props, IntegratorContext& context);
// The integrators of the table, in its order.
std::vector<std::string_view> integrator_names();

}  // namespace hfd
