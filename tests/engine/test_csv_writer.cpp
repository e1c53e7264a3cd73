// CSV / .sto export: numbers read back bit for bit, headers unique with units,
// '.' whatever the locale, and an interrupted export never leaves a partial
// file under the final name.
#include "format/parser.h"
#include "run/csv_writer.h"
#include "run/recorder.h"
#include "run/run.h"
#include "run/sto_writer.h"
#include "io/text_file.h"
#include "model/build_model.h"

#include "chain_models.h"
#include "sim_test_util.h"

#include <QtTest>

#include <charconv>
#include <clocale>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <locale>
#include <set>
#include <sstream>
#include <stdexcept>

using namespace hfd;
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& path) {
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

// Minimal CSV reader for unquoted numeric tables: header fields and rows of numbers.
struct Table {
    std::vector<std::string> header;
    std::vector<std::vector<double>> rows;
    bool ok = true;
};

std::vector<std::string> split(const std::string& line, char separator) {
    std::vector<std::string> fields;
    size_t begin = 0;
    for (size_t at = line.find(separator); at != std::string::npos; at = line.find(separator, begin)) {
        fields.push_back(line.substr(begin, at - begin));
        begin = at + 1;
    }
    fields.push_back(line.substr(begin));
    return fields;
}

Table parse_table(const std::string& text, char separator = ',', size_t skip_lines = 0) {
    Table table;
    std::istringstream lines(text);
    std::string line;
    for (size_t i = 0; i < skip_lines; ++i) std::getline(lines, line);
    std::getline(lines, line);
    table.header = split(line, separator);
    while (std::getline(lines, line)) {
        std::vector<double> row;
        for (const std::string& field : split(line, separator)) {
            double value = 0;
            const auto result = std::from_chars(field.data(), field.data() + field.size(), value);
            table.ok = table.ok && result.ec == std::errc() && result.ptr == field.data() + field.size();
            row.push_back(value);
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

void write_plain(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::vector<fs::path> leftovers(const fs::path& directory) {
    std::vector<fs::path> temporaries;
    for (const auto& entry : fs::directory_iterator(directory))
        if (entry.path().filename().string().find(".tmp-") != std::string::npos) temporaries.push_back(entry.path());
    return temporaries;
}

}  // namespace

class TestCsvWriter : public QObject {
    Q_OBJECT
private slots:
    void numbers_round_trip_bit_for_bit();
    void repeated_values_keep_their_own_text();
    void recording_round_trip();
    void header_fields_are_quoted_when_needed();
    void decimal_point_ignores_locale();
    void failing_sink_keeps_previous_file();
    void exception_keeps_previous_file();
    void unwritable_target_reports_error();
    void sto_header_and_columns();
    void events_csv();
};

void TestCsvWriter::numbers_round_trip_bit_for_bit() {
    const double values[] = {0.1,     1.0 / 3,
                             -2.5e-7, 1e-300,
                             5e-324,  std::numeric_limits<double>::max(),
                             -0.0,    123456789.123456789,
                             M_PI,    std::nextafter(1.0, 2.0),
                             9.81,    0};
    const size_t n = std::size(values);
    std::vector<std::string> header = {"a [m]", "b"};
    std::string text;
    const TextSink sink = [&](std::string_view piece) {
        text.append(piece);
        return true;
    };
    QVERIFY(write_csv_table(sink, header, values, n / 2, 2, {0, 1}));
    const Table table = parse_table(text);
    QVERIFY(table.ok);
    QCOMPARE(table.header, header);
    QCOMPARE(table.rows.size(), n / 2);
    for (size_t r = 0; r < n / 2; ++r)
        for (size_t c = 0; c < 2; ++c) QVERIFY2(same_bits(table.rows[r][c], values[r * 2 + c]), text.c_str());
}

// A column that repeats a value, then changes to one with the same value but other
// bits (-0 after 0), or back, must be written exactly as each value alone.
void TestCsvWriter::repeated_values_keep_their_own_text() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double column_a[] = {0.2, 0.2, 0.2, 0.0, -0.0, -0.0, 0.0, 1.0 / 3, 1.0 / 3, nan, nan, 0.2};
    const double column_b[] = {1e-300, 1e-300, 5.0, 5.0, 5.0, 5.0000000000000009, 5.0, 0.0, 0.0, 0.0, -1.0, -1.0};
    const size_t n = std::size(column_a);
    std::vector<double> values;
    std::string expected = "a,b\n";
    for (size_t r = 0; r < n; ++r) {
        values.push_back(column_a[r]), values.push_back(column_b[r]);
        append_number(expected, column_a[r]);
        expected.push_back(',');
        append_number(expected, column_b[r]);
        expected.push_back('\n');
    }
    std::string text;
    const TextSink sink = [&](std::string_view piece) {
        text.append(piece);
        return true;
    };
    QVERIFY(write_csv_table(sink, {"a", "b"}, values.data(), n, 2, {0, 1}));
    QCOMPARE(text, expected);
    QVERIFY(text.find("\n-0,") != std::string::npos);  // -0 after 0 is not written as 0
}

void TestCsvWriter::recording_round_trip() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    Recorder recorder(*sim, ContactPairSet{});
    RunOptions options;
    options.duration = 0.2;
    options.sample_period = 0.01;
    QVERIFY(record_simulation(*sim, recorder, options).ok);
    QTemporaryDir directory;
    const fs::path path = fs::path(directory.path().toStdString()) / "pendulum.csv";
    std::string error;
    QVERIFY2(save_recording_csv(path.string(), recorder, all_channel_groups, &error), error.c_str());
    const Table table = parse_table(read_text(path));
    QVERIFY(table.ok);
    QCOMPARE(table.header.size(), recorder.channel_count());
    QCOMPARE(std::set<std::string>(table.header.begin(), table.header.end()).size(), table.header.size());
    QCOMPARE(table.header[0], std::string("time [s]"));
    QVERIFY(std::find(table.header.begin(), table.header.end(), "swing.vel [rad/s]") != table.header.end());
    QVERIFY(std::find(table.header.begin(), table.header.end(), "bob.pos_x [m]") != table.header.end());
    QVERIFY(std::find(table.header.begin(), table.header.end(), "pivot.displacement_x [m]") != table.header.end());
    QCOMPARE(table.rows.size(), recorder.row_count());
    for (size_t r = 0; r < table.rows.size(); ++r) {
        QCOMPARE(table.rows[r].size(), recorder.channel_count());
        for (size_t c = 0; c < recorder.channel_count(); ++c)
            QVERIFY(same_bits(table.rows[r][c], recorder.value(r, c)));
    }
    QVERIFY(leftovers(path.parent_path()).empty());

    // a group selection writes time and that group only
    QVERIFY(save_recording_csv(path.string(), recorder, *parse_channel_groups("dofs"), &error));
    const Table dofs = parse_table(read_text(path));
    QCOMPARE(dofs.header, (std::vector<std::string>{"time [s]", "swing [rad]", "swing.vel [rad/s]"}));
}

void TestCsvWriter::header_fields_are_quoted_when_needed() {
    std::string text;
    append_csv_field(text, "plain name [m]");
    text += ',';
    append_csv_field(text, "a,b \"c\"");
    QCOMPARE(text, std::string("plain name [m],\"a,b \"\"c\"\"\""));
}

namespace {
struct DecimalComma : std::numpunct<char> {
    char do_decimal_point() const override { return ','; }
};
}  // namespace

void TestCsvWriter::decimal_point_ignores_locale() {
    // A global C++ locale with ',' as decimal separator (what a stream-based
    // writer would pick up), and the C locale of a German system when installed.
    const std::locale previous = std::locale::global(std::locale(std::locale::classic(), new DecimalComma));
    for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "de_DE", "fr_FR.UTF-8"})
        if (std::setlocale(LC_NUMERIC, name)) break;
    std::string text;
    append_number(text, 0.5);
    text += ' ';
    append_number(text, -1.25e-9);
    std::locale::global(previous);
    std::setlocale(LC_NUMERIC, "C");
    QCOMPARE(text, std::string("0.5 -1.25e-09"));
}

void TestCsvWriter::failing_sink_keeps_previous_file() {
    QTemporaryDir directory;
    const fs::path path = fs::path(directory.path().toStdString()) / "out.csv";
    write_plain(path, "previous,content\n1,2\n");
    std::vector<double> values(3 * 50000, 0.123456789);
    const std::vector<std::string> header = {"x", "y", "z"};
    size_t written = 0;
    std::string error;
    // The producer's output stops being accepted after 100 kB (as a full disk would):
    // the table writer must give up and the old file stay.
    const bool ok = write_file_streamed(
        path.string(),
        [&](const TextSink& sink) {
            const TextSink failing = [&](std::string_view piece) {
                written += piece.size();
                return written < 100000 && sink(piece);
            };
            return write_csv_table(failing, header, values.data(), 50000, 3, {0, 1, 2});
        },
        &error);
    QVERIFY(!ok);
    QVERIFY(written >= 100000 && written < 200000);  // it stopped at the first refused piece
    QVERIFY(!error.empty());
    QCOMPARE(read_text(path), std::string("previous,content\n1,2\n"));
    QVERIFY(leftovers(path.parent_path()).empty());
}

void TestCsvWriter::exception_keeps_previous_file() {
    QTemporaryDir directory;
    const fs::path path = fs::path(directory.path().toStdString()) / "out.csv";
    write_plain(path, "old\n");
    bool temporary_existed = false;
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, write_file_streamed(path.string(), [&](const TextSink& sink) {
                                 std::string big(300000, 'x');  // more than one block reaches the disk
                                 sink(big);
                                 temporary_existed = !leftovers(path.parent_path()).empty();
                                 throw std::runtime_error("interrupted");
                                 return true;
                             }));
    QVERIFY(temporary_existed);                       // the data went to a temporary file ...
    QCOMPARE(read_text(path), std::string("old\n"));  // ... never to the final name
    QVERIFY(leftovers(path.parent_path()).empty());
}

void TestCsvWriter::unwritable_target_reports_error() {
    QTemporaryDir directory;
    const fs::path base(directory.path().toStdString());
    std::string error;
    // no such directory: the temporary file cannot be created
    const fs::path missing = base / "missing" / "out.csv";
    QVERIFY(!write_file_streamed(
        missing.string(), [](const TextSink& sink) { return sink("1\n"); }, &error));
    QVERIFY2(error.find("missing") != std::string::npos, error.c_str());
    QVERIFY(!fs::exists(missing));
    // the target is a directory: writing works, the final rename fails
    const fs::path occupied = base / "occupied";
    fs::create_directory(occupied);
    fs::create_directory(occupied / "keep");
    error.clear();
    QVERIFY(!write_file_streamed(
        occupied.string(), [](const TextSink& sink) { return sink("1\n"); }, &error));
    QVERIFY(!error.empty());
    QVERIFY(fs::is_directory(occupied / "keep"));
    QVERIFY(leftovers(base).empty());
}

void TestCsvWriter::sto_header_and_columns() {
    auto sim = test::make_simulation(test::pin_pendulum_text);
    QVERIFY(sim);
    Recorder recorder(*sim, ContactPairSet{});
    RunOptions options;
    options.duration = 0.05;
    QVERIFY(record_simulation(*sim, recorder, options).ok);
    std::string text;
    QVERIFY(write_dof_sto(
        [&](std::string_view piece) {
            text.append(piece);
            return true;
        },
        recorder, "pendulum"));
    QVERIFY2(text.rfind("pendulum\nversion=1\nnRows=6\nnColumns=2\ninDegrees=no\nendheader\ntime\tswing\n", 0) == 0,
             text.c_str());
    const Table table = parse_table(text, '\t', 6);
    QVERIFY(table.ok);
    QCOMPARE(table.rows.size(), size_t(6));
    const Index swing = recorder.find_channel("swing");
    for (size_t r = 0; r < 6; ++r) {
        QVERIFY(same_bits(table.rows[r][0], recorder.value(r, 0)));
        QVERIFY(same_bits(table.rows[r][1], recorder.value(r, swing)));
    }
    // a recording without dofs has nothing to write
    Recorder bodies_only(*sim, ContactPairSet{}, *parse_channel_groups("bodies"));
    bodies_only.sample(*sim);
    std::string error;
    QVERIFY(!write_dof_sto([](std::string_view) { return true; }, bodies_only, "x", &error));
    QVERIFY(!error.empty());
}

void TestCsvWriter::events_csv() {
    ContactPairSet pairs;
    pairs.pairs.push_back({1, 0, "r_heel-platform"});
    const std::vector<ContactEvent> events = {{0.25, 0, ContactEventKind::Onset}, {0.5, 0, ContactEventKind::LiftOff}};
    std::string text;
    QVERIFY(write_contact_events_csv(
        [&](std::string_view piece) {
            text.append(piece);
            return true;
        },
        events, pairs));
    QCOMPARE(text, std::string("time [s],pair,event\n0.25,r_heel-platform,onset\n0.5,r_heel-platform,lift-off\n"));
}

QTEST_APPLESS_MAIN(TestCsvWriter)
#include "test_csv_writer.moc"
