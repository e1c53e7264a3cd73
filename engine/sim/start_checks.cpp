#include "sim/start_checks.h"

#include <algorithm>
#include <cstdio>

namespace hfd {

namespace {

// The depth at which the centre of the geometry reaches the other surface; 0 for planes.
double geometry_size(const Shape& shape) {
    switch (shape.type) {
        case ShapeType::Sphere:
        case ShapeType::Capsule:
        case ShapeType::Cylinder: return shape.radius;
        case ShapeType::Box: return shape.half_dim.minCoeff();
        default: return 0;
    }
}

}  // namespace

std::vector<Diagnostic> check_initial_contacts(const Simulation& sim) {
    const Model& model = sim.model();
    Data data;
    data.resize(model);
    sim.evaluate(sim.state(), data);
    std::vector<Diagnostic> warnings;
    for (const Contact& contact : data.contacts) {
        const Geometry& a = model.geometries[contact.geometry_a];
        const Geometry& b = model.geometries[contact.geometry_b];
        const double size_a = geometry_size(a.shape), size_b = geometry_size(b.shape);
        // the smaller non-plane geometry is the one whose centre is passed first
        const bool b_is_deeper = size_a <= 0 || (size_b > 0 && size_b <= size_a);
        const Geometry& deeper = b_is_deeper ? b : a;
        const Geometry& other = b_is_deeper ? a : b;
        const double size = b_is_deeper ? size_b : size_a;
        if (!(size > 0) || !(contact.depth > size)) continue;
        char text[320];
        std::snprintf(text, sizeof text,
                      "geometry '%s' starts %.3g m inside '%s' (more than its size %.3g m) at t = %.6g s: "
                      "is the initial state missing (a state file, dof defaults)?",
                      deeper.name.c_str(), contact.depth, other.name.c_str(), size, sim.state().time);
        warnings.push_back({Severity::Warning, deeper.location, text});
    }
    return warnings;
}

}  // namespace hfd
