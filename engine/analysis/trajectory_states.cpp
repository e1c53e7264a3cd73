#include "analysis/trajectory_states.h"
#include "format/read_text_file.h"

#include "io/text_file.h"

#include "state/kinematics.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace hfd {

namespace {

struct Table {
    std::vector<std::string> names;  // header, units removed
    std::vector<std::vector<double>> rows;
    std::map<std::string, size_t> column;  // name -> index
};

// Splits one line on `separator`, honouring double quotes ("" inside quotes).
std::vector<std::string> split_fields(std::string_view line, char separator) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') fields.back() += '"', ++i;
            else if (c == '"') quoted = false;
            else fields.back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == separator) {
            fields.emplace_back();
        } else if (c != '\r') {
            fields.back() += c;
        }
    }
    return fields;
}

std::string without_unit(std::string name) {
    const size_t bracket = name.rfind(" [");
    if (bracket != std::string::npos && name.back() == ']') name.erase(bracket);
    return name;
}

// Larger values are no positions, angles, velocities or muscle states of a
// recorded run; accepted, they overflow the differences and the dynamics
// evaluated at them into inf and NaN far from the cell that caused it.
constexpr double max_cell_magnitude = 1e12;

bool read_cells(const std::vector<std::string>& fields, int line, const std::string& file, Table& table,
                std::vector<Diagnostic>& diagnostics) {
    std::vector<double> row(fields.size());
    int col = 1;
    for (size_t c = 0; c < fields.size(); ++c) {
        const std::string& f = fields[c];
        const auto result = std::from_chars(f.data(), f.data() + f.size(), row[c]);
        const std::string where = "column '" + table.names[c] + "' (row " + std::to_string(table.rows.size() + 1) + ")";
        if (result.ec == std::errc::result_out_of_range)
            diagnostics.push_back(error_at(file, line, col, "number out of range in " + where + ": " + quoted(f)));
        else if (result.ec != std::errc() || result.ptr != f.data() + f.size())
            diagnostics.push_back(error_at(file, line, col, "expected a number in " + where + ", got " + quoted(f)));
        else if (!std::isfinite(row[c]) || std::abs(row[c]) > max_cell_magnitude)
            diagnostics.push_back(
                error_at(file, line, col,
                         "expected a finite number of magnitude at most 1e12 in " + where + ", got " + quoted(f)));
        else {
            col += int(f.size()) + 1;
            continue;
        }
        return false;
    }
    if (!table.rows.empty() && !(row[0] > table.rows.back()[0])) {
        diagnostics.push_back(error_at(file, line, 1, "time does not increase"));
        return false;
    }
    table.rows.push_back(std::move(row));
    return true;
}

bool read_table(std::string_view text, const std::string& file, Table& table, std::vector<Diagnostic>& diagnostics) {
    auto error = [&](int line, int column, std::string message) {
        diagnostics.push_back(error_at(file, line, column, std::move(message)));
        return false;
    };
    TextLines lines(text);
    std::string_view line;
    char separator = ',';
    // .sto: a header up to "endheader", then a tab-separated table
    if (text.find("endheader") != std::string_view::npos) {
        while (lines.next(line))
            if (line.substr(0, 9) == "endheader") break;
        separator = '\t';
    }
    while (lines.next(line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields = split_fields(line, separator);
        if (table.names.empty()) {
            for (std::string& f : fields) table.names.push_back(without_unit(f));
            for (size_t c = 0; c < table.names.size(); ++c)
                if (!table.column.emplace(table.names[c], c).second)
                    return error(lines.number(), 1, "column " + quoted(table.names[c]) + " appears twice");
            continue;
        }
        if (fields.size() != table.names.size())
            return error(lines.number(), 1,
                         "row has " + std::to_string(fields.size()) + " fields, the header " +
                             std::to_string(table.names.size()));
        if (!read_cells(fields, lines.number(), file, table, diagnostics)) return false;
    }
    if (table.names.empty() || table.names[0] != "time") return error(1, 1, "the first column must be 'time'");
    if (table.rows.empty()) return error(lines.number(), 1, "no rows");
    return true;
}

// Central difference of column values at row r (one-sided at the ends).
double difference(const Table& t, size_t column, size_t r) {
    const size_t a = r == 0 ? 0 : r - 1, b = r + 1 < t.rows.size() ? r + 1 : r;
    if (a == b) return 0;
    return (t.rows[b][column] - t.rows[a][column]) / (t.rows[b][0] - t.rows[a][0]);
}

// The recorded body poses, when the file has them, replace the assembled ones:
// they carry the joint displacements and contact penetrations of the run, so
// the forward evaluation at the state sees the run's joint and contact forces.
constexpr const char* pose_quantities[] = {"pos_x", "pos_y", "pos_z", "ori_w", "ori_x", "ori_y", "ori_z"};

// The columns of body b's pose (pose_quantities); the first quantity without one when absent.
const char* find_pose_columns(const Table& t, const Body& body, size_t (&c)[7]) {
    for (int k = 0; k < 7; ++k) {
        const auto found = t.column.find(body.name + "." + pose_quantities[k]);
        if (found == t.column.end()) return pose_quantities[k];
        c[k] = found->second;
    }
    return nullptr;
}

void recorded_poses(const Table& t, const Model& model, TrajectoryStates& out) {
    for (size_t b = 0; b < model.bodies.size(); ++b) {
        if (model.bodies[b].is_static()) continue;
        size_t c[7];
        if (find_pose_columns(t, model.bodies[b], c)) return;
        for (size_t r = 0; r < t.rows.size(); ++r) {
            const auto& row = t.rows[r];
            out.states[r].pos[b] = Vec3(row[c[0]], row[c[1]], row[c[2]]);
            out.states[r].ori[b] = Quat(row[c[3]], row[c[4]], row[c[5]], row[c[6]]).normalized();
        }
    }
}

bool states_from_dofs(const Table& t, const std::string& file, const Model& model, TrajectoryStates& out) {
    std::vector<size_t> value(model.dofs.size()), rate(model.dofs.size());
    std::vector<bool> has_rate(model.dofs.size());
    for (size_t d = 0; d < model.dofs.size(); ++d) {
        const auto v = t.column.find(model.dofs[d].name);
        if (v == t.column.end()) {
            out.diagnostics.push_back(error_at(file, 1, 1, "no column for dof '" + model.dofs[d].name + "'"));
            return false;
        }
        value[d] = v->second;
        const auto r = t.column.find(model.dofs[d].name + ".vel");
        has_rate[d] = r != t.column.end();
        if (has_rate[d]) rate[d] = r->second;
    }
    for (size_t r = 0; r < t.rows.size(); ++r) {
        DofAssignment dofs;
        for (size_t d = 0; d < model.dofs.size(); ++d) {
            dofs.value.push_back(t.rows[r][value[d]]);
            dofs.velocity.push_back(has_rate[d] ? t.rows[r][rate[d]] : difference(t, value[d], r));
        }
        apply_dofs(model, dofs, out.states[r]);
    }
    recorded_poses(t, model, out);
    return true;
}

bool states_from_bodies(const Table& t, const std::string& file, const Model& model, TrajectoryStates& out) {
    for (size_t b = 0; b < model.bodies.size(); ++b) {
        if (model.bodies[b].is_static()) continue;
        size_t c[7];
        if (const char* missing = find_pose_columns(t, model.bodies[b], c)) {
            out.diagnostics.push_back(error_at(
                file, 1, 1,
                "no dof columns and no column '" + model.bodies[b].name + "." + missing + "' for the body poses"));
            return false;
        }
        auto orientation = [&](size_t r) {
            const auto& row = t.rows[r];
            return Quat(row[c[3]], row[c[4]], row[c[5]], row[c[6]]).normalized();
        };
        for (size_t r = 0; r < t.rows.size(); ++r) {
            State& s = out.states[r];
            s.pos[b] = Vec3(t.rows[r][c[0]], t.rows[r][c[1]], t.rows[r][c[2]]);
            s.ori[b] = orientation(r);
            s.lin_vel[b] = Vec3(difference(t, c[0], r), difference(t, c[1], r), difference(t, c[2], r));
            const size_t a = r == 0 ? 0 : r - 1, e = r + 1 < t.rows.size() ? r + 1 : r;
            if (a == e) continue;
            // w = rotation vector of q_e q_a^-1 / dt (world frame)
            Quat delta = orientation(e) * orientation(a).conjugate();
            if (delta.w() < 0) delta.coeffs() *= -1;
            const Eigen::AngleAxisd aa(delta);
            s.ang_vel[b] = aa.axis() * aa.angle() / (t.rows[e][0] - t.rows[a][0]);
        }
    }
    return true;
}

// Muscles without state columns keep the initial state: said once, as a
// warning, since muscle forces (residuals, induced accelerations) then are not
// those of the run.
void muscle_state(const Table& t, const std::string& file, const Model& model, TrajectoryStates& out) {
    size_t missing = 0;
    std::string first_missing;
    for (size_t i = 0; i < model.muscles.size(); ++i) {
        const auto a = t.column.find(model.muscles[i].name + ".activation");
        const auto f = t.column.find(model.muscles[i].name + ".fiber_length");
        if (a == t.column.end() || f == t.column.end()) {
            if (missing++ == 0)
                first_missing = model.muscles[i].name + (a == t.column.end() ? ".activation" : ".fiber_length");
        }
        for (size_t r = 0; r < t.rows.size(); ++r) {
            if (a != t.column.end()) out.states[r].activation[i] = t.rows[r][a->second];
            if (f != t.column.end()) out.states[r].fiber_length[i] = t.rows[r][f->second];
        }
    }
    if (missing > 0)
        out.diagnostics.push_back(
            {Severity::Warning,
             {file, 1, 1},
             "no column '" + first_missing + "'" +
                 (missing > 1 ? " (nor for " + std::to_string(missing - 1) + " more muscles)" : "") +
                 ": those muscles keep the initial activation and fiber length, not the run's"});
}

TrajectoryStates states_from_table(const Table& table, const std::string& file, const Model& model,
                                   const State& initial) {
    TrajectoryStates out;
    out.states.assign(table.rows.size(), initial);
    for (size_t r = 0; r < table.rows.size(); ++r) out.states[r].time = table.rows[r][0];
    const bool ok =
        model.dofs.empty() ? states_from_bodies(table, file, model, out) : states_from_dofs(table, file, model, out);
    if (!ok) {
        out.states.clear();
        return out;
    }
    muscle_state(table, file, model, out);
    return out;
}

}  // namespace

TrajectoryStates read_trajectory_text(std::string_view text, const std::string& file, const Model& model,
                                      const State& initial) {
    Table table;
    std::vector<Diagnostic> diagnostics;
    if (!read_table(text, file, table, diagnostics)) return TrajectoryStates{{}, diagnostics};
    return states_from_table(table, file, model, initial);
}

TrajectoryStates trajectory_from_rows(const std::vector<std::string>& names, const std::vector<double>& values,
                                      const Model& model, const State& initial) {
    Table table;
    table.names = names;
    for (size_t c = 0; c < names.size(); ++c) table.column[names[c]] = c;
    for (size_t r = 0; !names.empty() && (r + 1) * names.size() <= values.size(); ++r)
        table.rows.emplace_back(values.begin() + std::ptrdiff_t(r * names.size()),
                                values.begin() + std::ptrdiff_t((r + 1) * names.size()));
    if (names.empty() || names[0] != "time" || table.rows.empty())
        return TrajectoryStates{{}, {error_at("recording", 0, 0, "the recording has no rows or no time channel")}};
    return states_from_table(table, "recording", model, initial);
}

TrajectoryStates read_trajectory_file(const std::string& path, const Model& model, const State& initial) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        TrajectoryStates out;
        out.diagnostics.push_back(error_at(path, 0, 0, "cannot open trajectory file"));
        return out;
    }
    return read_trajectory_text(*text, path, model, initial);
}

}  // namespace hfd
