// hfd convert MODEL.osim [-o MODEL.hfd] [--joint-stiffness N] [--limit-stiffness N]
//             [--limit-damping-reference-angle DEG] [--foot-contacts BODY,BODY] [--landing-spheres R]
// Writes the converted model (to stdout without -o) and the conversion report to stderr.
#include "arguments.h"
#include "commands.h"

#include "format/parser.h"
#include "format/writer.h"
#include "osim/foot_contacts.h"
#include "osim/osim_import.h"

#include <algorithm>
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
                 "                   [--limit-damping-reference-angle DEG] [--foot-contacts BODY,BODY]\n"
                 "                   [--landing-spheres R]\n"
                 "  -o FILE              write the .hfd model to FILE (default: standard output)\n"
                 "  --joint-stiffness N  joint constraint stiffness [N/m] (default 1e6)\n"
                 "  --limit-stiffness N  joint limit stiffness where OpenSim has no\n"
                 "                       CoordinateLimitForce [N m/rad] (default 500)\n"
                 "  --limit-damping-reference-angle DEG\n"
                 "                       a CoordinateLimitForce's damping d becomes hfd's\n"
                 "                       limit_damping d / (k DEG): equal damping torques DEG\n"
                 "                       degrees past the limit (default 2, as the corpus H0918.hfd)\n"
                 "  --foot-contacts BODY,BODY\n"
                 "                       add a ground plane and heel and toe spheres on these\n"
                 "                       bodies (e.g. calcn_r,calcn_l), with the default pose\n"
                 "                       lifted so that the feet touch the ground\n"
                 "  --landing-spheres R  with --foot-contacts: a sphere of radius R [m] on every\n"
                 "                       other moving body, so that a fall lands on the ground\n");
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
    FootContactOptions feet;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        if (a == "-h" || a == "--help") {
            print_usage();
            return 0;
        }
        const bool number_option = a == "--joint-stiffness" || a == "--limit-stiffness" ||
                                   a == "--limit-damping-reference-angle" || a == "--landing-spheres";
        if ((a == "-o" || number_option) && !has_value) {
            std::fprintf(stderr, "hfd convert: %s needs a value\n", a.c_str());
            return 1;
        }
        if (a == "--foot-contacts") {
            if (!has_value) {
                std::fprintf(stderr, "hfd convert: %s needs a value\n", a.c_str());
                return 1;
            }
            const std::string& list = args[++i];
            for (size_t begin = 0; begin <= list.size();) {
                const size_t end = std::min(list.find(',', begin), list.size());
                if (end > begin) feet.feet.push_back(list.substr(begin, end - begin));
                begin = end + 1;
            }
        } else if (a == "-o") {
            output = args[++i];
        } else if (a == "--limit-damping-reference-angle") {
            const auto value = parse_positive(a, args[++i]);
            if (!value) return 1;
            if (*value == 0) {
                std::fprintf(stderr, "hfd convert: %s must be greater than 0\n", a.c_str());
                return 1;
            }
            options.limit_damping_angle = *value;
        } else if (a == "--landing-spheres") {
            const auto value = parse_positive(a, args[++i]);
            if (!value) return 1;
            feet.landing_radius = *value;
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
    print_diagnostics(result.report);
    if (!result.ok) return 1;
    std::string text = result.text;
    if (!feet.feet.empty()) {
        ParseResult parsed = parse_text(text, output.empty() ? input + ".hfd" : output);
        const std::vector<Diagnostic> added = add_foot_contacts(parsed.root, output.empty() ? input : output, feet);
        print_diagnostics(added);
        if (has_errors(added)) return 1;
        text = write_text(parsed.root);
    }
    if (output.empty()) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return 0;
    }
    std::string error;
    if (!write_file_atomic(output, text, &error)) {
        std::fprintf(stderr, "hfd convert: %s\n", error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace hfd::cli
