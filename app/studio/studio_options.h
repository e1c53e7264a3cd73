#pragma once
// Command line of hfd-studio:
//   hfd-studio [MODEL] [--config HfdConfig.zml] [--state InitState.zml] [--excitation EXC.csv]
//              [--keep-run OLD.par] [--par P.par]   (MODEL a scenario, .scone)
//              [--screenshot FILE.png [--size WxH] [--window [--simulate SECONDS] [--plot NAME,...] [--show
//              KEY[=V],...] [--time SECONDS] [--zoom T0:T1]]]
//              [--measure-frames SECONDS [--size WxH]]
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

namespace hfd::studio {

struct StudioOptions {
    QString model_path;       // empty: open the standing human sample if it exists
    QString screenshot_path;  // non-empty: render once, save, exit
    QSize size{1280, 720};
    bool window = false;                // --screenshot of the whole studio window, not only the 3D view
    double simulate_seconds = 0;        // --window: simulate this long first
    QStringList plotted;                // --window: channels plotted (";" entries start the next plot)
    QStringList plot_exports;           // --window: files the first plot is exported to after the capture
    QString config_path;                // simulation config used instead of the model file's (as hfd simulate --config)
    QString state_path;                 // initial state file (as hfd simulate --state)
    QString excitation_path;            // muscle excitations over time (as hfd simulate --excitation)
    QStringList shown;                  // --window: View > Show settings, e.g. jointExaggeration=100,contactPoints
    QString par_path;                   // a scenario's run with these parameter values (.par)
    QString keep_run_par;               // a scenario's run with these values, kept before the --par run
    double time = -1;                   // --window: >= 0, the time shown (plots' cursor, 3D view)
    double zoom_from = 0, zoom_to = 0;  // --window --zoom T0:T1: the plots' time span (zoom_to > zoom_from)
    double measure_frames_seconds = 0;  // > 0: run the model in real time this long, print the view's frame times, exit
};

// nullopt and `error` set on bad arguments; `help` is set for --help.
std::optional<StudioOptions> parse_studio_arguments(const QStringList& arguments, QString* error, QString* help);
std::optional<QSize> parse_size(const QString& text);  // "WxH", both positive

// The model to open when none is given: samples/human_standing.hfd, if present.
QString default_model_path();

}  // namespace hfd::studio
