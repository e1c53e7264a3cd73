// The Ctrl+drag push reaches the simulation: a held force moves the body its
// way compared with the same run without it, and a released hold leaves the run
// exactly as if there had been none (runs are deterministic).
#include "format/parser.h"
#include "model/build_model.h"
#include "simulation_controller.h"
#include "studio_test_support.h"

#include <QtTest>

using namespace hfd;
using namespace hfd::studio;

namespace {

const QString pendulum = QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd");

SimulationSetup pendulum_setup() {
    SimulationSetup setup;
    BuildResult built = load_model(pendulum.toStdString());
    if (!built.ok()) return setup;
    setup.model = std::make_shared<const Model>(std::move(*built.model));
    std::vector<Diagnostic> diagnostics;
    setup.config = read_sim_config(parse_file(pendulum.toStdString()).root, pendulum.toStdString(), diagnostics);
    setup.end_time = 0.2;
    return setup;
}

// The rod's centre of mass after the run; `before_play` acts on the loaded controller.
Vec3 final_position(const std::function<void(SimulationController&, Index rod)>& before_play, bool* ok) {
    SimulationController controller;
    SimulationSetup setup = pendulum_setup();
    const Index rod = setup.model->find_body("rod");
    *ok = rod != no_index && !has_errors(controller.load(std::move(setup)));
    if (!*ok) return {};
    before_play(controller, rod);
    controller.setRealTimeFactor(0);
    controller.play();
    *ok = QTest::qWaitFor([&] { return controller.latestFrame() && controller.latestFrame()->finished; }, 30000);
    return controller.latestFrame()->pose.body_pos.at(size_t(rod));  // the pose shown at the end
}

}  // namespace

class TestHoldForce : public QObject {
    Q_OBJECT
private slots:
    void heldForceMovesTheBodyAndReleaseEndsIt() {
        bool ok = false;
        const Vec3 free = final_position([](SimulationController&, Index) {}, &ok);
        QVERIFY(ok);
        const Vec3 pushed =
            final_position([](SimulationController& c, Index rod) { c.holdForce(int(rod), Vec3(0, 0, 40)); }, &ok);
        QVERIFY(ok);
        // The planar-looking swing happens in x-y; the held force pulls the rod out along +z.
        QVERIFY2(pushed.z() - free.z() > 1e-3, qPrintable(QString::number(pushed.z() - free.z())));
        const Vec3 released = final_position(
            [](SimulationController& c, Index rod) {
                c.holdForce(int(rod), Vec3(0, 0, 40));
                c.holdForce(int(rod), Vec3::Zero());
            },
            &ok);
        QVERIFY(ok);
        QCOMPARE(released.z(), free.z());
        QCOMPARE(released.x(), free.x());
    }
};

STUDIO_TEST_MAIN(TestHoldForce)
#include "test_hold_force.moc"
