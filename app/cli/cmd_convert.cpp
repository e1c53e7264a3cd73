// hfd convert MODEL.osim [-o MODEL.hfd] [--joint-stiffness N] [--limit-stiffness N]
//             [--limit-damping-reference-angle DEG]
// Writes the converted model (to stdout without -o) and the conversion report to stderr.
#include "commands.h"

#include "format/writer.h"
#include "io/osim_import.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace hfd::cli {

namespace {

void print_usage() {
    std::fprintf(stderr,
                 "usage: hfd convert MODEL.osim [-o MODEL.hfd] [--joint-stiffness N] [--limit-stiffness N]\n"
                 "                   [--limit-damping-reference-angle DEG]\n"
                 "  -o FILE              write the .hfd model to FILE (default: standard output)\n"
                 "  --joint-stiffness N  joint constraint stiffness [N/m] (default 1e6)\n"
                 "  --limit-stiffness N  joint limit stiffness where OpenSim has no\n"
                 "                       CoordinateLimitForce [N m/rad] (default 500)\n"
                 "  --limit-damping-reference-angle DEG\n"
                 "                       a CoordinateLimitForce's damping d becomes hfd's\n"
                 "                       limit_damping d / (k DEG): equal damping torques DEG\n"
                 "                       degrees past the limit (default 2, as the corpus H0918.hfd)\n");
}

std::optional<double> parse_positive(const std::string& option, const std::string& text) {
    errno = 0;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(value) || value < 0) {
        std::fprintf(stderr, "hfd convert: %s expects a non-negative number, found '%s'\n", option.c_str(),
                     text.c_str());
        return std::nullopt;
    }
    return value;
}

}  // namespace

int run_convert(const Args& args) {
    std::string input, output;
    OsimImportOptions options;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        if (a == "-h" || a == "--help") {
            print_usage();
            return 0;
        }
        const bool number_option = a == "--joint-stiffness" || a == "--limit-stiffness" ||
                                   a == "--limit-damping-reference-angle";
        if ((a == "-o" || number_option) && !has_value) {
            std::fprintf(stderr, "hfd convert: %s needs a value\n", a.c_str());
            return 1;
        }
        if (a == "-o") {
            output = args[++i];
        } else if (a == "--limit-damping-reference-angle") {
            const auto value = parse_positive(a, args[++i]);
            if (!value) return 1;
            if (*value == 0) {
                std::fprintf(stderr, "hfd convert: %s must be greater than 0\n", a.c_str());
                return 1;
            }
            options.limit_damping_angle = *value;
        } else if (number_option) {
            const auto value = parse_positive(a, args[++i]);
            if (!value) return 1;
            (a == "--joint-stiffness" ? options.joint_stiffness : options.joint_limit_stiffness) = *value;
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "hfd convert: unknown option '%s'\n", a.c_str());
            print_usage();
            return 1;
        } else if (input.empty()) {
            input = a;
        } else {
            std::fprintf(stderr, "hfd convert: more than one input file ('%s', '%s')\n", input.c_str(), a.c_str());
            return 1;
        }
    }
    if (input.empty()) {
        print_usage();
        return 1;
    }
    const OsimImportResult result = import_osim_file(input, options);
    for (const Diagnostic& d : result.report) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
    if (!result.ok) return 1;
    if (output.empty()) {
        std::fwrite(result.text.data(), 1, result.text.size(), stdout);
        return 0;
    }
    std::string error;
    if (!write_file_atomic(output, result.text, &error)) {
        std::fprintf(stderr, "hfd convert: %s\n", error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace hfd::cli
