#pragma once
// The simulation part of the studio, owned by the main window: the controller
// (simulation thread), its input files, the Simulation, Controls, Plots and
// Induced docks, the status widget and the export actions, and the connections
// between them, the document and the 3D view. Other code reaches them here.
#include <QObject>

namespace hfd::studio {

class ControlsDock;
class ExportActions;
class InducedDock;
class MainWindow;
class PlotDock;
class SimulationController;
class SimulationDock;
class SimulationInputs;
class SimulationStatus;
class VideoExportAction;

class SimulationUi : public QObject {
    Q_OBJECT
public:
    explicit SimulationUi(MainWindow* window);

    SimulationController* controller() const { return controller_; }
    SimulationInputs* inputs() const { return inputs_; }
    SimulationDock* simulationDock() const { return dock_; }
    PlotDock* plotDock() const { return plots_; }

private:
    void placeDocks(MainWindow* window);
    void connectDocument(MainWindow* window);
    void connectRun(MainWindow* window);

    SimulationController* controller_ = nullptr;
    SimulationInputs* inputs_ = nullptr;
    SimulationDock* dock_ = nullptr;
    ControlsDock* controls_ = nullptr;
    PlotDock* plots_ = nullptr;
    InducedDock* induced_ = nullptr;
    SimulationStatus* status_ = nullptr;
    ExportActions* exports_ = nullptr;
    VideoExportAction* video_ = nullptr;
};

}  // namespace hfd::studio
