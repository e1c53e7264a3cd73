#include "run/sto_writer.h"

#include "run/csv_writer.h"
#include "run/recorder.h"

namespace hfd {

std::vector<size_t> dof_value_columns(const Recorder& recorder) {
    std::vector<size_t> columns;
    for (size_t c = 0; c < recorder.channel_count(); ++c) {
        const Channel& channel = recorder.channels()[c];
        if (channel.group == ChannelGroup::Time || (channel.group == ChannelGroup::Dofs && channel.quantity.empty()))
            columns.push_back(c);
    }
    return columns;
}

StoHeader sto_header(const Recorder& recorder, const std::string& name, size_t rows,
                     const std::vector<size_t>& columns) {
    StoHeader header;
    header.text = name.empty() ? std::string("hfd") : name;
    header.text += "\nversion=1\nnRows=";
    header.row_count_offset = header.text.size();
    header.text +=
        std::to_string(rows) + "\nnColumns=" + std::to_string(columns.size()) + "\ninDegrees=no\nendheader\n";
    for (size_t c = 0; c < columns.size(); ++c) {
        if (c) header.text.push_back('\t');
        header.text += c == 0 ? std::string("time") : recorder.channels()[columns[c]].source;
    }
    header.text.push_back('\n');
    return header;
}

bool write_dof_sto(const TextSink& out, const Recorder& recorder, const std::string& name, std::string* error) {
    const std::vector<size_t> columns = dof_value_columns(recorder);
    if (columns.size() < 2) {
        if (error) *error = "the recording holds no dof values";
        return false;
    }
    std::string text = sto_header(recorder, name, recorder.row_count(), columns).text;
    RowFormatter formatter(columns, '\t');
    for (size_t r = 0; r < recorder.row_count(); ++r) {
        formatter.append(text, recorder.row(r));
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
