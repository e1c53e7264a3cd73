#pragma once
// hfd-studio --screenshot FILE --window: the whole studio window with the
// model open, optionally after simulating it with some channels plotted
// (what the README shows).
#include <QSize>
#include <QString>
#include <QStringList>

namespace hfd::studio {

struct WindowScreenshot {
    QString model_path, image_path;
    QSize size{1600, 1000};
    double simulate_seconds = 0;      // run this long (as fast as possible) before the capture
    QStringList plotted;              // channel names plotted, e.g. "knee_angle_r"; ";" starts the next plot
    QString config_path, state_path;  // as hfd simulate --config / --state (optional)
    QString excitation_path;          // as hfd simulate --excitation (optional)
    QStringList plot_exports;         // after the capture, the first plot exported to each (.png/.svg/.pdf/.csv)
    QStringList shown;                // View > Show settings (ViewOptions::applySettings)
};

// Returns true when the image was written; otherwise `error` says why (the
// model's errors, an unknown channel name, a run that stopped, or a write failure).
bool render_window_screenshot(const WindowScreenshot& request, QString* error);

class MainWindow;
class SimulationController;
// Opens the model file in the window and waits until it is analysed and its simulation
// is built; false with the model's errors (or `open_error`, the window's own) in `error`.
bool open_for_simulation(MainWindow& window, SimulationController* controller, const QString& path,
                         const QString& open_error, QString* error);
// Loads a config, an initial state and / or an excitation file into the window's simulation
// (empty: skipped); false with the files' errors (or the simulation's, with the state's dofs
// or the excitations' muscle names) in `error`.
bool load_inputs(MainWindow& window, const QString& config_path, const QString& state_path, QString* error,
                 const QString& excitation_path = QString());

}  // namespace hfd::studio
