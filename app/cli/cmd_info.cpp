// hfd info MODEL: what a model contains. Exit 0 when it builds, 1 when it has
// errors (printed as file:line:col), 2 on wrong usage.
#include "arguments.h"
#include "commands.h"

#include "model/build_model.h"

#include <cstdio>

namespace hfd::cli {

namespace {

constexpr const char* info_usage =
    "usage: hfd info MODEL.hfd\n"
    "\n"
    "Builds the model and prints its name, the number of bodies (dynamic and\n"
    "static), joints, dofs, muscles, geometries, meshes and motors, and its total\n"
    "mass. Warnings go to stderr. Exit status: 0 ok, 1 model errors, 2 usage.\n";

void print_summary(const Model& model) {
    const int bodies = int(model.bodies.size());
    const int dynamic = model.dynamic_body_count();
    std::printf("model:      %s\n", model.name.empty() ? "(unnamed)" : model.name.c_str());
    std::printf("file:       %s\n", model.file.c_str());
    std::printf("bodies:     %d (%d dynamic, %d static)\n", bodies, dynamic, bodies - dynamic);
    std::printf("joints:     %zu\n", model.joints.size());
    std::printf("dofs:       %zu\n", model.dofs.size());
    std::printf("muscles:    %zu\n", model.muscles.size());
    std::printf("geometries: %zu\n", model.geometries.size());
    std::printf("meshes:     %zu\n", model.meshes.size());
    std::printf("motors:     %zu\n", model.motors.size());
    std::printf("total mass: %.6g kg\n", model.total_mass());
}

}  // namespace

int run_info(const Args& args) {
    if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
        std::fputs(info_usage, stdout);
        return 0;
    }
    if (args.size() != 1 || args[0].empty() || args[0][0] == '-') {
        std::fputs(info_usage, stderr);
        return 2;
    }
    const BuildResult result = load_model(args[0]);
    print_diagnostics(result.diagnostics);
    if (!result.ok()) return 1;
    print_summary(*result.model);
    return 0;
}

}  // namespace hfd::cli
