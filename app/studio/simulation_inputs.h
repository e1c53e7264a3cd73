#pragma once
// The files a SCONE setup adds to a model, as `hfd simulate --config --state
// --excitation` takes them: a simulation config (HfdConfig*.zml: composite_force
// and integrator, used instead of the model file's), an initial state
// (InitState*.zml: dof values and velocities) and muscle excitations over time
// (CSV: time,muscle,...; they override the sliders of their muscles). They are
// remembered per model file in the settings and restored when that file is
// opened again.
#include "format/diagnostic.h"

#include <QObject>
#include <QString>
#include <vector>

namespace hfd {
struct Model;
struct SimConfig;
struct DofAssignment;
struct ExcitationSeries;
}  // namespace hfd

namespace hfd::studio {

enum class ZmlKind { Config, State, Unknown };
// What a .zml file holds: composite_force / integrator blocks, or values / velocities.
ZmlKind classify_zml_file(const QString& path);

class SimulationInputs : public QObject {
    Q_OBJECT
public:
    explicit SimulationInputs(QObject* parent = nullptr);

    QString configPath() const { return config_; }
    QString statePath() const { return state_; }
    QString excitationPath() const { return excitation_; }
    bool hasConfig() const { return !config_.isEmpty(); }

    // The model file they belong to (empty: untitled, nothing remembered); restores its inputs.
    void setModelPath(const QString& model_path);
    // The model was saved under another name: the same files, remembered for that name too.
    void moveToModelPath(const QString& model_path);
    // Checks the file (its errors in `diagnostics`) before taking it; false: kept as before.
    bool setConfigPath(const QString& path, std::vector<Diagnostic>& diagnostics);
    bool setStatePath(const QString& path, std::vector<Diagnostic>& diagnostics);
    // A readable CSV whose first column is time; its muscle names are checked against the model when the simulation is
    // built.
    bool setExcitationPath(const QString& path, std::vector<Diagnostic>& diagnostics);
    // A .zml of either kind (by its content).
    bool setFile(const QString& path, std::vector<Diagnostic>& diagnostics);
    void clear();

    // Reads the current files now (they may have changed on disk).
    bool readConfig(SimConfig& config, std::vector<Diagnostic>& diagnostics) const;
    bool readState(const Model& model, DofAssignment& dofs, std::vector<Diagnostic>& diagnostics) const;
    bool readExcitation(const Model& model, ExcitationSeries& series, std::vector<Diagnostic>& diagnostics) const;

    // "HfdConfigM2012Planar.zml, InitStateGait10.zml" (empty when neither is set).
    QString summary() const;

signals:
    void changed();      // any change, restoring included (for display)
    void filesChosen();  // the user picked or cleared a file: the simulation is rebuilt

private:
    void store() const;

    QString model_, config_, state_, excitation_;
};

}  // namespace hfd::studio
