// Contact events on a ball dropped on an undamped linear (pd) contact: the
// onset, lift-off and second onset times are known in closed form.
#include "format/parser.h"
#include "run/contact_events.h"
#include "run/recorder.h"
#include "run/run.h"
#include "model/build_model.h"

#include <QtTest>

#include <cmath>
#include <utility>

using namespace hfd;

namespace {

constexpr double g = 9.81, mass = 1, radius = 0.1, gap = 0.05;
constexpr double material_stiffness = 2e4;
// Both geometries carry the material: springs in series, k = k1 k2 / (k1 + k2).
constexpr double k = material_stiffness / 2;

const std::string ball_text = R"(
model {
	material { name = rubber stiffness = 2e4 damping = 0 static_friction = 0 dynamic_friction = 0 }
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	geometry { name = floor type = plane body = ground normal = [ 0 1 0 ] material = rubber }
	body { name = ball mass = 1 inertia { x = 0.004 y = 0.004 z = 0.004 } pos { x = 0 y = 0.15 z = 0 } }
	geometry { name = shell type = sphere radius = 0.1 body = ball material = rubber }
}
composite_force { simple_collision_detection {} contact_force_pd {} }
symplectic_euler_integrator { step_size = 1e-5 }
)";

std::unique_ptr<Simulation> make_simulation(const std::string& text, SimConfig& config) {
    const ParseResult parsed = parse_text(text, "inline.hfd");
    if (!parsed.ok()) return nullptr;
    BuildResult built = build_model(parsed.root, "inline.hfd");
    if (!built.ok()) {
        for (const Diagnostic& d : built.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
        return nullptr;
    }
    std::vector<Diagnostic> diagnostics;
    config = read_sim_config(parsed.root, "inline.hfd", diagnostics);
    return Simulation::create(std::move(*built.model), config, diagnostics);
}

struct BounceTimes {
    double onset, lift_off, second_onset, second_lift_off;
};

// Free fall over `gap`, then m d'' = m g - k d for the depth d (d(0) = 0,
// d'(0) = v0): d = delta + R sin(w t - psi) with delta = m g / k, w = sqrt(k/m),
// tan psi = delta w / v0. Contact ends when d returns to 0: w t = pi + 2 psi.
// Without damping the ball leaves at v0 and flies 2 v0 / g until the next onset,
// and the second bounce repeats the first.
BounceTimes expected_bounce() {
    const double onset = std::sqrt(2 * gap / g);
    const double v0 = g * onset;
    const double omega = std::sqrt(k / mass);
    const double psi = std::atan((mass * g / k) * omega / v0);
    const double lift_off = onset + (M_PI + 2 * psi) / omega;
    const double second_onset = lift_off + 2 * v0 / g;
    return {onset, lift_off, second_onset, second_onset + (lift_off - onset)};
}

// One recorded run of `text`: its rows, events and steps.
struct RecordedRun {
    bool ok = false;
    std::vector<double> rows;
    std::vector<ContactEvent> events;
    long long steps = 0;
};

RecordedRun record(const std::string& text, double duration, double period, bool with_events) {
    RecordedRun run;
    SimConfig config;
    auto sim = make_simulation(text, config);
    if (!sim) return run;
    const ContactPairSet pairs = candidate_contact_pairs(sim->model(), collision_settings(config));
    Recorder recorder(*sim, pairs);
    ContactEventDetector detector(*sim, pairs);
    RunOptions options;
    options.duration = duration;
    options.sample_period = period;
    options.events = with_events ? &detector : nullptr;
    const RunResult result = record_simulation(*sim, recorder, options);
    run.ok = result.ok;
    run.rows = recorder.values();
    run.events = detector.events();
    run.steps = result.steps;
    return run;
}

}  // namespace

class TestContactEvents : public QObject {
    Q_OBJECT
private slots:
    void bouncing_ball_event_times();
    void onset_is_located_within_a_large_step();
    void onset_does_not_depend_on_the_sample_period_data();
    void onset_does_not_depend_on_the_sample_period();
    void event_search_leaves_the_run_unchanged();
    void contact_channels_match_the_spring();
    void candidate_pairs_follow_the_config();
};

void TestContactEvents::bouncing_ball_event_times() {
    SimConfig config;
    auto sim = make_simulation(ball_text, config);
    QVERIFY(sim);
    const ContactPairSet pairs = candidate_contact_pairs(sim->model(), collision_settings(config));
    QCOMPARE(pairs.size(), size_t(1));
    QCOMPARE(pairs.pairs[0].name, std::string("shell-floor"));
    Recorder recorder(*sim, pairs);
    ContactEventDetector detector(*sim, pairs);
    RunOptions options;
    options.duration = 0.4;
    options.sample_period = 0.01;  // much coarser than the events: they are located between steps
    options.events = &detector;
    const RunResult result = record_simulation(*sim, recorder, options);
    QVERIFY2(result.ok, result.message.c_str());

    const BounceTimes expected = expected_bounce();
    const std::vector<ContactEvent>& events = detector.events();
    QCOMPARE(events.size(), size_t(4));  // two bounces within 0.4 s
    for (size_t i = 0; i < events.size(); ++i) {
        QVERIFY(events[i].kind == (i % 2 == 0 ? ContactEventKind::Onset : ContactEventKind::LiftOff));
        QCOMPARE(events[i].pair, Index(0));
    }
    const double errors[4] = {events[0].time - expected.onset, events[1].time - expected.lift_off,
                              events[2].time - expected.second_onset, events[3].time - expected.second_lift_off};
    qInfo("event time errors: onset %.2e s, lift-off %.2e s, second onset %.2e s, second lift-off %.2e s", errors[0],
          errors[1], errors[2], errors[3]);
    for (double error : errors) QVERIFY2(std::abs(error) < 1e-4, QByteArray::number(error).constData());
    // The bisection alone would be within its 1e-5 s bracket; the first onset is pure
    // free fall, so it must be that close.
    QVERIFY(std::abs(errors[0]) < 2e-5);
}

void TestContactEvents::onset_is_located_within_a_large_step() {
    // With 1 ms steps the onset falls inside a step ten times longer than the
    // required 1e-4 s. Symplectic Euler (v' = v + h a, y' = y + h v') itself
    // falls about h/2 ahead of the exact parabola, so the reference is the
    // integrator's own free fall: the last step before contact from (y_n, v_n),
    // then the shortened step delta that brings the sphere down to the floor,
    // y_n + delta (v_n - g delta) = r, solved in closed form.
    constexpr double h = 1e-3;
    double y = radius + gap, v = 0, t = 0;
    while (y + h * (v - g * h) > radius) {
        v -= g * h;
        y += h * v;
        t += h;
    }
    // g delta^2 - v delta + (r - y) = 0, smallest positive root (v < 0)
    const double delta = (v + std::sqrt(v * v - 4 * g * (radius - y))) / (2 * g);
    const double expected_onset = t + delta;
    QVERIFY(delta > 0 && delta < h);

    std::string text = ball_text;
    text.replace(text.find("step_size = 1e-5"), 16, "step_size = 1e-3");
    SimConfig config;
    auto sim = make_simulation(text, config);
    QVERIFY(sim);
    const ContactPairSet pairs = candidate_contact_pairs(sim->model(), collision_settings(config));
    Recorder recorder(*sim, pairs, *parse_channel_groups("contacts"));
    ContactEventDetector detector(*sim, pairs);
    RunOptions options;
    options.duration = 0.12;
    options.events = &detector;
    QVERIFY(record_simulation(*sim, recorder, options).ok);
    QVERIFY(!detector.events().empty());
    const double error = detector.events()[0].time - expected_onset;
    qInfo("onset error with 1 ms steps (vs the integrator's own fall): %.2e s; exact fall differs by %.2e s", error,
          expected_onset - expected_bounce().onset);
    // the bisection bracket is 1e-5 s and its middle is reported
    QVERIFY2(std::abs(error) <= 0.5e-5 + 1e-12, QByteArray::number(error).constData());
}

// A sphere (r = 0.1 m) dropped from rest 0.2 m above the floor with a
// variable-step integrator. Samples are taken inside steps, never by cutting
// them, so the run takes the same steps whatever the sample period and meets
// the floor at the same time. Midpoint Euler and the symplectic variants'
// variable-step leapfrog are exact in free fall: the onset is the analytic
// sqrt(2 gap / g).
void TestContactEvents::onset_does_not_depend_on_the_sample_period_data() {
    QTest::addColumn<QString>("integrator");
    QTest::newRow("midpoint") << "error_control_integrator_mem { accuracy = 0.01 }";
    QTest::newRow("symplectic") << "error_control_integrator_sem { accuracy = 0.01 }";
    QTest::newRow("planar symplectic") << "error_control_integrator_pse { accuracy = 0.01 }";
}

void TestContactEvents::onset_does_not_depend_on_the_sample_period() {
    QFETCH(QString, integrator);
    const double drop = 0.2;
    std::string text = ball_text;
    text.replace(text.find("y = 0.15"), 8, "y = 0.3");
    text.replace(text.find("symplectic_euler_integrator { step_size = 1e-5 }"), 48, integrator.toStdString());
    std::vector<double> onsets;
    std::vector<long long> steps;
    for (const double period : {0.01, 0.0005, 0.0137}) {
        const RecordedRun run = record(text, 0.25, period, true);
        QVERIFY(run.ok);
        QVERIFY(!run.events.empty());
        QVERIFY(run.events[0].kind == ContactEventKind::Onset);
        onsets.push_back(run.events[0].time);
        steps.push_back(run.steps);
    }
    const double analytic = std::sqrt(2 * drop / g);
    qInfo("onsets %.7f %.7f %.7f s (analytic %.7f s), steps %lld %lld %lld", onsets[0], onsets[1], onsets[2], analytic,
          steps[0], steps[1], steps[2]);
    QCOMPARE(steps[1], steps[0]);  // the same steps whatever the sampling
    QCOMPARE(steps[2], steps[0]);
    QVERIFY(std::abs(onsets[1] - onsets[0]) <= 1e-5);
    QVERIFY(std::abs(onsets[2] - onsets[0]) <= 1e-5);
    QVERIFY2(std::abs(onsets[0] - analytic) <= 1e-5, QByteArray::number(onsets[0] - analytic));
}

void TestContactEvents::event_search_leaves_the_run_unchanged() {
    // The same run recorded with and without the event detector: identical rows.
    std::string text = ball_text;
    text.replace(text.find("symplectic_euler_integrator { step_size = 1e-5 }"), 48,
                 "error_control_integrator_sem { accuracy = 0.001 }");
    const RecordedRun without = record(text, 0.4, 0.005, false), with = record(text, 0.4, 0.005, true);
    QVERIFY(without.ok && with.ok);
    QVERIFY(with.events.size() >= 2);
    QVERIFY(without.rows == with.rows);
}

void TestContactEvents::contact_channels_match_the_spring() {
    SimConfig config;
    auto sim = make_simulation(ball_text, config);
    QVERIFY(sim);
    const ContactPairSet pairs = candidate_contact_pairs(sim->model(), collision_settings(config));
    Recorder recorder(*sim, pairs);
    RunOptions options;
    options.duration = 0.14;
    options.sample_period = 0.002;
    QVERIFY(record_simulation(*sim, recorder, options).ok);
    const Index contact = recorder.find_channel("shell-floor.contact");
    const Index force_y = recorder.find_channel("shell-floor.force_y");
    const Index force_x = recorder.find_channel("shell-floor.force_x");
    const Index point_x = recorder.find_channel("shell-floor.point_x");
    const Index ball_y = recorder.find_channel("ball.pos_y");
    QVERIFY(contact >= 0 && force_y >= 0 && force_x >= 0 && point_x >= 0 && ball_y >= 0);
    int touching_rows = 0;
    for (size_t r = 0; r < recorder.row_count(); ++r) {
        const double depth = radius - recorder.value(r, ball_y);  // the floor is y = 0
        QCOMPARE(recorder.value(r, contact), depth > 0 ? 1.0 : 0.0);
        // undamped linear spring, pushing the ball up: F = k d
        const double expected_force = depth > 0 ? k * depth : 0.0;
        QVERIFY2(std::abs(recorder.value(r, force_y) - expected_force) <= 1e-9 * k * radius,
                 QByteArray::number(recorder.value(r, force_y)).constData());
        QVERIFY(std::abs(recorder.value(r, force_x)) < 1e-9);
        QVERIFY(std::abs(recorder.value(r, point_x)) < 1e-9);
        touching_rows += depth > 0;
    }
    // contact lasts about pi / omega = 31 ms: some 15 rows at 2 ms
    QVERIFY(touching_rows >= 12 && touching_rows <= 18);
}

void TestContactEvents::candidate_pairs_follow_the_config() {
    const std::string two_balls =
        ball_text.substr(0, ball_text.find("}\ncomposite_force")) +
        "\tbody { name = other mass = 1 inertia { x = 0.004 y = 0.004 z = 0.004 } pos { x = 1 y = 0.15 z = 0 } }\n"
        "\tgeometry { name = other_shell type = sphere radius = 0.1 body = other }\n}\n";
    const ParseResult parsed = parse_text(two_balls, "inline.hfd");
    QVERIFY(parsed.ok());
    const BuildResult built = build_model(parsed.root, "inline.hfd");
    QVERIFY(built.ok());
    const Model& model = *built.model;

    const ContactPairSet none = candidate_contact_pairs(model, CollisionSettings{false, false});
    QCOMPARE(none.size(), size_t(0));
    const ContactPairSet with_floor = candidate_contact_pairs(model, CollisionSettings{true, false});
    QCOMPARE(with_floor.size(), size_t(2));
    QCOMPARE(with_floor.pairs[0].name, std::string("shell-floor"));
    QCOMPARE(with_floor.pairs[1].name, std::string("other_shell-floor"));
    const ContactPairSet all = candidate_contact_pairs(model, CollisionSettings{true, true});
    QCOMPARE(all.size(), size_t(3));
    QCOMPARE(all.pairs[2].name, std::string("shell-other_shell"));
    // look-up is symmetric
    QCOMPARE(all.find(all.pairs[2].first, all.pairs[2].second), Index(2));
    QCOMPARE(all.find(all.pairs[2].second, all.pairs[2].first), Index(2));

    SimConfig config;
    std::vector<Diagnostic> diagnostics;
    config.composite_force = parse_text(
                                 "composite_force { simple_collision_detection { "
                                 "enable_collision_between_objects = 1 } }")
                                 .root.children[0];
    const CollisionSettings settings = collision_settings(config);
    QVERIFY(settings.detection && settings.between_objects);
}

QTEST_APPLESS_MAIN(TestContactEvents)
#include "test_contact_events.moc"
