// The Muscle Analysis dock on human3d: it lists the muscles crossing the chosen
// coordinate, draws the chosen quantity of the picked ones as computed from the
// path geometry (checked against muscle_moment_arm at each point), searches
// muscles, keeps a locked curve across an edit while the new curve follows the
// edited text, exports PNG, SVG and CSV, puts its cursor at the pose, and a click
// on the chart moves the Controls dock's slider of the coordinate. In the main
// window, keystrokes in the editor redraw the curve: the time from keystroke to
// redrawn chart is printed (median and 95th percentile; not asserted).
#include "controls_dock.h"
#include "document.h"
#include "editor_dock.h"
#include "code_editor.h"
#include "forces/muscle_path.h"
#include "main_window.h"
#include "muscle_analysis_dock.h"
#include "plot_ticks.h"
#include "studio_test_support.h"

#include <QChart>
#include <QChartView>
#include <QElapsedTimer>
#include <QFile>
#include <QLineSeries>
#include <QListWidget>
#include <QSet>
#include <QValueAxis>
#include <QSignalSpy>
#include <QSlider>
#include <QTextBlock>
#include <QTextCursor>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {

QString human3d_text() {
    QFile file(QStringLiteral(HFD_SAMPLES_DIR "/human3d.hfd"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

const QLineSeries* series_named(const MuscleAnalysisDock& dock, const QString& name) {
    for (QAbstractSeries* s : dock.findChild<QChartView*>()->chart()->series())
        if (s->name() == name) return qobject_cast<const QLineSeries*>(s);
    return nullptr;
}

int curve_count(const MuscleAnalysisDock& dock) {
    return int(dock.findChild<QChartView*>()->chart()->series().size()) - 1;  // the cursor left out
}

// The cursor: the one unnamed series.
const QLineSeries* cursor_series(const MuscleAnalysisDock& dock) { return series_named(dock, QString()); }

MainWindowOptions test_options() {
    MainWindowOptions options;
    options.with_viewer = false;
    options.use_dialogs = false;
    options.restore_settings = false;
    return options;
}

}  // namespace

class TestMuscleAnalysisDock : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY(!human3d_text().isEmpty());
    }

    void drawsMomentArmsOfCrossingMuscles() {
        MuscleAnalysisDock dock;
        QVERIFY(dock.setModelText(human3d_text(), QStringLiteral(HFD_SAMPLES_DIR "/human3d.hfd")));
        QVERIFY(dock.setCoordinate(QStringLiteral("knee_angle_r")));
        QVERIFY(!dock.setCoordinate(QStringLiteral("no_such_dof")));
        const Model& model = *dock.model();
        const auto* list = dock.findChild<QListWidget*>(QStringLiteral("muscles"));
        QVERIFY(list->count() >= 8);
        for (int i = 0; i < list->count(); ++i) QVERIFY(list->item(i)->text().endsWith(QStringLiteral("_r")));
        QVERIFY(!dock.checkedMuscles().isEmpty());
        QCOMPARE(curve_count(dock), int(dock.checkedMuscles().size()));

        dock.setMuscleChecked(QStringLiteral("bflh_r"), true);
        dock.setQuantity(MuscleAnalysisDock::Quantity::MomentArm);
        const QLineSeries* hamstring = series_named(dock, QStringLiteral("bflh_r"));
        QVERIFY(hamstring);
        // each point: x in degrees, y the path's moment arm in cm at that pose
        const Index knee = model.find_dof("knee_angle_r"), muscle = model.find_muscle("bflh_r");
        for (const QPointF& p : hamstring->points()) {
            DofAssignment dofs = default_dof_assignment(model);
            dofs.value[knee] = p.x() * std::numbers::pi / 180;
            State s = initial_state(model);
            apply_dofs(model, dofs, s);
            QVERIFY(std::abs(p.y() - 100 * muscle_moment_arm(model, s, muscle, knee)) < 1e-9);
        }
        QCOMPARE(hamstring->points().front().x(), model.dofs[knee].range_min * 180 / std::numbers::pi);

        dock.setSearch(QStringLiteral("VAS"));
        int shown = 0;
        for (int i = 0; i < list->count(); ++i)
            if (!list->item(i)->isHidden()) {
                ++shown;
                QVERIFY(list->item(i)->text().contains(QStringLiteral("vas")));
            }
        QCOMPARE(shown, 3);  // vasint, vaslat, vasmed

        // the cursor at the pose's value of the coordinate
        DofAssignment pose = default_dof_assignment(model);
        pose.value[knee] = -0.5;
        dock.setPose(pose);
        QVERIFY(std::abs(cursor_series(dock)->points().front().x() - (-0.5 * 180 / std::numbers::pi)) < 1e-9);
        // another coordinate moved: the curves follow (the hamstring over a flexed hip is longer)
        dock.setQuantity(MuscleAnalysisDock::Quantity::Length);
        const double straight = series_named(dock, QStringLiteral("bflh_r"))->points().front().y();
        pose.value[model.find_dof("hip_flexion_r")] = 0.8;
        dock.show();
        dock.setPose(pose);
        QVERIFY(series_named(dock, QStringLiteral("bflh_r"))->points().front().y() > straight + 0.01);
    }

    void lockedCurveStaysWhileTheEditFollows() {
        MuscleAnalysisDock dock;
        dock.show();
        const QString text = human3d_text();
        QVERIFY(dock.setModelText(text, QStringLiteral("human3d.hfd")));
        QVERIFY(dock.setCoordinate(QStringLiteral("knee_angle_r")));
        dock.setMuscleChecked(QStringLiteral("vaslat_r"), true);
        dock.setQuantity(MuscleAnalysisDock::Quantity::TendonForce);
        const QList<QPointF> before = series_named(dock, QStringLiteral("vaslat_r"))->points();
        dock.lockCurves();
        // a longer tendon: another equilibrium, another force
        const Index m = dock.model()->find_muscle("vaslat_r");
        const double slack = dock.model()->muscles[m].tendon_slack_length;
        QString edited = text;
        const QString old_line = QStringLiteral("tendon_slack_length = %1").arg(slack, 0, 'g', 6);
        const int at = edited.indexOf(old_line, edited.indexOf(QStringLiteral("name = vaslat_r")));
        QVERIFY(at > 0);
        edited.replace(at, old_line.size(), QStringLiteral("tendon_slack_length = %1").arg(slack * 1.05, 0, 'g', 17));
        QSignalSpy updated(&dock, &MuscleAnalysisDock::curvesUpdated);
        dock.scheduleModelText(edited, QStringLiteral("human3d.hfd"));
        QVERIFY(updated.wait(hfd::test::scaled_ms(5000)));
        const QLineSeries* locked = series_named(dock, QStringLiteral("vaslat_r (locked)"));
        const QLineSeries* now = series_named(dock, QStringLiteral("vaslat_r"));
        QVERIFY(locked && now);
        QCOMPARE(locked->points(), before);
        QCOMPARE(locked->pen().style(), Qt::DashLine);
        int changed = 0;
        for (int k = 0; k < before.size(); ++k) changed += std::abs(now->points()[k].y() - before[k].y()) > 1;
        QVERIFY(changed > 0);
        // the new curve is the sweep of the edited model
        const MuscleCurves* curves = nullptr;
        for (const MuscleCurves& c : dock.sweep().muscles)
            if (c.muscle == m) curves = &c;
        QVERIFY(curves);
        QVERIFY(std::abs(dock.model()->muscles[m].tendon_slack_length - slack * 1.05) < 1e-12);
        for (int k = 0; k < before.size(); ++k) QCOMPARE(now->points()[k].y(), curves->tendon_force[k]);
        // text that does not build keeps the curves
        QVERIFY(!dock.setModelText(QStringLiteral("model { body { name = "), QStringLiteral("broken.hfd")));
        QVERIFY(series_named(dock, QStringLiteral("vaslat_r")));
        dock.unlockCurves();
        QVERIFY(!series_named(dock, QStringLiteral("vaslat_r (locked)")));
    }

    void exportsPngSvgAndCsv() {
        MuscleAnalysisDock dock;
        QVERIFY(dock.setModelText(human3d_text(), QStringLiteral("human3d.hfd")));
        QVERIFY(dock.setCoordinate(QStringLiteral("ankle_angle_r")));
        const QStringList picked = dock.checkedMuscles();
        QVERIFY(!picked.isEmpty());
        QString error;
        for (const char* name : {"curves.png", "curves.svg", "curves.csv"})
            QVERIFY2(dock.exportTo(dir_.filePath(name), &error), qPrintable(error));
        QVERIFY(!QImage(dir_.filePath("curves.png")).isNull());
        QFile svg(dir_.filePath("curves.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QString svg_text = QString::fromUtf8(svg.readAll());
        QVERIFY(svg_text.startsWith(QStringLiteral("<svg")) || svg_text.contains(QStringLiteral("<svg")));
        for (const QString& muscle : picked) QVERIFY(svg_text.contains(muscle));
        QFile csv(dir_.filePath("curves.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines[0].startsWith(QStringLiteral("ankle_angle_r [deg],")));
        QCOMPARE(lines[0].split(',').size(), 1 + 11 * int(picked.size()) + 2);
        QCOMPARE(lines.size(), 1 + int(dock.sweep().coordinate.size()));
        QVERIFY(!dock.exportTo(dir_.filePath("curves.txt"), &error));
        QVERIFY(error.contains(QStringLiteral(".png, .svg or .csv")));
    }

    // A curve keeps its colour when another muscle is picked, even one listed before it;
    // twelve curves have twelve colours; a locked curve has its muscle's colour, dashed.
    void curvesKeepTheirColours() {
        MuscleAnalysisDock dock;
        dock.resize(900, 400);
        dock.show();
        QVERIFY(dock.setModelText(human3d_text(), QStringLiteral("human3d.hfd")));
        QVERIFY(dock.setCoordinate(QStringLiteral("knee_angle_r")));
        const auto* list = dock.findChild<QListWidget*>(QStringLiteral("muscles"));
        QVERIFY(list->count() >= 12);
        for (const QString& name : dock.checkedMuscles()) dock.setMuscleChecked(name, false);
        QCOMPARE(curve_count(dock), 0);
        const QString later = list->item(5)->text(), earlier = list->item(1)->text();
        dock.setMuscleChecked(later, true);
        const QPen first = series_named(dock, later)->pen();
        dock.setMuscleChecked(earlier, true);  // drawn before `later` now
        QCOMPARE(curve_count(dock), 2);
        QCOMPARE(series_named(dock, later)->pen(), first);
        QVERIFY(series_named(dock, earlier)->pen().color() != first.color());
        for (int i = 0; i < 12; ++i) dock.setMuscleChecked(list->item(i)->text(), true);
        QCOMPARE(curve_count(dock), 12);
        QCOMPARE(series_named(dock, later)->pen(), first);  // still
        QSet<QString> colors;
        for (int i = 0; i < 12; ++i) {
            const QLineSeries* curve = series_named(dock, list->item(i)->text());
            QVERIFY(curve);
            colors.insert(curve->pen().color().name());
            QCOMPARE(curve->pen().style(), Qt::SolidLine);
        }
        QCOMPARE(colors.size(), 12);
        dock.lockCurves();
        const QLineSeries* locked = series_named(dock, later + QStringLiteral(" (locked)"));
        QVERIFY(locked);
        QCOMPARE(locked->pen().color(), first.color());
        QCOMPARE(locked->pen().style(), Qt::DashLine);
        QCOMPARE(series_named(dock, later)->pen(), first);
    }

    // human_planar's knee has no dof range but joint limits -120..0: the sweep and the
    // chart's coordinate axis span them, on round ticks; the values' axis ends on ticks.
    void sweepFollowsTheCoordinateLimits() {
        QFile file(QStringLiteral(HFD_SAMPLES_DIR "/human_planar.hfd"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        MuscleAnalysisDock dock;
        dock.resize(900, 400);
        dock.show();
        QVERIFY(dock.setModelText(QString::fromUtf8(file.readAll()), QStringLiteral("human_planar.hfd")));
        QVERIFY(dock.setCoordinate(QStringLiteral("knee_angle_r")));
        const std::vector<double>& swept = dock.sweep().coordinate;
        QVERIFY(!swept.empty());
        QVERIFY2(std::abs(swept.front() * 180 / std::numbers::pi - -120) < 1e-9,
                 qPrintable(QString::number(swept.front() * 180 / std::numbers::pi)));
        QVERIFY2(std::abs(swept.back()) < 1e-12, qPrintable(QString::number(swept.back())));
        const QChart* chart = dock.findChild<QChartView*>()->chart();
        const auto* x = qobject_cast<const QValueAxis*>(chart->axes(Qt::Horizontal).value(0));
        const auto* y = qobject_cast<const QValueAxis*>(chart->axes(Qt::Vertical).value(0));
        QVERIFY(x && y);
        QVERIFY(std::abs(x->min() - -120) < 1e-9 && std::abs(x->max()) < 1e-9);
        for (const QValueAxis* axis : {x, y}) {
            const QString what = QStringLiteral("%1: [%2, %3] by %4, %5")
                                     .arg(axis->titleText())
                                     .arg(axis->min())
                                     .arg(axis->max())
                                     .arg(axis->tickInterval())
                                     .arg(axis->labelFormat());
            QCOMPARE(axis->tickType(), QValueAxis::TicksDynamic);
            const double interval = axis->tickInterval();
            const double mantissa = interval / std::pow(10.0, std::floor(std::log10(interval)));
            QVERIFY2(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 2.5) < 1e-9 ||
                         std::abs(mantissa - 5) < 1e-9,
                     qPrintable(what));
            QVERIFY2((axis->max() - axis->min()) / interval >= 2 - 1e-9, qPrintable(what));
            QCOMPARE(axis->labelFormat(),
                     QString::fromStdString(label_format({axis->min(), axis->max(), interval})));
        }
        // the values' axis ends on its ticks
        QVERIFY(std::abs(y->min() / y->tickInterval() - std::round(y->min() / y->tickInterval())) < 1e-6);
        QVERIFY(std::abs(y->max() / y->tickInterval() - std::round(y->max() / y->tickInterval())) < 1e-6);
    }

    void clickMovesTheCoordinateSlider() {
        MainWindow window(test_options());
        window.show();
        auto* dock = window.findChild<MuscleAnalysisDock*>();
        QVERIFY(dock);
        dock->raise();
        window.document()->setUntitled(human3d_text(), QStringLiteral(HFD_SAMPLES_DIR "/human3d.hfd"), false);
        QTRY_VERIFY_WITH_TIMEOUT(dock->model() && dock->model()->muscles.size() == 80, hfd::test::scaled_ms(5000));
        QVERIFY(dock->setCoordinate(QStringLiteral("knee_angle_r")));
        QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QSlider*>(QStringLiteral("dof_knee_angle_r")),
                                 hfd::test::scaled_ms(5000));
        auto* slider = window.findChild<QSlider*>(QStringLiteral("dof_knee_angle_r"));
        auto* view = dock->findChild<QChartView*>();
        QTRY_VERIFY(view->isVisible() && view->chart()->plotArea().width() > 10);
        QSignalSpy requested(dock, &MuscleAnalysisDock::poseRequested);
        const QRectF area = view->chart()->plotArea();
        const QPoint at(int(area.left() + 0.25 * area.width()), int(area.center().y()));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(requested.count(), 1);
        const Dof& knee = dock->model()->dofs[dock->model()->find_dof("knee_angle_r")];
        const double value = requested.first().at(1).toDouble();
        const double expected = knee.range_min + 0.25 * (knee.range_max - knee.range_min);
        QVERIFY2(std::abs(value - expected) < 0.02 * (knee.range_max - knee.range_min),
                 qPrintable(QString::number(value)));
        const double slider_value = knee.range_min + (knee.range_max - knee.range_min) *
                                                         (slider->value() - slider->minimum()) /
                                                         double(slider->maximum() - slider->minimum());
        QVERIFY(std::abs(slider_value - value) < 0.002 * (knee.range_max - knee.range_min));
        QVERIFY(std::abs(dock->cursorValue() - value) < 1e-12);
    }

    void keystrokesRedrawTheCurve() {
        MainWindow window(test_options());
        window.show();
        auto* dock = window.findChild<MuscleAnalysisDock*>();
        dock->raise();
        window.document()->setUntitled(human3d_text(), QStringLiteral(HFD_SAMPLES_DIR "/human3d.hfd"), false);
        QTRY_VERIFY_WITH_TIMEOUT(dock->model() && dock->model()->muscles.size() == 80, hfd::test::scaled_ms(5000));
        QVERIFY(dock->setCoordinate(QStringLiteral("knee_angle_r")));
        dock->setMuscleChecked(QStringLiteral("recfem_r"), true);
        dock->setQuantity(MuscleAnalysisDock::Quantity::TendonForce);
        // the cursor after "max_isometric_force = " of recfem_r: typing digits there changes its force
        editor::CodeEditor* editor = window.findChild<EditorDock*>()->editor();
        const QString text = window.document()->text();
        const int muscle_at = text.indexOf(QStringLiteral("name = recfem_r"));
        const QString key = QStringLiteral("max_isometric_force = ");
        const int value_at = text.indexOf(key, muscle_at) + key.size();
        QTextCursor cursor(window.document()->textDocument());
        cursor.setPosition(value_at);
        editor->setTextCursor(cursor);
        editor->setFocus();
        const double force = dock->model()->muscles[dock->model()->find_muscle("recfem_r")].max_isometric_force;
        auto peak = [&] {
            double most = 0;
            for (const QPointF& p : series_named(*dock, QStringLiteral("recfem_r"))->points())
                most = std::max(most, p.y());
            return most;
        };
        const double peak_before = peak();
        QVERIFY(peak_before > 0);
        auto* view = dock->findChild<QChartView*>();
        std::vector<double> latency_ms;
        QSignalSpy updated(dock, &MuscleAnalysisDock::curvesUpdated);
        for (int i = 0; i < 20; ++i) {
            updated.clear();
            QElapsedTimer timer;
            timer.start();
            QTest::keyClick(editor, Qt::Key_1);  // "1" before the value: the force grows
            QVERIFY(updated.wait(hfd::test::scaled_ms(5000)));
            view->viewport()->repaint();
            latency_ms.push_back(double(timer.nsecsElapsed()) * 1e-6);
        }
        // force: twenty "1" before the old digits
        const double scaled = dock->model()->muscles[dock->model()->find_muscle("recfem_r")].max_isometric_force;
        QVERIFY(scaled > 1e19 * force);
        QVERIFY(std::abs(peak() / peak_before - scaled / force) < 1e-6 * scaled / force);
        std::sort(latency_ms.begin(), latency_ms.end());
        qInfo(
            "keystroke to redrawn curve on human3d (%zu muscles, pause %d ms), %zu keystrokes: median %.1f ms, "
            "95th percentile %.1f ms, max %.1f ms; last sweep %.1f ms",
            dock->model()->muscles.size(), MuscleAnalysisDock::edit_pause_ms, latency_ms.size(),
            latency_ms[latency_ms.size() / 2], latency_ms[size_t(0.95 * double(latency_ms.size() - 1) + 0.5)],
            latency_ms.back(), dock->lastSweepMilliseconds());
    }
};

STUDIO_TEST_MAIN(TestMuscleAnalysisDock)
#include "test_muscle_analysis_dock.moc"
