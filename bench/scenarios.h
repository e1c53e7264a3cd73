#pragma once
// Benchmark scenarios of hfd-bench: a model, its forces and integrator, the
// initial pose, constant excitations, and how long to run (episodes of a
// duration with a reset between them).
#include "format/prop_node.h"
#include "sim/simulation.h"

#include <memory>

#include <string>
#include <utility>
#include <vector>

namespace hfd::bench {

struct Scenario {
    std::string name;
    std::string model_text, model_file;    // one of them
    std::string config_text, config_file;  // composite_force + integrator
    std::string state_file;                // values / velocities by dof name, optional
    std::vector<std::pair<std::string, double>> dof_values;
    double excitation = 0;  // of every muscle
    double duration = 1;    // per episode, simulated seconds
    int episodes = 1;
    double bodies = 1;  // for the per-body cost column (per muscle in the muscle rows)
};

// The scenario's simulation at its initial pose and excitation, the given
// properties of its integrator (e.g. accuracy) replaced or added, or with
// `integrator_name` given, that integrator with only these properties; its config
// into config_out when given. Null (and the reasons on stderr) on failure.
using IntegratorProperties = std::vector<std::pair<std::string, double>>;
std::unique_ptr<Simulation> create_simulation(const Scenario& c, const IntegratorProperties& integrator_properties = {},
                                              SimConfig* config_out = nullptr, const std::string& integrator_name = "");

// A 1 kg sphere (r = 0.1 m, solid: I = 2/5 m r^2) above a ground plane, its centre
// at `height`, moving along x at `speed`; default material.
std::string sphere_model(double height, double speed);
// Planar chain of `links` bodies hanging from the ground by pinned revolute joints.
std::string chain_model(int links);
// `count` spheres (r = 5 cm) stacked in a column-shaped heap on a ground plane, touching.
std::string pile_model(int count);
// A forearm hinged to a fixed humerus (planar) and `muscles` three-point Hill
// muscles across the elbow, flexors and extensors alternating.
std::string muscle_model(int muscles);

// Every scenario; the corpus ones only when `corpus` holds scone/H0918.hfd.
std::vector<Scenario> all_scenarios(const std::string& corpus);

}  // namespace hfd::bench
