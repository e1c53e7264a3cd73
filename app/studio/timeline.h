#pragma once
// The timeline under the plots: a slider over the recorded rows with the time
// beside it, and playback of a finished recording at a chosen speed, looped or
// not. It knows rows only through the two functions it is given; the rows it
// moves to are requested, not shown, by it (PlotDock scrubs to them).
#include <QElapsedTimer>
#include <QWidget>
#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace hfd::studio {

class Timeline : public QWidget {
    Q_OBJECT
public:
    // row_count(): rows recorded; row_time(r): time of row r (rows in time order).
    Timeline(std::function<size_t()> row_count, std::function<double(size_t)> row_time, QWidget* parent = nullptr);

    // Follows the recording after rows arrive or leave: while a run records, the
    // slider stands at the newest row and neither scrubs nor plays back.
    void setRunning(bool running);
    void showNewestRow();  // without requesting it (the live run shows its own pose)
    void stopPlayback();
    bool isPlayingBack() const { return playing_; }
    void setTimeText(const QString& text);

signals:
    void rowRequested(size_t row);  // the user or playback moved to a recorded row
    void playbackChanged(bool playing);  // playback started or stopped (its end, Stop, a run)

private:
    void startOrStopPlayback(bool on);
    void playbackTick();
    void notePlayback();  // playbackChanged when the timer started or stopped

    std::function<size_t()> row_count_;
    std::function<double(size_t)> row_time_;
    bool running_ = false;
    QPushButton* play_ = nullptr;
    QSlider* slider_ = nullptr;
    QLabel* time_label_ = nullptr;
    QComboBox* speed_ = nullptr;
    QCheckBox* loop_ = nullptr;
    QTimer* playback_ = nullptr;
    QElapsedTimer playback_clock_;
    double playback_time_ = 0;
    bool playing_ = false;
};

}  // namespace hfd::studio
