#include "screenshot.h"

#include "model/build_model.h"
#include "model_viewer.h"

#include <QCoreApplication>
#include <QFile>
#include <QImage>
#include <QPainter>

namespace hfd::studio {

bool render_screenshot(const QString& model_path, const QString& image_path, QSize size, QString* error) {
    BuildResult result = load_model(QFile::encodeName(model_path).toStdString());
    if (!result.ok()) {
        QStringList lines;
        for (const Diagnostic& diagnostic : result.diagnostics)
            if (diagnostic.severity == Severity::Error) lines << QString::fromStdString(format_diagnostic(diagnostic));
        if (lines.isEmpty()) lines << QStringLiteral("%1: the model could not be loaded").arg(model_path);
        *error = lines.join(u'\n');
        return false;
    }
    ModelViewer viewer;
    viewer.resize(size);
    viewer.setModel(*result.model);
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
