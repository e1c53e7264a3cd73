#pragma once
// Reading the properties of scenario objects (controllers, reflexes, measures,
// model options) from their PropNode, with optimizable parameters.
//
// A property that may be optimized is written as SCONE writes it:
//   KL = 0.5                 a constant (not a parameter)
//   KL = ~0.5<0,10>          parameter: mean 0.5, std = max(auto_std_factor |mean|, auto_std_minimum), bounds
//   KL = 0.5~0.1<0,10>       parameter: mean 0.5, std 0.1, bounds [0, 10]
//   KL = ~0.5                parameter without bounds
//   KL { mean = 0.5 std = 0.1 min = 0 max = 10 }
// Bounds may be written <a,b>, [a,b] or (a,b). With only bounds, the mean is their
// middle and the std a quarter of their width. A parameter is named by the current
// prefix (e.g. "S00011.vasti.") and its property name; the same name asked twice
// gives the one parameter (SCONE's symmetric controllers share "_r"/"_l" this way).
//
// Every property an object does not read is reported as an error at its
// location when the object is finished: a misspelt key never passes silently.
#include "format/prop_node.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace hfd {

struct ParamInfo {
    std::string name;
    double mean = 0, std = 0;
    double min = -1e12, max = 1e12;
    SourceLocation location;  // where it was declared
};

// The parameters of a scenario in declaration order, and the values in use.
struct ParamSet {
    std::vector<ParamInfo> infos;
    std::vector<double> values;
    std::unordered_map<std::string, size_t> index;  // name -> position

    const ParamInfo* find(std::string_view name) const;
    size_t size() const { return infos.size(); }
};

// Settings for parameters written without a std (SCONE's par_options).
struct ParamDefaults {
    double auto_std_factor = 0.1;
    double auto_std_minimum = 0.01;
};

// Shared by every object created from one scenario.
struct CreationContext {
    std::string file;  // the scenario file (nodes spliced from includes carry their own)
    std::vector<Diagnostic>* diagnostics = nullptr;
    ParamSet* params = nullptr;
    // Values by parameter name (from a .par file); a parameter not in it takes its mean.
    const std::unordered_map<std::string, double>* given = nullptr;
    std::vector<std::string> prefixes;  // joined to name parameters
    std::vector<ParamDefaults> defaults{ParamDefaults{}};

    void error(const PropNode& node, std::string message) const;
    void warning(const PropNode& node, std::string message) const;
    std::string prefix() const;
};

// Pushes a parameter-name prefix for the life of the object.
class ScopedPrefix {
public:
    ScopedPrefix(CreationContext& context, std::string prefix) : context_(context) {
        context_.prefixes.push_back(std::move(prefix));
    }
    ~ScopedPrefix() { context_.prefixes.pop_back(); }
    ScopedPrefix(const ScopedPrefix&) = delete;
    ScopedPrefix& operator=(const ScopedPrefix&) = delete;

private:
    CreationContext& context_;
};

class PropertyReader {
public:
    // `type` names the object in messages ("MuscleReflex").
    PropertyReader(const PropNode& node, CreationContext& context, std::string type);
    // Reports the properties that were never read.
    ~PropertyReader();
    PropertyReader(const PropertyReader&) = delete;
    PropertyReader& operator=(const PropertyReader&) = delete;

    const PropNode& node() const { return node_; }
    CreationContext& context() const { return context_; }
    const std::string& type() const { return type_; }

    bool has(std::string_view key) const { return node_.find(key) != nullptr; }
    // The child node with this key, marked as read (nullptr when absent).
    const PropNode* child(std::string_view key);
    // Marks a key as read without using it.
    void accept(std::string_view key);
    // Marks every child as read (an object that hands its children to others).
    void accept_all();

    std::string text(std::string_view key, std::string fallback = {});
    std::optional<std::string> required_text(std::string_view key);
    double number(std::string_view key, double fallback);
    std::optional<double> optional_number(std::string_view key);
    std::optional<double> required_number(std::string_view key);
    bool flag(std::string_view key, bool fallback);
    // An [x y z] property into value (kept when absent); false after a located error.
    bool vector3(std::string_view key, Eigen::Vector3d& value);
    // A property that may be an optimizable parameter, named prefix + par_name
    // (par_name defaults to the key).
    double parameter(std::string_view key, double fallback, std::string_view par_name = {});

private:
    const PropNode& node_;
    CreationContext& context_;
    std::string type_;
    std::vector<bool> read_;
    std::vector<std::string> asked_;  // every key looked up: what "did you mean" offers
};

// Declares a parameter (info.name complete, prefix included) in context.params and
// returns the value in use: the value given for its name, else its mean (a value
// outside its bounds: a located error, clamped). A name declared before gives the one
// parameter's value.
double declare_parameter(CreationContext& context, ParamInfo info);

// A parameter's declaration from its text ("~0.5<0,10>", "0.5~0.1<0,10>") or group;
// nullopt when the text is not one (error says why). A plain number is not a parameter.
std::optional<ParamInfo> parse_param_text(std::string_view text, const ParamDefaults& defaults, std::string* error);
bool is_param_text(std::string_view text);

// A .par file: one parameter per line, "name value mean std" (SCONE's format; mean
// and std optional). Errors name the line.
struct ParFileEntry {
    std::string name;
    double value = 0, mean = 0, std = 0;
    bool has_mean_std = false;
    int line = 0;
};
struct ParFile {
    std::vector<ParFileEntry> entries;
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return !has_errors(diagnostics); }
};
ParFile read_par_text(std::string_view text, const std::string& file_name);
ParFile read_par_file(const std::string& path);
// "name value mean std" lines, columns aligned, values to 17 significant digits.
std::string par_text(const ParamSet& params, const std::vector<double>& means, const std::vector<double>& stds);
bool write_par_file(const std::string& path, const ParamSet& params, const std::vector<double>& means,
                    const std::vector<double>& stds, std::string* error);

}  // namespace hfd
