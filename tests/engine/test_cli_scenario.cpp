// `hfd scenario evaluate` as a user runs it: the objective and its terms on stdout,
// each warning once on stderr (loading the scenario and evaluating it build the
// model's simulation twice).
#include "cli_test_util.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using hfd::test::CliRun;

class TestCliScenario : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(QFileInfo::exists(HFD_BIN_DIR "/hfd"), "build the target 'hfd' before this test"); }

    void aWarningIsPrintedOnce() {
        QTemporaryDir dir;
        QFile scenario(dir.filePath("s.scone"));
        QVERIFY(scenario.open(QIODevice::WriteOnly));
        scenario.write(QStringLiteral(R"(SimulationObjective {
	max_duration = 0.05
	ModelHyfydy {
		model_file = "%1/human_planar.hfd"
		fixed_control_step_size = 0.01
		composite_force { planar_joint_force_pnld {} simple_collision_detection {} contact_force_hunt_crossley {} muscle_activation {} muscle_force_m2012fast {} }
		error_control_integrator_pse { accuracy = 0.01 step_weight = 2 }
	}
	GaitMeasure { min_velocity = 0 }
}
)")
                           .arg(QStringLiteral(HFD_SAMPLES_DIR))
                           .toUtf8());
        scenario.close();
        const CliRun run = hfd::test::run_hfd(hfd::test::built_hfd(), dir.path(), {"scenario", "evaluate", "s.scone"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("objective ")), qPrintable(run.out));
        const QString warning = QStringLiteral("unknown property 'step_weight'");
        QVERIFY2(run.err.count(warning) == 1, qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("s.scone:7:")), qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(TestCliScenario)
#include "test_cli_scenario.moc"
