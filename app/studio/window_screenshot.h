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
    // A scenario (.scone) only: the run kept first (grey in the plots, a ghost in the 3D
    // view), then the run shown, each with a .par's values (empty: the scenario's own).
    QString keep_run_par, par_path;
    double time = -1;  // >= 0: the cursor (plots, 3D view, ghost) moved to this time before the capture
    double zoom_from = 0, zoom_to = 0;  // zoom_to > zoom_from: the plots show this span [s] (autoscale off)
};

// Returns true when the image was written; otherwise `error` says why (the
// model's errors, an unknown channel name, a run that stopped, or a write failure).
bool render_window_screenshot(const WindowScreenshot& request, QString* error);

class MainWindow;
class SimulationController;
// In a window with a scenario open: runs it with `keep_run_par`'s values and keeps that
// run (named by the file), then runs it with `par_path`'s values; an empty path runs the
// scenario's own values (none kept when keep_run_par is empty). Waits for each run to
// end; false with the .par's errors or the run's failure in `error`.
bool run_scenario_parameters(MainWindow& window, const QString& keep_run_par, const QString& par_path, QString* error);
// Why opening `path` in the window failed: for a scenario (.scone) or a .par, the
// located errors of its diagnostics (file:line:col: message), one per line, which the
// window itself only points to ("see the Diagnostics"); else `open_error`, the window's
// own error prompt, or a line naming the file.
QString open_failure(MainWindow& window, const QString& path, const QString& open_error);
// Opens `path` in the window as File > Open does (a .hfd, an .osim imported, a scenario
// and its model, a motion played on the open model...) and checks that a model came of
// it without errors; false with the file's errors (located), the window's `open_error`,
// or a line saying that the file brought no model (a motion, a config) in `error`.
bool open_as_file_open(MainWindow& window, const QString& path, const QString& open_error, QString* error);
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
