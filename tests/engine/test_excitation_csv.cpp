// Excitation CSV: linear interpolation between rows, held ends, applied to
// Controls; malformed files give errors with line:column.
#include "io/excitation_csv.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

Model three_muscles() {
    Model model;
    for (const char* name : {"biceps", "triceps", "brachialis"}) {
        Muscle m;
        m.name = name;
        model.muscles.push_back(m);
    }
    return model;
}

bool has_error_at(const ExcitationReadResult& r, int line, int column, const std::string& fragment) {
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error && d.location.line == line && d.location.column == column &&
            d.message.find(fragment) != std::string::npos)
            return true;
    return false;
}

std::string dump(const ExcitationReadResult& r) {
    std::string text;
    for (const Diagnostic& d : r.diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

}  // namespace

class TestExcitationCsv : public QObject {
    Q_OBJECT
private slots:
    void interpolatesLinearly() {
        const Model model = three_muscles();
        const auto r =
            read_excitation_text("# demo\ntime,triceps,biceps\n0,0.2,0\n0.5,0.2,1\n\n1.5,0.6,0.5\n", "e.csv", model);
        QVERIFY2(r.ok(), dump(r).c_str());
        const ExcitationSeries& s = *r.series;
        QCOMPARE(s.muscle, (std::vector<Index>{1, 0}));
        QVERIFY(std::abs(excitation_at(s, 1, 0.25) - 0.5) < 1e-12);
        QVERIFY(std::abs(excitation_at(s, 1, 1.0) - 0.75) < 1e-12);
        QVERIFY(std::abs(excitation_at(s, 0, 1.0) - 0.4) < 1e-12);
        QCOMPARE(excitation_at(s, 1, 0.5), 1.0);   // exactly on a row
        QCOMPARE(excitation_at(s, 1, -1.0), 0.0);  // held before the first row
        QCOMPARE(excitation_at(s, 0, 9.0), 0.6);   // and after the last

        Controls controls;
        controls.excitation = {0.9, 0.9, 0.9};
        apply_excitation(s, 1.0, controls);
        QVERIFY(std::abs(controls.excitation[0] - 0.75) < 1e-12);
        QVERIFY(std::abs(controls.excitation[1] - 0.4) < 1e-12);
        QCOMPARE(controls.excitation[2], 0.9);  // no column: unchanged

        // every column as excitation_at gives it, before, on, between and after the rows
        for (const double t : {-1.0, 0.0, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0}) {
            apply_excitation(s, t, controls);
            QCOMPARE(controls.excitation[1], excitation_at(s, 0, t));
            QCOMPARE(controls.excitation[0], excitation_at(s, 1, t));
        }
    }

    void acceptsTabsQuotesAndCrlf() {
        const Model model = three_muscles();
        const auto r = read_excitation_text("\"time\"\t\"biceps\"\r\n0\t0.1\r\n1\t0.3\r\n", "e.tsv", model);
        QVERIFY2(r.ok(), dump(r).c_str());
        QVERIFY(std::abs(excitation_at(*r.series, 0, 0.5) - 0.2) < 1e-12);
    }

    void unknownColumnIsAnErrorWithLocation() {
        const Model model = three_muscles();
        const auto r = read_excitation_text("\ntime,biceps, deltoid\n0,0,0\n", "e.csv", model);
        QVERIFY(!r.ok());
        QVERIFY2(has_error_at(r, 2, 14, "unknown muscle 'deltoid'"), dump(r).c_str());
        QCOMPARE(r.diagnostics[0].location.file, std::string("e.csv"));
    }

    void badValuesAreErrorsWithLocation() {
        const Model model = three_muscles();
        const auto bad_number = read_excitation_text("time,biceps\n0,0.1\n1,abc\n", "e.csv", model);
        QVERIFY2(has_error_at(bad_number, 3, 3, "expected a finite number"), dump(bad_number).c_str());
        const auto nan = read_excitation_text("time,biceps\n0,nan\n", "e.csv", model);
        QVERIFY2(has_error_at(nan, 2, 3, "finite"), dump(nan).c_str());
        const auto range = read_excitation_text("time,biceps\n0,1.5\n", "e.csv", model);
        QVERIFY2(has_error_at(range, 2, 3, "0..1"), dump(range).c_str());
        const auto order = read_excitation_text("time,biceps\n0,0\n0,1\n", "e.csv", model);
        QVERIFY2(has_error_at(order, 3, 1, "increase"), dump(order).c_str());
        const auto fields = read_excitation_text("time,biceps\n0,0,1\n", "e.csv", model);
        QVERIFY2(has_error_at(fields, 2, 5, "expected 2 fields"), dump(fields).c_str());
        const auto duplicate = read_excitation_text("time,biceps,biceps\n0,0,1\n", "e.csv", model);
        QVERIFY2(has_error_at(duplicate, 1, 13, "more than one column"), dump(duplicate).c_str());
        const auto no_time = read_excitation_text("t,biceps\n0,0\n", "e.csv", model);
        QVERIFY2(has_error_at(no_time, 1, 1, "'time'"), dump(no_time).c_str());
        const auto empty = read_excitation_text("time,biceps\n", "e.csv", model);
        QVERIFY(!empty.ok());
        QVERIFY(!read_excitation_text("", "e.csv", model).ok());
        QVERIFY(!read_excitation_csv("/nonexistent/e.csv", model).ok());
    }
};

QTEST_APPLESS_MAIN(TestExcitationCsv)
#include "test_excitation_csv.moc"
