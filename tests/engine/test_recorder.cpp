// Recorder: rows at the sample times exactly (compared with a simulation that
// advances to the same times directly), row count, channel layout, and runs
// that blow up or gain absurd energy stop with the time and the body named.
#include "format/parser.h"
#include "forces/muscle_path.h"
#include "run/contact_events.h"
#include "run/recorder.h"
#include "run/run.h"
#include "model/build_model.h"
#include "state/kinematics.h"

#include "chain_models.h"
#include "sim_test_util.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>
#include <set>
#include <utility>

using namespace hfd;

namespace {

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

}  // namespace

class TestRecorder : public QObject {
    Q_OBJECT
private slots:
    void sample_count_and_times();
    void rows_equal_direct_advance_to();
    void rows_are_independent_of_event_detection();
    void channel_layout();
    void blow_up_stops_with_time_and_body();
    void runaway_energy_stops_the_run();
    void non_finite_values_set_from_outside_stop_the_next_step();
    void body_kinetic_energy_uses_body_frame_inertia();
    void muscle_channels();
    void everyColumnHoldsItsChannelsQuantity();
    void angles_are_unwrapped();
};

// A bob spinning freely about its pin (no gravity, no torque about the pivot)
// turns at a constant rate: its angle grows as omega t through +-pi, in the
// recording as in the CLI's CSV (both written from these rows).
void TestRecorder::angles_are_unwrapped() {
    const std::string text =
        replace_all(test::pin_pendulum_text, "name = pendulum", "name = pendulum gravity = [ 0 0 0 ]");
    auto sim = test::make_simulation(text);
    QVERIFY(sim);
    const double omega = 2 * M_PI;  // one turn per second
    DofAssignment dofs = default_dof_assignment(sim->model());
    dofs.velocity[0] = omega;
    State posed = std::as_const(*sim).state();
    apply_dofs(sim->model(), dofs, posed);
    sim->set_initial_state(posed);
    sim->reset();
    Recorder recorder(*sim, {}, group_bit(ChannelGroup::Dofs));
    const Index swing = recorder.find_channel("swing");
    QVERIFY(swing != no_index);
    recorder.sample(*sim);
    for (int k = 1; k <= 150; ++k) {
        QVERIFY(sim->advance_to(k * 0.01));
        recorder.sample(*sim);
    }
    for (size_t r = 1; r < recorder.row_count(); ++r) {
        const double step = recorder.value(r, swing) - recorder.value(r - 1, swing);
        QVERIFY2(step > 0 && step < 0.1, qPrintable(QString("row %1: %2").arg(r).arg(step)));
    }
    // 1.5 turns: 3 pi, where the wrapped angle would read pi - 2 pi = -pi
    QVERIFY2(std::abs(recorder.value(recorder.row_count() - 1, swing) - 1.5 * omega) < 1e-2,
             qPrintable(QString::number(recorder.value(recorder.row_count() - 1, swing))));
}

void TestRecorder::sample_count_and_times() {
    QCOMPARE(sample_count(1.0, 0.01), size_t(101));
    QCOMPARE(sample_count(0.5, 0.1), size_t(6));
    // 0.25 s at 0.1 s: 0, 0.1, 0.2 and the end 0.25
    QCOMPARE(sample_count(0.25, 0.1), size_t(4));
    QVERIFY(sample_time(0, 0.25, 0.1, 3) == 0.25);
    QVERIFY(sample_time(2, 1.0, 0.01, 37) == 2 + 37 / 100.0);
    QVERIFY(sample_time(0, 1.0, 0.05, 3) == 0.15);  // not 3 * 0.05 = 0.15000000000000002
    QVERIFY(sample_time(0, 1.0, 0.03, 3) == 3 * 0.03);
    QVERIFY(sample_time(0, 1.0, 0.01, 100) == 1.0);
}

void TestRecorder::rows_equal_direct_advance_to() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    auto reference = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim && reference);
    Recorder recorder(*sim, ContactPairSet{});
    RunOptions options;
    options.duration = 0.5;
    options.sample_period = 0.01;
    const RunResult result = record_simulation(*sim, recorder, options);
    QVERIFY2(result.ok, result.message.c_str());
    QCOMPARE(recorder.row_count(), size_t(51));  // duration / period + 1
    QCOMPARE(result.steps, 5000LL);              // 0.5 s / 1e-4 s: samples do not add steps

    const Index swing = recorder.find_channel("swing"), swing_vel = recorder.find_channel("swing.vel");
    const Index pos_x = recorder.find_channel("bob.pos_x"), ori_z = recorder.find_channel("bob.ori_z");
    const Index displacement_y = recorder.find_channel("pivot.displacement_y");
    QVERIFY(swing >= 0 && swing_vel >= 0 && pos_x >= 0 && ori_z >= 0 && displacement_y >= 0);
    const Model& model = reference->model();
    for (size_t k = 0; k < recorder.row_count(); ++k) {
        const double t = sample_time(0, 0.5, 0.01, k);
        QVERIFY(reference->advance_to(t));
        const State& s = std::as_const(*reference).state();
        QVERIFY(recorder.value(k, 0) == t);
        QVERIFY(recorder.value(k, swing) == dof_value(model, s, 0));
        QVERIFY(recorder.value(k, swing_vel) == dof_velocity(model, s, 0));
        QVERIFY(recorder.value(k, pos_x) == s.pos[1].x());
        QVERIFY(recorder.value(k, ori_z) == s.ori[1].z());
        QVERIFY(recorder.value(k, displacement_y) == joint_displacement(model, s, 0).y());
    }
    // the pendulum actually swung: 0.5 s is about 0.4 of its period, so it passed the bottom
    QVERIFY(recorder.value(50, swing) < -1.0);
}

void TestRecorder::rows_are_independent_of_event_detection() {
    // The event search re-simulates from saved states; with a fixed-step
    // integrator the recorded trajectory must not change.
    const std::string bouncing = test::bouncing_ball_text();
    SimConfig config;
    auto with_events = test::make_simulation(bouncing, nullptr, &config);
    auto without = test::make_simulation(bouncing);
    QVERIFY(with_events && without);
    const ContactPairSet pairs = candidate_contact_pairs(with_events->model(), collision_settings(config));
    QCOMPARE(pairs.size(), size_t(1));
    Recorder a(*with_events, pairs), b(*without, pairs);
    ContactEventDetector detector(*with_events, pairs);
    RunOptions options;
    options.duration = 0.3;
    options.events = &detector;
    QVERIFY(record_simulation(*with_events, a, options).ok);
    options.events = nullptr;
    QVERIFY(record_simulation(*without, b, options).ok);
    QVERIFY(detector.events().size() >= 2);
    QCOMPARE(a.row_count(), b.row_count());
    for (size_t i = 0; i < a.values().size(); ++i) QVERIFY(a.values()[i] == b.values()[i]);
}

void TestRecorder::channel_layout() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    Recorder all(*sim, ContactPairSet{});
    std::set<std::string> names;
    for (const Channel& channel : all.channels()) names.insert(channel.name);
    QCOMPARE(names.size(), all.channel_count());
    // time + (value, vel) of one dof + 7 for one dynamic body + 6 for one joint (no muscles, no contacts)
    QCOMPARE(all.channel_count(), size_t(1 + 2 + 7 + 6));
    QCOMPARE(channel_label(all.channels()[all.find_channel("swing")]), std::string("swing [rad]"));
    QCOMPARE(channel_label(all.channels()[all.find_channel("swing.vel")]), std::string("swing.vel [rad/s]"));
    QCOMPARE(channel_label(all.channels()[all.find_channel("bob.pos_y")]), std::string("bob.pos_y [m]"));
    QCOMPARE(channel_label(all.channels()[all.find_channel("pivot.displacement_x")]),
             std::string("pivot.displacement_x [m]"));
    QVERIFY(all.find_channel("ground.pos_x") == no_index);  // static bodies never move

    const std::optional<GroupMask> dofs_only = parse_channel_groups("dofs");
    QVERIFY(dofs_only);
    Recorder dofs(*sim, ContactPairSet{}, *dofs_only);
    QCOMPARE(dofs.channel_count(), size_t(3));
    dofs.sample(*sim);
    QCOMPARE(dofs.row_count(), size_t(1));
    std::string error;
    QVERIFY(!parse_channel_groups("dofs,bodys", &error));
    QVERIFY(error.find("bodys") != std::string::npos);
}

void TestRecorder::blow_up_stops_with_time_and_body() {
    // A joint a million times too stiff for its step: symplectic Euler diverges
    // when h > 2/omega; here omega = sqrt(k/m) = 1e5 rad/s and h = 1e-3 s.
    const std::string text = replace_all(replace_all(test::pin_pendulum_text, "stiffness = 1e5", "stiffness = 1e10"),
                                         "step_size = 1e-4", "step_size = 1e-3");
    auto sim = test::make_simulation(text);
    QVERIFY(sim);
    Recorder recorder(*sim, ContactPairSet{});
    RunOptions options;
    options.duration = 1;
    const RunResult result = record_simulation(*sim, recorder, options);
    QVERIFY(!result.ok);
    QVERIFY2(result.message.find("bob") != std::string::npos, result.message.c_str());
    QVERIFY2(result.message.find("t = ") != std::string::npos, result.message.c_str());
    QCOMPARE(result.body, Index(1));
    QVERIFY(result.time > 0 && result.time < 1);
    // every row recorded before the failure is kept, all finite and before it
    QVERIFY(recorder.row_count() >= 1 && recorder.row_count() < 101);
    for (size_t r = 0; r < recorder.row_count(); ++r) QVERIFY(recorder.value(r, 0) <= result.time);
    for (double v : recorder.values()) QVERIFY(std::isfinite(v));
}

void TestRecorder::runaway_energy_stops_the_run() {
    // A free 1 kg body at 1e5 m/s holds 5e9 J, above the 1e9 J limit, while
    // every value is still finite.
    const char* text = R"(
model {
	gravity = [ 0 0 0 ]
	body { name = bullet mass = 1 inertia { x = 0.01 y = 0.01 z = 0.01 } lin_vel { x = 1e5 y = 0 z = 0 } }
}
composite_force { }
symplectic_euler_integrator { step_size = 1e-4 }
)";
    auto sim = test::make_simulation(text);
    QVERIFY(sim);
    Recorder recorder(*sim, ContactPairSet{});
    RunOptions options;
    options.duration = 0.1;
    const RunResult result = record_simulation(*sim, recorder, options);
    QVERIFY(!result.ok);
    QVERIFY2(result.message.find("kinetic energy") != std::string::npos, result.message.c_str());
    QVERIFY2(result.message.find("bullet") != std::string::npos, result.message.c_str());
    QCOMPARE(result.steps, 1LL);
    QCOMPARE(recorder.row_count(), size_t(1));
    // with a higher limit the same run completes
    auto again = test::make_simulation(text);
    Recorder second(*again, ContactPairSet{});
    options.max_kinetic_energy = 1e10;
    QVERIFY(record_simulation(*again, second, options).ok);
    QCOMPARE(second.row_count(), size_t(11));
}

// A step checks the speeds; positions and orientations only after the state was set
// or handed out for changes, from which a step keeps them finite. A free body that
// no force reaches keeps a NaN position through every step: the check must see it.
void TestRecorder::non_finite_values_set_from_outside_stop_the_next_step() {
    const char* text = R"(
model {
	gravity = [ 0 0 0 ]
	body { name = anchor mass = 1 inertia { x = 0.01 y = 0.01 z = 0.01 } }
	body { name = drifter mass = 1 inertia { x = 0.01 y = 0.01 z = 0.01 } pos { x = 1 y = 0 z = 0 } }
}
composite_force { }
symplectic_euler_integrator { step_size = 1e-4 }
)";
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto stops_at_drifter = [&](const std::function<void(Simulation&, Index)>& spoil) {
        auto sim = test::make_simulation(text);
        if (!sim) return false;
        const Index drifter = sim->model().find_body("drifter");
        if (!sim->advance_to(0.01)) return false;  // finite: runs
        spoil(*sim, drifter);
        const bool stopped = !sim->advance_to(0.02) && sim->error() && sim->error()->body == drifter &&
                             sim->error()->message.find("drifter") != std::string::npos;
        if (!stopped) return false;
        sim->reset();  // the initial state is finite again
        return sim->advance_to(0.01);
    };
    QVERIFY(stops_at_drifter([&](Simulation& sim, Index body) { sim.state().pos[body].y() = nan; }));
    QVERIFY(stops_at_drifter([&](Simulation& sim, Index body) { sim.state().ori[body].z() = nan; }));
    QVERIFY(stops_at_drifter([&](Simulation& sim, Index body) { sim.state().lin_vel[body].x() = 1e300; }));
    QVERIFY(stops_at_drifter([&](Simulation& sim, Index body) { sim.state().ang_vel[body].z() = nan; }));
    // a non-finite initial state stops the first step; reset returns to it, so only
    // the stop is asked for here
    auto sim = test::make_simulation(text);
    QVERIFY(sim);
    State spoiled = std::as_const(*sim).state();
    spoiled.pos[sim->model().find_body("drifter")].x() = std::numeric_limits<double>::infinity();
    sim->set_initial_state(spoiled);
    QVERIFY(!sim->advance_to(0.01));
    QVERIFY(sim->error() && sim->error()->message.find("drifter") != std::string::npos);
}

void TestRecorder::body_kinetic_energy_uses_body_frame_inertia() {
    Model model;
    Body body;
    body.name = "box";
    body.mass = 2;
    body.inertia = Vec3(1, 3, 5);
    model.bodies.push_back(body);
    State state;
    state.pos = {Vec3::Zero()};
    state.ori = {Quat(Eigen::AngleAxisd(M_PI / 2, Vec3::UnitZ()))};
    state.lin_vel = {Vec3(0, 0, 3)};
    state.ang_vel = {Vec3(2, 0, 0)};  // world x is the body's -y axis after the rotation
    // 1/2 m v^2 + 1/2 I_yy w^2 = 1/2*2*9 + 1/2*3*4
    QVERIFY(std::abs(body_kinetic_energy(model, state, 0) - (9.0 + 6.0)) < 1e-12);
}

// The recorder fills the columns describe_channels names from the same rows of the
// channel table: each column holds the quantity its name says, computed here apart.
void TestRecorder::everyColumnHoldsItsChannelsQuantity() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    QVERIFY(sim->advance_to(0.137));
    Recorder recorder(*sim, ContactPairSet{});
    recorder.sample(*sim);
    const Model& model = sim->model();
    const State& state = std::as_const(*sim).state();
    size_t columns = 1;
    for (const ChannelGroupRow& row : channel_table())
        columns += row.elements(model, ContactPairSet{}).size() * row.quantities.size();
    QCOMPARE(recorder.channel_count(), columns);
    const CoordinateValues coordinates = coordinate_values(model, state);
    const Index bob = model.find_body("bob");
    const Vec3 displacement = joint_displacement(model, state, 0);
    const struct {
        const char* channel;
        double expected;
    } expected[] = {
        {"time", state.time},
        {"swing", coordinates.value[0]},
        {"swing.vel", coordinates.velocity[0]},
        {"bob.pos_x", state.pos[bob].x()},
        {"bob.pos_y", state.pos[bob].y()},
        {"bob.ori_w", state.ori[bob].w()},
        {"bob.ori_z", state.ori[bob].z()},
        {"pivot.displacement_x", displacement.x()},
        {"pivot.displacement_y", displacement.y()},
    };
    for (const auto& e : expected) {
        const Index column = recorder.find_channel(e.channel);
        QVERIFY2(column != no_index, e.channel);
        QVERIFY2(recorder.value(0, column) == e.expected, e.channel);
    }
    QVERIFY(std::abs(coordinates.velocity[0]) > 0.1);  // moving: a swapped value and velocity would show
}

void TestRecorder::muscle_channels() {
    // The pendulum with a muscle from above the pivot to the bob, excited at 0.7
    // by a run control: every muscle channel equals the state / evaluation of a
    // reference run advanced to the same times with the same excitation.
    std::string text = test::pin_pendulum_text;
    text.replace(
        text.find("\tdof {"), 0,
        "\tpoint_path_muscle { name = lifter max_isometric_force = 500 optimal_fiber_length = 0.3\n"
        "\t\ttendon_slack_length = 0.25 pennation_angle = 0\n"
        "\t\tpath [ { body = ground pos { x = 0 y = 1.3 z = 0 } } { body = bob pos { x = 0 y = 0 z = 0 } } ] }\n");
    text.replace(text.find("joint_force_pd {}"), 17,
                 "joint_force_pd {} muscle_activation { activation_rate = 100 deactivation_rate = 25 } "
                 "muscle_force_m2012fast {}");
    auto sim = test::make_simulation(text);
    auto reference = test::make_simulation(text);
    QVERIFY(sim && reference);
    Recorder recorder(*sim, ContactPairSet{}, *parse_channel_groups("muscles"));
    QCOMPARE(recorder.channel_count(), size_t(1 + 5));
    RunOptions options;
    options.duration = 0.1;
    options.control = [](double, Controls& controls) { controls.excitation[0] = 0.7; };
    const RunResult result = record_simulation(*sim, recorder, options);
    QVERIFY2(result.ok, result.message.c_str());
    const Index excitation = recorder.find_channel("lifter.excitation");
    const Index activation = recorder.find_channel("lifter.activation");
    const Index fiber = recorder.find_channel("lifter.fiber_length");
    const Index tendon = recorder.find_channel("lifter.tendon_length");
    const Index force = recorder.find_channel("lifter.force");
    QVERIFY(excitation >= 0 && activation >= 0 && fiber >= 0 && tendon >= 0 && force >= 0);
    Data data;
    data.resize(reference->model());
    for (size_t k = 0; k < recorder.row_count(); ++k) {
        const double t = sample_time(0, 0.1, 0.01, k);
        reference->controls().excitation[0] = 0.7;
        QVERIFY(reference->advance_to(t));
        const State& s = std::as_const(*reference).state();
        reference->evaluate(s, data);
        QVERIFY(recorder.value(k, excitation) == 0.7);
        QVERIFY(recorder.value(k, activation) == s.activation[0]);
        QVERIFY(recorder.value(k, fiber) == s.fiber_length[0]);
        QVERIFY(recorder.value(k, tendon) == data.tendon_length[0]);
        QVERIFY(recorder.value(k, force) == data.muscle_force[0]);
        // no pennation: fibre and tendon make up the path
        const double path = muscle_path_length(reference->model(), s, 0);
        QVERIFY(std::abs(recorder.value(k, fiber) + recorder.value(k, tendon) - path) < 1e-9);
    }
    // excited at 0.7, activation rises and the muscle pulls
    QVERIFY(recorder.value(recorder.row_count() - 1, activation) > 0.6);
    QVERIFY(recorder.value(recorder.row_count() - 1, force) > 0);
}

QTEST_APPLESS_MAIN(TestRecorder)
#include "test_recorder.moc"
