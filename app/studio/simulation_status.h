#pragma once
// Status-bar widget of a run: simulated time, real-time factor, current step
// size and integrator steps per second; a stopped run shows why in red.
#include <QWidget>

class QLabel;

namespace hfd::studio {

struct SimulationFrame;

class SimulationStatus : public QWidget {
    Q_OBJECT
public:
    explicit SimulationStatus(QWidget* parent = nullptr);
    void showFrame(const SimulationFrame& frame);
    void clear();
    QString text() const;

private:
    QLabel* label_;
};

// "t = 0.500 s  1.02x  h = 1.0e-03 s  12.3k steps/s"
QString status_text(const SimulationFrame& frame);

}  // namespace hfd::studio
