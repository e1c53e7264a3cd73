#include "export_actions.h"

#include "model_viewer.h"
#include "prompts.h"
#include "simulation_controller.h"

#include <QMenu>

namespace hfd::studio {

ExportActions::ExportActions(SimulationController* controller, StudioPrompts* prompts, ModelViewer* viewer,
                             QObject* parent)
    : QObject(parent), controller_(controller), prompts_(prompts), viewer_(viewer) {}

QMenu* ExportActions::addToMenu(QMenu* file_menu) {
    QMenu* menu = file_menu->addMenu(tr("E&xport"));
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
    menu->addAction(tr("3D view as &PNG..."), this,
                    [this] {
                        ask({tr("Export 3D View as PNG"), QStringLiteral("view.png"), tr("PNG images (*.png)")},
                            [this](const QString& p) { return saveScreenshot(p); });
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

bool ExportActions::saveScreenshot(const QString& path) {
    if (!viewer_) return report(prompts_, false, path, tr("there is no 3D view"));
    const QImage image = viewer_->grabImage();
    if (image.isNull()) return report(prompts_, false, path, tr("the 3D view could not be rendered"));
    return report(prompts_, image.save(path, "PNG"), path, tr("the image could not be saved"));
}

}  // namespace hfd::studio
