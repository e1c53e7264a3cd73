#include "run/sto_writer.h"

#include "run/recorder.h"

namespace hfd {

namespace {

// Columns: time, then every dof value channel (not the velocities).
std::vector<size_t> dof_value_columns(const Recorder& recorder) {
    std::vector<size_t> columns;
    for (size_t c = 0; c < recorder.channel_count(); ++c) {
        const Channel& channel = recorder.channels()[c];
        if (channel.group == ChannelGroup::Time || (channel.group == ChannelGroup::Dofs && channel.quantity.empty()))
            columns.push_back(c);
    }
    return columns;
}

}  // namespace

bool write_dof_sto(const TextSink& out, const Recorder& recorder, const std::string& name, std::string* error) {
    const std::vector<size_t> columns = dof_value_columns(recorder);
    if (columns.size() < 2) {
        if (error) *error = "the recording holds no dof values";
        return false;
    }
    std::string text = name.empty() ? std::string("hfd") : name;
    text += "\nversion=1\nnRows=" + std::to_string(recorder.row_count()) +
            "\nnColumns=" + std::to_string(columns.size()) + "\ninDegrees=no\nendheader\n";
    for (size_t c = 0; c < columns.size(); ++c) {
        if (c) text.push_back('\t');
        text += c == 0 ? std::string("time") : recorder.channels()[columns[c]].source;
    }
    text.push_back('\n');
    std::vector<NumberColumn> number_columns(columns.size());
    for (size_t r = 0; r < recorder.row_count(); ++r) {
        const double* row = recorder.row(r);
        for (size_t c = 0; c < columns.size(); ++c) {
            if (c) text.push_back('\t');
            number_columns[c].append(text, row[columns[c]]);
        }
        text.push_back('\n');
        if (text.size() >= (1 << 15)) {
            if (!out(text)) return false;
            text.clear();
        }
    }
    return out(text);
}

bool save_dof_sto(const std::string& path, const Recorder& recorder, const std::string& name, std::string* error) {
    std::string message;
    const bool ok = write_file_streamed(
        path, [&](const TextSink& out) { return write_dof_sto(out, recorder, name, &message); }, error);
    if (!ok && error && !message.empty()) *error = message;
    return ok;
}

}  // namespace hfd
