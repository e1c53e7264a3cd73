#include "commands.h"

#include <cstdio>

namespace hfd::cli {

int run_info(const Args& args) {
    std::fprintf(stderr, "hfd info: not available in this build yet\n");
    return 2;
}

}  // namespace hfd::cli
