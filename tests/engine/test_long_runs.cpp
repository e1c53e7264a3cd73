// Long and absurd runs (issue 38): a streaming recorder keeps a bounded block
// of rows whatever the run's length and hands every row to its sink; the files
// written while recording hold the same bytes as those written at the end;
// runs that cannot be simulated (non-finite or ineffective durations, step or
// sample counts past the limits) are refused before their first step, the
// step-count refusal located at the step_size property; sweeps too large to
// hold are refused before they are expanded.
#include "batch/sweep.h"
#include "format/read_text_file.h"
#include "io/text_file.h"
#include "run/csv_writer.h"
#include "run/recorder.h"
#include "run/recording_files.h"
#include "run/run.h"
#include "run/sto_writer.h"

#include "chain_models.h"
#include "sim_test_util.h"

#include <QtTest>

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <limits>
#include "test_time_scale.h"

using namespace hfd;

namespace {

std::string read_all(const std::string& path) { return read_text_file(path).value_or("(unreadable)"); }

std::string with_step_size(const std::string& step_size) {
    std::string text = test::pin_pendulum_text;
    text.replace(text.find("step_size = 1e-4"), 16, "step_size = " + step_size);
    return text;
}

}  // namespace

class TestLongRuns : public QObject {
    Q_OBJECT
private slots:
    void streaming_recorder_holds_a_bounded_block();
    void streamed_files_equal_files_written_at_the_end();
    void interrupted_files_keep_their_rows_under_partial_names();
    void failed_sink_stops_the_run();
    void unusable_durations_are_refused();
    void step_counts_past_the_limit_are_refused_at_the_step_size();
    void sample_counts_past_the_limit_are_refused();
    void sample_count_saturates();
    void oversized_sweeps_are_refused();
    void oversized_batch_exits_2();
};

// 2,001 samples through a sink that takes blocks of 64 rows: the recorder never
// holds more than 64, the sink receives every row in order, and the rows equal
// those of the same run held in memory.
void TestLongRuns::streaming_recorder_holds_a_bounded_block() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    auto reference_sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim && reference_sim);
    Recorder recorder(*sim, ContactPairSet{});
    Recorder reference(*reference_sim, ContactPairSet{});
    constexpr size_t block = 64;
    std::vector<double> received;
    size_t largest_held = 0, calls = 0;
    recorder.stream_to(
        [&](const double* rows, size_t count) {
            ++calls;
            received.insert(received.end(), rows, rows + count * recorder.channel_count());
            return true;
        },
        block);
    RunOptions options;
    options.duration = 2;
    options.sample_period = 0.001;
    options.on_sample = [&](double) { largest_held = std::max(largest_held, recorder.row_count()); };
    QVERIFY(record_simulation(*sim, recorder, options).ok);
    QVERIFY(record_simulation(*reference_sim, reference, options).ok);
    QVERIFY(recorder.flush());
    QCOMPARE(recorder.row_count(), size_t(0));
    QVERIFY2(largest_held <= block, qPrintable(QString::number(largest_held)));
    QCOMPARE(recorder.recorded_row_count(), size_t(2001));
    QCOMPARE(calls, (2001 + block - 1) / block);
    QCOMPARE(reference.row_count(), size_t(2001));
    QVERIFY(received == reference.values());  // unwrapping and every value as in memory
}

// The CSV and .sto written row by row during the run hold the same bytes as
// save_recording_csv / save_dof_sto of the same run recorded in memory.
void TestLongRuns::streamed_files_equal_files_written_at_the_end() {
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    const std::string csv = directory.filePath("run.csv").toStdString(),
                      sto = directory.filePath("run.sto").toStdString();
    const std::string csv_ref = directory.filePath("ref.csv").toStdString(),
                      sto_ref = directory.filePath("ref.sto").toStdString();
    auto sim = test::make_simulation(test::pin_pendulum_text);
    auto reference_sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim && reference_sim);
    RunOptions options;
    options.duration = 0.5;
    options.sample_period = 0.003;  // not a divisor: the last row is the end time
    const GroupMask groups = group_bit(ChannelGroup::Dofs) | group_bit(ChannelGroup::Joints);
    Recorder recorder(*sim, ContactPairSet{}, groups);
    RecordingFiles files(recorder);
    QVERIFY(files.add_csv(csv, groups));
    QVERIFY(files.add_sto(sto, "pendulum", sample_count(options.duration, options.sample_period)));
    recorder.stream_to([&](const double* rows, size_t count) { return files.write_rows(rows, count); }, 16);
    QVERIFY(record_simulation(*sim, recorder, options).ok);
    QVERIFY(recorder.flush());
    QVERIFY(!QFileInfo::exists(QString::fromStdString(csv)));  // nothing under the name before the commit
    QVERIFY2(files.commit(false), files.error().c_str());

    Recorder reference(*reference_sim, ContactPairSet{}, groups);
    QVERIFY(record_simulation(*reference_sim, reference, options).ok);
    QVERIFY(save_recording_csv(csv_ref, reference, groups));
    QVERIFY(save_dof_sto(sto_ref, reference, "pendulum"));
    QCOMPARE(reference.row_count(), size_t(168));
    QVERIFY(read_all(csv) == read_all(csv_ref));
    QVERIFY(read_all(sto) == read_all(sto_ref));
    QCOMPARE(QDir(directory.path()).entryList(QDir::Files).size(), 4);  // no temporary file left
}

// A run stopped early keeps its rows as run.partial.csv / run.partial.sto, the
// .sto header counting the rows it holds, and leaves no temporary file.
void TestLongRuns::interrupted_files_keep_their_rows_under_partial_names() {
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    const std::string csv = directory.filePath("run.csv").toStdString(),
                      sto = directory.filePath("run.sto").toStdString();
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    Recorder recorder(*sim, ContactPairSet{});
    RecordingFiles files(recorder);
    QVERIFY(files.add_csv(csv, all_channel_groups));
    QVERIFY(files.add_sto(sto, "pendulum", sample_count(10, 0.01)));  // 1001 expected
    recorder.stream_to([&](const double* rows, size_t count) { return files.write_rows(rows, count); }, 8);
    volatile std::sig_atomic_t stop = 0;
    RunOptions options;
    options.duration = 10;
    options.interrupted = &stop;
    options.on_sample = [&](double time) { stop = time >= 0.1 ? 1 : 0; };  // after 11 samples
    const RunResult result = record_simulation(*sim, recorder, options);
    QVERIFY(!result.ok && result.message.find("interrupted") != std::string::npos);
    QVERIFY(recorder.flush());
    QVERIFY(files.commit(true));
    QCOMPARE(partial_file_name(csv), directory.filePath("run.partial.csv").toStdString());
    QCOMPARE(partial_file_name("/a.b/out"), std::string("/a.b/out.partial"));
    const std::string partial_csv = read_all(partial_file_name(csv));
    QCOMPARE(size_t(std::count(partial_csv.begin(), partial_csv.end(), '\n')), size_t(1 + 11));
    const std::string partial_sto = read_all(partial_file_name(sto));
    // the count in the width of "1001", without leading zeros (octal to some readers)
    QVERIFY2(partial_sto.find("\nnRows=11  \n") != std::string::npos, partial_sto.substr(0, 80).c_str());
    QCOMPARE(QDir(directory.path()).entryList(QDir::Files), QStringList({"run.partial.csv", "run.partial.sto"}));
}

// A sink that refuses rows (a full disk) stops the run as a write failure,
// not as a simulation failure.
void TestLongRuns::failed_sink_stops_the_run() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    Recorder recorder(*sim, ContactPairSet{});
    size_t calls = 0;
    recorder.stream_to([&](const double*, size_t) { return ++calls < 3; }, 4);
    RunOptions options;
    options.duration = 1;
    const RunResult result = record_simulation(*sim, recorder, options);
    QVERIFY(!result.ok);
    QVERIFY(result.write_failed);
    QCOMPARE(calls, size_t(3));
    QVERIFY(result.time < 0.2);  // stopped at the third block (12 samples), not at the end
    QVERIFY(!recorder.flush());
}

void TestLongRuns::unusable_durations_are_refused() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    QVERIFY(!check_run_length(*sim, 1, 0.01));
    QVERIFY(!check_run_length(*sim, 0, 0.01));  // one sample, no step (the studio at its end time)
    const double inf = std::numeric_limits<double>::infinity();
    for (double duration : {inf, std::nan(""), -1.0}) {
        const auto refused = check_run_length(*sim, duration, 0.01);
        QVERIFY(refused && refused->message.find("duration") != std::string::npos);
    }
    QVERIFY(check_run_length(*sim, 1, 0));
    QVERIFY(check_run_length(*sim, 1, inf));
    // 1e18 s: 1e20 samples, 1e22 steps (it used to record 1 sample and exit 0)
    for (double duration : {1e18, 1e20, 1e100}) QVERIFY(check_run_length(*sim, duration, 0.01));
    // at t = 1e6 s, 1e-300 s does not change the time
    State late = std::as_const(*sim).state();
    late.time = 1e6;
    sim->state() = late;
    const auto lost = check_run_length(*sim, 1e-300, 0.01);
    QVERIFY(lost && lost->message.find("does not change the time") != std::string::npos);
    // a refused Run records nothing and takes no step
    Recorder recorder(*sim, ContactPairSet{});
    RunOptions options;
    options.duration = inf;
    const RunResult result = record_simulation(*sim, recorder, options);
    QVERIFY(!result.ok && result.refused && result.steps == 0);
    QCOMPARE(recorder.row_count(), size_t(0));
}

// step_size = 1e-300 (or a denormal 1e-320) for 0.05 s would never end: the
// refusal names the step_size property's line and column.
void TestLongRuns::step_counts_past_the_limit_are_refused_at_the_step_size() {
    for (const char* step : {"1e-300", "1e-320"}) {
        const std::string text = with_step_size(step);
        auto sim = test::make_simulation(text);
        QVERIFY(sim);
        const auto refused = check_run_length(*sim, 0.05, 0.01);
        QVERIFY(refused);
        const size_t at = text.find("step_size");
        const size_t line_start = text.rfind('\n', at) + 1;
        QCOMPARE(refused->location.file, std::string("inline.hfd"));
        QCOMPARE(refused->location.line, int(std::count(text.begin(), text.begin() + at, '\n')) + 1);
        QCOMPARE(refused->location.column, int(at - line_start) + 1);
        QVERIFY2(refused->message.find("steps") != std::string::npos, refused->message.c_str());
    }
    // the limit itself: 1e10 steps pass, more do not
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    QVERIFY(!check_run_length(*sim, max_run_steps * 1e-4 * 0.999, 1e3));
    QVERIFY(check_run_length(*sim, max_run_steps * 1e-4 * 1.001, 1e3));
}

// --duration 1 --sample 1e-9: 1e9 samples (it used to allocate them all ahead).
void TestLongRuns::sample_counts_past_the_limit_are_refused() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    const auto refused = check_run_length(*sim, 1, 1e-9);
    QVERIFY(refused && refused->message.find("samples") != std::string::npos);
    QVERIFY(refused->location.file.empty());  // the arguments, not the file
    QVERIFY(!check_run_length(*sim, 1, 1.0 / max_run_samples * 1.01));
}

void TestLongRuns::sample_count_saturates() {
    const size_t most = std::numeric_limits<size_t>::max();
    QCOMPARE(sample_count(1e300, 1e-300), most);
    QCOMPARE(sample_count(std::numeric_limits<double>::infinity(), 0.01), most);
    QCOMPARE(sample_count(1e6, 0.01), size_t(100000001));
    QCOMPARE(sample_count_exact(1e100, 0.01), 1e102 + 1);
}

// Six axes of 100 values: 1e12 runs, refused (with the product) before any run is made.
void TestLongRuns::oversized_sweeps_are_refused() {
    std::vector<SweepAxis> axes;
    for (int i = 0; i < 6; ++i) {
        std::string error;
        const auto axis = parse_sweep_axis("body.b" + std::to_string(i) + ".mass=1..2:100", &error);
        QVERIFY2(axis, error.c_str());
        axes.push_back(*axis);
    }
    QCOMPARE(sweep_run_count(axes), size_t(1'000'000'000'000));
    const auto refused = check_sweep_size(axes);
    QVERIFY(refused && refused->find("1e+12 runs") != std::string::npos &&
            refused->find("100 x 100 x 100 x 100 x 100 x 100") != std::string::npos);
    // a product past size_t saturates instead of wrapping to a small count
    std::vector<SweepAxis> many(4, axes[0]);  // 1e20 > 2^64
    for (auto& axis : many) axis.values.resize(100'000, "1");
    QCOMPARE(sweep_run_count(many), std::numeric_limits<size_t>::max());
    QVERIFY(check_sweep_size(many));
    axes.resize(2);  // 10,000 runs: allowed
    QVERIFY(!check_sweep_size(axes, 10));
    QVERIFY(check_sweep_size(axes, 11));
}

// `hfd batch` with six --set X=1..2:100 used to abort expanding 1e12 runs.
void TestLongRuns::oversized_batch_exits_2() {
    const QString hfd = QString(HFD_BIN_DIR) + "/hfd";
    if (!QFileInfo::exists(hfd)) QSKIP("the hfd tool is not built (target hfd)");
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    QStringList arguments{"batch", QString(HFD_SAMPLES_DIR) + "/pendulum.hfd", "--out-dir", directory.filePath("out")};
    for (int i = 0; i < 6; ++i) arguments << "--set" << QString("body.rod.density=%1..2000:100").arg(1000 + i);
    QProcess process;
    process.start(hfd, arguments);
    QVERIFY(process.waitForFinished(hfd::test::scaled_ms(20000)));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 2);
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(err.contains("1e+12 runs"), qPrintable(err));
}

QTEST_APPLESS_MAIN(TestLongRuns)
#include "test_long_runs.moc"
