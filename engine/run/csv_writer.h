#pragma once
// CSV export of a recording and of contact events. One header row of unique
// names with units ("hip_flexion_r [rad]", "r_heel-platform.force_y [N]"),
// comma separated, '.' decimal separator whatever the locale, every number in
// the shortest text that reads back to the same double. Files are replaced
// atomically (see text_file.h).
#include "io/channels.h"
#include "run/contact_events.h"
#include "io/text_file.h"

#include <string>
#include <vector>

namespace hfd {

class Recorder;

// Formats rows: the chosen columns of each, separated by `separator`, one line
// per row (a NumberColumn per column).
class RowFormatter {
public:
    RowFormatter(std::vector<size_t> columns, char separator);
    void append(std::string& text, const double* row);
    const std::vector<size_t>& columns() const { return columns_; }

private:
    std::vector<size_t> columns_;
    std::vector<NumberColumn> numbers_;
    char separator_;
};

// The header line of a CSV table of `columns` of `header`.
std::string csv_header_line(const std::vector<std::string>& header, const std::vector<size_t>& columns);
// The recorder's channel labels ("hip_flexion_r [rad]"), one per channel.
std::vector<std::string> channel_labels(const Recorder& recorder);

// Writes a table: header row then rows x columns values (row-major, row_stride
// values per row), taking the columns listed in `columns`.
bool write_csv_table(const TextSink& out, const std::vector<std::string>& header, const double* values, size_t rows,
                     size_t row_stride, const std::vector<size_t>& columns);

// The recorder's channels of `groups` (time always included).
std::vector<size_t> channels_in_groups(const Recorder& recorder, GroupMask groups);
bool write_recording_csv(const TextSink& out, const Recorder& recorder, GroupMask groups = all_channel_groups);
bool save_recording_csv(const std::string& path, const Recorder& recorder, GroupMask groups = all_channel_groups,
                        std::string* error = nullptr);

// time [s],pair,event  ("0.4515,r_heel-platform,onset").
bool write_contact_events_csv(const TextSink& out, const std::vector<ContactEvent>& events,
                              const ContactPairSet& pairs);
bool save_contact_events_csv(const std::string& path, const std::vector<ContactEvent>& events,
                             const ContactPairSet& pairs, std::string* error = nullptr);

}  // namespace hfd
