#pragma once
// File > Export: the recorded trajectory as CSV or OpenSim .sto, the contact
// events as CSV (all written by the engine writers from the worker's
// recording), and the 3D view as a PNG image of a chosen size.
#include <QObject>
#include <QSize>
#include <functional>

class QAction;
class QMenu;

namespace hfd {
class ModelViewer;
}

namespace hfd::studio {

class SimulationController;
struct StudioPrompts;
struct FileRequest;

class ExportActions : public QObject {
    Q_OBJECT
public:
    ExportActions(SimulationController* controller, StudioPrompts* prompts, ModelViewer* viewer, QObject* parent);
    QMenu* addToMenu(QMenu* file_menu);  // returns the Export submenu

    bool exportTrajectoryCsv(const QString& path);
    bool exportSto(const QString& path);
    bool exportContactEvents(const QString& path);
    // Rendered offscreen at `size`; the PNG's text says the time shown ("Time", s) and the
    // camera ("Camera": target x y z, distance m, yaw, pitch and vertical fov in radians).
    bool saveViewImage(const QString& path, QSize size);

signals:
    void statusMessage(const QString& message);

private:
    void ask(const FileRequest& request, const std::function<bool(const QString&)>& write);

    SimulationController* controller_;
    StudioPrompts* prompts_;
    ModelViewer* viewer_;
};

}  // namespace hfd::studio
