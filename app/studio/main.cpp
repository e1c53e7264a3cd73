// hfd-studio [MODEL] [--keep-run OLD.par] [--par P.par]
//            [--screenshot FILE.png [--size WxH] [--window [--simulate SECONDS] [--plot NAMES] [--time S] [--zoom
//            T0:T1]]]
//            [--measure-frames SECONDS]
#include "frame_measurement.h"
#include "hfd/version.h"
#include "main_window.h"
#include "screenshot.h"
#include "studio_options.h"
#include "window_screenshot.h"

#include <QApplication>
#include <QCoreApplication>
#include <QTimer>
#include <cstdio>

namespace {
void name_application() {
    QCoreApplication::setOrganizationName(QStringLiteral("hfd"));
    QCoreApplication::setApplicationName(QStringLiteral("hfd-studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HFD_VERSION " (git " HFD_GIT_REVISION ")"));
}
}  // namespace

int main(int argc, char** argv) {
    // The arguments are read before any window system is needed: --help, --version
    // and argument errors work without a display.
    QString error, help;
    std::optional<hfd::studio::StudioOptions> options;
    {
        QCoreApplication core(argc, argv);
        name_application();
        options = hfd::studio::parse_studio_arguments(QCoreApplication::arguments(), &error, &help);
    }
    if (!options) {
        if (!help.isEmpty()) {
            std::fputs(qPrintable(help), stdout);
            return 0;
        }
        std::fprintf(stderr, "hfd-studio: %s\n", qPrintable(error));
        return 2;
    }
    QApplication app(argc, argv);
    name_application();

    if (!options->screenshot_path.isEmpty()) {
        if (options->model_path.isEmpty()) options->model_path = hfd::studio::default_model_path();
        if (options->model_path.isEmpty()) {
            std::fprintf(stderr, "hfd-studio: --screenshot needs a model file\n");
            return 1;
        }
        const bool written =
            options->window
                ? hfd::studio::render_window_screenshot(
                      {options->model_path, options->screenshot_path, options->size, options->simulate_seconds,
                       options->plotted, options->config_path, options->state_path, options->excitation_path,
                       options->plot_exports, options->shown, options->keep_run_par, options->par_path, options->time,
                       options->zoom_from, options->zoom_to},
                      &error)
                : hfd::studio::render_screenshot(options->model_path, options->screenshot_path, options->size, &error);
        if (!written) {
            std::fprintf(stderr, "hfd-studio: %s\n", qPrintable(error));
            return 1;
        }
        return 0;
    }

    if (options->measure_frames_seconds > 0) {
        if (options->model_path.isEmpty()) options->model_path = hfd::studio::default_model_path();
        QString report;
        if (!hfd::studio::measure_frames({options->model_path, options->config_path, options->state_path, options->size,
                                          options->measure_frames_seconds},
                                         &report, &error)) {
            std::fprintf(stderr, "hfd-studio: %s\n", qPrintable(error));
            return 1;
        }
        std::fputs(qPrintable(report), stdout);
        return 0;
    }

    hfd::studio::MainWindow window;
    window.show();
    QString model = options->model_path.isEmpty() ? hfd::studio::default_model_path() : options->model_path;
    QTimer::singleShot(0, &window, [&window, model, &options] {
        if (model.isEmpty() || !window.openFile(model)) return;
        QString error;
        if ((!options->keep_run_par.isEmpty() || !options->par_path.isEmpty()) &&
            !hfd::studio::run_scenario_parameters(window, options->keep_run_par, options->par_path, &error))
            window.prompts().error(QStringLiteral("Cannot run the scenario's parameters"), error);
        if (!hfd::studio::load_inputs(window, options->config_path, options->state_path, &error,
                                      options->excitation_path))
            window.prompts().error(QStringLiteral("Cannot load the simulation files"), error);
    });
    return app.exec();
}
