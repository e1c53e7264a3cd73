#pragma once
// The one way component properties are read and checked: a number (or a 0/1
// flag) within a bound, with a default when absent. Model components read
// theirs through build::PropertyReader, force components and integrators
// through read_properties() against their PropertySpec list in the component
// table (sim/components.h); both use read_bounded_number() and
// warn_unknown_properties(), so a value is judged and reported the same way.
#include "format/prop_node.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hfd {

enum class Bound {
    Any,          // any finite number
    NonNegative,  // >= 0
    Positive,     // > 0
    OpenUnit,     // in (0, 1)
    Flag,         // 0 or 1 (read as a flag: 0/1, true/false)
};

// A numeric property of a force component or an integrator.
struct PropertySpec {
    std::string_view key;
    double default_value;
    Bound bound = Bound::Any;
};

// The value of `node` when it is a finite number within `bound` (a Flag reads as
// 0 or 1); otherwise empty with `error` set, e.g. "must be > 0, found -1".
std::optional<double> read_bounded_number(const PropNode& node, Bound bound, std::string* error);

// The name of `known` closest to `name` by edit distance (insertions, deletions,
// substitutions and swaps of neighbours, case ignored) when it is close enough to be a
// misspelling: at most 1 edit for names of up to 4 characters, 2 up to 8, else 3, and
// fewer than `name` has characters. The first of equally close names; empty when none.
std::string closest_name(std::string_view name, std::span<const std::string_view> known);
std::string closest_name(std::string_view name, std::span<const std::string> known);

// "; did you mean 'mass'?" for closest_name, or "" when there is none.
std::string did_you_mean(std::string_view name, std::span<const std::string_view> known);
std::string did_you_mean(std::string_view name, std::span<const std::string> known);

// Warns "unknown property 'key' in <what> (ignored)" at each child of `node`
// whose key is not in `known` (variable definitions excepted), with "; did you mean
// 'name'?" after it when a known key is close (closest_name).
void warn_unknown_properties(const PropNode& node, std::span<const std::string_view> known, const std::string& what,
                             const std::string& file, std::vector<Diagnostic>& diagnostics);

// Values of a component's properties in the order of its specs: the written
// value, or the default.
class PropertyValues {
public:
    // The value of a key of the specs; a key outside them is a programming error.
    double operator[](std::string_view key) const;
    bool is_written(std::string_view key) const;

private:
    friend bool read_properties(const PropNode&, std::span<const PropertySpec>, const std::string&,
                                std::vector<Diagnostic>&, PropertyValues&);
    struct Entry {
        std::string_view key;
        double value;
        bool written;
    };
    std::vector<Entry> entries_;
};

// Reads `props` (a component block, key = its name) against its specs: unknown
// properties are warnings, a value that is not a number within its bound is an
// error "<component>.<key>: <why>" at the property. False when an error was reported.
bool read_properties(const PropNode& props, std::span<const PropertySpec> specs, const std::string& file,
                     std::vector<Diagnostic>& diagnostics, PropertyValues& out);

}  // namespace hfd
