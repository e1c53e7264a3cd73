#pragma once
// The summary of a batch: one row per run with its parameters, status and
// output, as a CSV file and as a table for the terminal.
#include "batch/job.h"

#include <string>
#include <vector>

namespace hfd {

struct BatchRunSummary {
    std::string name;  // "run_0003"
    JobStatus status = JobStatus::InputError;
    std::string message;  // empty when done
    OverrideSet overrides;
    std::string excitation;     // file name, when one was given
    double simulated_time = 0;  // s
    long long steps = 0;
    size_t samples = 0;
    double wall_seconds = 0;
    std::string output;  // CSV written for the run, when any
};

BatchRunSummary summarize_run(std::string name, const BatchJob& job, const JobOutcome& outcome);

// Columns: run,status,<one per swept path>,excitation,simulated_time [s],steps,samples,wall [s],output,message
bool save_batch_summary_csv(const std::string& path, const std::vector<BatchRunSummary>& runs,
                            std::string* error = nullptr);
// Aligned text table with the same columns (wall time rounded, messages last).
std::string format_batch_table(const std::vector<BatchRunSummary>& runs);

}  // namespace hfd
