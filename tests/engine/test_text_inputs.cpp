// The line-based readers (excitation CSV, trajectory CSV, sweep file) read the
// same text the .hfd parser reads: a UTF-8 byte order mark, "\r\n" and lone "\r"
// line ends; control bytes in a message are escaped, not cut short; a trajectory
// cell must be a finite number of sane magnitude; and many diagnostics of one
// kind are capped with a count (issue #38, items 7 and 9).
#include "analysis/trajectory_states.h"
#include "batch/sweep.h"
#include "format/read_text_file.h"
#include "format/repeated_diagnostics.h"
#include "io/excitation_csv.h"
#include "model/build_model.h"
#include "state/state.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace hfd;

namespace {

Model load(const char* name) {
    BuildResult built = load_model(std::string(HFD_SAMPLES_DIR) + "/" + name);
    if (!built.ok()) qFatal("cannot load %s", name);
    return std::move(*built.model);
}

std::string messages(const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& d : diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

const Diagnostic* first_error(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error) return &d;
    return nullptr;
}

// The same text with "\n" line ends, "\r\n", lone "\r", and each behind a BOM.
std::vector<std::string> variants(const std::string& text) {
    std::vector<std::string> out;
    for (const char* end : {"\n", "\r\n", "\r"}) {
        std::string changed;
        for (const char c : text) changed += c == '\n' ? std::string(end) : std::string(1, c);
        out.push_back(changed);
        out.push_back("\xEF\xBB\xBF" + changed);
    }
    return out;
}

const char* pendulum_rows = "time,swing,swing.vel\n0,1,0\n0.1,0.9,-1\n0.2,0.8,-1\n";

}  // namespace

class TestTextInputs : public QObject {
    Q_OBJECT

private slots:
    void excitationReadsEveryLineEndAndBom() {
        const Model model = load("arm_muscles.hfd");
        for (const std::string& text : variants("time,biceps,triceps\n0,0.1,0.2\n1,0.3,0.4\n")) {
            const ExcitationReadResult read = read_excitation_text(text, "e.csv", model);
            QVERIFY2(read.ok(), messages(read.diagnostics).c_str());
            QCOMPARE(read.series->time.size(), size_t(2));
            QCOMPARE(read.series->values[1][1], 0.4);
        }
        // an error on line 3 is reported on line 3 whatever the line ends
        for (const std::string& text : variants("time,biceps,triceps\n0,0.1,0.2\n1,0.3,x\n")) {
            const ExcitationReadResult read = read_excitation_text(text, "e.csv", model);
            QVERIFY(!read.ok());
            QCOMPARE(first_error(read.diagnostics)->location.line, 3);
        }
    }

    // A NUL ended the C string the message was printed from.
    void controlBytesInAMessageAreEscaped() {
        const Model model = load("arm_muscles.hfd");
        const std::string text(
            "time,biceps\n0,0.1\n1,0.\x00"
            "5x\n",
            26);
        const ExcitationReadResult read = read_excitation_text(text, "e.csv", model);
        QVERIFY(!read.ok());
        const std::string message = first_error(read.diagnostics)->message;
        QVERIFY2(message.find("'0.\\x005x'") != std::string::npos, message.c_str());
        QCOMPARE(message.find('\0'), std::string::npos);
        QCOMPARE(hfd::quoted(std::string_view("a\x1b[31m", 6)), std::string("'a\\x1B[31m'"));
    }

    void trajectoryReadsEveryLineEndAndBom() {
        const Model model = load("pendulum.hfd");
        for (const std::string& text : variants(pendulum_rows)) {
            const TrajectoryStates read = read_trajectory_text(text, "t.csv", model, initial_state(model));
            QVERIFY2(read.ok(), messages(read.diagnostics).c_str());
            QCOMPARE(read.states.size(), size_t(3));
            QCOMPARE(read.states[2].time, 0.2);
        }
    }

    // NaN, inf and 1e308 cells were accepted and turned the analyses into NaN.
    void trajectoryCellsMustBeFiniteAndSane() {
        const Model model = load("pendulum.hfd");
        for (const char* cell : {"nan", "inf", "-inf", "1e308", "1e400", "-2e12"}) {
            const std::string text = "time,swing,swing.vel\n0,1,0\n0.1," + std::string(cell) + ",-1\n0.2,0.8,-1\n";
            const TrajectoryStates read = read_trajectory_text(text, "t.csv", model, initial_state(model));
            QVERIFY2(!read.ok(), cell);
            const Diagnostic& error = *first_error(read.diagnostics);
            QCOMPARE(error.location.line, 3);
            QCOMPARE(error.location.column, 5);
            QVERIFY2(error.message.find("column 'swing' (row 2)") != std::string::npos, error.message.c_str());
        }
        const std::string twice = "time,swing,swing\n0,1,0\n0.1,0.9,-1\n";
        const TrajectoryStates duplicate = read_trajectory_text(twice, "t.csv", model, initial_state(model));
        QVERIFY(!duplicate.ok());
        QVERIFY(first_error(duplicate.diagnostics)->message.find("twice") != std::string::npos);
    }

    // A trajectory of only time and the dof columns left the muscles at their
    // initial state without a word.
    void missingMuscleColumnsAreWarnedAbout() {
        const Model model = load("arm_muscles.hfd");
        const std::string text = "time,elbow_flexion,elbow_flexion.vel\n0,1,0\n0.1,0.9,-1\n";
        const TrajectoryStates read = read_trajectory_text(text, "t.csv", model, initial_state(model));
        QVERIFY(read.ok());
        QCOMPARE(read.diagnostics.size(), size_t(1));
        QCOMPARE(read.diagnostics[0].severity, Severity::Warning);
        QVERIFY2(read.diagnostics[0].message.find("biceps.activation") != std::string::npos,
                 read.diagnostics[0].message.c_str());
        QVERIFY(read.diagnostics[0].message.find("1 more") != std::string::npos);
    }

    void sweepReadsEveryLineEndAndBom() {
        for (const std::string& text : variants("body.rod.mass,gravity\n1,[0 -9 0]\n2,[0 -8 0]\n")) {
            const SweepFileResult read = read_sweep_text(text, "s.csv");
            QVERIFY2(read.runs, messages(read.diagnostics).c_str());
            QCOMPARE(read.runs->size(), size_t(2));
            QCOMPARE(read.runs->front().front().path, std::string("body.rod.mass"));
        }
    }

    // A file read a block at a time has the lines of the whole text: every line
    // end and the byte order mark, a "\r\n" split between two blocks, a line
    // longer than a block, a last line without its line end.
    void fileLinesAreTheLinesOfTheWholeText() {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const size_t block = 1 << 16;
        std::string long_line(3 * block + 17, 'x');
        for (const std::string& prefix : {std::string(), std::string("\xEF\xBB\xBF")}) {
            std::string text = prefix + "first\r\n";
            text += std::string(block - 1 - text.size(), 'a') + "\r\n";  // the '\r' ends the first block
            text += "\n\r\rlone\r" + long_line + "\nend\r\n\r\nlast";
            for (const std::string& variant : {text, text + "\n", text + "\r", std::string(prefix)}) {
                const std::string path = directory.filePath("lines.txt").toStdString();
                std::ofstream(path, std::ios::binary) << variant;
                TextLines whole(variant);
                FileLines blocks(path);
                QVERIFY(blocks.is_open());
                std::string_view expected, line;
                int count = 0;
                while (whole.next(expected)) {
                    QVERIFY(blocks.next(line));
                    QCOMPARE(line, expected);
                    QCOMPARE(blocks.number(), whole.number());
                    ++count;
                }
                QVERIFY(!blocks.next(line));
                QVERIFY(!blocks.failed());
                QCOMPARE(count, variant.size() > prefix.size() ? 10 : 0);
            }
        }
        QVERIFY(!FileLines(directory.filePath("missing.txt").toStdString()).is_open());
        QVERIFY(!FileLines(directory.path().toStdString()).is_open());
    }

    // 3.3 million unknown-key warnings printed 289 MB.
    void repeatedDiagnosticsAreCapped() {
        std::vector<Diagnostic> many;
        for (int i = 0; i < 1000; ++i)
            many.push_back({Severity::Warning,
                            {"m.hfd", i + 2, 3},
                            "unknown property 'k" + std::to_string(i) + "' in body 'b' (ignored)"});
        many.insert(many.begin() + 5, {Severity::Error, {"m.hfd", 1, 1}, "something else"});
        const std::vector<Diagnostic> shown = cap_repeated_diagnostics(many, 10);
        QCOMPARE(shown.size(), size_t(12));
        QCOMPARE(shown[5].message, std::string("something else"));
        QCOMPARE(shown[10].location.line, 11);  // the tenth warning, in order
        QCOMPARE(shown.back().severity, Severity::Note);
        QVERIFY2(shown.back().message.find("990 more warnings like: unknown property 'k0'") != std::string::npos,
                 shown.back().message.c_str());
        QCOMPARE(cap_repeated_diagnostics(std::vector<Diagnostic>(many.begin(), many.begin() + 8)).size(), size_t(8));
    }
};

QTEST_APPLESS_MAIN(TestTextInputs)
#include "test_text_inputs.moc"
