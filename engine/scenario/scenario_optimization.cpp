#include "scenario/scenario_optimization.h"

#include "format/read_text_file.h"
#include "optimize/optimization_state.h"
#include "io/text_file.h"

#include <chrono>
#include <cmath>
#include <limits>
#include <cstdio>
#include <ctime>
#include <filesystem>

namespace hfd {

namespace {

namespace fs = std::filesystem;

const char* const state_file = "optimization.state";
const char* const history_file = "history.csv";

std::string run_folder_name(const std::string& scenario_file) {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%y%m%d.%H%M%S", &local);
    return std::string(stamp) + "." + fs::path(scenario_file).stem().string();
}

// The scenario copy in a run folder: the one .scone file there.
std::string scenario_copy(const std::string& folder) {
    std::error_code ignored;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, ignored))
        if (entry.path().extension() == ".scone") return entry.path().string();
    return {};
}

void refuse(std::vector<Diagnostic>& diagnostics, const std::string& file, const std::string& message) {
    Diagnostic diagnostic;
    diagnostic.location.file = file;
    diagnostic.message = message;
    diagnostics.push_back(std::move(diagnostic));
}

}  // namespace

std::vector<double> parameter_vector(const Scenario& scenario, const std::unordered_map<std::string, double>& values) {
    std::vector<double> vector;
    for (const ParamInfo& info : scenario.parameters().infos) {
        const auto it = values.find(info.name);
        vector.push_back(it == values.end() ? info.mean : it->second);
    }
    return vector;
}

std::unique_ptr<ScenarioOptimization> ScenarioOptimization::create(std::shared_ptr<const Scenario> scenario,
                                                                   const ScenarioOptimizationOptions& options,
                                                                   std::vector<Diagnostic>& diagnostics) {
    std::unique_ptr<ScenarioOptimization> optimization(new ScenarioOptimization);
    optimization->scenario_ = scenario;
    optimization->options_ = options;
    const OptimizerSettings& declared = scenario->optimizer();
    CmaSettings settings = declared.cma;
    if (options.seed) settings.random_seed = *options.seed;
    if (options.max_generations) settings.max_generations = *options.max_generations;
    const ParamSet& params = scenario->parameters();
    if (params.size() == 0) {
        refuse(diagnostics, scenario->file(), "the scenario has no parameters to optimize");
        return nullptr;
    }
    for (const ParamInfo& info : params.infos) {
        settings.initial_mean.push_back(info.mean);
        settings.initial_std.push_back(info.std);
        settings.lower_bound.push_back(info.min);
        settings.upper_bound.push_back(info.max);
    }
    if (declared.use_init_file && !declared.init_file.empty()) {
        const ParFile par = read_par_file(declared.init_file);
        for (const Diagnostic& diagnostic : par.diagnostics) diagnostics.push_back(diagnostic);
        if (!par.ok()) return nullptr;
        for (const ParFileEntry& entry : par.entries) {
            const auto it = params.index.find(entry.name);
            if (it == params.index.end()) continue;  // SCONE skips names a scenario lacks
            settings.initial_mean[it->second] =
                entry.has_mean_std && !declared.use_best_as_mean ? entry.mean : entry.value;
            if (declared.use_init_file_std && entry.has_mean_std)
                settings.initial_std[it->second] = entry.std * declared.init_std_factor + declared.init_std_offset;
        }
    }
    for (size_t i = 0; i < settings.initial_mean.size(); ++i)
        settings.initial_mean[i] =
            std::clamp(settings.initial_mean[i], settings.lower_bound[i], settings.upper_bound[i]);
    if (const std::string problems = validate_cma_settings(settings); !problems.empty()) {
        refuse(diagnostics, scenario->file(), "cannot optimize: " + problems);
        return nullptr;
    }
    optimization->settings_ = settings;
    return optimization;
}

std::unique_ptr<ScenarioOptimization> ScenarioOptimization::resume(const std::string& folder,
                                                                   const ScenarioOptimizationOptions& options,
                                                                   std::vector<Diagnostic>& diagnostics) {
    const std::string copy = scenario_copy(folder);
    if (copy.empty()) {
        refuse(diagnostics, folder, "no scenario (.scone) in the run folder");
        return nullptr;
    }
    // the copy is read as if it were still in its source folder, so that its
    // relative paths (model, includes, init file) resolve as they did
    const std::optional<std::string> text = read_text_file(copy);
    std::optional<std::string> source = read_text_file((fs::path(folder) / "source_directory.txt").string());
    if (!text || !source) {
        refuse(diagnostics, folder, "cannot read the run folder's scenario copy");
        return nullptr;
    }
    while (!source->empty() && (source->back() == '\n' || source->back() == '\r')) source->pop_back();
    std::shared_ptr<const Scenario> scenario =
        Scenario::load_text(*text, (fs::path(*source) / fs::path(copy).filename()).string(), diagnostics);
    if (!scenario) return nullptr;
    std::unique_ptr<ScenarioOptimization> optimization = create(scenario, options, diagnostics);
    if (!optimization) return nullptr;
    std::string error;
    if (!optimization->lock_.acquire(folder, &error)) {
        refuse(diagnostics, folder, error);
        return nullptr;
    }
    const std::string state_path = (fs::path(folder) / state_file).string();
    if (!fs::exists(state_path)) {
        refuse(diagnostics, state_path,
               "no optimizer state: the run was stopped before its first save; start it again from its scenario");
        return nullptr;
    }
    // read here, not in run(): a damaged state is bad input (exit 1), not a failed write
    const CmaEs check(optimization->settings_);
    if (!read_optimization_state(state_path, check, optimization->resumed_state_, optimization->resumed_progress_,
                                 &error)) {
        refuse(diagnostics, state_path, error);
        return nullptr;
    }
    optimization->folder_ = folder;
    optimization->resumed_ = true;
    return optimization;
}

double ScenarioOptimization::best_value() const { return minimize_ ? result_.best_fitness : -result_.best_fitness; }

bool ScenarioOptimization::make_folder(std::string* error) {
    std::error_code code;
    folder_ = make_unique_run_folder(options_.out_dir, run_folder_name(scenario_->file()), lock_, error);
    if (folder_.empty()) return false;
    const std::optional<std::string> text = read_text_file(scenario_->file());
    const std::string copy = (fs::path(folder_) / fs::path(scenario_->file()).filename()).string();
    if (!text || !write_file_streamed(
                     copy, [&](const TextSink& sink) { return sink(*text); }, error))
        return false;
    // the scenario's relative paths (model, includes) must still resolve from the copy
    const std::string source_directory = fs::absolute(fs::path(scenario_->file()), code).parent_path().string();
    return write_file_streamed((fs::path(folder_) / "source_directory.txt").string(),
                               [&](const TextSink& sink) { return sink(source_directory + "\n"); }, error) &&
           write_file_streamed(
               (fs::path(folder_) / history_file).string(),
               [&](const TextSink& sink) { return sink("generation,best,median,std,best_so_far,evaluations\n"); },
               error) &&
           // generation 0: a folder killed from here on resumes
           run_->save_state((fs::path(folder_) / state_file).string(), error);
}

bool ScenarioOptimization::write_generation(const GenerationReport& report, std::string* error) {
    char line[160];
    const double sign = minimize_ ? 1 : -1;
    std::snprintf(line, sizeof line, "%d,%.10g,%.10g,%.10g,%.10g,%lld\n", report.generation, sign * report.best,
                  sign * report.median, report.std, sign * report.best_so_far, report.evaluations);
    // the state last: it commits the generation (scenario/run_folder.h)
    return append_line_durably((fs::path(folder_) / history_file).string(), line, error) &&
           run_->save_state((fs::path(folder_) / state_file).string(), error);
}

bool ScenarioOptimization::write_improvement(const Improvement& improvement, std::string* error) {
    const double value = minimize_ ? improvement.fitness : -improvement.fitness;
    char name[64];
    std::snprintf(name, sizeof name, "%04d_%.6g.par", improvement.generation, value);
    ParamSet params = scenario_->parameters();
    params.values = *improvement.parameters;
    const CmaEs& cma = run_->optimizer();
    std::vector<double> means(cma.state().mean.data(), cma.state().mean.data() + cma.state().mean.size());
    const std::string path = (fs::path(folder_) / name).string();
    if (!write_par_file(path, params, means, cma.current_std(), error)) return false;
    best_par_ = path;
    return true;
}

bool ScenarioOptimization::run(const std::atomic<bool>* stop, std::string* error) {
    // the measure's direction: from one evaluation of the mean
    const std::shared_ptr<const Scenario> scenario = scenario_;
    minimize_ = scenario->evaluate(settings_.initial_mean).minimize;
    const bool minimize = minimize_;
    Objective objective = [scenario, minimize](const std::vector<double>& values) {
        const ScenarioResult result = scenario->evaluate(values);
        if (!result.diagnostics.empty() && has_errors(result.diagnostics))
            return std::numeric_limits<double>::infinity();
        return minimize ? result.objective : -result.objective;
    };
    run_ = std::make_unique<OptimizationRun>(settings_, objective, options_.threads);
    if (external_) {
        run_->set_generation_evaluator([this, minimize](const std::vector<std::vector<double>>& candidates) {
            const std::vector<double> objectives = external_(candidates);
            std::vector<Evaluation> evaluations(candidates.size());
            for (size_t k = 0; k < evaluations.size(); ++k) {
                const double value = k < objectives.size() ? objectives[k] : std::nan("");
                if (std::isnan(value)) {
                    evaluations[k] = {std::numeric_limits<double>::infinity(), "the evaluation failed"};
                } else {
                    evaluations[k].fitness = minimize ? value : -value;
                }
            }
            return evaluations;
        });
    }
    if (resumed_) {
        run_->restore(resumed_state_, resumed_progress_);
        if (!repair_run_folder(folder_, resumed_state_.generation, &best_par_, error)) {
            result_ = run_->result(StopReason::write_failed);
            return false;
        }
    } else if (!make_folder(error)) {
        result_ = run_->result(StopReason::write_failed);
        return false;
    }
    bool written = true;
    std::string write_error;
    const auto started = std::chrono::steady_clock::now();
    OptimizationCallbacks callbacks;
    callbacks.on_improvement = [&](const Improvement& improvement) {
        written = written && write_improvement(improvement, &write_error);
    };
    callbacks.on_generation = [&](const GenerationReport& report) {
        written = written && write_generation(report, &write_error);
        if (progress_) {
            const double sign = minimize ? 1 : -1;
            OptimizationProgress progress;
            progress.report = report;
            progress.best = sign * report.best_so_far;
            progress.median = sign * report.median;
            progress.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            progress.max_generations = settings_.max_generations;
            progress_(progress);
        }
    };
    run_->set_callbacks(callbacks);
    StopReason reason = run_->stop_condition();
    while (reason == StopReason::none) {
        if (stop && stop->load()) {
            reason = StopReason::stop_requested;
            break;
        }
        reason = run_->step();
        if (!written) reason = StopReason::write_failed;
    }
    result_ = run_->result(reason);
    lock_ = RunFolderLock();  // the run is over: its folder may be resumed
    if (!written && error) *error = write_error;
    return written;
}

}  // namespace hfd
