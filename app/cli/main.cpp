// hfd: command-line tool for batch work on .hfd models.
#include "arguments.h"
#include "commands.h"
#include "hfd/version.h"

#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

namespace {

constexpr const char* usage =
    "usage: hfd <command> [options]\n"
    "\n"
    "commands:\n"
    "  info MODEL                 summary of a model (bodies, joints, dofs, muscles, mass)\n"
    "  simulate MODEL [options]   run a simulation and write the recorded trajectory\n"
    "  convert MODEL.osim [-o MODEL.hfd]   convert an OpenSim model\n"
    "  analyze induced MODEL ...  induced acceleration analysis of a state or a recorded run\n"
    "  analyze collocate EXAMPLE  direct-collocation example on the implicit dynamics residual\n"
    "  analyze muscles MODEL ...  muscle moment arms, lengths and forces against a coordinate\n"
    "  analyze gait RUN.csv ...   gait cycles of a walking run from the legs' ground forces\n"
    "  batch MODEL [options]      many simulations on a thread pool: a parameter sweep\n"
    "                             and/or a set of excitation files\n"
    "  scenario evaluate SCENARIO.scone [--par P.par]   run a SCONE scenario and score it\n"
    "  optimize SCENARIO.scone [options]   find a scenario's parameters with CMA-ES\n"
    "  version                    the version and the git revision it was built from (also --version)\n"
    "\n"
    "Run 'hfd <command> --help' for the options of a command.\n";

int run_command(int argc, char** argv) {
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
        std::fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const std::string command = argv[1];
    if (command == "--version" || command == "version") {
        std::printf("hfd %s (git %s)\n", HFD_VERSION, HFD_GIT_REVISION);
        return 0;
    }
    const hfd::cli::Args args(argv + 2, argv + argc);
    if (command == "info") return hfd::cli::run_info(args);
    if (command == "simulate") return hfd::cli::run_simulate(args);
    if (command == "convert") return hfd::cli::run_convert(args);
    if (command == "analyze") return hfd::cli::run_analyze(args);
    if (command == "batch") return hfd::cli::run_batch(args);
    if (command == "scenario") return hfd::cli::run_scenario(args);
    if (command == "optimize") return hfd::cli::run_optimize(args);
    std::fprintf(stderr, "hfd: unknown command '%s'\n\n%s", command.c_str(), usage);
    return 2;
}

}  // namespace

// What a command could not catch ends here with a message instead of an abort:
// exit 3, the code of a run that failed.
int main(int argc, char** argv) {
    constexpr int exit_failed = 3;
    const char* command = argc >= 2 ? argv[1] : "";
    try {
        return run_command(argc, argv);
    } catch (const std::bad_alloc&) {
        const std::string& activity = hfd::cli::Activity::failed();
        std::fprintf(stderr, "hfd %s: out of memory%s%s: the run or its inputs are too large for this machine\n",
                     command, activity.empty() ? "" : " while ", activity.c_str());
    } catch (const std::length_error& error) {
        const std::string& activity = hfd::cli::Activity::failed();
        std::fprintf(stderr, "hfd %s: too large to hold in memory%s%s (%s)\n", command,
                     activity.empty() ? "" : " while ", activity.c_str(), error.what());
    } catch (const std::exception& error) {
        std::fprintf(stderr, "hfd %s: internal error: %s\n", command, error.what());
    }
    return exit_failed;
}
