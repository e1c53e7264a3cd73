// Every sample under samples/ loads, builds and simulates 1 s with its own
// config, without warnings, and says in its header what it shows and what to try.
#include "format/parser.h"
#include "model/build_model.h"
#include "sim/simulation.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace hfd;

class TestSamples : public QObject {
    Q_OBJECT
private slots:
    void every_sample_simulates_one_second_without_warnings_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(HFD_SAMPLES_DIR);
        const QStringList files = dir.entryList({"*.hfd"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 5);
        for (const QString& file : files) QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }
    void every_sample_simulates_one_second_without_warnings() {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY2(text.startsWith("#"), "a sample starts with a header comment");
        QVERIFY2(text.contains("try", Qt::CaseInsensitive), "the header says what to try");

        ParseResult parsed = parse_file(path.toStdString());
        std::vector<Diagnostic> diagnostics = parsed.diagnostics;
        BuildResult built = build_model(parsed.root, path.toStdString());
        diagnostics.insert(diagnostics.end(), built.diagnostics.begin(), built.diagnostics.end());
        QVERIFY(built.model);
        const SimConfig config = read_sim_config(parsed.root, path.toStdString(), diagnostics);
        QVERIFY2(!config.from_defaults, "a sample carries its own simulation config");
        auto sim = Simulation::create(std::move(*built.model), config, diagnostics);
        QVERIFY(sim);
        std::string messages;
        for (const auto& d : diagnostics) messages += format_diagnostic(d) + "\n";
        QVERIFY2(diagnostics.empty(), messages.c_str());
        QVERIFY2(sim->advance_to(1.0), sim->error() ? sim->error()->message.c_str() : "");
        QCOMPARE(sim->state().time, 1.0);
    }

    void standing_human_stands() {
        ParseResult parsed = parse_file(std::string(HFD_SAMPLES_DIR) + "/human_standing.hfd");
        BuildResult built = build_model(parsed.root, "human_standing.hfd");
        QVERIFY(built.model);
        std::vector<Diagnostic> diagnostics;
        auto sim =
            Simulation::create(std::move(*built.model), read_sim_config(parsed.root, "", diagnostics), diagnostics);
        QVERIFY(sim);
        const Index pelvis = sim->model().find_body("pelvis");
        const Vec3 start = sim->state().pos[pelvis];
        QVERIFY(sim->advance_to(2.0));
        // the motors hold the posture: the pelvis stays within a few centimetres, upright
        QVERIFY((sim->state().pos[pelvis] - start).norm() < 0.03);
        QVERIFY((sim->state().ori[pelvis] * Vec3::UnitY()).y() > 0.99);
    }
};

QTEST_APPLESS_MAIN(TestSamples)
#include "test_samples.moc"
