#include "timeline.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <algorithm>

namespace hfd::studio {

Timeline::Timeline(std::function<size_t()> row_count, std::function<double(size_t)> row_time, QWidget* parent)
    : QWidget(parent), row_count_(std::move(row_count)), row_time_(std::move(row_time)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    play_ = new QPushButton(tr("Play back"), this);
    play_->setCheckable(true);
    slider_ = new QSlider(Qt::Horizontal, this);
    speed_ = new QComboBox(this);
    for (double speed : {0.1, 0.25, 0.5, 1.0, 2.0, 4.0}) speed_->addItem(QStringLiteral("%1x").arg(speed), speed);
    speed_->setCurrentIndex(3);
    loop_ = new QCheckBox(tr("Loop"), this);
    time_label_ = new QLabel(this);
    time_label_->setMinimumWidth(time_label_->fontMetrics().horizontalAdvance(QStringLiteral("t = 000.000 s")));
    layout->addWidget(play_);
    layout->addWidget(slider_, 1);
    layout->addWidget(time_label_);
    layout->addWidget(speed_);
    layout->addWidget(loop_);
    connect(slider_, &QSlider::valueChanged, this, [this](int row) {
        if (!running_) emit rowRequested(size_t(row));
    });
    connect(play_, &QPushButton::toggled, this, &Timeline::startOrStopPlayback);
    playback_ = new QTimer(this);
    playback_->setInterval(16);
    connect(playback_, &QTimer::timeout, this, &Timeline::playbackTick);
    setRunning(false);
}

void Timeline::setRunning(bool running) {
    running_ = running;
    if (running_) play_->setChecked(false);
    const size_t rows = row_count_();
    const QSignalBlocker blocker(slider_);
    slider_->setRange(0, int(std::max<size_t>(rows, 1) - 1));
    if (running_) slider_->setValue(slider_->maximum());
    slider_->setEnabled(!running_ && rows > 1);
    play_->setEnabled(!running_ && rows > 1);
}

void Timeline::showNewestRow() {
    const QSignalBlocker blocker(slider_);
    slider_->setValue(slider_->maximum());
}

void Timeline::stopPlayback() {
    playback_->stop();
    play_->setChecked(false);
    notePlayback();
}

void Timeline::notePlayback() {
    if (playback_->isActive() == playing_) return;
    playing_ = playback_->isActive();
    emit playbackChanged(playing_);
}

void Timeline::setTimeText(const QString& text) { time_label_->setText(text); }

void Timeline::startOrStopPlayback(bool on) {
    if (!on || running_ || row_count_() == 0) {
        playback_->stop();
        play_->setChecked(false);
        notePlayback();
        return;
    }
    if (size_t(slider_->value()) + 1 >= row_count_()) slider_->setValue(0);
    playback_time_ = row_time_(size_t(slider_->value()));
    playback_clock_.start();
    playback_->start();
    notePlayback();
}

void Timeline::playbackTick() {
    const size_t rows = row_count_();
    if (rows < 2 || running_) {  // the recording was replaced: stopped, and the button says so
        playback_->stop();
        play_->setChecked(false);
        return notePlayback();
    }
    playback_time_ += speed_->currentData().toDouble() * playback_clock_.restart() * 1e-3;
    const double end = row_time_(rows - 1);
    if (playback_time_ > end) {
        if (!loop_->isChecked()) {
            slider_->setValue(int(rows - 1));
            play_->setChecked(false);
            return;
        }
        playback_time_ = row_time_(0);
    }
    size_t row = size_t(slider_->value());
    if (row_time_(row) > playback_time_) row = 0;
    while (row + 1 < rows && row_time_(row + 1) <= playback_time_) ++row;
    slider_->setValue(int(row));
}

}  // namespace hfd::studio
