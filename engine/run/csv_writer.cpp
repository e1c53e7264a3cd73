#include "run/csv_writer.h"

#include "run/recorder.h"

#include <utility>

namespace hfd {

RowFormatter::RowFormatter(std::vector<size_t> columns, char separator)
    : columns_(std::move(columns)), numbers_(columns_.size()), separator_(separator) {}

void RowFormatter::append(std::string& text, const double* row) {
    for (size_t c = 0; c < columns_.size(); ++c) {
        if (c) text.push_back(separator_);
        numbers_[c].append(text, row[columns_[c]]);
    }
    text.push_back('\n');
}

std::string csv_header_line(const std::vector<std::string>& header, const std::vector<size_t>& columns) {
    std::string text;
    for (size_t c = 0; c < columns.size(); ++c) {
        if (c) text.push_back(',');
        append_csv_field(text, header[columns[c]]);
    }
    text.push_back('\n');
    return text;
}

std::vector<std::string> channel_labels(const Recorder& recorder) {
    std::vector<std::string> labels;
    labels.reserve(recorder.channel_count());
    for (const Channel& channel : recorder.channels()) labels.push_back(channel_label(channel));
    return labels;
}

bool write_csv_table(const TextSink& out, const std::vector<std::string>& header, const double* values, size_t rows,
                     size_t row_stride, const std::vector<size_t>& columns) {
    std::string text = csv_header_line(header, columns);
    constexpr size_t chunk = 1 << 15;
    RowFormatter formatter(columns, ',');
    for (size_t r = 0; r < rows; ++r) {
        formatter.append(text, values + r * row_stride);
        if (text.size() >= chunk) {
            if (!out(text)) return false;
            text.clear();
        }
    }
    return out(text);
}

std::vector<size_t> channels_in_groups(const Recorder& recorder, GroupMask groups) {
    groups |= group_bit(ChannelGroup::Time);
    std::vector<size_t> columns;
    for (size_t c = 0; c < recorder.channel_count(); ++c)
        if (groups & group_bit(recorder.channels()[c].group)) columns.push_back(c);
    return columns;
}

bool write_recording_csv(const TextSink& out, const Recorder& recorder, GroupMask groups) {
    return write_csv_table(out, channel_labels(recorder), recorder.values().data(), recorder.row_count(),
                           recorder.channel_count(), channels_in_groups(recorder, groups));
}

bool save_recording_csv(const std::string& path, const Recorder& recorder, GroupMask groups, std::string* error) {
    return write_file_streamed(
        path, [&](const TextSink& out) { return write_recording_csv(out, recorder, groups); }, error);
}

bool write_contact_events_csv(const TextSink& out, const std::vector<ContactEvent>& events,
                              const ContactPairSet& pairs) {
    std::string text = "time [s],pair,event\n";
    for (const ContactEvent& event : events) {
        append_number(text, event.time);
        text.push_back(',');
        append_csv_field(text, event.pair >= 0 && static_cast<size_t>(event.pair) < pairs.size()
                                   ? pairs.pairs[event.pair].name
                                   : std::string("?"));
        text.push_back(',');
        text.append(to_string(event.kind));
        text.push_back('\n');
    }
    return out(text);
}

bool save_contact_events_csv(const std::string& path, const std::vector<ContactEvent>& events,
                             const ContactPairSet& pairs, std::string* error) {
    return write_file_streamed(
        path, [&](const TextSink& out) { return write_contact_events_csv(out, events, pairs); }, error);
}

}  // namespace hfd
