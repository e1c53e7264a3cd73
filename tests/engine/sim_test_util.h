#pragma once
// Builds a Simulation from inline model text (model + optional config blocks);
// energies of a state from the public API.
#include "format/parser.h"
#include "model/build_model.h"
#include "sim/simulation.h"

#include <QTest>
#include <memory>
#include <string>

namespace hfd::test {

inline std::string diagnostics_text(const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const auto& d : diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

// Fails the current test (returns nullptr) when parsing, building or creating fails.
inline std::unique_ptr<Simulation> make_simulation(const std::string& text, std::vector<Diagnostic>* out = nullptr,
                                                   SimConfig* config_out = nullptr) {
    std::vector<Diagnostic> diagnostics;
    ParseResult parsed = parse_text(text, "inline.hfd");
    diagnostics = parsed.diagnostics;
    std::unique_ptr<Simulation> sim;
    if (parsed.ok()) {
        BuildResult built = build_model(parsed.root, "inline.hfd");
        diagnostics.insert(diagnostics.end(), built.diagnostics.begin(), built.diagnostics.end());
        if (built.model) {
            const SimConfig config = read_sim_config(parsed.root, "inline.hfd", diagnostics);
            if (config_out) *config_out = config;
            sim = Simulation::create(std::move(*built.model), config, diagnostics);
        }
    }
    if (out) *out = diagnostics;
    if (!sim) qWarning("%s", diagnostics_text(diagnostics).c_str());
    return sim;
}

// Sum of body_kinetic_energy over all bodies.
inline double kinetic_energy(const Model& model, const State& state) {
    double e = 0;
    for (Index b = 0; b < Index(model.bodies.size()); ++b) e += body_kinetic_energy(model, state, b);
    return e;
}

// Gravitational potential energy, -sum m g . x over the moving bodies.
inline double potential_energy(const Model& model, const State& state) {
    double e = 0;
    for (size_t b = 0; b < model.bodies.size(); ++b)
        if (!model.bodies[b].is_static()) e -= model.bodies[b].mass * model.gravity.dot(state.pos[b]);
    return e;
}

}  // namespace hfd::test
