#include "simulation_status.h"

#include "simulation_controller.h"

#include <QHBoxLayout>
#include <QLabel>

namespace hfd::studio {

QString status_text(const SimulationFrame& frame, bool playing_back) {
    QString text = QObject::tr("t = %1 s").arg(frame.time, 0, 'f', 3);
    if (frame.running) text += QObject::tr("   %1x").arg(frame.real_time_factor, 0, 'g', 3);
    if (frame.step_size > 0) text += QObject::tr("   h = %1 s").arg(frame.step_size, 0, 'e', 1);
    if (frame.running) text += QObject::tr("   %1 steps/s").arg(frame.steps_per_second, 0, 'f', 0);
    double per_step = 0;
    for (const SimulationFrame::Stage& stage : frame.stages) per_step += stage.microseconds_per_step;
    if (per_step > 0) text += QObject::tr("   %1 \u00b5s/step").arg(per_step, 0, 'f', 1);
    if (!frame.error.isEmpty()) text += QStringLiteral("   ") + frame.error;
    else if (playing_back && !frame.running) text += QObject::tr("   playing back");
    else if (frame.finished) text += QObject::tr("   finished");
    else if (!frame.running) text += QObject::tr("   paused");
    return text;
}

QString stage_text(const SimulationFrame& frame) {
    if (frame.stages.empty()) return {};
    QStringList parts;
    double total = 0;
    for (const SimulationFrame::Stage& stage : frame.stages) {
        parts
            << QObject::tr("%1 %2").arg(QString::fromStdString(stage.name)).arg(stage.microseconds_per_step, 0, 'f', 1);
        total += stage.microseconds_per_step;
    }
    return QObject::tr("%1 \u00b5s: %2; %3 evaluations")
        .arg(total, 0, 'f', 1)
        .arg(parts.join(QStringLiteral(", ")))
        .arg(frame.evaluations_per_step, 0, 'f', 2);
}

SimulationStatus::SimulationStatus(QWidget* parent) : QWidget(parent), label_(new QLabel(this)) {
    setObjectName(QStringLiteral("SimulationStatus"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label_);
}

void SimulationStatus::showFrame(const SimulationFrame& frame) {
    last_.time = frame.time;
    last_.running = frame.running;
    last_.finished = frame.finished;
    last_.real_time_factor = frame.real_time_factor;
    last_.step_size = frame.step_size;
    last_.steps_per_second = frame.steps_per_second;
    last_.stages = frame.stages;
    last_.evaluations_per_step = frame.evaluations_per_step;
    last_.error = frame.error;
    label_->setText(status_text(frame, playing_back_));
    label_->setToolTip(stage_text(frame));
    label_->setStyleSheet(frame.error.isEmpty() ? QString() : QStringLiteral("color: #c00"));
}

void SimulationStatus::showTime(double time) {
    if (label_->text().isEmpty() || last_.time == time) return;
    last_.time = time;
    label_->setText(status_text(last_, playing_back_));
}

void SimulationStatus::setPlayingBack(bool playing) {
    if (playing_back_ == playing) return;
    playing_back_ = playing;
    if (!label_->text().isEmpty()) label_->setText(status_text(last_, playing_back_));
}

void SimulationStatus::clear() {
    last_ = SimulationFrame{};
    playing_back_ = false;
    label_->clear();
    label_->setStyleSheet(QString());
}

QString SimulationStatus::text() const { return label_->text(); }

}  // namespace hfd::studio
