#include "model_analyzer.h"

#include "model/mesh_files.h"
#include "sim/sim_config.h"

#include <QTextDocument>

namespace hfd::editor {

namespace {
constexpr int default_delay_ms = 300;
}

std::vector<Diagnostic> Analysis::diagnostics() const {
    if (!parse.ok()) return parse.diagnostics;
    std::vector<Diagnostic> all = parse.diagnostics;  // parse warnings, if any
    all.insert(all.end(), build.diagnostics.begin(), build.diagnostics.end());
    read_sim_config(parse.root, file_name, all);  // the simulation blocks beside the model
    return all;
}

ModelAnalyzer::ModelAnalyzer(QTextDocument* document, QObject* parent)
    : QObject(parent), document_(document), timer_(new QTimer(this)) {
    timer_->setObjectName(QStringLiteral("analysisDelay"));  // tests lengthen and watch it
    timer_->setSingleShot(true);
    timer_->setInterval(default_delay_ms);
    connect(timer_, &QTimer::timeout, this, &ModelAnalyzer::analyzeNow);
    connect(document_, &QTextDocument::contentsChanged, this, [this] {
        ++revision_;
        timer_->start();
    });
}

void ModelAnalyzer::setFileName(const std::string& file_name) {
    if (file_name == file_name_) return;
    file_name_ = file_name;
    has_built_ = false;  // mesh paths resolve against a new directory
}

void ModelAnalyzer::ensureCurrent() {
    if (!isCurrent()) analyzeNow();
}

void ModelAnalyzer::analyzeNow() {
    timer_->stop();
    auto analysis = std::make_unique<Analysis>();
    analysis->revision = revision_;
    analysis->text = document_->toPlainText().toStdString();
    analysis->file_name = file_name_;
    analysis->parse = parse_text(analysis->text, file_name_);
    if (analysis->parse.ok()) {
        analysis->build = build_model(analysis->parse.root, file_name_);
        // Meshes resolve next to the file (never in the working directory); an untitled text has no folder.
        if (analysis->build.ok()) analysis->build.model->directory = model_directory_of(file_name_);
        const PropNode* model_node = analysis->parse.root.find("model");
        PropNode model_content = model_node ? *model_node : PropNode{};
        if (analysis->build.ok()) {
            analysis->model_changed = !has_built_ || !model_content.same_content(last_built_root_);
            last_built_root_ = std::move(model_content);
            has_built_ = true;
        }
    }
    latest_ = std::move(analysis);
    emit analyzed(*latest_);
}

}  // namespace hfd::editor
