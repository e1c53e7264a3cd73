// The timeline under the plots: the slider requests recorded rows only while no
// run records, follows the newest row during a run, and playback walks the rows
// in time order to the end (stopping there) or round again when looped.
#include "studio_test_support.h"
#include "timeline.h"

#include <QCheckBox>
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include <vector>
#include "test_time_scale.h"

using namespace hfd::studio;

namespace {

struct Recording {
    std::vector<double> times;
    Timeline timeline{[this] { return times.size(); }, [this](size_t row) { return times.at(row); }};
    explicit Recording(size_t rows) {
        for (size_t r = 0; r < rows; ++r) times.push_back(0.1 * double(r));
        timeline.setRunning(false);
    }
    QSlider* slider() { return timeline.findChild<QSlider*>(); }
    QPushButton* play() { return timeline.findChild<QPushButton*>(); }
};

std::vector<size_t> requested_rows(const QSignalSpy& spy) {
    std::vector<size_t> rows;
    for (const QList<QVariant>& arguments : spy) rows.push_back(arguments.at(0).value<size_t>());
    return rows;
}

}  // namespace

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void scrubbingRequestsRowsOnlyWhenNotRunning() {
        Recording recording(11);
        QSignalSpy requested(&recording.timeline, &Timeline::rowRequested);
        QCOMPARE(recording.slider()->maximum(), 10);
        QVERIFY(recording.slider()->isEnabled() && recording.play()->isEnabled());
        recording.slider()->setValue(4);
        QCOMPARE(requested_rows(requested), std::vector<size_t>{4});

        recording.timeline.setRunning(true);
        QVERIFY(!recording.slider()->isEnabled() && !recording.play()->isEnabled());
        QCOMPARE(recording.slider()->value(), 10);  // the newest row, not requested
        recording.slider()->setValue(2);
        QCOMPARE(requested.size(), 1);
        recording.times.push_back(1.1);
        recording.timeline.setRunning(true);
        QCOMPARE(recording.slider()->value(), 11);
    }

    void oneRowCannotBeScrubbedOrPlayed() {
        Recording recording(1);
        QVERIFY(!recording.slider()->isEnabled());
        QVERIFY(!recording.play()->isEnabled());
    }

    void playbackRunsToTheEndAndStops() {
        Recording recording(11);
        recording.timeline.findChild<QComboBox*>()->setCurrentIndex(5);  // 4x: 1 s of recording in 0.25 s
        recording.slider()->setValue(10);
        QSignalSpy requested(&recording.timeline, &Timeline::rowRequested);
        recording.play()->setChecked(true);  // from the last row: starts again at the first
        QVERIFY(recording.play()->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(!recording.play()->isChecked(), hfd::test::scaled_ms(60000));
        const std::vector<size_t> rows = requested_rows(requested);
        QVERIFY(rows.size() >= 2);
        QCOMPARE(rows.front(), size_t(0));
        QCOMPARE(rows.back(), size_t(10));
        for (size_t i = 1; i < rows.size(); ++i) QVERIFY(rows[i] > rows[i - 1]);  // forward in time only
    }

    // Playback says when it starts and stops (the status bar reads "playing back", not
    // "paused", in between): at its end, by the button and when a run starts.
    void playbackAnnouncesItsStartAndStop() {
        Recording recording(11);
        recording.timeline.findChild<QComboBox*>()->setCurrentIndex(5);
        QSignalSpy changed(&recording.timeline, &Timeline::playbackChanged);
        QVERIFY(!recording.timeline.isPlayingBack());
        recording.play()->setChecked(true);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.last().at(0).toBool(), true);
        QVERIFY(recording.timeline.isPlayingBack());
        QVERIFY(changed.wait(hfd::test::scaled_ms(60000)));  // the end
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.last().at(0).toBool(), false);
        QVERIFY(!recording.timeline.isPlayingBack());
        recording.play()->setChecked(true);
        recording.play()->setChecked(false);  // the button
        QCOMPARE(changed.size(), 4);
        QCOMPARE(changed.last().at(0).toBool(), false);
        recording.play()->setChecked(true);
        recording.timeline.setRunning(true);  // a run
        QCOMPARE(changed.size(), 6);
        QCOMPARE(changed.last().at(0).toBool(), false);
        // the recording replaced by one row under it: stopped, the button too
        recording.timeline.setRunning(false);
        recording.play()->setChecked(true);
        QCOMPARE(changed.size(), 7);
        recording.times.resize(1);
        QVERIFY(changed.wait(hfd::test::scaled_ms(60000)));
        QCOMPARE(changed.last().at(0).toBool(), false);
        QVERIFY(!recording.play()->isChecked());
    }

    void loopedPlaybackStartsOverAndARunStopsIt() {
        Recording recording(11);
        recording.timeline.findChild<QComboBox*>()->setCurrentIndex(5);
        recording.timeline.findChild<QCheckBox*>()->setChecked(true);
        QSignalSpy requested(&recording.timeline, &Timeline::rowRequested);
        recording.play()->setChecked(true);
        auto wrapped = [&] {
            const std::vector<size_t> rows = requested_rows(requested);
            for (size_t i = 1; i < rows.size(); ++i)
                if (rows[i] < rows[i - 1]) return true;  // back to the start
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(wrapped(), hfd::test::scaled_ms(60000));
        QVERIFY(recording.play()->isChecked());
        recording.timeline.setRunning(true);
        QVERIFY(!recording.play()->isChecked());
    }
};

STUDIO_TEST_MAIN(TestTimeline)
#include "test_timeline.moc"
