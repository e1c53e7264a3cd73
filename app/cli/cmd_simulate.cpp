#include "commands.h"

#include <cstdio>

namespace hfd::cli {

int run_simulate(const Args& args) {
    std::fprintf(stderr, "hfd simulate: not available in this build yet\n");
    return 2;
}

}  // namespace hfd::cli
