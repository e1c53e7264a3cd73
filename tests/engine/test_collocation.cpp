// Direct collocation on the implicit residual (samples/pendulum_swing.hfd): the
// solution satisfies its constraints, the ordinary integrator re-run with the
// same controls ends near the target, and closer with a finer mesh (the
// trapezoidal rule's error falls with h^2); the command-line example exits 0.
#include "analysis/collocation.h"
#include "state/kinematics.h"
#include "sim_test_util.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>
#include "test_time_scale.h"

using namespace hfd;

namespace {

constexpr double deg = 3.14159265358979323846 / 180;

std::string sample_text() {
    std::ifstream file(std::string(HFD_SAMPLES_DIR) + "/pendulum_swing.hfd");
    std::stringstream buffer;
    buffer << file.rdbuf();
    return buffer.str();
}

struct Outcome {
    CollocationResult result;
    double end = 0;  // re-simulated dof at the end
};

Outcome solve(double target, double duration, int nodes) {
    SimConfig config;
    auto sim = test::make_simulation(sample_text(), nullptr, &config);
    if (!sim) return {};
    const ImplicitDynamics dynamics(*sim, config);
    CollocationSettings settings;
    settings.target = target;
    settings.duration = duration;
    settings.nodes = nodes;
    const State start = std::as_const(*sim).state();
    Outcome o;
    o.result = solve_min_effort_collocation(*sim, dynamics, settings);
    o.end = resimulate_dof(*sim, settings, o.result, start);
    return o;
}

}  // namespace

class TestCollocation : public QObject {
    Q_OBJECT
private slots:
    void swing_reaches_target_and_resimulates() {
        for (auto [target, duration] :
             {std::pair{90 * deg, 1.0}, std::pair{150 * deg, 1.0}, std::pair{60 * deg, 0.6}}) {
            const Outcome o = solve(target, duration, 41);
            QVERIFY2(o.result.converged, o.result.message.c_str());
            QVERIFY(o.result.constraint_violation < 1e-8);
            QVERIFY(std::abs(o.result.dof_value.back() - target) < 1e-8);
            QCOMPARE(o.result.dof_value.front(), 0.0);
            // the ordinary integrator with the same (piecewise linear) torque
            QVERIFY2(std::abs(o.end - target) < 1 * deg, qPrintable(QString::number(o.end / deg)));
            QVERIFY(o.result.cost > 0);
        }
    }

    void finer_mesh_tracks_closer() {
        const double target = 90 * deg;
        const Outcome coarse = solve(target, 1.0, 21), fine = solve(target, 1.0, 81);
        QVERIFY(coarse.result.converged && fine.result.converged);
        const double coarse_miss = std::abs(coarse.end - target), fine_miss = std::abs(fine.end - target);
        QVERIFY2(fine_miss < coarse_miss / 4, qPrintable(QString("%1 %2").arg(coarse_miss).arg(fine_miss)));
        // the optimal effort converges too
        QVERIFY(std::abs(coarse.result.cost - fine.result.cost) < 0.05 * fine.result.cost);
    }

    void command_line_example() {
        const QString hfd = QString(HFD_BIN_DIR) + "/hfd";
        const QString out = QDir::temp().filePath("hfd_collocate_test.csv");
        QProcess p;
        p.start(hfd, {"analyze", "collocate", QString(HFD_SAMPLES_DIR) + "/pendulum_swing.hfd", "--out", out});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(120000)));
        QCOMPARE(p.exitCode(), 0);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readLine().trimmed(), QByteArray("time [s],control [N m],dof [deg]"));
        int rows = 0;
        while (!file.readLine().isEmpty()) ++rows;
        QCOMPARE(rows, 41);
        p.start(hfd, {"analyze", "collocate", QString(HFD_SAMPLES_DIR) + "/pendulum_swing.hfd", "--nodes", "two"});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(60000)));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("--nodes needs a number"));
    }
};

QTEST_APPLESS_MAIN(TestCollocation)
#include "test_collocation.moc"
