// Loads the installed samples/pendulum.hfd, simulates 0.5 s and checks that the
// rod swung; prints the installed version. Exit 0 when it did.
#include "hfd/version.h"
#include "run/run_setup.h"
#include "sim/simulation.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
    if (std::strcmp(HFD_VERSION, HFD_EXPECTED_VERSION) != 0) {
        std::fprintf(stderr, "hfd/version.h says %s, the package %s\n", HFD_VERSION, HFD_EXPECTED_VERSION);
        return 1;
    }
    const std::string model = argc > 1 ? argv[1] : std::string(HFD_INSTALLED_SAMPLES_DIR) + "/pendulum.hfd";
    hfd::RunInputs inputs;
    inputs.model = hfd::RunInput::path(model);
    hfd::PreparedRun run = hfd::prepare_run(inputs);
    if (!run.ok()) {
        for (const auto& diagnostic : run.diagnostics) std::fprintf(stderr, "%s\n", diagnostic.message.c_str());
        std::fprintf(stderr, "cannot set up %s\n", model.c_str());
        return 1;
    }
    hfd::Simulation& sim = *run.sim;
    const hfd::State start = sim.state();
    if (!sim.advance_to(0.5)) {
        std::fprintf(stderr, "the simulation failed\n");
        return 1;
    }
    const hfd::State& end = sim.state();
    const std::size_t rod = end.pos.size() - 1;
    const double moved = (end.pos[rod] - start.pos[rod]).norm();
    std::printf("hfd %s (%s): %s, t = %g s, the rod moved %.3f m\n", HFD_VERSION, HFD_GIT_REVISION, model.c_str(),
                end.time, moved);
    return end.time >= 0.5 - 1e-9 && moved > 0.01 ? 0 : 1;
}
