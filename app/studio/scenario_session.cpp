#include "scenario_session.h"

#include "format/writer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

namespace hfd::studio {

namespace {

constexpr int settle_ms = 150;  // wait for an editor's write to complete before reading the file

QByteArray file_bytes(const QString& path) {
    QFile file(path);
    return !path.isEmpty() && file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

ScenarioSession::ScenarioSession(QObject* parent)
    : QObject(parent),
      runner_(new ScenarioRunner(this)),
      watcher_(new QFileSystemWatcher(this)),
      settle_(new QTimer(this)) {
    settle_->setSingleShot(true);
    settle_->setInterval(settle_ms);
    connect(settle_, &QTimer::timeout, this, &ScenarioSession::onFileChanged);
    connect(watcher_, &QFileSystemWatcher::fileChanged, settle_, qOverload<>(&QTimer::start));
}

bool ScenarioSession::open(const QString& path) {
    if (!load(path)) return false;
    run();
    return true;
}

bool ScenarioSession::load(const QString& path) {
    if (!read(path)) return false;
    emit message(tr("Opened scenario %1: it runs %2")
                     .arg(QDir::toNativeSeparators(path_), QDir::toNativeSeparators(modelPath())));
    return true;
}

QString ScenarioSession::modelPath() const {
    return scenario_ ? QFileInfo(QFile::decodeName(scenario_->model_file().c_str())).absoluteFilePath() : QString();
}

bool ScenarioSession::read(const QString& path) {
    std::vector<Diagnostic> diagnostics;
    std::shared_ptr<const Scenario> scenario = Scenario::load(QFile::encodeName(path).toStdString(), diagnostics);
    if (!scenario) {
        setDiagnostics(std::move(diagnostics));
        emit message(tr("Cannot use %1: see the Diagnostics").arg(QDir::toNativeSeparators(path)));
        return false;
    }
    std::optional<ParameterValues> values = scenario->initial_values(diagnostics);
    if (!values) {  // its init file cannot be used: nothing runs with other values
        setDiagnostics(std::move(diagnostics));
        emit message(tr("Cannot use the init file of %1: see the Diagnostics").arg(QDir::toNativeSeparators(path)));
        return false;
    }
    runner_->stop();
    scenario_ = std::move(scenario);
    path_ = QFileInfo(path).absoluteFilePath();
    scenario_bytes_ = file_bytes(path_);
    model_bytes_ = file_bytes(modelPath());
    par_path_.clear();
    par_bytes_.clear();
    values_ = std::move(*values);
    setDiagnostics(std::move(diagnostics));
    watch();
    emit scenarioChanged();
    emit parametersChanged();
    return true;
}

bool ScenarioSession::loadParameters(const QString& par_path) {
    if (!scenario_) {
        setDiagnostics({Diagnostic{Severity::Error,
                                   {QFile::encodeName(par_path).toStdString(), 0, 0},
                                   "open a scenario before its parameters"}});
        return false;
    }
    std::vector<Diagnostic> diagnostics;
    std::optional<ParameterValues> values =
        scenario_->values_from_par(QFile::encodeName(par_path).toStdString(), diagnostics);
    setDiagnostics(std::move(diagnostics));
    if (!values) {
        emit message(tr("%1 does not fit the scenario: see the Diagnostics").arg(QDir::toNativeSeparators(par_path)));
        return false;
    }
    par_path_ = QFileInfo(par_path).absoluteFilePath();
    par_bytes_ = file_bytes(par_path_);
    values_ = std::move(*values);
    watch();
    emit parametersChanged();
    run();
    return true;
}

void ScenarioSession::clearParameters() {
    if (!scenario_) return;
    std::vector<Diagnostic> diagnostics;
    std::optional<ParameterValues> values = scenario_->initial_values(diagnostics);
    if (!values) {
        setDiagnostics(std::move(diagnostics));
        emit message(tr("Cannot use the scenario's init file: see the Diagnostics"));
        return;
    }
    values_ = std::move(*values);
    par_path_.clear();
    par_bytes_.clear();
    setDiagnostics(std::move(diagnostics));
    watch();
    emit parametersChanged();
    run();
}

void ScenarioSession::run() {
    if (scenario_) runner_->run(scenario_, values_);
}

void ScenarioSession::stop() { runner_->stop(); }

void ScenarioSession::close() {
    if (!scenario_) return;
    runner_->stop();
    settle_->stop();
    scenario_.reset();
    path_.clear();
    par_path_.clear();
    scenario_bytes_.clear();
    par_bytes_.clear();
    model_bytes_.clear();
    values_ = {};
    watch();  // the paths are empty: nothing is watched
    emit scenarioChanged();
    emit parametersChanged();
}

bool ScenarioSession::reload() {
    if (path_.isEmpty()) return false;
    const QString par = par_path_;
    if (!read(path_)) return false;
    // The .par may have lost its fit with the changed scenario: its errors then show.
    if (!par.isEmpty() && QFileInfo::exists(par)) return loadParameters(par);
    run();
    return true;
}

bool ScenarioSession::saveText(const QString& text, QString* error) {
    if (path_.isEmpty()) return false;
    std::string reason;
    if (!write_file_atomic(QFile::encodeName(path_).toStdString(), text.toStdString(), &reason)) {
        if (error) *error = QString::fromStdString(reason);
        return false;
    }
    const bool ok = reload();
    if (!ok) {
        scenario_bytes_ = text.toUtf8();  // the watcher's notice of this write runs nothing more
        if (error) *error = tr("The scenario cannot be used: see the Diagnostics");
    }
    return ok;
}

void ScenarioSession::setDiagnostics(std::vector<Diagnostic> diagnostics) {
    diagnostics_ = std::move(diagnostics);
    emit diagnosticsChanged(diagnostics_);
}

// An editor that saves by replacing the file ends the watch on the old one: the
// paths are watched again after every change.
void ScenarioSession::watch() {
    if (!watcher_->files().isEmpty()) watcher_->removePaths(watcher_->files());
    for (const QString& file : {path_, par_path_, modelPath()})
        if (!file.isEmpty() && QFileInfo::exists(file)) watcher_->addPath(file);
}

void ScenarioSession::onFileChanged() {
    if (path_.isEmpty()) return;
    if (!QFileInfo::exists(path_)) {
        watch();
        emit message(tr("%1 was deleted or moved").arg(QDir::toNativeSeparators(path_)));
        return;
    }
    if (file_bytes(path_) == scenario_bytes_ && file_bytes(par_path_) == par_bytes_ &&
        file_bytes(modelPath()) == model_bytes_) {
        watch();  // written again with the same content (or by saveText): nothing to run
        return;
    }
    if (reload()) {
        emit message(tr("Changed on disk: ran %1 again").arg(QFileInfo(path_).fileName()));
        return;
    }
    scenario_bytes_ = file_bytes(path_);  // its errors are shown; the same text is not read again
    model_bytes_ = file_bytes(modelPath());
    watch();
}

}  // namespace hfd::studio
