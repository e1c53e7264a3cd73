#pragma once
// Muscle quantities along a motion, as OpenSim's Muscle Analysis gives them: a
// motion file of coordinates over time, then per row the muscle-tendon length of
// every muscle and its moment arm (muscle_moment_arm, from the path geometry)
// about every coordinate whose joint its path spans.
//
// Motion files: OpenSim's .mot / .sto (a header up to "endheader"; "inDegrees=yes"
// says the rotational coordinates are in degrees, the translations stay in metres;
// then a whitespace-separated table) or a CSV ("time,<dof>,..."; radians unless a
// column's unit is "[deg]"). Columns are matched to Model::dofs by name; dofs
// without a column keep their default; columns that name no dof are reported as
// one warning and ignored. Non-numbers (and nan, inf), a column named twice,
// "inDegrees=" other than yes or no, rows of the wrong length and times that do
// not increase are errors with file:line:col. A file whose first line (not empty,
// not a '#' comment) is a CSV header "time,..." is a CSV; any other first line
// starts the header of a .mot / .sto.
#include "format/diagnostic.h"
#include "io/text_file.h"
#include "model/model.h"
#include "state/kinematics.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

struct MotionCoordinates {
    std::vector<double> time;
    std::vector<DofAssignment> frames;  // per row; values per Model::dofs, velocities zero
                                        // until differentiate_dof_values
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return !has_errors(diagnostics) && !frames.empty(); }
};

MotionCoordinates read_motion_text(std::string_view text, const std::string& file, const Model& model);
MotionCoordinates read_motion_file(const std::string& path, const Model& model);

// Each frame's dof velocities from its neighbours' values (times strictly increase):
// inside, the second-order three-point derivative on uneven steps,
//   f'(t1) = -h2/(h1(h1+h2)) f0 + (h2-h1)/(h1 h2) f1 + h1/(h2(h1+h2)) f2,
// h1 = t1-t0, h2 = t2-t1; at the two ends the one-sided difference; zero for one frame.
void differentiate_dof_values(MotionCoordinates& motion);

struct MuscleMotion {
    struct MomentArm {
        Index muscle = no_index, dof = no_index;
        std::vector<double> values;  // m, per row
    };
    std::vector<double> time;
    std::vector<Index> muscles;
    std::vector<std::vector<double>> length;  // per muscle (as listed), per row, m
    std::vector<MomentArm> moment_arms;       // per listed muscle and coordinate whose joint its path spans
};

// `muscles` empty: every muscle. The poses are those of apply_dofs from the model's
// initial state.
MuscleMotion muscle_motion(const Model& model, const MotionCoordinates& motion, const std::vector<Index>& muscles);

// "time [s]", then "<muscle>.length [m]" per muscle, then
// "<muscle>.moment_arm.<dof> [m]" per moment arm; one row per motion row.
std::string muscle_motion_csv(const Model& model, const MuscleMotion& motion);

// Gives the next line of a motion (valid until the next call) and its 1-based
// number; false after the last.
using MotionLineSource = std::function<bool(std::string_view& line, int& number)>;

struct StreamedMuscleMotion {
    size_t rows = 0, muscles = 0, moment_arms = 0;
    std::vector<Diagnostic> diagnostics;  // of reading the motion
    bool write_failed = false;            // `out` refused a row
    bool ok() const { return !has_errors(diagnostics) && !write_failed && rows > 0; }
};

// muscle_motion_csv(model, muscle_motion(model, read_motion_text(...), muscles))
// a row at a time: each row of the motion is read from `lines`, analysed and its
// CSV line given to `out` before the next line is asked for, so the memory is
// that of one row however long the motion (hfd analyze muscles --motion). After
// an error the text given to `out` is incomplete (to be discarded, as
// write_file_streamed does when its producer fails).
StreamedMuscleMotion stream_muscle_motion_csv(const Model& model, const std::string& file,
                                              const MotionLineSource& lines, const std::vector<Index>& muscles,
                                              const TextSink& out);

}  // namespace hfd
