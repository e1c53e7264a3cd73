// Poses decoded from recorded rows: the same bodies, paths, activations and
// joint displacements as the pose taken from the simulated state at that
// sample, muscle forces in their muscle's slot, a contact arrow only while the
// pair touches (pushing the ball up at the floor), and channels of parts the
// model lacks left out.
#include "draw/recorded_pose.h"
#include "format/read_text_file.h"
#include "draw/snapshot.h"
#include "run/recorder.h"
#include "io/text_file.h"
#include "sim/sim_config.h"

#include "chain_models.h"
#include "sim_test_util.h"

#include <QtTest>

using namespace hfd;

namespace {

const std::string bouncing_ball = test::bouncing_ball_text();

// Samples the simulation every `period` s up to `duration`; per row, the pose
// make_snapshot takes from the simulated state.
std::vector<PoseSnapshot> sample_run(Simulation& sim, Recorder& recorder, double duration, double period) {
    std::vector<PoseSnapshot> live;
    for (double t = 0; t <= duration + 1e-12; t += period) {
        if (t > 0 && !sim.advance_to(t)) break;
        recorder.sample(sim);
        live.push_back(make_snapshot(sim.model(), sim.state(), nullptr));
    }
    return live;
}

void compare_poses(const PoseSnapshot& decoded, const PoseSnapshot& live) {
    QCOMPARE(decoded.time, live.time);
    QCOMPARE(decoded.body_pos.size(), live.body_pos.size());
    for (size_t b = 0; b < live.body_pos.size(); ++b) {
        QVERIFY(decoded.body_pos[b] == live.body_pos[b]);
        QVERIFY(decoded.body_ori[b].coeffs() == live.body_ori[b].coeffs());
    }
    QVERIFY(decoded.muscle_activation == live.muscle_activation);
    QCOMPARE(decoded.muscle_path.size(), live.muscle_path.size());
    for (size_t m = 0; m < live.muscle_path.size(); ++m) QVERIFY(decoded.muscle_path[m] == live.muscle_path[m]);
    QCOMPARE(decoded.joint_displacement.size(), live.joint_displacement.size());
    for (size_t j = 0; j < live.joint_displacement.size(); ++j)
        QVERIFY((decoded.joint_displacement[j] - live.joint_displacement[j]).norm() <= 1e-12);
}

}  // namespace

class TestRecordedPose : public QObject {
    Q_OBJECT
private slots:
    void muscle_model_rows_decode_to_the_simulated_pose() {
        const auto text = read_text_file(HFD_SAMPLES_DIR "/arm_muscles.hfd");
        QVERIFY(text);
        auto sim = test::make_simulation(*text);
        QVERIFY(sim);
        const Model& model = sim->model();
        QVERIFY(model.muscles.size() >= 2);
        Recorder recorder(*sim, ContactPairSet{});
        const std::vector<PoseSnapshot> live = sample_run(*sim, recorder, 0.2, 0.05);
        QCOMPARE(recorder.row_count(), live.size());
        const RecordedPoseColumns columns = resolve_recorded_pose(model, recorder.channels(), ContactPairSet{});
        for (size_t r = 0; r < recorder.row_count(); ++r) {
            const PoseSnapshot decoded = recorded_pose(model, columns, recorder.row(r));
            compare_poses(decoded, live[r]);
            QCOMPARE(decoded.muscle_force.size(), model.muscles.size());
            for (size_t m = 0; m < model.muscles.size(); ++m) {
                const Index force = recorder.find_channel(model.muscles[m].name + ".force");
                QVERIFY(force != no_index);
                QCOMPARE(decoded.muscle_force[m], recorder.value(r, size_t(force)));
            }
        }
    }

    void contact_arrows_only_while_touching() {
        SimConfig config;
        auto sim = test::make_simulation(bouncing_ball, nullptr, &config);
        QVERIFY(sim);
        const Model& model = sim->model();
        const ContactPairSet pairs = candidate_contact_pairs(model, collision_settings(config));
        QCOMPARE(pairs.size(), size_t(1));
        Recorder recorder(*sim, pairs);
        const std::vector<PoseSnapshot> live = sample_run(*sim, recorder, 0.3, 0.005);
        const RecordedPoseColumns columns = resolve_recorded_pose(model, recorder.channels(), pairs);
        QCOMPARE(columns.contacts.size(), size_t(1));
        const Index ball = model.find_body("ball");
        const size_t touching = size_t(recorder.find_channel(pairs.pairs[0].name + ".contact"));
        int touching_rows = 0;
        for (size_t r = 0; r < recorder.row_count(); ++r) {
            const PoseSnapshot decoded = recorded_pose(model, columns, recorder.row(r));
            compare_poses(decoded, live[r]);
            const bool touches = recorder.value(r, touching) > 0.5;
            QCOMPARE(decoded.contacts.size(), size_t(touches ? 1 : 0));
            if (!touches) continue;
            ++touching_rows;
            const PoseSnapshot::ContactArrow& arrow = decoded.contacts[0];
            QCOMPARE(arrow.body, ball);
            QVERIFY(arrow.force.y() > 0);               // the floor pushes the ball up
            QVERIFY(std::abs(arrow.point.y()) < 0.02);  // at the floor, under the ball
            QVERIFY(std::abs(arrow.point.x() - decoded.body_pos[ball].x()) < 1e-6);
        }
        QVERIFY(touching_rows > 0);
    }

    void channels_of_missing_parts_are_left_out() {
        const auto text = read_text_file(HFD_SAMPLES_DIR "/arm_muscles.hfd");
        QVERIFY(text);
        auto sim = test::make_simulation(*text);
        QVERIFY(sim);
        const Model& model = sim->model();
        Recorder recorder(*sim, ContactPairSet{});
        sample_run(*sim, recorder, 0.1, 0.1);
        std::vector<Channel> channels = recorder.channels();
        const RecordedPoseColumns all = resolve_recorded_pose(model, channels, ContactPairSet{});
        for (Channel& channel : channels)
            if (channel.group == ChannelGroup::Bodies || channel.group == ChannelGroup::Muscles)
                channel.source += "_gone";
        const RecordedPoseColumns none = resolve_recorded_pose(model, channels, ContactPairSet{});
        QVERIFY(!all.state.empty());
        QVERIFY(none.state.empty() && none.muscle_force.empty());
        // nothing recorded applies: the model's initial pose at the row's time
        const PoseSnapshot pose = recorded_pose(model, none, recorder.row(1));
        const PoseSnapshot initial = make_snapshot(model, initial_state(model), nullptr);
        QCOMPARE(pose.time, recorder.value(1, 0));
        QVERIFY(pose.body_pos == initial.body_pos);
        QVERIFY(pose.muscle_force.empty());
    }
};

QTEST_APPLESS_MAIN(TestRecordedPose)
#include "test_recorded_pose.moc"
