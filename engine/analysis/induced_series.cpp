#include "analysis/induced_series.h"

#include "io/text_file.h"
#include "state/kinematics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
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

size_t InducedSeries::invalid_frame_count() const {
    return size_t(std::count_if(validity.begin(), validity.end(), [](const InducedValidity& v) { return !v.valid; }));
}

std::vector<FrameSpan> invalid_spans(const InducedSeries& s) {
    std::vector<FrameSpan> spans;
    for (size_t f = 0; f < s.frame_count(); ++f) {
        if (s.valid(f)) continue;
        if (!spans.empty() && spans.back().last + 1 == f) spans.back().last = f;
        else spans.push_back({f, f});
    }
    return spans;
}

std::string describe_spans(const InducedSeries& s, const std::vector<FrameSpan>& spans, size_t shown) {
    std::string text = "t = ";
    char number[64];
    for (size_t i = 0; i < spans.size() && i < shown; ++i) {
        if (i > 0) text += ", ";
        if (spans[i].first == spans[i].last) std::snprintf(number, sizeof number, "%g s", s.time[spans[i].first]);
        else std::snprintf(number, sizeof number, "%g-%g s", s.time[spans[i].first], s.time[spans[i].last]);
        text += number;
    }
    if (spans.size() > shown) text += " and " + std::to_string(spans.size() - shown) + " more";
    return text;
}

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
    s.validity.push_back(f.validity);
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
    auto reaction_table = [&](const std::string& geometry, int k) -> InducedTable* {
        const std::string name = "reaction." + geometry + "_" + "xyz"[k];
        auto it = std::find_if(s.tables.begin() + Eigen::Index(next), s.tables.end(),
                               [&](const InducedTable& t) { return t.output == name; });
        return it == s.tables.end() ? nullptr : &*it;
    };
    // the constraint reactions; the forward contact force of every touching
    // contact, constrained or not (f.loads)
    const Eigen::RowVectorXd none = Eigen::RowVectorXd::Zero(f.reaction.cols());
    for (size_t c = 0; c < f.contacts.size(); ++c)
        for (int k = 0; k < 3; ++k) {
            const Eigen::Index r = 3 * Eigen::Index(c) + k;
            if (InducedTable* t = reaction_table(contact_geometry(f.contacts[c].name), k))
                put(*t, f.reaction.row(r), 0);
            put(s.tables[total + size_t(k)], f.reaction.row(r), 0);
        }
    for (const ContactLoad& load : f.loads)
        for (int k = 0; k < 3; ++k) {
            if (InducedTable* t = reaction_table(load.geometry, k)) put(*t, none, load.forward_force[k]);
            put(s.tables[total + size_t(k)], none, load.forward_force[k]);
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
        const bool ok =
            write_file_streamed((std::filesystem::path(directory) / file_name(t.output)).string(),
                                [&](const TextSink& out) {
                                    std::string text = "time [s],valid,com_residual [m/s^2]";
                                    for (const std::string& c : s.columns) {
                                        text.push_back(',');
                                        append_csv_field(text, c + " [" + t.unit + "]");
                                    }
                                    text.push_back('\n');
                                    for (size_t r = 0; r < s.frame_count(); ++r) {
                                        const bool valid = s.valid(r);
                                        append_number(text, s.time[r]);
                                        text += valid ? ",1," : ",0,";
                                        append_number(text, r < s.validity.size() ? s.validity[r].com_residual : 0.0);
                                        for (size_t c = 0; c < width; ++c) {
                                            text.push_back(',');
                                            // an invalid frame's contributions are not results
                                            if (valid || c + 1 == width) append_number(text, t.values[r * width + c]);
                                        }
                                        text.push_back('\n');
                                    }
                                    return out(text);
                                },
                                error);
        if (!ok) return false;
    }
    return write_file_streamed(
        (std::filesystem::path(directory) / "summary.csv").string(),
        [&](const TextSink& out) {
            std::string text =
                "time [s],valid,com_residual [m/s^2],com_limit [m/s^2],coordinate_residual,coordinate_limit,"
                "superposition_error,constraint_error,reason\n";
            for (size_t r = 0; r < s.frame_count(); ++r) {
                const InducedValidity v = r < s.validity.size() ? s.validity[r] : InducedValidity{};
                append_number(text, s.time[r]);
                text += v.valid ? ",1" : ",0";
                for (double x : {v.com_residual, v.com_limit, v.coordinate_residual, v.coordinate_limit,
                                 s.superposition_error[r], s.constraint_error[r]}) {
                    text.push_back(',');
                    append_number(text, x);
                }
                text.push_back(',');
                append_csv_field(text, v.reason);
                text.push_back('\n');
            }
            return out(text);
        },
        error);
}

}  // namespace hfd
