#include "analysis/induced_series.h"

#include "io/text_file.h"
#include "state/kinematics.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace hfd {

namespace {

std::string file_name(std::string_view output) {
    std::string name(output);
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-') c = '_';
    return name + ".csv";
}

// Geometry a contact constraint belongs to: its name without "contact:" and "#k".
std::string contact_geometry(const std::string& group) {
    std::string name = group.substr(group.find(':') + 1);
    const size_t hash = name.rfind('#');
    return hash == std::string::npos ? name : name.substr(0, hash);
}

bool is_moving(const Model& m, Index body) { return body != no_index && !m.bodies[body].is_static(); }

}  // namespace

const InducedTable* InducedSeries::find(std::string_view output) const {
    for (const InducedTable& t : tables)
        if (t.output == output) return &t;
    return nullptr;
}

InducedSeries make_induced_series(const Model& model, const std::vector<Index>& bodies) {
    InducedSeries s;
    s.bodies = bodies;
    const bool has_dofs = !model.dofs.empty();
    for (size_t i = 0; const std::string& name : coordinate_names(model)) {
        const bool linear = has_dofs ? model.dofs[i].kind == Dof::Kind::RootTranslation
                                     : name.size() > 3 && name[name.size() - 2] == 't';
        s.tables.push_back({name, linear ? "m/s^2" : "rad/s^2", {}});
        ++i;
    }
    for (const char* axis : {"x", "y", "z"}) s.tables.push_back({std::string("com_") + axis, "m/s^2", {}});
    for (Index b : bodies) {
        for (const char* axis : {"x", "y", "z"})
            s.tables.push_back({model.bodies[b].name + ".acc_" + axis, "m/s^2", {}});
        for (const char* axis : {"x", "y", "z"})
            s.tables.push_back({model.bodies[b].name + ".ang_acc_" + axis, "rad/s^2", {}});
    }
    for (const Geometry& g : model.geometries)
        if (is_moving(model, g.body))
            for (const char* axis : {"x", "y", "z"}) s.tables.push_back({"reaction." + g.name + "_" + axis, "N", {}});
    for (const char* axis : {"x", "y", "z"}) s.tables.push_back({std::string("reaction.total_") + axis, "N", {}});
    return s;
}

void append_induced_frame(InducedSeries& s, const Model& model, double time, const InducedAccelerations& f) {
    if (s.columns.empty()) {
        s.columns = f.columns;
        s.columns.push_back("forward");
    }
    const size_t width = s.columns.size();
    s.time.push_back(time);
    s.superposition_error.push_back(f.superposition_error);
    s.constraint_error.push_back(f.constraint_error);
    for (InducedTable& t : s.tables) t.values.resize(s.time.size() * width, 0.0);
    const size_t row = (s.time.size() - 1) * width;
    auto put = [&](InducedTable& t, const Eigen::Ref<const Eigen::RowVectorXd>& values, double forward) {
        for (Eigen::Index c = 0; c < values.size(); ++c) t.values[row + size_t(c)] += values[c];
        t.values[row + width - 1] += forward;
    };
    size_t next = 0;
    for (Eigen::Index i = 0; i < f.coordinate.rows(); ++i)
        put(s.tables[next++], f.coordinate.row(i), f.forward_coordinate[i]);
    for (int k = 0; k < 3; ++k) put(s.tables[next++], f.com.row(k), f.forward_com[k]);
    for (Index b : s.bodies)
        for (int k = 0; k < 6; ++k) put(s.tables[next++], f.body.row(6 * b + k), f.forward_body[6 * b + k]);
    const size_t total = s.tables.size() - 3;
    for (size_t c = 0; c < f.contacts.size(); ++c) {
        const std::string name = "reaction." + contact_geometry(f.contacts[c].name) + "_";
        for (int k = 0; k < 3; ++k) {
            const Eigen::Index r = 3 * Eigen::Index(c) + k;
            const double forward = f.forward_reaction[r];
            auto it = std::find_if(s.tables.begin() + Eigen::Index(next), s.tables.end(),
                                   [&](const InducedTable& t) { return t.output == name + "xyz"[k]; });
            if (it != s.tables.end()) put(*it, f.reaction.row(r), forward);
            put(s.tables[total + size_t(k)], f.reaction.row(r), forward);
        }
    }
}

bool save_induced_series(const std::string& directory, const InducedSeries& s, std::string* error) {
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (!std::filesystem::is_directory(directory)) {
        if (error) *error = "cannot create directory '" + directory + "'";
        return false;
    }
    const size_t width = s.columns.size();
    for (const InducedTable& t : s.tables) {
        const bool ok = write_file_streamed((std::filesystem::path(directory) / file_name(t.output)).string(),
                                            [&](const TextSink& out) {
                                                std::string text = "time [s]";
                                                for (const std::string& c : s.columns) {
                                                    text.push_back(',');
                                                    append_csv_field(text, c + " [" + t.unit + "]");
                                                }
                                                text.push_back('\n');
                                                for (size_t r = 0; r < s.frame_count(); ++r) {
                                                    append_number(text, s.time[r]);
                                                    for (size_t c = 0; c < width; ++c) {
                                                        text.push_back(',');
                                                        append_number(text, t.values[r * width + c]);
                                                    }
                                                    text.push_back('\n');
                                                }
                                                return out(text);
                                            },
                                            error);
        if (!ok) return false;
    }
    const size_t coordinates = s.tables.size();  // coordinates come first; find where they end
    size_t coordinate_count = 0;
    while (coordinate_count < coordinates && s.tables[coordinate_count].output.rfind("com_", 0) != 0)
        ++coordinate_count;
    return write_file_streamed(
        (std::filesystem::path(directory) / "summary.csv").string(),
        [&](const TextSink& out) {
            std::string text = "time [s],superposition_error,constraint_error,max_forward_minus_total\n";
            for (size_t r = 0; r < s.frame_count(); ++r) {
                double largest = 0;
                for (size_t i = 0; i < coordinate_count && width >= 2; ++i)
                    largest = std::max(
                        largest, std::abs(s.value(s.tables[i], r, width - 1) - s.value(s.tables[i], r, width - 2)));
                append_number(text, s.time[r]);
                for (double v : {s.superposition_error[r], s.constraint_error[r], largest}) {
                    text.push_back(',');
                    append_number(text, v);
                }
                text.push_back('\n');
            }
            return out(text);
        },
        error);
}

}  // namespace hfd
