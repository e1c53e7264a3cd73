// Optimizing a scenario: the results folder (scenario copy, a .par per
// improvement, history.csv), the .par reproducing its score, independence of the
// thread count, and resuming a stopped run bit for bit.
#include "scenario/scenario_optimization.h"
#include "sim_test_util.h"

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
// the pendulum to reach an angle (a small, fast scenario with three parameters).
const char* model = R"(
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = arm mass = 1 inertia { x = 0.01 y = 0.001 z = 0.01 } pos { x = 0 y = -0.25 z = 0 }
		joint { name = elbow parent = ground pos_in_parent { x = 0 y = 0 z = 0 } pos_in_child { x = 0 y = 0.25 z = 0 }
			limits { x = 0..0 y = 0..0 z = -170..170 } } }
	point_path_muscle { name = flexor max_isometric_force = 200 optimal_fiber_length = 0.1 tendon_slack_length = 0.12
		path [ { body = ground pos { x = 0.05 y = 0.05 z = 0 } } { body = arm pos { x = 0.02 y = 0.1 z = 0 } } ] }
	dof { name = elbow_angle source = elbow_rz }
}
)";

const char* scenario_text = R"(
CmaOptimizer {
	random_seed = 7
	lambda = 6
	SimulationObjective {
		max_duration = 0.3
		ModelHyfydy { model_file = arm.hfd initial_load = 0 fixed_control_step_size = 0.01 }
		FeedForwardController {
			PieceWiseConstant { control_points = 2 control_point_y = 0.3~0.2<0,1> control_point_dt = 0.1~0.05<0.01,0.3> }
		}
		DofMeasure { dof = elbow_angle position { min = 40 max = 180 squared_penalty = 1 } }
	}
}
)";

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
    std::string root_;

    std::shared_ptr<const Scenario> load() {
        std::vector<Diagnostic> diagnostics;
        std::shared_ptr<const Scenario> scenario = Scenario::load(root_ + "/arm.scone", diagnostics);
        if (!scenario) qWarning("%s", test::diagnostics_text(diagnostics).c_str());
        return scenario;
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
        write(root_ + "/arm.hfd", model);
        write(root_ + "/arm.scone", scenario_text);
    }

    void runFolderHoldsScenarioParsAndHistory() {
        const std::string folder = optimize(root_ + "/a", 4, 1);
        QVERIFY(!folder.empty());
        QVERIFY(fs::exists(folder + "/arm.scone"));
        QCOMPARE(read(folder + "/arm.scone"), std::string(scenario_text));
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
};

QTEST_GUILESS_MAIN(TestScenarioOptimization)
#include "test_scenario_optimization.moc"
