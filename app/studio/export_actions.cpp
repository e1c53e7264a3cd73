#include "export_actions.h"

#include "model_viewer.h"
#include "prompts.h"
#include "simulation_controller.h"

#include <QMenu>

namespace hfd::studio {

ExportActions::ExportActions(SimulationController* controller, StudioPrompts* prompts, ModelViewer* viewer,
                             QObject* parent)
    : QObject(parent), controller_(controller), prompts_(prompts), viewer_(viewer) {}

void ExportActions::addToMenu(QMenu* file_menu) {
    QMenu* menu = file_menu->addMenu(tr("E&xport"));
    menu->addAction(tr("Trajectory as &CSV..."), this,
                    [this] { ask(QStringLiteral("trajectory.csv"), [this](const QString& p) { return exportTrajectoryCsv(p); }); });
    menu->addAction(tr("Dof values as OpenSim .&sto..."), this,
                    [this] { ask(QStringLiteral("trajectory.sto"), [this](const QString& p) { return exportSto(p); }); });
    menu->addAction(tr("Contact &events as CSV..."), this,
                    [this] { ask(QStringLiteral("contact_events.csv"), [this](const QString& p) { return exportContactEvents(p); }); });
    menu->addAction(tr("3D view as &PNG..."), this,
                    [this] { ask(QStringLiteral("view.png"), [this](const QString& p) { return saveScreenshot(p); }); })
        ->setEnabled(viewer_ != nullptr);
}

void ExportActions::ask(const QString& suggested, const std::function<bool(const QString&)>& write) {
    const QString path = prompts_->save_path ? prompts_->save_path(suggested) : QString();
    if (path.isEmpty()) return;
    if (write(path)) emit statusMessage(tr("Exported %1").arg(path));
}

namespace {
bool report(StudioPrompts* prompts, bool ok, const QString& path, const QString& error) {
    if (!ok && prompts->error) prompts->error(QObject::tr("Export failed"), QObject::tr("Cannot write %1: %2").arg(path, error));
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
