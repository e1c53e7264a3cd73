#include "studio_options.h"

#include "help_menu.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <cmath>

namespace hfd::studio {

namespace {
constexpr int max_image_side = 16384;
}

std::optional<QSize> parse_size(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})[xX](\\d{1,5})$"));
    QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch()) return std::nullopt;
    int width = match.captured(1).toInt(), height = match.captured(2).toInt();
    if (width <= 0 || height <= 0 || width > max_image_side || height > max_image_side) return std::nullopt;
    return QSize(width, height);
}

std::optional<StudioOptions> parse_studio_arguments(const QStringList& arguments, QString* error, QString* help) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Editor and viewer for .hfd musculoskeletal models."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("model"),
        QStringLiteral("File to open, as File > Open does: a model (.hfd, or .osim to import), a "
                       "scenario (.scone) and the model it runs."),
        QStringLiteral("[MODEL]"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Render the model's 3D view once into FILE.png and exit."),
                                  QStringLiteral("FILE.png"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Image size for --screenshot (default 1280x720)."),
                            QStringLiteral("WxH"));
    QCommandLineOption window(
        QStringLiteral("window"),
        QStringLiteral("With --screenshot: capture the whole studio window (default size 1600x1000)."));
    QCommandLineOption simulate(QStringLiteral("simulate"),
                                QStringLiteral("With --window: simulate the model this long before the capture."),
                                QStringLiteral("SECONDS"));
    QCommandLineOption plot(
        QStringLiteral("plot"),
        QStringLiteral(
            "With --window: channels to plot, comma separated (e.g. knee_angle_r); ';' starts the next plot."),
        QStringLiteral("NAMES"));
    QCommandLineOption export_plot(
        QStringLiteral("export-plot"),
        QStringLiteral("With --window: after the capture, export the first plot to FILE (.png, .svg, .pdf or .csv; "
                       "repeatable)."),
        QStringLiteral("FILE"));
    QCommandLineOption config(QStringLiteral("config"),
                              QStringLiteral("Simulation config used instead of the model file's (HfdConfig*.zml)."),
                              QStringLiteral("FILE"));
    QCommandLineOption state(QStringLiteral("state"),
                             QStringLiteral("Initial state: dof values and velocities (InitState*.zml)."),
                             QStringLiteral("FILE"));
    QCommandLineOption excitation(
        QStringLiteral("excitation"),
        QStringLiteral("Muscle excitations over time, CSV time,muscle,... (as hfd simulate)."), QStringLiteral("FILE"));
    parser.addOptions({config, state, excitation});
    parser.addOption(screenshot);
    parser.addOption(size);
    QCommandLineOption show(
        QStringLiteral("show"),
        QStringLiteral("With --window: View > Show settings, comma separated: a key turns an overlay "
                       "on (key=0 off), e.g. contactPoints,groundReactions,jointExaggeration=100."),
        QStringLiteral("SETTINGS"));
    QCommandLineOption par(QStringLiteral("par"),
                           QStringLiteral("With a scenario (.scone): run it with these parameter values."),
                           QStringLiteral("FILE.par"));
    QCommandLineOption keep_run(
        QStringLiteral("keep-run"),
        QStringLiteral("With a scenario (.scone): run it with these parameter values first and keep that run "
                       "(Keep run: grey in the plots, a see-through ghost in the 3D view), then run --par."),
        QStringLiteral("FILE.par"));
    QCommandLineOption time(QStringLiteral("time"),
                            QStringLiteral("With --window: show this time of the run (the plots' cursor and the "
                                           "3D view) in the capture."),
                            QStringLiteral("SECONDS"));
    QCommandLineOption zoom(QStringLiteral("zoom"),
                            QStringLiteral("With --window: show the plots from T0 to T1 seconds (as dragging over "
                                           "that span does)."),
                            QStringLiteral("T0:T1"));
    parser.addOptions({window, simulate, plot, export_plot, show, par, keep_run, time, zoom});
    QCommandLineOption measure(
        QStringLiteral("measure-frames"),
        QStringLiteral("Run the model in real time this long in the studio window (--size, default "
                       "1600x1000), print the 3D view's frame time and pose update time, and exit."),
        QStringLiteral("SECONDS"));
    parser.addOption(measure);
    if (!parser.parse(arguments)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        if (help) *help = parser.helpText();
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        if (help)
            *help = QStringLiteral("%1 %2\n").arg(QCoreApplication::applicationName(),
                                                  QCoreApplication::applicationVersion());
        return std::nullopt;
    }
    StudioOptions options;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        *error = QStringLiteral("expected at most one model file, got %1").arg(positional.size());
        return std::nullopt;
    }
    if (!positional.isEmpty()) options.model_path = positional.first();
    options.screenshot_path = parser.value(screenshot);
    if (parser.isSet(size)) {
        std::optional<QSize> parsed = parse_size(parser.value(size));
        if (!parsed) {
            *error = QStringLiteral("--size expects WxH with positive sizes up to %1, got '%2'")
                         .arg(max_image_side)
                         .arg(parser.value(size));
            return std::nullopt;
        }
        options.size = *parsed;
    }
    options.window = parser.isSet(window);
    if (parser.isSet(measure)) {
        bool ok = false;
        options.measure_frames_seconds = parser.value(measure).toDouble(&ok);
        if (!ok || !(options.measure_frames_seconds > 0) || options.measure_frames_seconds > 3600) {
            *error = QStringLiteral("--measure-frames expects seconds above 0 and up to 3600, got '%1'")
                         .arg(parser.value(measure));
            return std::nullopt;
        }
        if (parser.isSet(screenshot)) {
            *error = QStringLiteral("--measure-frames and --screenshot are separate runs: give one of them");
            return std::nullopt;
        }
    }
    if ((options.window || options.measure_frames_seconds > 0) && !parser.isSet(size)) options.size = QSize(1600, 1000);
    if (parser.isSet(simulate)) {
        bool ok = false;
        options.simulate_seconds = parser.value(simulate).toDouble(&ok);
        if (!ok || !(options.simulate_seconds >= 0) || options.simulate_seconds > 3600) {
            *error =
                QStringLiteral("--simulate expects seconds between 0 and 3600, got '%1'").arg(parser.value(simulate));
            return std::nullopt;
        }
    }
    if (parser.isSet(plot))
        options.plotted = parser.value(plot).replace(u';', QStringLiteral(",;,")).split(u',', Qt::SkipEmptyParts);
    options.plot_exports = parser.values(export_plot);
    if (parser.isSet(show)) options.shown = parser.value(show).split(u',', Qt::SkipEmptyParts);
    options.par_path = parser.value(par);
    options.keep_run_par = parser.value(keep_run);
    if ((parser.isSet(par) || parser.isSet(keep_run)) &&
        QFileInfo(options.model_path).suffix().compare(QStringLiteral("scone"), Qt::CaseInsensitive) != 0) {
        *error = QStringLiteral("--par and --keep-run need a scenario (.scone) to run them with");
        return std::nullopt;
    }
    if ((parser.isSet(par) && options.par_path.isEmpty()) ||
        (parser.isSet(keep_run) && options.keep_run_par.isEmpty())) {
        *error = QStringLiteral("--par and --keep-run need a file name");
        return std::nullopt;
    }
    if (parser.isSet(time)) {
        bool ok = false;
        options.time = parser.value(time).toDouble(&ok);
        if (!ok || !(options.time >= 0) || options.time > 1e6) {
            *error = QStringLiteral("--time expects seconds from 0, got '%1'").arg(parser.value(time));
            return std::nullopt;
        }
    }
    if (parser.isSet(zoom)) {
        const QStringList ends = parser.value(zoom).split(u':');
        bool ok_from = false, ok_to = false;
        if (ends.size() == 2) {
            options.zoom_from = ends[0].toDouble(&ok_from);
            options.zoom_to = ends[1].toDouble(&ok_to);
        }
        if (!ok_from || !ok_to || !(options.zoom_to > options.zoom_from) || !std::isfinite(options.zoom_to)) {
            *error = QStringLiteral("--zoom expects T0:T1 in seconds with T0 < T1, got '%1'").arg(parser.value(zoom));
            return std::nullopt;
        }
    }
    options.config_path = parser.value(config);
    options.state_path = parser.value(state);
    options.excitation_path = parser.value(excitation);
    if ((parser.isSet(config) || parser.isSet(state) || parser.isSet(excitation) || parser.isSet(par) ||
         parser.isSet(keep_run)) &&
        parser.isSet(screenshot) && !options.window) {
        *error = QStringLiteral(
            "--config, --state, --excitation, --par and --keep-run are for the studio window: add --window to "
            "--screenshot");
        return std::nullopt;
    }
    if ((parser.isSet(simulate) || parser.isSet(plot) || parser.isSet(export_plot) || parser.isSet(show) ||
         parser.isSet(time) || parser.isSet(zoom)) &&
        !options.window) {
        *error = QStringLiteral("--simulate, --plot, --export-plot, --show, --time and --zoom need --window");
        return std::nullopt;
    }
    if (options.window && !parser.isSet(screenshot)) {
        *error = QStringLiteral("--window needs --screenshot FILE.png");
        return std::nullopt;
    }
    if (parser.isSet(screenshot) && options.screenshot_path.isEmpty()) {
        *error = QStringLiteral("--screenshot needs a file name");
        return std::nullopt;
    }
    return options;
}

QString default_model_path() {
    QString standing = QDir(default_samples_directory()).filePath(QStringLiteral("human_standing.hfd"));
    return QFileInfo::exists(standing) ? standing : QString();
}

}  // namespace hfd::studio
