#include "commands.h"

#include <cstdio>

namespace hfd::cli {

int run_convert(const Args& args) {
    std::fprintf(stderr, "hfd convert: not available in this build yet\n");
    return 2;
}

}  // namespace hfd::cli
