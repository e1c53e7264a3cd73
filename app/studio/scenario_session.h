#pragma once
// The open SCONE scenario: the loaded Scenario, the parameter values it runs with
// (a .par file's, else the scenario's own: its optimizer's init file or the means),
// and its runner. Opening a scenario or a .par evaluates it at once, as SCONE
// does; a change on disk of the scenario, the .par or the model file it runs
// (another editor, or the studio's Model Text, saved it) loads and runs it again. Errors and warnings arrive as
// diagnostics (file:line:col).
#include "scenario_runner.h"

#include <QObject>
#include <QString>
#include <memory>
#include <vector>

class QFileSystemWatcher;
class QTimer;

namespace hfd::studio {

class ScenarioSession : public QObject {
    Q_OBJECT
public:
    explicit ScenarioSession(QObject* parent = nullptr);

    // Loads the scenario with its own parameter values and runs it; false (the
    // previous scenario kept) when it cannot be used: the diagnostics say why.
    bool open(const QString& path);
    // open() without the run: run() starts it.
    bool load(const QString& path);
    // Runs the open scenario with a .par file's values; false when the file does
    // not fit the scenario (unknown names, values out of range).
    bool loadParameters(const QString& par_path);
    // Back to the scenario's own parameter values.
    void clearParameters();
    void run();  // evaluates the current values on the runner's thread
    void stop();
    // No scenario open any more (another document was opened): its run stops, its files
    // are no longer watched, and isOpen() is false.
    void close();
    // Reads the scenario (and the .par) again and runs it.
    bool reload();
    // Writes the scenario file (atomically) with new text and runs it; false with *error
    // when it cannot be written, or when the new text cannot be used (diagnostics say why).
    bool saveText(const QString& text, QString* error);
    QString text() const { return QString::fromUtf8(scenario_bytes_); }  // the file as last read

    bool isOpen() const { return scenario_ != nullptr; }
    std::shared_ptr<const Scenario> scenario() const { return scenario_; }
    QString path() const { return path_; }
    QString parPath() const { return par_path_; }  // empty: the scenario's own values
    QString modelPath() const;                     // the .hfd its ModelHyfydy runs; empty: none open
    const ParameterValues& values() const { return values_; }
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
    ScenarioRunner* runner() const { return runner_; }

signals:
    void scenarioChanged();    // another scenario, or the same read again
    void parametersChanged();  // values() replaced
    void diagnosticsChanged(const std::vector<hfd::Diagnostic>& diagnostics);
    void message(const QString& text);  // for the status bar

private:
    bool read(const QString& path);  // open() without the run
    void setDiagnostics(std::vector<Diagnostic> diagnostics);
    void watch();
    void onFileChanged();

    std::shared_ptr<const Scenario> scenario_;
    QString path_, par_path_;
    // as last read: a watcher notice without a change runs nothing
    QByteArray scenario_bytes_, par_bytes_, model_bytes_;
    ParameterValues values_;
    std::vector<Diagnostic> diagnostics_;
    ScenarioRunner* runner_;
    QFileSystemWatcher* watcher_;
    QTimer* settle_;  // editors write a file in steps: read it once they are done
};

}  // namespace hfd::studio
