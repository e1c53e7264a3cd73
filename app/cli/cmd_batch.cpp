// hfd batch: many simulations of one model on a thread pool, one per thread:
// a parameter sweep over model properties (--set, --sweep) and/or a set of
// excitation files. One CSV per run and summary.csv in the output directory.
// Exit codes: 0 every run done, 1 unusable input (model, sweep, excitation or
// state file unreadable), 2 bad arguments, 3 some runs failed (the others
// are kept), 4 an output could not be written.
#include "commands.h"

#include "arguments.h"

#include "format/repeated_diagnostics.h"

#include "batch/batch.h"
#include "batch/summary.h"
#include "run/csv_writer.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <unistd.h>

namespace hfd::cli {

namespace {

constexpr int exit_ok = 0, exit_input = 1, exit_usage = 2, exit_failed = 3, exit_output = 4;

constexpr const char* batch_usage =
    "usage: hfd batch MODEL [options]\n"
    "\n"
    "Runs one simulation per combination of the sweep below, on a pool of threads.\n"
    "\n"
    "  --set PATH=V1,V2,.. sweep a property of the model file over values (repeatable:\n"
    "                      several --set make every combination, the first slowest)\n"
    "  --set PATH=A..B:N   N values evenly spaced from A to B (both included)\n"
    "                      PATH: body.femur_r.mass, body.rod.joint.pivot.stiffness,\n"
    "                      gravity, error_control_integrator_mem.accuracy ... (docs/batch.md)\n"
    "  --sweep FILE.csv    runs listed in a file: header row of paths, one row of values\n"
    "                      per run (combined with --set as every combination)\n"
    "  --excitation CSV    excitation file; repeat it for one run per file\n"
    "  --config CFG        simulation config, as for hfd simulate\n"
    "  --state STATE       initial state file, as for hfd simulate\n"
    "  --duration S        simulated time per run in seconds (default 1)\n"
    "  --sample S          sample period in seconds (default 0.01)\n"
    "  --groups LIST       channel groups written per run (default all; see hfd simulate)\n"
    "  --out-dir DIR       where run_NNNN.csv and summary.csv go (default batch_out;\n"
    "                      created when missing); one that holds an earlier batch's\n"
    "                      run_NNNN.csv or summary.csv is refused\n"
    "  --overwrite         remove an earlier batch's run_NNNN.csv and summary.csv from\n"
    "                      --out-dir first (no other file is touched)\n"
    "  --threads N         worker threads (default: one per core)\n"
    "\n"
    "exit codes: 0 every run done, 1 bad input file, 2 bad arguments, 3 some runs failed\n"
    "(reported in summary.csv, the others kept), 4 an output could not be written\n";

struct Options {
    std::string model, config, state, sweep, out_dir = "batch_out";
    std::vector<std::string> excitations;
    std::vector<SweepAxis> axes;
    double duration = 1, sample = 0.01;
    int threads = 0;
    GroupMask groups = all_channel_groups;
    bool help = false;
    bool overwrite = false;
};

int usage_error(const std::string& message) {
    std::fprintf(stderr, "hfd batch: %s\n\n%s", message.c_str(), batch_usage);
    return exit_usage;
}

std::optional<int> set_option(Options& options, const std::string& arg, const std::string& value) {
    if (arg == "--config") options.config = value;
    else if (arg == "--state") options.state = value;
    else if (arg == "--sweep") options.sweep = value;
    else if (arg == "--excitation") options.excitations.push_back(value);
    else if (arg == "--out-dir") options.out_dir = value;
    else if (arg == "--set") {
        std::string error;
        std::optional<SweepAxis> axis = parse_sweep_axis(value, &error);
        if (!axis) return usage_error("--set " + error);
        options.axes.push_back(std::move(*axis));
    } else if (arg == "--duration" || arg == "--sample") {
        const std::optional<double> seconds = parse_positive_number(value);
        if (!seconds) return usage_error(arg + " needs a positive number of seconds, got '" + value + "'");
        (arg == "--duration" ? options.duration : options.sample) = *seconds;
    } else if (arg == "--threads") {
        const std::optional<double> count = parse_positive_number(value);
        if (!count || *count != std::floor(*count) || *count > 4096)
            return usage_error("--threads needs a positive whole number, got '" + value + "'");
        options.threads = int(*count);
    } else if (arg == "--groups") {
        std::string error;
        const std::optional<GroupMask> groups = parse_channel_groups(value, &error);
        if (!groups) return usage_error(error);
        options.groups = *groups;
    } else {
        return usage_error("unknown option '" + arg + "'");
    }
    return std::nullopt;
}

std::optional<int> parse_arguments(const Args& args, Options& options) {
    std::vector<Word> words;
    // every option but the flag --overwrite takes a value; set_option tells the unknown ones
    Args valued;
    for (const std::string& arg : args) {
        if (arg == "--overwrite") options.overwrite = true;
        else valued.push_back(arg);
    }
    if (const auto error = split_words(
            valued, [](std::string_view) { return true; }, words))
        return usage_error(*error);
    for (const Word& word : words) {
        if (word.kind == Word::Kind::Help) {
            options.help = true;
            continue;
        }
        if (word.kind == Word::Kind::Positional) {
            if (!options.model.empty())
                return usage_error("more than one model given ('" + options.model + "', '" + word.name + "')");
            options.model = word.name;
            continue;
        }
        const std::string& arg = word.name;
        const std::string& value = word.value;
        if (std::optional<int> failed = set_option(options, arg, value)) return failed;
    }
    if (options.help) return std::nullopt;
    if (options.model.empty()) return usage_error("no model given");
    if (const auto too_many = check_sweep_size(options.axes, 1, options.excitations.size()))
        return usage_error(*too_many);
    return std::nullopt;
}

// Reads every input file once and makes one job per run; nullopt (message printed) when one is unusable.
std::optional<std::vector<BatchJob>> make_jobs(const Options& options) {
    std::string error;
    auto read = [&](const std::string& path) -> std::optional<TextInput> {
        std::optional<TextInput> input = read_text_input(path, &error);
        if (!input) std::fprintf(stderr, "hfd batch: %s\n", error.c_str());
        return input;
    };
    BatchJob base;
    base.duration = options.duration;
    base.sample_period = options.sample;
    base.groups = options.groups;
    std::optional<TextInput> model = read(options.model);
    if (!model) return std::nullopt;
    base.inputs.model = std::move(*model);
    for (auto [path, input] : {std::pair{&options.config, &base.inputs.config}, {&options.state, &base.inputs.state}}) {
        if (path->empty()) continue;
        std::optional<TextInput> text = read(*path);
        if (!text) return std::nullopt;
        *input = std::move(*text);
    }
    std::vector<OverrideSet> runs(1);
    if (!options.sweep.empty()) {
        SweepFileResult sweep = read_sweep_file(options.sweep);
        print_diagnostics(sweep.diagnostics);
        if (!sweep.runs) {
            std::fprintf(stderr, "hfd batch: cannot use sweep file '%s'\n", options.sweep.c_str());
            return std::nullopt;
        }
        if (const auto too_many = check_sweep_size(options.axes, sweep.runs->size(), options.excitations.size())) {
            std::fprintf(stderr, "hfd batch: %s\n", too_many->c_str());
            return std::nullopt;
        }
        runs = std::move(*sweep.runs);
    }
    runs = combine_runs(runs, cartesian_runs(options.axes));
    std::vector<TextInput> excitations;
    for (const std::string& path : options.excitations) {
        std::optional<TextInput> text = read(path);
        if (!text) return std::nullopt;
        excitations.push_back(std::move(*text));
    }
    if (excitations.empty()) excitations.emplace_back();
    std::vector<BatchJob> jobs;
    for (const OverrideSet& run : runs)
        for (const TextInput& excitation : excitations) {
            BatchJob job = base;
            job.inputs.overrides = run;
            job.excitation = excitation;
            jobs.push_back(std::move(job));
        }
    return jobs;
}

volatile std::sig_atomic_t interrupted = 0;
extern "C" void on_batch_interrupt(int) { interrupted = 1; }

std::string run_name(size_t index, size_t count) {
    const int width = std::max<int>(4, int(std::to_string(count - 1).size()));
    std::string number = std::to_string(index);
    return "run_" + std::string(width - std::min<int>(width, int(number.size())), '0') + number;
}

// The files a batch writes: run_NNNN.csv (four digits or more) and summary.csv,
// and the temporary files of interrupted writes of them.
bool is_batch_output(const std::filesystem::path& file) {
    std::string name = file.filename().string();
    // what an interrupted write of one of them left (io/text_file.h: "<file>.tmp-XXXXXX")
    if (const size_t temporary = name.rfind(".tmp-"); temporary != std::string::npos && name.size() == temporary + 11)
        name.erase(temporary);
    if (name == "summary.csv") return true;
    constexpr std::string_view prefix = "run_", suffix = ".csv";
    if (name.size() < prefix.size() + 4 + suffix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        return false;
    const std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A smaller batch run into the folder of a larger one would leave run files that
// its summary does not list: an earlier batch's files are refused, or with
// --overwrite removed (only those: the folder may hold the user's other files).
std::optional<int> clear_earlier_batch(const Options& options) {
    std::error_code ec;
    std::vector<std::filesystem::path> earlier;
    for (std::filesystem::directory_iterator it(options.out_dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && is_batch_output(it->path())) earlier.push_back(it->path());
    if (earlier.empty()) return std::nullopt;
    if (!options.overwrite) {
        std::fprintf(stderr,
                     "hfd batch: '%s' holds %zu files of an earlier batch (run_NNNN.csv, summary.csv); give "
                     "--overwrite to replace them, or another --out-dir\n",
                     options.out_dir.c_str(), earlier.size());
        return exit_usage;
    }
    for (const std::filesystem::path& file : earlier) {
        if (!std::filesystem::remove(file, ec) && ec) {
            std::fprintf(stderr, "hfd batch: cannot remove '%s' of an earlier batch: %s\n", file.string().c_str(),
                         ec.message().c_str());
            return exit_output;
        }
    }
    return std::nullopt;
}

}  // namespace

int run_batch(const Args& args) {
    Options options;
    if (const std::optional<int> failed = parse_arguments(args, options)) return *failed;
    if (options.help) {
        std::fputs(batch_usage, stdout);
        return exit_ok;
    }
    std::optional<std::vector<BatchJob>> jobs = make_jobs(options);
    if (!jobs) return exit_input;
    std::error_code ec;
    std::filesystem::create_directories(options.out_dir, ec);
    if (!std::filesystem::is_directory(options.out_dir)) {
        // why: the name (or a folder above it) is a file, or the system's reason
        const std::optional<std::string> problem = output_directory_problem(options.out_dir + "/summary.csv");
        const std::string why = problem ? *problem : ec ? ec.message() : "not a directory";
        std::fprintf(stderr, "hfd batch: cannot create output directory '%s': %s\n", options.out_dir.c_str(),
                     why.c_str());
        return exit_output;
    }
    if (const std::optional<int> refused = clear_earlier_batch(options)) return *refused;

    const size_t count = jobs->size();
    const int threads = batch_thread_count(options.threads, count);
    std::fprintf(stderr, "hfd batch: %zu runs on %d thread%s, output in %s\n", count, threads, threads == 1 ? "" : "s",
                 options.out_dir.c_str());
    std::vector<BatchRunSummary> summaries(count);
    std::mutex mutex;
    size_t finished = 0, failed = 0;
    bool outputs_ok = true;
    const bool terminal = isatty(2);
    const auto start = std::chrono::steady_clock::now();
    std::signal(SIGINT, on_batch_interrupt);
    hfd::run_batch(
        *jobs, threads,
        [&](size_t index, JobOutcome& outcome) {
            BatchRunSummary summary = summarize_run(run_name(index, count), (*jobs)[index], outcome);
            std::string error;
            bool written = true;
            if (outcome.recording && outcome.recording->row_count() > 0) {
                summary.output = (std::filesystem::path(options.out_dir) / (summary.name + ".csv")).string();
                written = save_recording_csv(summary.output, *outcome.recording, options.groups, &error);
                if (!written) {  // reported as what it is: the summary names no file that does not exist
                    summary.output.clear();
                    summary.status = JobStatus::OutputError;
                    summary.message = "cannot write its CSV: " + error +
                                      (summary.message.empty() ? "" : "; " + summary.message);
                }
            }
            std::lock_guard lock(mutex);
            ++finished;
            if (summary.status != JobStatus::Done) ++failed;
            if (!written) {
                outputs_ok = false;
                std::fprintf(stderr, "%shfd batch: %s: cannot write its CSV: %s\n", terminal ? "\r\033[K" : "",
                             summary.name.c_str(), error.c_str());
            }
            if (outcome.status != JobStatus::Done)
                std::fprintf(stderr, "%shfd batch: %s %s: %s\n", terminal ? "\r\033[K" : "", summary.name.c_str(),
                             job_status_name(outcome.status), outcome.message.c_str());
            if (index == 0) {  // warnings (e.g. no config in the file) are the same for every run: shown once
                std::vector<Diagnostic> warnings;
                for (const Diagnostic& d : outcome.diagnostics)
                    if (d.severity != Severity::Error) warnings.push_back(d);
                for (const Diagnostic& d : cap_repeated_diagnostics(warnings))
                    std::fprintf(stderr, "%s%s: %s\n", terminal ? "\r\033[K" : "", summary.name.c_str(),
                                 format_diagnostic(d).c_str());
            }
            if (terminal) {
                const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                std::fprintf(stderr, "\r[%zu/%zu] %zu failed, %.1f s", finished, count, failed, elapsed);
                std::fflush(stderr);
            }
            summaries[index] = std::move(summary);
        },
        &interrupted);
    std::signal(SIGINT, SIG_DFL);
    if (terminal) std::fputc('\n', stderr);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::vector<BatchRunSummary> reported;
    for (size_t i = 0; i < count; ++i)
        if (!summaries[i].name.empty()) reported.push_back(summaries[i]);
    const std::string summary_path = (std::filesystem::path(options.out_dir) / "summary.csv").string();
    std::string error;
    const bool summary_written = save_batch_summary_csv(summary_path, reported, &error);
    if (!summary_written) {
        std::fprintf(stderr, "hfd batch: cannot write '%s': %s\n", summary_path.c_str(), error.c_str());
        outputs_ok = false;
    }
    std::fputs(format_batch_table(reported).c_str(), stdout);
    const std::string where = summary_written ? "summary in " + summary_path : std::string("no summary written");
    std::printf("%zu of %zu runs done, %zu failed%s, %.3f s wall on %d thread%s; %s\n", reported.size() - failed,
                count, failed, interrupted ? ", interrupted" : "", wall, threads, threads == 1 ? "" : "s",
                where.c_str());
    if (!outputs_ok) return exit_output;
    return failed > 0 || interrupted ? exit_failed : exit_ok;
}

}  // namespace hfd::cli
