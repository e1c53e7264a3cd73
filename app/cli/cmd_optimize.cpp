// hfd optimize: CMA-ES over a SCONE scenario's parameters, on a thread pool.
// Exit codes: 0 done (a stop condition or Ctrl+C: the best is kept), 1 unusable
// input (also a run folder in use, without a state or with a damaged one), 2 bad
// arguments, 4 a result file could not be written (the run stops there).
#include "commands.h"

#include "arguments.h"

#include "scenario/scenario_optimization.h"

#include <atomic>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace hfd::cli {

namespace {

constexpr int exit_ok = 0, exit_input = 1, exit_usage = 2, exit_output = 4;

constexpr const char* optimize_usage =
    "usage: hfd optimize SCENARIO.scone [options]\n"
    "       hfd optimize --resume RUN_FOLDER [options]\n"
    "\n"
    "  --threads N          evaluations in parallel (default: one per hardware thread)\n"
    "  --seed S             random seed (default: the scenario's random_seed, else 123)\n"
    "  --max-generations G  stop after G generations (default: the scenario's max_generations)\n"
    "  --out-dir D          parent of the run folder (default: results)\n"
    "  --resume FOLDER      continue a stopped run from its folder\n"
    "\n"
    "Writes a folder per run: the scenario copy, a .par per improvement (generation_best.par),\n"
    "history.csv (best, median, std per generation) and the optimizer state for --resume.\n"
    "Ctrl+C ends the run after the current generation and keeps the best.\n";

std::atomic<bool> stop_requested{false};
extern "C" void on_optimize_interrupt(int) { stop_requested.store(true); }

int usage_error(const std::string& message) {
    std::fprintf(stderr, "hfd optimize: %s\n\n%s", message.c_str(), optimize_usage);
    return exit_usage;
}

std::optional<long long> parse_count(const std::string& text) {
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

void print_progress(const OptimizationProgress& progress, bool tty) {
    const GenerationReport& report = progress.report;
    const double per_generation = report.generation > 0 ? progress.seconds / report.generation : 0;
    const int left = std::max(0, progress.max_generations - report.generation);
    std::fprintf(stderr, "%sgeneration %d  best %.6g  median %.6g  %.1f evaluations/s  %.0f s left to generation %d%s",
                 tty ? "\r" : "", report.generation, progress.best, progress.median, report.evaluations_per_second,
                 per_generation * left, progress.max_generations, tty ? "   " : "\n");
    std::fflush(stderr);
}

}  // namespace

int run_optimize(const Args& args) {
    std::vector<Word> words;
    if (const auto error =
            split_words(args, one_of({"--threads", "--seed", "--max-generations", "--out-dir", "--resume"}), words))
        return usage_error(*error);
    std::string scenario_path, resume;
    ScenarioOptimizationOptions options;
    for (const Word& word : words) {
        if (word.kind == Word::Kind::Help) {
            std::fputs(optimize_usage, stdout);
            return exit_ok;
        }
        if (word.kind == Word::Kind::Positional) {
            if (!scenario_path.empty()) return usage_error("more than one scenario given");
            scenario_path = word.name;
            continue;
        }
        if (word.name == "--out-dir") options.out_dir = word.value;
        else if (word.name == "--resume") resume = word.value;
        else {
            const std::optional<long long> count = parse_count(word.value);
            if (!count) return usage_error(word.name + " needs a whole number >= 0, got '" + word.value + "'");
            if (word.name == "--threads") options.threads = int(std::min(*count, 1024LL));
            else if (word.name == "--seed") options.seed = std::uint64_t(*count);
            else options.max_generations = int(std::min(*count, 100000000LL));
        }
    }
    if (scenario_path.empty() == resume.empty())
        return usage_error(resume.empty() ? "no scenario given" : "give a scenario or --resume, not both");
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<ScenarioOptimization> optimization;
    if (!resume.empty()) {
        optimization = ScenarioOptimization::resume(resume, options, diagnostics);
    } else {
        std::shared_ptr<const Scenario> scenario = Scenario::load(scenario_path, diagnostics);
        if (scenario) optimization = ScenarioOptimization::create(scenario, options, diagnostics);
    }
    print_diagnostics(diagnostics);
    if (!optimization) {
        std::fprintf(stderr, "hfd optimize: cannot optimize '%s'\n",
                     resume.empty() ? scenario_path.c_str() : resume.c_str());
        return exit_input;
    }
    const bool tty = isatty(2);
    optimization->on_progress([&](const OptimizationProgress& progress) { print_progress(progress, tty); });
    std::signal(SIGINT, on_optimize_interrupt);
    std::signal(SIGTERM, on_optimize_interrupt);
    std::string error;
    bool written = false;
    try {
        written = optimization->run(&stop_requested, &error);
    } catch (const std::exception& exception) {  // e.g. a file system error: the state written so far is kept
        error = exception.what();
    }
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (tty) std::fputc('\n', stderr);
    const OptimizationResult& result = optimization->result();
    std::printf("%s after %d generations, %lld evaluations: best %.8g (generation %d)\n",
                stop_reason_text(result.reason), result.generations, result.evaluations, optimization->best_value(),
                result.best_generation);
    if (!optimization->folder().empty()) std::printf("results in %s\n", optimization->folder().c_str());
    if (!optimization->best_par_file().empty())
        std::printf("best parameters: %s\n", optimization->best_par_file().c_str());
    if (!written) {
        std::fprintf(stderr, "hfd optimize: %s\n", error.c_str());
        return exit_output;
    }
    return exit_ok;
}

}  // namespace hfd::cli
