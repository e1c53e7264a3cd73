#pragma once
// The Scenario dock: the open SCONE scenario, its parameter values and the scores
// of its last run (the objective and every measure term, the simulated time, the
// distance and the average speed), with Run / Stop, Load Parameters and the
// Optimization window. install_scenario_ui() adds it to the main window with the
// Scenario menu, .scone / .par opening (File > Open and drops), and feeds the
// runs to the plots, the timeline and the 3D view.
#include "scenario_session.h"

#include <QDockWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace hfd::studio {

class MainWindow;
class OptimizationWindow;

class ScenarioDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ScenarioDock(ScenarioSession* session, QWidget* parent = nullptr);

    ScenarioSession* session() const { return session_; }
    QTreeWidget* parameterTree() const { return parameters_; }
    QTreeWidget* termTree() const { return terms_; }
    QString summaryText() const;  // objective, time, distance, speed of the last run
    // The scenario's text, editable: Save and Run writes the file and runs it.
    QPlainTextEdit* textEdit() const { return text_; }
    bool saveAndRun();

signals:
    void optimizationRequested();
    void loadParametersRequested();

private:
    void showScenario();
    void showParameters();
    void showResult(const ScenarioResult& result);
    QWidget* createTextTab();
    void updateButtons();

    ScenarioSession* session_;
    QLabel *file_label_ = nullptr, *summary_ = nullptr;
    QPushButton *run_ = nullptr, *stop_ = nullptr, *load_par_ = nullptr, *optimize_ = nullptr;
    QTreeWidget *parameters_ = nullptr, *terms_ = nullptr;
    QPlainTextEdit* text_ = nullptr;
    QPushButton* save_run_ = nullptr;
    QString text_path_;  // the scenario file the text is of
};

// Creates the session, the dock, the Scenario menu and the Optimization window
// (on demand) in the main window; returns the dock.
ScenarioDock* install_scenario_ui(MainWindow* window);

}  // namespace hfd::studio
