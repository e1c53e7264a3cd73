#pragma once
// hfd-studio MODEL --measure-frames SECONDS: runs the model in real time in the
// studio window and reports how fast the 3D view follows (FrameTiming): the
// time between rendered frames with a new pose and the time to apply a pose,
// as median and 95th percentile, with the real-time factor reached and the
// OpenGL renderer (a software one such as llvmpipe under xvfb-run says so).
#include <QSize>
#include <QString>

namespace hfd::studio {

struct FrameMeasurement {
    QString model_path, config_path, state_path;
    QSize size{1600, 1000};  // the window's size
    double seconds = 5;      // measured, after a warm-up second
};

// The report (several lines), or false with `error` set (no model, no OpenGL display, a run that stopped).
bool measure_frames(const FrameMeasurement& request, QString* report, QString* error);

}  // namespace hfd::studio
