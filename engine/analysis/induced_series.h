#pragma once
// Induced accelerations over a run (one frame per state), arranged as one table
// per output quantity: rows are frames, columns are time, every contributor,
// "total" (the constrained solution of all contributors together) and
// "forward" (the forward simulation's value at the same state).
// Outputs, in order:
//   <coordinate>              coordinate acceleration [rad/s^2 | m/s^2]
//   com_x, com_y, com_z       whole-body centre of mass acceleration [m/s^2]
//   <body>.acc_x/y/z, <body>.ang_acc_x/y/z   chosen bodies [m/s^2 | rad/s^2], world
//   reaction.<geometry>_x/y/z force of the contact constraints of each geometry
//                             on its body [N], world (0 while it does not touch);
//                             "forward" is the compliant contact force
//   reaction.total_x/y/z      summed over all contacts
// Frame checks go to `superposition_error` and `constraint_error`; the verdict
// whether the constraint model holds (InducedValidity) to `validity`. The tables
// keep every frame's values; save_induced_series and the studio leave out the
// contributions of invalid frames.
#include "analysis/induced_accelerations.h"

#include <string>
#include <vector>

namespace hfd {

struct InducedTable {
    std::string output;
    std::string unit;
    std::vector<double> values;  // frames x columns, row-major
};

struct InducedSeries {
    std::vector<std::string> columns;  // contributors..., total, forward
    std::vector<double> time;
    std::vector<double> superposition_error, constraint_error;
    std::vector<InducedValidity> validity;  // per frame
    std::vector<InducedTable> tables;
    std::vector<Index> bodies;  // chosen bodies

    size_t frame_count() const { return time.size(); }
    const InducedTable* find(std::string_view output) const;
    double value(const InducedTable& table, size_t frame, size_t column) const {
        return table.values[frame * columns.size() + column];
    }
    bool valid(size_t frame) const { return frame >= validity.size() || validity[frame].valid; }
    size_t invalid_frame_count() const;
};

// Runs of consecutive invalid frames, [first, last] frame indices.
struct FrameSpan {
    size_t first = 0, last = 0;
};
std::vector<FrameSpan> invalid_spans(const InducedSeries& series);
// "t = 1.27-1.33 s, 2.9 s, ..." (at most `shown` spans, then "and N more").
std::string describe_spans(const InducedSeries& series, const std::vector<FrameSpan>& spans, size_t shown = 6);

// Empty series for the model's coordinates, the chosen bodies and every
// geometry on a moving body (candidate contacts).
InducedSeries make_induced_series(const Model& model, const std::vector<Index>& bodies);
// Appends one frame; the columns of the first frame fix the layout.
void append_induced_frame(InducedSeries& series, const Model& model, double time, const InducedAccelerations& frame);

// One CSV per table in `directory` ("<output>.csv", characters outside
// [A-Za-z0-9_.-] replaced by '_'): time, valid (1/0), com_residual, the
// contributors, total, forward; the contributor and total cells of an invalid
// frame are left empty (not results), forward is kept. Plus summary.csv per
// frame: time, valid, com_residual and its limit, the largest |coordinate
// acceleration - forward| and its limit, superposition and constraint errors,
// the reason of an invalid frame. False with a message on failure.
bool save_induced_series(const std::string& directory, const InducedSeries& series, std::string* error);

}  // namespace hfd
