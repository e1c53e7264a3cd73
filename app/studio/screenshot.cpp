#include "screenshot.h"

#include "document.h"
#include "main_window.h"
#include "model_viewer.h"
#include "scenario_dock.h"
#include "scenario_session.h"
#include "window_screenshot.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>

namespace hfd::studio {

namespace {

// The model the studio's 3D view shows once `path` is open as File > Open opens it
// (a scenario: the model it runs); null with `error` set when none came of it.
std::shared_ptr<const Model> open_model(const QString& path, QString* error) {
    MainWindowOptions options;
    options.with_viewer = false;  // the picture is rendered by a view of its own size
    options.use_dialogs = false;
    options.restore_settings = false;
    options.remember_recent_files = false;  // a render is not a file the user opened
    QString open_error;                     // outlives the window, whose error prompt writes it
    MainWindow window(options);
    window.prompts().error = [&open_error](const QString& title, const QString& message) {
        open_error = title + QStringLiteral(": ") + message;
    };
    if (!open_as_file_open(window, path, open_error, error)) return nullptr;
    if (auto* dock = window.findChild<ScenarioDock*>(); dock && dock->session()->isOpen()) {
        dock->session()->stop();  // the picture shows the model, not the run the scenario started
        return dock->session()->scenario()->shared_model();
    }
    return window.document()->sharedModel();
}

}  // namespace

bool render_screenshot(const QString& model_path, const QString& image_path, QSize size, QString* error) {
    if (!QFileInfo(model_path).isFile()) {
        *error = QStringLiteral("%1: no such file").arg(model_path);
        return false;
    }
    const std::shared_ptr<const Model> model = open_model(model_path, error);
    if (!model) return false;
    ModelViewer viewer;
    viewer.resize(size);
    viewer.setModel(*model);
    viewer.show();
    QCoreApplication::processEvents();
    viewer.fitToModel();
    const QImage view = viewer.grabRenderedImage();
    if (view.isNull()) {
        *error = QStringLiteral("the 3D view rendered no frame showing the model (no OpenGL display, or it timed out)");
        return false;
    }
    // The legend strip under the view is a widget: grab() paints it, and leaves
    // the Qt3D window's area empty for the rendered frame.
    QImage image = viewer.grab().toImage();
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        painter.drawImage(viewer.renderArea(), view);
    }
    if (image.size() != size) image = image.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    if (!image.save(image_path)) {
        *error = QStringLiteral("cannot write %1").arg(image_path);
        return false;
    }
    return true;
}

}  // namespace hfd::studio
