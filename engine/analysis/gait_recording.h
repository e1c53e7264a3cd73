#pragma once
// The channels of a recorded walking run that gait analysis needs (gait_cycles.h),
// read from a run CSV or built from a recording held in memory (the studio's).
//   - time: the column "time" (any unit written is taken as seconds).
//   - vertical (y) and forward (x) ground force of each leg, in N:
//       "<leg>.grf_x/y" of `hfd scenario evaluate --out` (leg0_r, leg1_l); else the
//       sum of the contact pairs "<a>-<b>.force_x/y" of `hfd simulate --out` whose
//       geometry <a> names a side (the force is on <a>'s body) or, negated, whose <b> does.
//       A name is on the right when one of its words (split at _ - . and spaces) is
//       "r" or "right", on the left for "l" or "left"; names with both or neither
//       are not a leg (the pelvis' contact, foot-on-foot contacts).
//   - forward position: the first of pelvis_tx, pelvis.pos_x, com_x, com.pos_x (m),
//     for stride and step lengths; absent is allowed.
//   - joint angles: every column whose name has no '.', other than time, that is
//     not a translation (name ending in _tx, _ty or _tz, or unit m); radians unless
//     its unit is [deg].
//   - joint moments: columns named "<dof>.moment" or "<dof>_moment" (N m).
// Columns are named "name" or "name [unit]"; the others are not read. Errors
// (no time or ground-force columns, a used column named twice, a row of the wrong
// length, a cell of a used column that is not a finite number, times that do not
// increase) carry file:line:col.
#include "format/diagnostic.h"

#include <array>
#include <string>
#include <vector>

namespace hfd {

enum class GaitSide { Right = 0, Left = 1 };
constexpr std::array<GaitSide, 2> gait_sides{GaitSide::Right, GaitSide::Left};
const char* gait_side_name(GaitSide side);  // "right", "left"

struct GaitChannel {
    std::string name;            // "knee_angle_r"
    std::string unit;            // "rad", "deg", "Nm"
    std::vector<double> values;  // one per row
};

struct GaitLegForces {
    std::vector<std::string> columns;  // what was summed: "leg0_r.grf_y" or "r_heel-floor.force_y", ...
    std::vector<double> x, y;          // N, one per row (empty: the recording has no force of this leg)
    bool present() const { return !y.empty(); }
};

struct GaitRecording {
    std::string file;                   // for messages; may be empty
    std::vector<double> time;           // s, strictly increasing
    std::array<GaitLegForces, 2> legs;  // indexed by GaitSide
    std::string position_name;          // "pelvis_tx"; empty when none
    std::vector<double> position;       // m, one per row, or empty
    std::vector<GaitChannel> angles;
    std::vector<GaitChannel> moments;
    const GaitLegForces& leg(GaitSide side) const { return legs[size_t(side)]; }
};

struct GaitRecordingRead {
    GaitRecording recording;
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return !has_errors(diagnostics); }
};

GaitRecordingRead read_gait_recording_text(std::string_view text, const std::string& file);
GaitRecordingRead read_gait_recording_file(const std::string& path);
// From a recording in memory: channel names (without units), their units, and
// rows of names.size() values each, back to back.
GaitRecordingRead gait_recording_from_rows(const std::vector<std::string>& names, const std::vector<std::string>& units,
                                           const std::vector<double>& values);

}  // namespace hfd
