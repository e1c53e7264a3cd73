// Jobs of a batch as plain dicts (so they pickle and travel to Dask workers):
//   {"model": {"text", "file"}, "config": .. | None, "state": .. | None,
//    "excitation": .. | None, "overrides": [(path, value)], "duration", "sample", "groups"}
// run_job runs one, run_batch many on a thread pool (io/batch.h), both
// without the GIL; results are dicts with the recording as a numpy array.
#include "bindings.h"

#include "batch/batch.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <unistd.h>

namespace hfd::python {

namespace {

TextInput text_input(const py::dict& spec, const char* key) {
    if (!spec.contains(key) || spec[key].is_none()) return {};
    const py::dict input = spec[key].cast<py::dict>();
    return TextInput{input["text"].cast<std::string>(),
                     input.contains("file") ? input["file"].cast<std::string>() : ""};
}

BatchJob job_from_dict(const py::dict& spec) {
    BatchJob job;
    job.inputs.model = text_input(spec, "model");
    if (!job.inputs.model.given()) throw py::value_error("a job needs a model {'text': ..., 'file': ...}");
    job.inputs.config = text_input(spec, "config");
    job.inputs.state = text_input(spec, "state");
    job.excitation = text_input(spec, "excitation");
    if (spec.contains("overrides"))
        for (const py::handle pair : spec["overrides"]) {
            const py::sequence items = pair.cast<py::sequence>();
            if (items.size() != 2) throw py::value_error("an override is a (path, value) pair");
            job.inputs.overrides.push_back({items[0].cast<std::string>(), items[1].cast<std::string>()});
        }
    if (spec.contains("duration")) job.duration = spec["duration"].cast<double>();
    if (spec.contains("sample")) job.sample_period = spec["sample"].cast<double>();
    if (spec.contains("groups")) job.groups = parse_groups(spec["groups"].cast<std::string>());
    if (!(job.duration > 0) || !(job.sample_period > 0)) throw py::value_error("duration and sample must be positive");
    return job;
}

py::dict outcome_to_dict(const JobOutcome& outcome) {
    py::dict result;
    result["status"] = job_status_name(outcome.status);
    result["ok"] = outcome.status == JobStatus::Done;
    result["message"] = outcome.message;
    std::vector<std::string> names, labels;
    result["diagnostics"] = diagnostic_lines(outcome.diagnostics);
    result["steps"] = outcome.run.steps;
    result["end_time"] = outcome.run.time;
    result["wall_seconds"] = outcome.wall_seconds;
    if (outcome.recording) {
        const Recorder& r = *outcome.recording;
        for (const Channel& c : r.channels()) {
            names.push_back(c.name);
            labels.push_back(channel_label(c));
        }
        py::array_t<double> values({py::ssize_t(r.row_count()), py::ssize_t(r.channel_count())});
        std::copy(r.values().begin(), r.values().end(), values.mutable_data());
        result["values"] = values;
    } else {
        result["values"] = py::array_t<double>(std::vector<py::ssize_t>{0, 0});
    }
    result["channels"] = names;
    result["labels"] = labels;
    return result;
}

py::dict run_one(const py::dict& spec) {
    const BatchJob job = job_from_dict(spec);
    JobOutcome outcome;
    {
        py::gil_scoped_release release;
        outcome = run_job(job);
    }
    return outcome_to_dict(outcome);
}

py::list run_many(const py::list& specs, int threads, bool progress) {
    std::vector<BatchJob> jobs;
    for (const py::handle spec : specs) jobs.push_back(job_from_dict(spec.cast<py::dict>()));
    std::vector<std::optional<JobOutcome>> outcomes(jobs.size());
    {
        py::gil_scoped_release release;
        std::mutex mutex;
        size_t finished = 0, failed = 0;
        const bool terminal = progress && isatty(2);
        const auto start = std::chrono::steady_clock::now();
        run_batch(jobs, threads, [&](size_t index, JobOutcome& outcome) {
            std::lock_guard lock(mutex);
            ++finished;
            if (outcome.status != JobStatus::Done) {
                ++failed;
                if (progress)
                    std::fprintf(stderr, "%shfd.batch: run %zu %s: %s\n", terminal ? "\r\033[K" : "", index,
                                 job_status_name(outcome.status), outcome.message.c_str());
            }
            if (terminal) {
                const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                std::fprintf(stderr, "\r[%zu/%zu] %zu failed, %.1f s", finished, jobs.size(), failed, elapsed);
                if (finished == jobs.size()) std::fputc('\n', stderr);
                std::fflush(stderr);
            }
            outcomes[index] = std::move(outcome);
        });
    }
    py::list results;
    for (const std::optional<JobOutcome>& outcome : outcomes) results.append(outcome_to_dict(*outcome));
    return results;
}

}  // namespace

void bind_batch(py::module_& m) {
    m.def("run_job", &run_one, py::arg("spec"), "Runs one job dict (see hfd.batch); returns its result dict.");
    m.def("run_batch", &run_many, py::arg("specs"), py::arg("threads") = 0, py::arg("progress") = false,
          "Runs job dicts on a thread pool (threads <= 0: one per core); results in job order.");
    m.def("batch_thread_count", &batch_thread_count, py::arg("threads"), py::arg("jobs"));
    m.def(
        "expand_sweep",
        [](const std::vector<std::string>& axes, std::optional<std::string> sweep_file, size_t excitations) {
            std::vector<SweepAxis> parsed;
            for (const std::string& text : axes) {
                std::string error;
                std::optional<SweepAxis> axis = parse_sweep_axis(text, &error);
                if (!axis) throw_error("", error);
                parsed.push_back(std::move(*axis));
            }
            std::vector<OverrideSet> runs(1);
            if (sweep_file) {
                const SweepFileResult read = read_sweep_file(*sweep_file);
                throw_if_errors(read.diagnostics, "cannot use sweep file '" + *sweep_file + "'");
                runs = *read.runs;
            }
            if (const auto too_many = check_sweep_size(parsed, runs.size(), excitations))
                throw py::value_error(*too_many);
            runs = combine_runs(runs, cartesian_runs(parsed));
            std::vector<std::vector<std::pair<std::string, std::string>>> result;
            for (const OverrideSet& run : runs) {
                result.emplace_back();
                for (const Override& change : run) result.back().emplace_back(change.path, change.value);
            }
            return result;
        },
        py::arg("axes"), py::arg("sweep_file") = py::none(), py::arg("excitations") = 1,
        "Runs of a sweep, as hfd batch makes them: axes 'PATH=V1,V2' / 'PATH=A..B:N' (every combination, "
        "first slowest), after the rows of a sweep file. Each run is a list of (path, value). ValueError when "
        "the runs (times `excitations` files each) would exceed the batch limit.");
}

}  // namespace hfd::python
