// Batch runs: sweep syntax (axes, ranges with exact ends, sweep files with
// line:column errors), overrides on the property tree (named groups, top-level
// blocks, clear errors for paths that lead nowhere), and a thread pool whose
// results do not depend on the thread count, on the order runs start in or on
// the runs before them.
#include "batch/batch.h"
#include "batch/summary.h"
#include "format/parser.h"
#include "parallel/thread_pool.h"
#include "run/csv_writer.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

using namespace hfd;

namespace {

const char* pendulum_text =
    "model {\n"
    "  gravity = [ 0 -9.81 0 ]\n"
    "  body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n"
    "  body { name = rod mass = 2 inertia = [ 0.1 0.01 0.1 ]\n"
    "    joint { name = pivot parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.5 0 ] stiffness = 1e6 }\n"
    "  }\n"
    "  dof { name = swing source = rod_rz default = 45 }\n"
    "}\n"
    "composite_force { joint_force_pnld {} }\n"
    "error_control_integrator_mem { accuracy = 0.001 }\n";

PropNode parsed(const char* text) {
    ParseResult result = parse_text(text, "t.hfd");
    return result.root;
}

// A short run of the 3D human (contacts, 80 muscles): the recorded CSV text.
std::string human3d_csv(const std::string& model_text, const char* gravity_y) {
    BatchJob job;
    job.inputs.model = {model_text, HFD_SAMPLES_DIR "/human3d.hfd"};
    job.inputs.overrides = {{"gravity.y", gravity_y}};
    job.duration = 0.05;
    JobOutcome outcome = run_job(job);
    if (outcome.status != JobStatus::Done || !outcome.recording) return "failed: " + outcome.message;
    std::string text;
    write_recording_csv([&](std::string_view piece) { return text.append(piece), true; }, *outcome.recording);
    return text;
}

QByteArray file_bytes(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const PropNode& named(const PropNode& parent, const std::string& key, const std::string& name) {
    for (const PropNode& child : parent.children)
        if (child.key == key && child.find("name") && child.find("name")->value == name) return child;
    throw std::runtime_error("missing " + name);
}

}  // namespace

class TestBatch : public QObject {
    Q_OBJECT
private slots:
    // The engine's one pool (parallel/thread_pool.h): every index once per run, on as
    // many threads as asked, runs one after another on the same threads, and a stop
    // flag that ends the handing out.
    void threadPoolRunsEveryIndexOnceAndStopsWhenTold() {
        ThreadPool pool(3);
        QCOMPARE(pool.thread_count(), 3);
        for (int round = 0; round < 20; ++round) {
            std::vector<std::atomic<int>> calls(97);
            std::mutex mutex;
            std::set<std::thread::id> threads;
            pool.run(calls.size(), [&](size_t i) {
                ++calls[i];
                std::lock_guard lock(mutex);
                threads.insert(std::this_thread::get_id());
            });
            for (const std::atomic<int>& c : calls) QCOMPARE(c.load(), 1);
            QVERIFY(threads.size() <= 3);
        }
        // a stop set before the run starts nothing; one set by the 5th index of a
        // one-thread pool lets no 6th start
        volatile std::sig_atomic_t stop = 1;
        std::atomic<int> started{0};
        pool.run(
            1000, [&](size_t) { ++started; }, &stop);
        QCOMPARE(started.load(), 0);
        ThreadPool single(1);
        stop = 0;
        single.run(
            1000,
            [&](size_t) {
                if (++started == 5) stop = 1;
            },
            &stop);
        QCOMPARE(started.load(), 5);
        pool.run(0, [](size_t) { QFAIL("no index"); });
    }

    void axis_lists_and_ranges() {
        std::string error;
        auto axis = parse_sweep_axis("body.rod.mass=1, 2.5 ,3", &error);
        QVERIFY(axis);
        QCOMPARE(axis->path, std::string("body.rod.mass"));
        QCOMPARE(axis->values, (std::vector<std::string>{"1", "2.5", "3"}));
        axis = parse_sweep_axis("gravity=[ 0 -9.81 0 ],[0 -1 0]", &error);
        QVERIFY(axis);
        QCOMPARE(axis->values, (std::vector<std::string>{"[ 0 -9.81 0 ]", "[0 -1 0]"}));
        axis = parse_sweep_axis("x=0.1..0.7:7", &error);
        QVERIFY(axis);
        QCOMPARE(int(axis->values.size()), 7);
        QCOMPARE(axis->values.front(), std::string("0.1"));
        QCOMPARE(axis->values.back(), std::string("0.7"));  // the end exactly, no rounding drift
        QCOMPARE(axis->values[3], std::string("0.4"));
        axis = parse_sweep_axis("x=5..9:1", &error);
        QVERIFY(axis && axis->values == std::vector<std::string>{"5"});
        for (const char* bad : {"x", "=1", "x=1,,2", "x=1..2:0", "x=1..2:1.5", "x=a..2:3"}) {
            error.clear();
            QVERIFY2(!parse_sweep_axis(bad, &error), bad);
            QVERIFY2(!error.empty(), bad);
        }
    }

    void cartesian_order_first_axis_slowest() {
        const std::vector<OverrideSet> runs = cartesian_runs({{"a", {"1", "2"}}, {"b", {"x", "y", "z"}}});
        QCOMPARE(int(runs.size()), 6);
        QCOMPARE(runs[0][0].value + runs[0][1].value, std::string("1x"));
        QCOMPARE(runs[1][0].value + runs[1][1].value, std::string("1y"));
        QCOMPARE(runs[5][0].value + runs[5][1].value, std::string("2z"));
        QCOMPARE(int(cartesian_runs({}).size()), 1);  // no axes: one run, unchanged
    }

    void sweep_file() {
        const SweepFileResult ok =
            read_sweep_text("# comment\nbody.rod.mass, gravity\n1,\"[0 -1 0]\"\n\n2,[0 -2 0]\n", "s.csv");
        QVERIFY(ok.runs);
        QCOMPARE(int(ok.runs->size()), 2);
        QCOMPARE((*ok.runs)[1][1].value, std::string("[0 -2 0]"));
        QCOMPARE((*ok.runs)[0][1].value, std::string("[0 -1 0]"));
        const SweepFileResult short_row = read_sweep_text("a,b\n1,2\n3\n", "s.csv");
        QVERIFY(!short_row.runs);
        QCOMPARE(short_row.diagnostics.front().location.line, 3);
        QVERIFY(!read_sweep_text("", "s.csv").runs);
        QVERIFY(!read_sweep_text("a\n", "s.csv").runs);  // no runs
    }

    void overrides_reach_named_groups_and_blocks() {
        PropNode root = parsed(pendulum_text);
        std::string error;
        QVERIFY2(apply_override(root, {"body.rod.mass", "3.5"}, &error), error.c_str());
        QVERIFY2(apply_override(root, {"body.rod.joint.pivot.stiffness", "2e5"}, &error), error.c_str());
        QVERIFY2(apply_override(root, {"gravity", "[ 0 -1.62 0 ]"}, &error), error.c_str());
        QVERIFY2(apply_override(root, {"error_control_integrator_mem.accuracy", "1e-4"}, &error), error.c_str());
        QVERIFY2(apply_override(root, {"model.dof.swing.default", "10"}, &error), error.c_str());
        const PropNode& model = *root.find("model");
        const PropNode& rod = named(model, "body", "rod");
        QCOMPARE(to_number(*rod.find("mass")).value(), 3.5);
        QCOMPARE(to_number(*rod.find("joint")->find("stiffness")).value(), 2e5);
        QCOMPARE(to_vec3(*model.find("gravity")).value().y(), -1.62);
        QCOMPARE(to_number(*root.find("error_control_integrator_mem")->find("accuracy")).value(), 1e-4);
        QCOMPARE(to_number(*named(model, "dof", "swing").find("default")).value(), 10.0);
        // the other body is untouched
        QCOMPARE(to_number(*named(model, "body", "ground").find("mass")).value(), 0.0);
    }

    void overrides_that_lead_nowhere_are_errors() {
        PropNode root = parsed(pendulum_text);
        const PropNode before = root;
        const std::pair<const char*, const char*> cases[] = {
            {"body.rdo.mass", "no body named 'rdo'"},
            {"body.rod.mas", "body 'rod' has no 'mas'"},
            {"body.rod", "names a group"},
            {"nothing.here", "no 'nothing'"},
            {"gravity.x", "'gravity' has no 'x'"},
            {"body.rod.mass.x", "is a value, not a group"},
            {"body..mass", "empty segment"},
        };
        for (const auto& [path, fragment] : cases) {
            std::string error;
            QVERIFY2(!apply_override(root, {path, "1"}, &error), path);
            QVERIFY2(error.find(fragment) != std::string::npos, (std::string(path) + ": " + error).c_str());
        }
        std::string error;
        QVERIFY(!apply_override(root, {"body.rod.mass", "[ 1 2"}, &error));
        QVERIFY(error.find("not a .hfd value") != std::string::npos);
        QVERIFY(root.same_content(before));  // failed overrides change nothing
    }

    void batch_results_do_not_depend_on_threads() {
        std::vector<BatchJob> jobs;
        for (const char* mass : {"1", "2", "4", "bad", "8"}) {
            BatchJob job;
            job.inputs.model = {pendulum_text, "p.hfd"};
            job.inputs.overrides = {{"body.rod.mass", mass}};
            job.duration = 0.3;
            jobs.push_back(job);
        }
        auto run_all = [&](int threads) {
            std::vector<std::vector<double>> values(jobs.size());
            std::vector<JobStatus> status(jobs.size());
            std::vector<size_t> rows(jobs.size(), 0);
            run_batch(jobs, threads, [&](size_t i, JobOutcome& outcome) {  // distinct slots: no lock needed
                status[i] = outcome.status;
                if (outcome.recording) values[i] = outcome.recording->values();
                if (outcome.recording) rows[i] = outcome.recording->row_count();
            });
            return std::make_tuple(values, status, rows);
        };
        const auto one = run_all(1), two = run_all(2);
        const auto& [values, status, rows] = one;
        QCOMPARE(values, std::get<0>(two));
        QCOMPARE(status, std::get<1>(two));
        QCOMPARE(status[3], JobStatus::InputError);
        for (size_t i : {0, 1, 2, 4}) {
            QCOMPARE(status[i], JobStatus::Done);
            QCOMPARE(int(rows[i]), 31);  // samples of the 0.3 s run every 0.01 s
        }
        QVERIFY(values[0] != values[1]);  // the mass changes the run (the joint stretches more)
    }

    // The files `hfd batch` writes for a sweep of the 3D human (contacts and
    // muscles, where a run could differ by its thread, by the order runs start
    // in, or by memory a previous run on the same thread left) are the same
    // bytes on one thread and on two.
    void batch_files_of_human3d_do_not_depend_on_threads() {
        const QString hfd = QString(HFD_BIN_DIR) + "/hfd";
        if (!QFileInfo::exists(hfd)) QSKIP("the hfd tool is not built (target hfd)");
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        auto run_with = [&](int threads) {
            const QString out = directory.filePath(QString("threads_%1").arg(threads));
            QProcess process;
            process.start(hfd, {"batch", HFD_SAMPLES_DIR "/human3d.hfd", "--set", "gravity.y=-9.81,-9.5,-9", "--set",
                                "error_control_integrator_sem.accuracy=0.01,0.003", "--duration", "0.1", "--threads",
                                QString::number(threads), "--out-dir", out});
            const bool finished = process.waitForFinished(-1);
            return finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0 ? out
                                                                                                       : QString();
        };
        const QString one = run_with(1), two = run_with(2);
        QVERIFY(!one.isEmpty() && !two.isEmpty());
        std::vector<QByteArray> runs;
        for (int i = 0; i < 6; ++i) {
            const QString name = QString("run_%1.csv").arg(i, 4, 10, QChar('0'));
            const QByteArray bytes = file_bytes(one + "/" + name);
            QVERIFY2(bytes.count('\n') == 12, qPrintable(name));  // header + samples at 0, 0.01 .. 0.1 s
            QVERIFY2(bytes == file_bytes(two + "/" + name), qPrintable(name + " differs between 1 and 2 threads"));
            runs.push_back(bytes);
        }
        QVERIFY(runs[0] != runs[4]);  // the sweep changes the runs: equal files are not a dead batch
    }

    // A run gives the same bytes whether it comes first or after other runs, on the same thread or on a new one, with
    // the heap in another state: no state leaks from one run to the next.
    void a_run_does_not_depend_on_the_runs_before_it() {
        std::string model;
        {
            std::optional<TextInput> input = read_text_input(HFD_SAMPLES_DIR "/human3d.hfd", nullptr);
            QVERIFY(input);
            model = input->text;
        }
        const std::string first = human3d_csv(model, "-9.81");
        QVERIFY2(first.rfind("time", 0) == 0, first.c_str());
        std::vector<std::unique_ptr<char[]>> shifted_heap;  // odd-sized blocks move later allocations
        for (int size : {24, 40, 72, 136, 1000, 4104}) shifted_heap.push_back(std::make_unique<char[]>(size_t(size)));
        const std::string other = human3d_csv(model, "-3");
        QVERIFY(other != first);
        QVERIFY(human3d_csv(model, "-9.81") == first);
        std::string on_new_thread;
        std::thread([&] { on_new_thread = human3d_csv(model, "-9.81"); }).join();
        QVERIFY(on_new_thread == first);
    }

    void summary_lists_every_run() {
        BatchJob job;
        job.inputs.overrides = {{"body.rod.mass", "2"}};
        JobOutcome failed;
        failed.message = "t.hfd:3:4: error: bad";
        const BatchRunSummary summary = summarize_run("run_0000", job, failed);
        const std::string table = format_batch_table({summary});
        QVERIFY(table.find("body.rod.mass") != std::string::npos);
        QVERIFY(table.find("input error") != std::string::npos);
        QVERIFY(table.find("t.hfd:3:4: error: bad") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestBatch)
#include "test_batch.moc"
