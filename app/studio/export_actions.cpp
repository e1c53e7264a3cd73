#include "export_actions.h"

#include "model_viewer.h"
#include "offscreen_image.h"
#include "prompts.h"
#include "simulation_controller.h"

#include <QMenu>
#include <QSaveFile>

namespace hfd::studio {

ExportActions::ExportActions(SimulationController* controller, StudioPrompts* prompts, ModelViewer* viewer,
                             QObject* parent)
    : QObject(parent), controller_(controller), prompts_(prompts), viewer_(viewer) {}

QMenu* ExportActions::addToMenu(QMenu* file_menu) {
    // Export sits with Import, before the separator and Quit that end the menu.
    auto* menu = new QMenu(tr("E&xport"), file_menu);
    const QList<QAction*> entries = file_menu->actions();
    qsizetype before = entries.size();
    for (qsizetype i = 0; i < entries.size(); ++i)
        if (entries[i]->objectName() == QLatin1String("quit"))
            before = i > 0 && entries[i - 1]->isSeparator() ? i - 1 : i;
    file_menu->insertMenu(entries.value(before), menu);
    const QString csv = tr("CSV files (*.csv)");
    menu->addAction(tr("Trajectory as &CSV..."), this, [this, csv] {
        ask({tr("Export Trajectory as CSV"), QStringLiteral("trajectory.csv"), csv},
            [this](const QString& p) { return exportTrajectoryCsv(p); });
    });
    menu->addAction(tr("Dof values as OpenSim .&sto..."), this, [this] {
        ask({tr("Export Dof Values as OpenSim Storage"), QStringLiteral("trajectory.sto"),
             tr("OpenSim storage (*.sto)")},
            [this](const QString& p) { return exportSto(p); });
    });
    menu->addAction(tr("Contact &events as CSV..."), this, [this, csv] {
        ask({tr("Export Contact Events as CSV"), QStringLiteral("contact_events.csv"), csv},
            [this](const QString& p) { return exportContactEvents(p); });
    });
    menu->addAction(
            tr("3D view as &PNG..."), this,
            [this] {
                const QSize view_size = viewer_ ? viewer_->size() * viewer_->devicePixelRatioF() : QSize(1920, 1080);
                const std::optional<QSize> size = prompts_->image_size ? prompts_->image_size(view_size) : view_size;
                if (!size) return;
                ask({tr("Export 3D View as PNG"), QStringLiteral("view.png"), tr("PNG images (*.png)")},
                    [this, size](const QString& p) { return saveViewImage(p, *size); });
            })
        ->setEnabled(viewer_ != nullptr);
    return menu;
}

void ExportActions::ask(const FileRequest& request, const std::function<bool(const QString&)>& write) {
    const QString path = prompts_->export_path ? prompts_->export_path(request) : QString();
    if (path.isEmpty()) return;
    if (write(path)) emit statusMessage(tr("Exported %1").arg(path));
}

namespace {
bool report(StudioPrompts* prompts, bool ok, const QString& path, const QString& error) {
    if (!ok && prompts->error)
        prompts->error(QObject::tr("Export failed"), QObject::tr("Cannot write %1: %2").arg(path, error));
    return ok;
}
}  // namespace

bool ExportActions::exportTrajectoryCsv(const QString& path) {
    QString error;
    return report(prompts_, controller_->exportCsv(path, &error), path, error);
}

bool ExportActions::exportSto(const QString& path) {
    QString error;
    return report(prompts_, controller_->exportSto(path, &error), path, error);
}

bool ExportActions::exportContactEvents(const QString& path) {
    QString error;
    return report(prompts_, controller_->exportContactEvents(path, &error), path, error);
}

bool ExportActions::saveViewImage(const QString& path, QSize size) {
    if (!viewer_) return report(prompts_, false, path, tr("there is no 3D view"));
    if (size.width() < 1 || size.height() < 1 || size.width() > max_view_image_side ||
        size.height() > max_view_image_side)
        return report(prompts_, false, path,
                      tr("an image of %1x%2 pixels: each side must be 1 to %3")
                          .arg(size.width())
                          .arg(size.height())
                          .arg(max_view_image_side));
    QImage image = render_view_image(*viewer_, size);
    if (image.isNull())
        return report(prompts_, false, path,
                      tr("the 3D view could not be rendered offscreen (no OpenGL, or a video export runs)"));
    // What makes the figure again: the simulated time shown and the camera (PNG text chunks).
    const OrbitCamera camera = viewer_->camera();
    image.setText(QStringLiteral("Time"), QString::number(viewer_->snapshot().time, 'g', 17));
    image.setText(QStringLiteral("Camera"), QStringLiteral("target %1 %2 %3 distance %4 yaw %5 pitch %6 fov %7")
                                                .arg(camera.target.x(), 0, 'g', 17)
                                                .arg(camera.target.y(), 0, 'g', 17)
                                                .arg(camera.target.z(), 0, 'g', 17)
                                                .arg(camera.distance, 0, 'g', 17)
                                                .arg(camera.yaw, 0, 'g', 17)
                                                .arg(camera.pitch, 0, 'g', 17)
                                                .arg(camera.vertical_fov, 0, 'g', 17));
    QSaveFile file(path);  // the old file stays whole until the new one is complete
    const bool written = file.open(QIODevice::WriteOnly) && image.save(&file, "PNG") && file.commit();
    return report(prompts_, written, path,
                  file.errorString().isEmpty() ? tr("the image could not be encoded") : file.errorString());
}

}  // namespace hfd::studio
