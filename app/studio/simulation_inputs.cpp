#include "simulation_inputs.h"

#include "format/parser.h"
#include "io/excitation_csv.h"
#include "io/state_file.h"
#include "run/run_setup.h"
#include "sim/sim_config.h"
#include "studio_settings.h"

#include <QFile>
#include <QFileInfo>
#include <QVariantMap>

namespace hfd::studio {

namespace {

const QString settings_key = QStringLiteral("simulationInputs");  // model path -> [config, state, excitation]

std::string native(const QString& path) { return QFile::encodeName(path).toStdString(); }

Diagnostic file_error(const QString& path, const std::string& message) {
    Diagnostic diagnostic;
    diagnostic.location.file = native(path);
    diagnostic.message = message;
    return diagnostic;
}

}  // namespace

ZmlKind classify_zml_file(const QString& path) {
    const ParseResult parsed = parse_file(native(path));
    if (!parsed.ok()) return ZmlKind::Unknown;
    for (const PropNode& child : parsed.root.children) {
        if (child.key == "values" || child.key == "velocities") return ZmlKind::State;
        if (child.key == "composite_force") return ZmlKind::Config;
    }
    std::vector<Diagnostic> ignored;
    return read_sim_config(parsed.root, native(path), ignored).from_defaults ? ZmlKind::Unknown : ZmlKind::Config;
}

SimulationInputs::SimulationInputs(QObject* parent) : QObject(parent) {}

void SimulationInputs::setModelPath(const QString& model_path) {
    model_ = model_path.isEmpty() ? QString() : QFileInfo(model_path).absoluteFilePath();
    config_.clear();
    state_.clear();
    excitation_.clear();
    if (!model_.isEmpty()) {
        const QStringList remembered = open_settings()->value(settings_key).toMap().value(model_).toStringList();
        // Files that have gone since are forgotten rather than failing every reset.
        if (remembered.size() >= 2) {
            if (QFileInfo(remembered[0]).isFile()) config_ = remembered[0];
            if (QFileInfo(remembered[1]).isFile()) state_ = remembered[1];
        }
        if (remembered.size() >= 3 && QFileInfo(remembered[2]).isFile()) excitation_ = remembered[2];
    }
    emit changed();
}

void SimulationInputs::moveToModelPath(const QString& model_path) {
    model_ = model_path.isEmpty() ? QString() : QFileInfo(model_path).absoluteFilePath();
    store();
}

bool SimulationInputs::setConfigPath(const QString& path, std::vector<Diagnostic>& diagnostics) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!read_config_input(RunInput::path(native(absolute)), diagnostics)) return false;
    config_ = absolute;
    store();
    emit changed();
    emit filesChosen();
    return true;
}

bool SimulationInputs::setStatePath(const QString& path, std::vector<Diagnostic>& diagnostics) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const ParseResult parsed = parse_file(native(absolute));
    diagnostics.insert(diagnostics.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
    if (!parsed.ok()) return false;
    if (!parsed.root.find("values") && !parsed.root.find("velocities")) {
        diagnostics.push_back(file_error(absolute, "no values or velocities block in the state file"));
        return false;
    }
    state_ = absolute;  // dof names are checked against the model when the simulation is built
    store();
    emit changed();
    emit filesChosen();
    return true;
}

bool SimulationInputs::setExcitationPath(const QString& path, std::vector<Diagnostic>& diagnostics) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QFile file(absolute);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        diagnostics.push_back(
            file_error(absolute, "cannot read the excitation file: " + file.errorString().toStdString()));
        return false;
    }
    const QByteArray header = file.readLine().trimmed();
    if (!header.toLower().startsWith("time")) {
        Diagnostic diagnostic = file_error(absolute, "an excitation file starts with a header time,muscle,...");
        diagnostic.location.line = 1, diagnostic.location.column = 1;
        diagnostics.push_back(diagnostic);
        return false;
    }
    excitation_ = absolute;
    store();
    emit changed();
    emit filesChosen();
    return true;
}

bool SimulationInputs::setFile(const QString& path, std::vector<Diagnostic>& diagnostics) {
    switch (classify_zml_file(path)) {
        case ZmlKind::Config: return setConfigPath(path, diagnostics);
        case ZmlKind::State: return setStatePath(path, diagnostics);
        case ZmlKind::Unknown: break;
    }
    const ParseResult parsed = parse_file(native(path));
    if (!parsed.ok()) {
        diagnostics.insert(diagnostics.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
        return false;
    }
    diagnostics.push_back(file_error(path,
                                     "neither a simulation config (composite_force, integrator) nor an "
                                     "initial state (values, velocities)"));
    return false;
}

void SimulationInputs::clear() {
    if (config_.isEmpty() && state_.isEmpty() && excitation_.isEmpty()) return;
    config_.clear();
    state_.clear();
    excitation_.clear();
    store();
    emit changed();
    emit filesChosen();
}

bool SimulationInputs::readConfig(SimConfig& config, std::vector<Diagnostic>& diagnostics) const {
    std::optional<SimConfig> read = read_config_input(RunInput::path(native(config_)), diagnostics);
    if (read) config = std::move(*read);
    return read.has_value();
}

bool SimulationInputs::readState(const Model& model, DofAssignment& dofs, std::vector<Diagnostic>& diagnostics) const {
    StateFileResult read = read_state_file(native(state_), model);
    diagnostics.insert(diagnostics.end(), read.diagnostics.begin(), read.diagnostics.end());
    if (!read.ok()) return false;
    dofs = std::move(*read.dofs);
    return true;
}

bool SimulationInputs::readExcitation(const Model& model, ExcitationSeries& series,
                                      std::vector<Diagnostic>& diagnostics) const {
    ExcitationReadResult read = read_excitation_csv(native(excitation_), model);
    diagnostics.insert(diagnostics.end(), read.diagnostics.begin(), read.diagnostics.end());
    if (!read.ok()) return false;
    series = std::move(*read.series);
    return true;
}

QString SimulationInputs::summary() const {
    QStringList names;
    for (const QString& path : {config_, state_, excitation_})
        if (!path.isEmpty()) names << QFileInfo(path).fileName();
    return names.join(QStringLiteral(", "));
}

void SimulationInputs::store() const {
    if (model_.isEmpty()) return;
    auto settings = open_settings();
    QVariantMap all = settings->value(settings_key).toMap();
    if (config_.isEmpty() && state_.isEmpty() && excitation_.isEmpty()) all.remove(model_);
    else all.insert(model_, QStringList{config_, state_, excitation_});
    settings->setValue(settings_key, all);
}

}  // namespace hfd::studio
