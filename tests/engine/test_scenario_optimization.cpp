// Optimizing a scenario: the results folder (scenario copy, a .par per
// improvement, history.csv), the .par reproducing its score, independence of the
// thread count, resuming a stopped run bit for bit, and the folder as a
// transaction: what a kill leaves resumes exactly or is refused, a folder in use
// is refused, concurrent runs get their own folders, a failed write stops the run.
// (scripts/fault_injection.sh kills the CLI at every write; ctest runs it too.)
#include "scenario/scenario_optimization.h"
#include "cli_test_util.h"
#include "sim_test_util.h"

#include <sys/resource.h>
#include <csignal>

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace hfd;

namespace {

namespace fs = std::filesystem;

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// A pendulum swung by one muscle under a feed-forward pattern; the measure asks
// the pendulum to reach an angle (a small, fast scenario with three parameters),
// shared with scripts/fault_injection.sh.
const std::string data_dir = HFD_SOURCE_DIR "/tests/data/arm_optimization";

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream stream(text);
    for (std::string line; std::getline(stream, line);) out.push_back(line);
    return out;
}

}  // namespace

class TestScenarioOptimization : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string root_, scenario_text_;

    std::shared_ptr<const Scenario> load() {
        std::vector<Diagnostic> diagnostics;
        std::shared_ptr<const Scenario> scenario = Scenario::load(root_ + "/arm.scone", diagnostics);
        if (!scenario) qWarning("%s", test::diagnostics_text(diagnostics).c_str());
        return scenario;
    }

    std::unique_ptr<ScenarioOptimization> resume(const std::string& folder, int generations,
                                                 std::vector<Diagnostic>& diagnostics) {
        ScenarioOptimizationOptions options;
        options.max_generations = generations;
        options.threads = 1;
        return ScenarioOptimization::resume(folder, options, diagnostics);
    }

    // Runs `generations` in out_dir with `threads`; the run folder.
    std::string optimize(const std::string& out_dir, int generations, int threads) {
        std::vector<Diagnostic> diagnostics;
        ScenarioOptimizationOptions options;
        options.out_dir = out_dir;
        options.threads = threads;
        options.max_generations = generations;
        auto optimization = ScenarioOptimization::create(load(), options, diagnostics);
        if (!optimization) return {};
        std::string error;
        if (!optimization->run(nullptr, &error)) qWarning("%s", error.c_str());
        return optimization->folder();
    }

private slots:
    void initTestCase() {
        root_ = dir_.path().toStdString();
        scenario_text_ = read(data_dir + "/arm.scone");
        QVERIFY(!scenario_text_.empty());
        write(root_ + "/arm.hfd", read(data_dir + "/arm.hfd"));
        write(root_ + "/arm.scone", scenario_text_);
    }

    void runFolderHoldsScenarioParsAndHistory() {
        const std::string folder = optimize(root_ + "/a", 4, 1);
        QVERIFY(!folder.empty());
        QVERIFY(fs::exists(folder + "/arm.scone"));
        QCOMPARE(read(folder + "/arm.scone"), scenario_text_);
        const std::vector<std::string> history = lines(read(folder + "/history.csv"));
        QCOMPARE(history.size(), size_t(5));  // header + 4 generations
        QCOMPARE(history[0], std::string("generation,best,median,std,best_so_far,evaluations"));
        // the newest .par scores what its name says: evaluating it reproduces the best
        std::string newest;
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().extension() == ".par" && entry.path().string() > newest) newest = entry.path().string();
        QVERIFY(!newest.empty());
        const auto scenario = load();
        std::vector<Diagnostic> diagnostics;
        const auto values = scenario->values_from_par(newest, diagnostics);
        QVERIFY2(values, test::diagnostics_text(diagnostics).c_str());
        const double score = scenario->evaluate(*values).objective;
        // history columns: generation,best,median,std,best_so_far,evaluations
        std::stringstream last(history.back());
        std::vector<std::string> columns;
        for (std::string column; std::getline(last, column, ',');) columns.push_back(column);
        QCOMPARE(columns.size(), size_t(6));
        const double best_so_far = std::stod(columns[4]);
        QVERIFY2(std::abs(score - best_so_far) <= 1e-9 * std::max(1.0, std::abs(score)),
                 qPrintable(QString("%1 vs %2").arg(score).arg(best_so_far)));
    }

    void resultsDoNotDependOnThreads() {
        const std::string one = optimize(root_ + "/t1", 3, 1);
        const std::string two = optimize(root_ + "/t2", 3, 2);
        QVERIFY(!one.empty() && !two.empty());
        QCOMPARE(read(one + "/history.csv"), read(two + "/history.csv"));
    }

    void resumedRunEqualsUninterruptedRun() {
        const std::string straight = optimize(root_ + "/s", 4, 1);
        const std::string first = optimize(root_ + "/r", 2, 1);
        QVERIFY(!straight.empty() && !first.empty());
        std::vector<Diagnostic> diagnostics;
        ScenarioOptimizationOptions options;
        options.max_generations = 4;
        options.threads = 1;
        auto resumed = ScenarioOptimization::resume(first, options, diagnostics);
        QVERIFY2(resumed, test::diagnostics_text(diagnostics).c_str());
        std::string error;
        QVERIFY2(resumed->run(nullptr, &error), error.c_str());
        QCOMPARE(read(first + "/history.csv"), read(straight + "/history.csv"));
    }
    // A kill after the history row and the improved .par of generation 3 but
    // before its state: the resumed run drops them and writes them again.
    void resumeDropsWhatCameAfterTheSavedState() {
        const std::string straight = optimize(root_ + "/k1", 4, 1);
        const std::string killed = optimize(root_ + "/k2", 2, 1);
        QVERIFY(!straight.empty() && !killed.empty());
        std::ofstream(killed + "/history.csv", std::ios::app) << "3,1,1,1,1,18\n4,1";
        write(killed + "/0003_1.par", "a .par of a generation never saved\n");
        write(killed + "/optimization.state.tmp-AbC123", "half a state");
        std::vector<Diagnostic> diagnostics;
        auto resumed = resume(killed, 4, diagnostics);
        QVERIFY2(resumed, test::diagnostics_text(diagnostics).c_str());
        std::string error;
        QVERIFY2(resumed->run(nullptr, &error), error.c_str());
        QCOMPARE(read(killed + "/history.csv"), read(straight + "/history.csv"));
        QCOMPARE(read(killed + "/optimization.state"), read(straight + "/optimization.state"));
        QVERIFY(!fs::exists(killed + "/optimization.state.tmp-AbC123"));
        QCOMPARE(fs::exists(killed + "/0003_1.par"), false);
        for (const auto& entry : fs::directory_iterator(straight))
            if (entry.path().extension() == ".par")
                QCOMPARE(read(killed + "/" + entry.path().filename().string()), read(entry.path().string()));
    }

    // The state of generation 0 is saved with the folder: a kill during the
    // first generation leaves a folder that resumes.
    void folderResumesFromGenerationZero() {
        const std::string straight = optimize(root_ + "/z1", 3, 1);
        const std::string zero = optimize(root_ + "/z2", 0, 1);
        QVERIFY(!zero.empty());
        QVERIFY(fs::exists(zero + "/optimization.state"));
        std::vector<Diagnostic> diagnostics;
        auto resumed = resume(zero, 3, diagnostics);
        QVERIFY2(resumed, test::diagnostics_text(diagnostics).c_str());
        std::string error;
        QVERIFY2(resumed->run(nullptr, &error), error.c_str());
        QCOMPARE(read(zero + "/history.csv"), read(straight + "/history.csv"));
    }

    void folderWithoutStateIsRefusedWithAReason() {
        const std::string folder = optimize(root_ + "/n", 1, 1);
        fs::remove(folder + "/optimization.state");
        std::vector<Diagnostic> diagnostics;
        QVERIFY(!resume(folder, 2, diagnostics));
        QVERIFY2(test::diagnostics_text(diagnostics).find("before its first save") != std::string::npos,
                 test::diagnostics_text(diagnostics).c_str());
    }

    // A damaged state is bad input: refused at its line, exit 1 from the CLI.
    void damagedStateIsRefusedAsInput() {
        const std::string folder = optimize(root_ + "/d", 1, 1);
        std::string state = read(folder + "/optimization.state");
        state.replace(state.find("\nsigma "), 7, "\nsigma x");
        write(folder + "/optimization.state", state);
        std::vector<Diagnostic> diagnostics;
        QVERIFY(!resume(folder, 2, diagnostics));
        QVERIFY(test::diagnostics_text(diagnostics).find("optimization.state") != std::string::npos);
        const QString hfd = test::built_hfd();
        if (hfd.isEmpty()) QSKIP("build/bin/hfd is not built");
        const test::CliRun run = test::run_hfd(hfd, QString::fromStdString(root_),
                                               {"optimize", "--resume", QString::fromStdString(folder)});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("optimization.state:"), qPrintable(run.err));
    }

    // Two runs of one scenario started in the same second get their own folders
    // (mkdir decides, not the clock), and a folder in use cannot be resumed.
    void runsGetTheirOwnFoldersAndAFolderInUseIsRefused() {
        RunFolderLock first_lock, second_lock, third_lock;
        std::string error;
        const std::string first = make_unique_run_folder(root_ + "/u", "same", first_lock, &error);
        const std::string second = make_unique_run_folder(root_ + "/u", "same", second_lock, &error);
        QVERIFY2(!first.empty() && !second.empty(), error.c_str());
        QVERIFY(first != second);
        QVERIFY(first_lock.held() && second_lock.held());
        QVERIFY(!third_lock.acquire(first, &error));
        QVERIFY2(error.find("in use") != std::string::npos, error.c_str());

        std::vector<Diagnostic> diagnostics;
        ScenarioOptimizationOptions options;
        options.out_dir = root_ + "/l";
        options.threads = 1;
        options.max_generations = 1;
        auto first_run = ScenarioOptimization::create(load(), options, diagnostics);
        QVERIFY(first_run && first_run->run(nullptr, &error));
        auto resumed = resume(first_run->folder(), 2, diagnostics);  // the first run is over: its folder is free
        QVERIFY2(resumed, test::diagnostics_text(diagnostics).c_str());
        QVERIFY(!resume(first_run->folder(), 3, diagnostics));  // `resumed` holds it until its run ends
        QVERIFY2(test::diagnostics_text(diagnostics).find("in use") != std::string::npos,
                 test::diagnostics_text(diagnostics).c_str());
        QVERIFY(resumed->run(nullptr, &error));
        diagnostics.clear();
        QVERIFY2(resume(first_run->folder(), 3, diagnostics), test::diagnostics_text(diagnostics).c_str());
    }

    // A write that fails (here: a file size limit, as a full disk would) stops the
    // run at once with exit 4; the folder holds the generations saved whole.
    void failedWriteStopsTheRun() {
        const QString hfd = test::built_hfd();
        if (hfd.isEmpty()) QSKIP("build/bin/hfd is not built");
        const std::string out = root_ + "/f";
        const test::CliRun run = test::run_hfd(
            hfd, QString::fromStdString(root_),
            {"optimize", "arm.scone", "--threads", "1", "--max-generations", "100", "--out-dir",
             QString::fromStdString(out)},
            20000, [] {
                std::signal(SIGXFSZ, SIG_IGN);
                const rlimit limit{2500, 2500};  // above the state, below 100 history rows
                setrlimit(RLIMIT_FSIZE, &limit);
            });
        QCOMPARE(run.exit_code, 4);
        QVERIFY2(run.out.contains("could not be written after"), qPrintable(run.out));
        std::string folder;
        for (const auto& entry : fs::directory_iterator(out)) folder = entry.path().string();
        QVERIFY2(run.out.contains(QString::fromStdString("results in " + folder)), qPrintable(run.out));
        const std::string history = read(folder + "/history.csv");  // may end in a part row
        const size_t rows = size_t(std::count(history.begin(), history.end(), '\n')) - 1;
        QVERIFY(rows >= 1 && rows < 100);
        const int reported = run.out.section(" after ", 1).section(' ', 0, 0).toInt();
        QCOMPARE(reported, int(rows) + 1);  // the generation whose write failed, no more
        std::vector<Diagnostic> diagnostics;
        auto resumed = resume(folder, int(rows) + 2, diagnostics);
        QVERIFY2(resumed, test::diagnostics_text(diagnostics).c_str());
        std::string error;
        QVERIFY2(resumed->run(nullptr, &error), error.c_str());
        QCOMPARE(lines(read(folder + "/history.csv")).size(), rows + 3);
    }
};

QTEST_GUILESS_MAIN(TestScenarioOptimization)
#include "test_scenario_optimization.moc"
