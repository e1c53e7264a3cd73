// `hfd scenario evaluate` as a user runs it: the objective and its terms on stdout,
// each warning once on stderr (loading the scenario and evaluating it build the
// model's simulation twice).
#include "cli_test_util.h"

#include "scenario/scenario_recorder.h"

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

    // --out writes the scenario recording the studio plots (scenario/scenario_recorder):
    // the same labelled columns, a row per control step, the values as recorded.
    void outWritesTheStudiosScenarioColumns() {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.scone");
        QFile scenario(path);
        QVERIFY(scenario.open(QIODevice::WriteOnly));
        scenario.write(QStringLiteral(R"(SimulationObjective {
	max_duration = 0.05
	ModelHyfydy { model_file = "%1/human_planar.hfd" fixed_control_step_size = 0.01 }
	FeedForwardController { Constant { value = 0.2 } }
	GaitMeasure { min_velocity = 0 }
}
)")
                           .arg(QStringLiteral(HFD_SAMPLES_DIR))
                           .toUtf8());
        scenario.close();
        const CliRun run = hfd::test::run_hfd(hfd::test::built_hfd(), dir.path(),
                                              {"scenario", "evaluate", "s.scone", "--out", "run.csv"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QFile csv(dir.filePath("run.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);

        std::vector<hfd::Diagnostic> diagnostics;
        const std::unique_ptr<hfd::Scenario> loaded = hfd::Scenario::load(path.toStdString(), diagnostics);
        QVERIFY(loaded);
        hfd::ScenarioRecorder recording(*loaded);
        hfd::EvaluationOptions options;
        options.on_control_step = [&](double time, const hfd::Plant& plant,
                                      const std::vector<hfd::ControlChannel>& channels) {
            recording.on_control_step(time, plant, channels);
        };
        const auto values = loaded->initial_values(diagnostics);
        QVERIFY(values);
        loaded->evaluate(*values, options);
        QStringList labels;
        for (const hfd::Channel& channel : recording.channels())
            labels << QString::fromStdString(hfd::channel_label(channel));
        QCOMPARE(lines.value(0).split(','), labels);
        QVERIFY(labels.contains(QStringLiteral("time [s]")));
        QVERIFY(labels.filter(QStringLiteral(".grf_y [N]")).size() == 2);  // both legs
        QCOMPARE(size_t(lines.size() - 1), recording.row_count());
        QCOMPARE(recording.row_count(), size_t(6));  // t = 0, 0.01, ..., 0.05
        const QStringList last = lines.last().split(',');
        QCOMPARE(size_t(last.size()), labels.size() + 0ul);
        for (qsizetype c = 0; c < last.size(); ++c)
            QCOMPARE(last[c].toDouble(), recording.row(recording.row_count() - 1)[c]);
    }
};

QTEST_GUILESS_MAIN(TestCliScenario)
#include "test_cli_scenario.moc"
