#include "scenario/scenario.h"

#include "format/parser.h"
#include "model/build_model.h"
#include "scenario/run_objects.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace hfd {

namespace {

void read_optimizer(const PropNode& node, CreationContext& context, const std::string& directory,
                    OptimizerSettings& settings) {
    PropertyReader reader(node, context, node.key);
    settings.present = true;
    CmaSettings& cma = settings.cma;
    cma.lambda = int(reader.number("lambda", cma.lambda));
    cma.mu = int(reader.number("mu", cma.mu));
    cma.sigma = reader.number("sigma", cma.sigma);
    cma.max_generations = int(reader.number("max_generations", cma.max_generations));
    cma.min_progress = reader.number("min_progress", cma.min_progress);
    cma.window_size = int(reader.number("window_size", cma.window_size));
    cma.min_progress_samples = int(reader.number("min_progress_samples", cma.min_progress_samples));
    cma.random_seed = static_cast<std::uint64_t>(reader.number("random_seed", double(cma.random_seed)));
    if (cma.lambda < 0 || cma.mu < 0 || !(cma.sigma > 0) || cma.max_generations < 0)
        context.error(node, "CmaOptimizer: lambda, mu and max_generations must be >= 0 and sigma > 0");
    settings.signature_prefix = reader.text("signature_prefix");
    if (const std::string init_file = reader.text("init_file"); !init_file.empty())
        settings.init_file = find_scenario_file(directory, init_file);
    settings.use_init_file = reader.flag("use_init_file", true);
    settings.use_init_file_std = reader.flag("use_init_file_std", true);
    settings.use_best_as_mean = reader.flag("use_init_file_best_as_mean", false);
    if (const PropNode* init = reader.child("init")) {
        PropertyReader init_reader(*init, context, "init");
        if (const std::optional<std::string> file = init_reader.required_text("file"))
            settings.init_file = find_scenario_file(directory, *file);
        settings.use_init_file_std = init_reader.flag("use_std", settings.use_init_file_std);
        settings.init_std_factor = init_reader.number("std_factor", 1);
        settings.init_std_offset = init_reader.number("std_offset", 0);
        settings.use_best_as_mean = init_reader.flag("use_best_as_mean", false);
    }
    for (const char* key : {"signature_postfix", "signature", "max_errors", "max_threads", "thread_priority",
                            "output_root", "log_level", "flat_fitness_epsilon", "recombination_type",
                            "update_eigen_modulo", "encoding", "target_fitness", "min_improvement_for_file_output"})
        reader.accept(key);
    // a pool runs several optimizations with different seeds; here it is one
    for (const char* key : {"optimizations", "concurrent_optimizations", "use_predicted_fitness_stop_condition"})
        if (const PropNode* pool = reader.child(key)) {
            if (node.key != "CmaPoolOptimizer") context.error(*pool, std::string(key) + " belongs to CmaPoolOptimizer");
            else context.warning(*pool, std::string(key) + " ignored: a CmaPoolOptimizer runs as one optimization");
        }
    reader.accept("SimulationObjective");
}

// A .par value outside its parameter's range, located at its line.
Diagnostic value_out_of_range(const std::string& path, const ParFileEntry& entry, double value, const ParamInfo& info) {
    return {Severity::Error,
            {path, entry.line, 1},
            "parameter '" + entry.name + "' = " + number_in_message(value) + " is outside its range [" +
                number_in_message(info.min) + ", " + number_in_message(info.max) + "] declared at " +
                info.location.file + ":" + std::to_string(info.location.line)};
}

// Names for a message: the first eight, then ", ..." when there are more.
void add_to_name_list(std::string& list, size_t& count, const std::string& name) {
    if (count++ < 8) list += (list.empty() ? "" : ", ") + name;
}
std::string name_list_text(const std::string& list, size_t count) { return list + (count > 8 ? ", ..." : ""); }

}  // namespace

std::unique_ptr<Scenario> Scenario::load(const std::string& path, std::vector<Diagnostic>& diagnostics) {
    std::unique_ptr<Scenario> scenario(new Scenario);
    scenario->file_ = read_scenario_file(path);
    return scenario->read_structure(diagnostics) ? std::move(scenario) : nullptr;
}

std::unique_ptr<Scenario> Scenario::load_text(std::string_view text, const std::string& path,
                                              std::vector<Diagnostic>& diagnostics) {
    std::unique_ptr<Scenario> scenario(new Scenario);
    scenario->file_ = read_scenario_text(text, path);
    return scenario->read_structure(diagnostics) ? std::move(scenario) : nullptr;
}

bool Scenario::read_structure(std::vector<Diagnostic>& diagnostics) {
    for (Diagnostic& diagnostic : file_.diagnostics) diagnostics.push_back(diagnostic);
    if (!file_.ok()) return false;
    CreationContext context;
    context.file = file_.file;
    context.diagnostics = &diagnostics;
    context.params = &parameters_;

    // CmaOptimizer { SimulationObjective { ... } } or a bare SimulationObjective
    const PropNode* objective = nullptr;
    for (const PropNode& top : file_.root.children) {
        if (top.is_variable_definition()) continue;
        if (top.key == "SimulationObjective") objective = &top;
        else if (top.key == "CmaOptimizer" || top.key == "CmaOptimizerSpot" || top.key == "CmaPoolOptimizer") {
            read_optimizer(top, context, file_.directory, optimizer_);
            objective = top.find("SimulationObjective");
            if (!objective) context.error(top, top.key + " holds no SimulationObjective");
        } else if (top.key.find("Optimizer") != std::string::npos) {
            context.error(top, "optimizer '" + top.key + "' is not supported (CmaOptimizer is)");
        } else {
            context.error(top,
                          "unknown top-level block '" + top.key + "' (expected CmaOptimizer or SimulationObjective)");
        }
    }
    if (!objective) {
        if (!has_errors(diagnostics))
            diagnostics.push_back({Severity::Error, {file_.file, 0, 0}, "no SimulationObjective in the scenario"});
        return false;
    }
    objective_ = objective;
    {
        PropertyReader reader(*objective, context, "SimulationObjective");
        const std::optional<double> duration = reader.required_number("max_duration");
        if (duration && (!(*duration > 0) || *duration > 1e6))
            context.error(*reader.child("max_duration"), "max_duration must be in (0, 1e6] s");
        max_duration_ = duration.value_or(1);
        for (const char* key : {"signature", "signature_prefix", "signature_postfix"}) reader.accept(key);
        // SCONE's par_options: the std of every parameter written without one
        objective_param_defaults_.auto_std_factor = reader.number("auto_std_factor", 0.1);
        objective_param_defaults_.auto_std_minimum = reader.number("auto_std_minimum", 0.01);
        if (!(objective_param_defaults_.auto_std_factor >= 0) || !(objective_param_defaults_.auto_std_minimum >= 0))
            context.error(*objective, "auto_std_factor and auto_std_minimum must be >= 0");
        for (const PropNode& child : objective->children) {
            if (child.is_variable_definition() || !reader.has(child.key)) continue;
            if (child.key == "ModelHyfydy") {
                model_node_ = &child;
            } else if (child.key.rfind("Model", 0) == 0) {
                context.error(child, "model type '" + child.key + "' is not supported (ModelHyfydy is)");
            } else if (is_controller_type(child.key) || child.key.find("Controller") != std::string::npos) {
                if (controller_node_) context.error(child, "a second controller (use CompositeController)");
                controller_node_ = &child;
            } else if (is_measure_key(child.key)) {
                if (measure_node_) context.error(child, "a second measure (use CompositeMeasure)");
                measure_node_ = &child;
            } else {
                continue;
            }
            reader.accept(child.key);
        }
        if (!model_node_) context.error(*objective, "SimulationObjective holds no ModelHyfydy");
    }
    if (has_errors(diagnostics)) return false;

    // the model and its config, once
    // a bad model option is reported with the controller's and measure's errors (the
    // dry creation below); only a model that cannot be read stops here
    ModelHyfydyOptions options = read_model_hyfydy(*model_node_, context, file_.directory);
    if (options.model_file.empty()) return false;
    BuildResult built = load_model(options.model_file);
    for (Diagnostic& diagnostic : built.diagnostics) diagnostics.push_back(diagnostic);
    if (!built.ok()) return false;
    for (Muscle& muscle : built.model->muscles) muscle.max_isometric_force *= options.muscle_force_multiplier;
    if (options.properties && !apply_model_properties(*options.properties, *built.model, context)) return false;
    model_ = std::make_shared<const Model>(std::move(*built.model));
    model_file_ = options.model_file;
    const ParseResult model_text = parse_file(options.model_file);
    std::vector<Diagnostic> config_diagnostics;
    if (options.config_root) {
        config_ = read_model_hyfydy_config(*options.config_root, file_.file, *model_, config_diagnostics);
    } else {
        config_ = read_sim_config(model_text.root, options.model_file, config_diagnostics);
        if (config_.from_defaults) config_ = model_hyfydy_default_config(*model_);
    }
    for (Diagnostic& diagnostic : config_diagnostics) diagnostics.push_back(diagnostic);
    if (has_errors(config_diagnostics)) return false;
    if (options.opensim_activation) {
        for (PropNode& component : config_.composite_force.children)
            if (component.key == "muscle_activation") {
                component.key = "muscle_activation_opensim";
                component.children.clear();
            }
        if (!config_.composite_force.find("muscle_activation_opensim")) {
            PropNode& added = config_.composite_force.add_group("muscle_activation_opensim");
            (void)added;
        }
    }
    control_step_ = options.control_step;

    // a dry evaluation's creation declares the parameters (with their means)
    ParamSet declared;
    // (create_run drops the messages it repeats: it reads the model options again)
    const std::unique_ptr<RunObjects> dry = create_run({}, declared, diagnostics);
    parameters_ = std::move(declared);
    return dry != nullptr && !has_errors(diagnostics);
}

std::unordered_map<std::string, double> Scenario::values_by_name(const std::vector<double>& values) const {
    std::unordered_map<std::string, double> named;
    for (size_t i = 0; i < parameters_.infos.size() && i < values.size(); ++i)
        named.emplace(parameters_.infos[i].name, values[i]);
    return named;
}

std::optional<std::unordered_map<std::string, double>> Scenario::values_from_par(
    const std::string& par_path, std::vector<Diagnostic>& diagnostics) const {
    const ParFile par = read_par_file(par_path);
    for (const Diagnostic& diagnostic : par.diagnostics) diagnostics.push_back(diagnostic);
    if (!par.ok()) return std::nullopt;
    std::unordered_map<std::string, double> values;
    bool ok = true;
    for (const ParFileEntry& entry : par.entries) {
        const ParamInfo* info = parameters_.find(entry.name);
        const SourceLocation where{par_path, entry.line, 1};
        if (!info) {
            diagnostics.push_back(
                {Severity::Error, where,
                 "parameter '" + entry.name + "' is not a parameter of scenario '" + file_.file + "'"});
            ok = false;
            continue;
        }
        if (entry.value < info->min || entry.value > info->max) {
            diagnostics.push_back(value_out_of_range(par_path, entry, entry.value, *info));
            ok = false;
            continue;
        }
        values[entry.name] = entry.value;
    }
    std::string missing;
    size_t missing_count = 0;
    for (const ParamInfo& info : parameters_.infos)
        if (!values.count(info.name)) add_to_name_list(missing, missing_count, info.name);
    if (missing_count > 0 && ok)
        diagnostics.push_back({Severity::Warning,
                               {par_path, 0, 0},
                               std::to_string(missing_count) + " parameter(s) of the scenario are not in the file " +
                                   "and keep their means: " + name_list_text(missing, missing_count)});
    if (!ok) return std::nullopt;
    return values;
}

std::optional<std::unordered_map<std::string, double>> Scenario::initial_values(
    std::vector<Diagnostic>& diagnostics) const {
    std::unordered_map<std::string, double> values;
    for (const ParamInfo& info : parameters_.infos) values.emplace(info.name, info.mean);
    if (!optimizer_.present || !optimizer_.use_init_file || optimizer_.init_file.empty()) return values;
    const std::string& path = optimizer_.init_file;
    const ParFile par = read_par_file(path);
    for (const Diagnostic& diagnostic : par.diagnostics) diagnostics.push_back(diagnostic);
    if (!par.ok()) return std::nullopt;
    bool ok = true;
    size_t skipped = 0;
    std::string skipped_names;
    for (const ParFileEntry& entry : par.entries) {
        const ParamInfo* info = parameters_.find(entry.name);
        if (!info) {
            add_to_name_list(skipped_names, skipped, entry.name);
            continue;
        }
        const double value = entry.has_mean_std && !optimizer_.use_best_as_mean ? entry.mean : entry.value;
        if (value < info->min || value > info->max) {
            diagnostics.push_back(value_out_of_range(path, entry, value, *info));
            ok = false;
            continue;
        }
        values[entry.name] = value;
    }
    if (skipped > 0)
        diagnostics.push_back({Severity::Warning,
                               {path, 0, 0},
                               std::to_string(skipped) + " name(s) of the init file are not parameters of the " +
                                   "scenario and are skipped: " + name_list_text(skipped_names, skipped)});
    if (!ok) return std::nullopt;
    return values;
}

}  // namespace hfd
