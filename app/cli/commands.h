#pragma once
// Subcommands of the `hfd` tool, one file each. Each returns the process exit code.
#include <string>
#include <vector>

namespace hfd::cli {
using Args = std::vector<std::string>;  // arguments after the subcommand name
int run_info(const Args& args);
int run_convert(const Args& args);
int run_simulate(const Args& args);
int run_analyze(const Args& args);
int run_batch(const Args& args);
int run_scenario(const Args& args);
int run_optimize(const Args& args);
}  // namespace hfd::cli
