#include "scenarios.h"

#include "format/parser.h"
#include "io/state_file.h"
#include "model/build_model.h"
#include "state/kinematics.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

namespace hfd::bench {

namespace {

PropNode parse_or_die(const std::string& text, const std::string& name) {
    ParseResult parsed = parse_text(text, name);
    if (!parsed.ok()) {
        for (const auto& d : parsed.diagnostics) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
        std::exit(1);
    }
    return parsed.root;
}

PropNode load_or_die(const std::string& file) {
    ParseResult parsed = parse_file(file);
    if (!parsed.ok()) {
        for (const auto& d : parsed.diagnostics) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
        std::exit(1);
    }
    return parsed.root;
}

}  // namespace

std::unique_ptr<Simulation> create_simulation(const Scenario& c, const IntegratorProperties& integrator_properties,
                                              SimConfig* config_out, const std::string& integrator_name) {
    std::vector<Diagnostic> diagnostics;
    BuildResult built =
        c.model_file.empty() ? build_model(parse_or_die(c.model_text, c.name), c.name) : load_model(c.model_file);
    if (!built.model) {
        for (const auto& d : built.diagnostics) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
        return nullptr;
    }
    const std::string config_name = c.config_file.empty() ? c.name + " config" : c.config_file;
    const PropNode config_root =
        c.config_file.empty() ? parse_or_die(c.config_text, config_name) : load_or_die(c.config_file);
    SimConfig config = read_sim_config(config_root, config_name, diagnostics);
    if (!integrator_name.empty()) {
        config.integrator.children.clear();
        config.integrator.key = integrator_name;
    }
    for (const auto& [key, value] : integrator_properties) {
        PropNode* node = config.integrator.find(key);
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", value);
        (node ? *node : config.integrator.add(key)).value = text;
    }
    if (config_out) *config_out = config;
    auto sim = Simulation::create(std::move(*built.model), config, diagnostics);
    if (!sim) {
        for (const auto& d : diagnostics) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
        return nullptr;
    }
    DofAssignment dofs = default_dof_assignment(sim->model());
    if (!c.state_file.empty()) {
        StateFileResult read = read_state_file(c.state_file, sim->model());
        if (!read.ok()) return nullptr;
        dofs = *read.dofs;
    }
    for (const auto& [name, value] : c.dof_values)
        if (Index d = sim->model().find_dof(name); d != no_index) dofs.value[d] = value;
    State s = std::as_const(*sim).state();
    apply_dofs(sim->model(), dofs, s);
    sim->set_initial_state(s);
    for (double& u : sim->controls().excitation) u = c.excitation;
    return sim;
}

std::string sphere_model(double height, double speed) {
    char text[400];
    std::snprintf(text, sizeof text,
                  "model {\n body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n"
                  " geometry { name = floor type = plane normal = [ 0 1 0 ] body = ground }\n"
                  " body { name = ball mass = 1 inertia = [ 0.004 0.004 0.004 ] pos = [ 0 %g 0 ] lin_vel = [ %g 0 0 ]\n"
                  "  geometry { name = shell type = sphere radius = 0.1 } }\n}\n",
                  height, speed);
    return text;
}

std::string chain_model(int links) {
    std::string text = "model {\n body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n";
    for (int i = 0; i < links; ++i) {
        const std::string parent = i == 0 ? "ground" : "link" + std::to_string(i - 1);
        text += " body { name = link" + std::to_string(i) + " mass = 1 inertia = [ 0.01 0.002 0.01 ]\n";
        text += "  joint { name = j" + std::to_string(i) + " parent = " + parent + " pos_in_parent = [ 0 " +
                (i == 0 ? "0" : "-0.1") +
                " 0 ] pos_in_child = [ 0 0.1 0 ] stiffness = 1e5 limits { z = -90..90 } limit_stiffness = 100 } }\n";
    }
    for (int i = 0; i < links; ++i)
        text += " dof { name = d" + std::to_string(i) + " source = link" + std::to_string(i) +
                "_rz default = " + (i == 0 ? "60" : "10") + " }\n";
    return text + "}\n";
}

std::string pile_model(int count) {
    // a 10 x 10 grid per layer, 9.8 cm apart: every ball starts 2 mm into its
    // neighbours (and the lowest layer 2 mm into the floor), jittered so the heap is not a lattice
    std::string text =
        "model {\n material { name = default_material stiffness = 5975 damping = 1 }\n"
        " body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n"
        " geometry { name = floor type = plane normal = [ 0 1 0 ] body = ground }\n";
    char line[320];
    for (int i = 0; i < count; ++i) {
        const int layer = i / 100, row = (i / 10) % 10, column = i % 10;
        const double jitter = 0.004 * std::sin(1.7 * i);
        std::snprintf(line, sizeof line,
                      " body { name = ball%d mass = 0.5 inertia = [ 5e-4 5e-4 5e-4 ] pos = [ %.4f %.4f %.4f ]\n"
                      "  geometry { name = ball%d type = sphere radius = 0.05 } }\n",
                      i, 0.098 * column + jitter, 0.048 + 0.098 * layer, 0.098 * row - jitter, i);
        text += line;
    }
    return text + "}\n";
}

std::string muscle_model(int muscles) {
    std::string text =
        "model {\n body { name = humerus mass = 0 inertia = [ 0 0 0 ] }\n"
        " body { name = forearm mass = 1.2 inertia = [ 0.009 0.0012 0.009 ] pos = [ 0 -0.15 0 ]\n"
        "  joint { name = elbow parent = humerus pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.15 0 ]"
        " stiffness = 1e5 limits { x = 0..0 y = 0..0 z = -5..150 } limit_stiffness = 50 } }\n";
    char line[400];
    for (int i = 0; i < muscles; ++i) {
        // flexors in front (x > 0), extensors behind, spread over 2 cm along the bones;
        // three points: origin, a via point on the humerus, insertion on the forearm
        const double side = i % 2 == 0 ? 1 : -1, spread = 0.02 * double(i) / double(muscles);
        std::snprintf(line, sizeof line,
                      " point_path_muscle { name = m%d max_isometric_force = %g optimal_fiber_length = 0.12"
                      " tendon_slack_length = 0.14 pennation_angle = 0.1 path [\n"
                      "  { body = humerus pos = [ %g %g 0 ] } { body = humerus pos = [ %g %g 0 ] }"
                      " { body = forearm pos = [ %g %g 0 ] } ] }\n",
                      i, 1200.0 / muscles, side * 0.02, 0.25 - spread, side * 0.03, 0.05 - spread, side * 0.015,
                      0.1 - spread);
        text += line;
    }
    return text + " dof { name = elbow_flexion source = forearm_rz default = 60 }\n}\n";
}

std::vector<Scenario> all_scenarios(const std::string& corpus) {
    std::vector<Scenario> list;
    const std::string chain_config =
        "composite_force { planar_joint_force_pnld {} }\nplanar_symplectic_euler_integrator { step_size = 1e-4 }\n";
    list.push_back({"chain 10", chain_model(10), "", chain_config, "", "", {}, 0, 0.5, 1, 10});
    list.push_back({"chain 1000", chain_model(1000), "", chain_config, "", "", {}, 0, 0.02, 1, 1000});
    const std::string pile_config =
        "composite_force { simple_collision_detection { enable_collision_between_objects = 1 }\n"
        "  contact_force_hunt_crossley {} }\nsymplectic_euler_integrator { step_size = 1e-4 }\n";
    list.push_back({"objects 50", pile_model(50), "", pile_config, "", "", {}, 0, 0.2, 1, 50});
    list.push_back({"objects 500", pile_model(500), "", pile_config, "", "", {}, 0, 0.05, 1, 500});
    // one elbow, every muscle excited at 0.2: the cost per muscle, fixed steps
    const std::string muscle_config =
        "composite_force { planar_joint_force_pnld {} muscle_activation {} muscle_force_m2012fast {} }\n"
        "planar_symplectic_euler_integrator { step_size = 1e-4 }\n";
    list.push_back({"muscles 10", muscle_model(10), "", muscle_config, "", "", {}, 0.2, 0.2, 1, 10});
    list.push_back({"muscles 1000", muscle_model(1000), "", muscle_config, "", "", {}, 0.2, 0.02, 1, 1000});
    // the 3D human (80 muscles, 29 dofs, error_control_integrator_sem 0.01), passive fall
    const std::string human3d = std::string(HFD_SOURCE_DIR) + "/samples/human3d.hfd";
    list.push_back({"human3d fall", "", human3d, "", human3d, "", {}, 0, 2, 1, 14});
    const std::string scone = corpus + "/scone/";
    if (!std::filesystem::exists(scone + "H0918.hfd")) {
        std::fprintf(stderr, "note: %sH0918.hfd not found, S1/S2 rows skipped\n", scone.c_str());
        return list;
    }
    // S2: gait state, passive muscles, five 2-s episodes; S1: standing, knees -5 deg,
    // every muscle excited at 0.2, 10 s (/work/shared/anchors/mujoco/compare.sh)
    list.push_back({"S2 H0918 gait",
                    "",
                    scone + "H0918.hfd",
                    "",
                    scone + "HfdConfigM2012Planar.zml",
                    scone + "InitStateGait10.zml",
                    {},
                    0,
                    2,
                    5,
                    9});
    list.push_back({"S1 H0918 stand",
                    "",
                    scone + "H0918.hfd",
                    "",
                    scone + "HfdConfigM2012Planar.zml",
                    "",
                    {{"pelvis_ty", 0.959184}, {"knee_angle_r", -0.0872664626}, {"knee_angle_l", -0.0872664626}},
                    0.2,
                    10,
                    1,
                    9});
    return list;
}

}  // namespace hfd::bench
