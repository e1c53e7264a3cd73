// hfd-bench --accuracy: the table of docs/accuracy.md. For each case and each
// accuracy A in 1e-2, 1e-4, 1e-6: accepted steps per simulated second at A, and
// the largest body position error against a run of the same case at A / 1000
// (min_step 1e-12 s instead of the default 1e-8 s: at contact onset the Hunt-Crossley
// force (k d)^(3/2) has an unbounded jerk, and 1e-9 needs steps below 1e-8 s there;
// largest over the dynamic bodies and over samples every millisecond, which
// are partial steps: the sampling does not change the steps); for the spheres
// also the largest distance from the exact parabola before the first contact,
// and for the dropped one the first contact onset against the free-fall time.
#include "run/contact_events.h"
#include "run/recorder.h"
#include "run/run.h"
#include "scenarios.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hfd {

namespace {

using bench::Scenario;

constexpr double sample_period = 1e-3;

struct Recording {
    bool ok = false;
    long long steps = 0;
    std::vector<double> positions;  // per sample: x, y, z of each dynamic body
    std::optional<double> first_onset;
    // one dynamic body: its largest distance from the free-flight parabola before the first onset
    std::optional<double> flight_error;
};

Recording record(const Scenario& c, double accuracy, double min_step) {
    Recording result;
    SimConfig config;
    auto sim = bench::create_simulation(c, {{"accuracy", accuracy}, {"min_step", min_step}}, &config);
    if (!sim) return result;
    const ContactPairSet pairs = candidate_contact_pairs(sim->model(), collision_settings(config));
    Recorder recorder(*sim, pairs, group_bit(ChannelGroup::Bodies));
    ContactEventDetector detector(*sim, pairs);
    RunOptions options;
    options.duration = c.duration;
    options.sample_period = sample_period;
    options.events = &detector;
    const RunResult run = record_simulation(*sim, recorder, options);
    result.ok = run.ok;
    if (!run.ok) std::fprintf(stderr, "%s at accuracy %g: %s\n", c.name.c_str(), accuracy, run.message.c_str());
    result.steps = run.steps;
    for (const ContactEvent& event : detector.events())
        if (event.kind == ContactEventKind::Onset) {
            result.first_onset = event.time;
            break;
        }
    for (size_t r = 0; r < recorder.row_count(); ++r)
        for (size_t k = 0; k < recorder.channel_count(); ++k)
            if (recorder.channels()[k].group == ChannelGroup::Bodies &&
                recorder.channels()[k].quantity.starts_with("pos_"))
                result.positions.push_back(recorder.value(r, k));
    if (result.positions.size() == 3 * recorder.row_count()) {
        const Model& model = sim->model();
        const Index body = model.bodies[0].is_static() ? 1 : 0;
        const State& start = sim->initial_state();
        double largest = 0;
        for (size_t r = 0; r < recorder.row_count(); ++r) {
            const double t = recorder.value(r, 0);
            if (result.first_onset && t >= *result.first_onset) break;
            const Vec3 parabola = start.pos[body] + t * start.lin_vel[body] + 0.5 * t * t * model.gravity;
            largest = std::max(
                largest,
                (Vec3(result.positions[3 * r], result.positions[3 * r + 1], result.positions[3 * r + 2]) - parabola)
                    .norm());
        }
        result.flight_error = largest;
    }
    return result;
}

double largest_position_error(const Recording& run, const Recording& reference) {
    double largest = 0;
    for (size_t i = 0; i + 2 < run.positions.size() && i + 2 < reference.positions.size(); i += 3) {
        const double dx = run.positions[i] - reference.positions[i],
                     dy = run.positions[i + 1] - reference.positions[i + 1],
                     dz = run.positions[i + 2] - reference.positions[i + 2];
        largest = std::max(largest, std::sqrt(dx * dx + dy * dy + dz * dz));
    }
    return largest;
}

std::vector<Scenario> accuracy_cases(const std::string& corpus) {
    const std::string sphere_config =
        "composite_force { simple_collision_detection {} contact_force_hunt_crossley_sb {} }\n"
        "error_control_integrator_sem { accuracy = 0.01 }\n";
    std::vector<Scenario> cases;
    cases.push_back({"sphere drop", bench::sphere_model(0.3, 0), "", sphere_config, "", "", {}, 0, 1.0, 1, 1});
    cases.push_back({"sphere slide", bench::sphere_model(0.5, 2), "", sphere_config, "", "", {}, 0, 1.0, 1, 1});
    for (Scenario& c : bench::all_scenarios(corpus))
        if (c.name == "S2 H0918 gait" || c.name == "human3d fall") {
            c.duration = 1.0, c.episodes = 1;
            cases.push_back(c);
        }
    return cases;
}

}  // namespace

void print_accuracy_table(const std::string& corpus, const std::string& only) {
    // free fall of the sphere's centre from 0.3 m to 0.1 m (gravity 9.81 m/s^2)
    const double free_fall_onset = std::sqrt(2 * 0.2 / 9.81);
    std::printf(
        "| case | accuracy | steps / sim s | largest position error | in flight, against the parabola | first "
        "onset - free fall |\n");
    std::printf("| --- | --- | --- | --- | --- | --- |\n");
    for (const Scenario& c : accuracy_cases(corpus)) {
        if (c.name.find(only) == std::string::npos) continue;
        for (double accuracy : {1e-2, 1e-4, 1e-6}) {
            const Recording run = record(c, accuracy, 1e-8), reference = record(c, accuracy / 1000, 1e-12);
            if (!run.ok || !reference.ok) {
                std::printf("| %s | %g | failed | | |\n", c.name.c_str(), accuracy);
                continue;
            }
            std::string onset, flight;
            if (run.flight_error) {
                char text[32];
                std::snprintf(text, sizeof text, "%.2g m", *run.flight_error);
                flight = text;
            }
            if (c.name == "sphere drop" && run.first_onset) {
                char text[32];
                std::snprintf(text, sizeof text, "%+.4f ms", 1e3 * (*run.first_onset - free_fall_onset));
                onset = text;
            }
            std::printf("| %s | %g | %.0f | %.2g m | %s | %s |\n", c.name.c_str(), accuracy,
                        double(run.steps) / c.duration, largest_position_error(run, reference), flight.c_str(),
                        onset.c_str());
            std::fflush(stdout);
        }
    }
}

}  // namespace hfd
