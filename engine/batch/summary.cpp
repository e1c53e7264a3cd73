#include "batch/summary.h"

#include "io/text_file.h"

#include <algorithm>
#include <cstdio>

namespace hfd {

namespace {

// Swept paths in order of first appearance.
std::vector<std::string> swept_paths(const std::vector<BatchRunSummary>& runs) {
    std::vector<std::string> paths;
    for (const BatchRunSummary& run : runs)
        for (const Override& change : run.overrides)
            if (std::find(paths.begin(), paths.end(), change.path) == paths.end()) paths.push_back(change.path);
    return paths;
}

std::string value_of(const BatchRunSummary& run, const std::string& path) {
    std::string value;
    for (const Override& change : run.overrides)
        if (change.path == path) value = change.value;  // the last one wins, as when applied
    return value;
}

bool any_excitation(const std::vector<BatchRunSummary>& runs) {
    return std::any_of(runs.begin(), runs.end(), [](const BatchRunSummary& r) { return !r.excitation.empty(); });
}

// Rows of text cells: header first.
std::vector<std::vector<std::string>> table_cells(const std::vector<BatchRunSummary>& runs, bool exact) {
    const std::vector<std::string> paths = swept_paths(runs);
    const bool excitation = any_excitation(runs);
    std::vector<std::vector<std::string>> cells;
    std::vector<std::string> header = {"run", "status"};
    header.insert(header.end(), paths.begin(), paths.end());
    if (excitation) header.push_back("excitation");
    for (const char* name : {"simulated_time [s]", "steps", "samples", "wall [s]", "output", "message"})
        header.push_back(name);
    cells.push_back(header);
    for (const BatchRunSummary& run : runs) {
        std::vector<std::string> row = {run.name, job_status_name(run.status)};
        for (const std::string& path : paths) row.push_back(value_of(run, path));
        if (excitation) row.push_back(run.excitation);
        std::string time, wall;
        append_number(time, run.simulated_time);
        if (exact) {
            append_number(wall, run.wall_seconds);
        } else {
            char text[32];
            std::snprintf(text, sizeof text, "%.3f", run.wall_seconds);
            wall = text;
        }
        row.insert(row.end(),
                   {time, std::to_string(run.steps), std::to_string(run.samples), wall, run.output, run.message});
        cells.push_back(std::move(row));
    }
    return cells;
}

}  // namespace

BatchRunSummary summarize_run(std::string name, const BatchJob& job, const JobOutcome& outcome) {
    BatchRunSummary summary;
    summary.name = std::move(name);
    summary.status = outcome.status;
    summary.message = outcome.status == JobStatus::Done ? std::string() : outcome.message;
    summary.overrides = job.inputs.overrides;
    summary.excitation = job.excitation.file;
    if (outcome.status != JobStatus::InputError) {
        summary.simulated_time =
            outcome.run.time -
            (outcome.recording && outcome.recording->row_count() ? outcome.recording->row(0)[0] : 0.0);
        summary.steps = outcome.run.steps;
    }
    summary.samples = outcome.recording ? outcome.recording->row_count() : 0;
    summary.wall_seconds = outcome.wall_seconds;
    return summary;
}

bool save_batch_summary_csv(const std::string& path, const std::vector<BatchRunSummary>& runs, std::string* error) {
    const std::vector<std::vector<std::string>> cells = table_cells(runs, true);
    return write_file_streamed(
        path,
        [&](const TextSink& out) {
            std::string text;
            for (const std::vector<std::string>& row : cells) {
                for (size_t c = 0; c < row.size(); ++c) {
                    if (c) text.push_back(',');
                    append_csv_field(text, row[c]);
                }
                text.push_back('\n');
            }
            return out(text);
        },
        error);
}

std::string format_batch_table(const std::vector<BatchRunSummary>& runs) {
    const std::vector<std::vector<std::string>> cells = table_cells(runs, false);
    std::vector<size_t> width(cells.front().size(), 0);
    for (const auto& row : cells)
        for (size_t c = 0; c + 1 < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    std::string text;
    for (const auto& row : cells) {
        std::string line;
        for (size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size()) line += std::string(width[c] - row[c].size() + 2, ' ');
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        text += line + '\n';
    }
    return text;
}

}  // namespace hfd
