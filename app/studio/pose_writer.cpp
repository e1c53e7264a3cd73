#include "pose_writer.h"

#include "controls_dock.h"
#include "document.h"
#include "format/writer.h"
#include "prompts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextDocument>

#include <algorithm>
#include <cstdio>
#include <numbers>

namespace hfd::studio {

namespace {

// Enough digits that reading the number back gives the same double to ~1e-12.
std::string number_text(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.12g", value == 0 ? 0.0 : value);
    return buffer;
}

// The value as the dof component writes it: degrees for rotations, metres / scale for translations.
double file_value(const Dof& dof, double value, const Model& model) {
    if (dof.kind == Dof::Kind::RootTranslation) return value / model.options.scale;
    return value * 180 / std::numbers::pi;
}

const PropNode* model_node(const PropNode& root) {
    for (const PropNode& child : root.children)
        if (child.key == "model" && child.is_group()) return &child;
    return nullptr;
}

// The dof component's name as build_dof reads it (long form `name =`, short form `dof_name = source`).
std::string dof_component_name(const PropNode& node) {
    if (const PropNode* name = node.find("name")) return name->value;
    for (const PropNode& child : node.children)
        if (child.is_value() && !child.is_variable_definition() && child.key != "source" && child.key != "default" &&
            child.key != "range")
            return child.key;
    return {};
}

}  // namespace

std::vector<TextEdit> dof_default_edits(const std::string& text, const PropNode& root, const Model& model,
                                        const std::vector<double>& values, std::string* error) {
    std::vector<TextEdit> edits;
    const PropNode* model_group = model_node(root);
    for (std::size_t d = 0; d < model.dofs.size() && d < values.size(); ++d) {
        const Dof& dof = model.dofs[d];
        const PropNode* node = nullptr;
        if (model_group)
            for (const PropNode& child : model_group->children)
                if (child.key == "dof" && child.is_group() && dof_component_name(child) == dof.name) node = &child;
        if (!node || node->begin < 0 || node->end > int(text.size())) {
            if (error) *error = "the dof '" + dof.name + "' has no dof component in the model text";
            return {};
        }
        const std::string number = number_text(file_value(dof, values[d], model));
        if (const PropNode* old = node->find("default"); old && old->value_begin >= 0 && old->end >= old->value_begin) {
            edits.push_back({old->value_begin, old->end, number});
            continue;
        }
        // After the source (short form: after `dof_name = source`), or before the closing brace.
        const PropNode* after = node->find("source");
        if (!after)
            for (const PropNode& child : node->children)
                if (child.key == dof.name) after = &child;
        const int at = after && after->end > 0 ? after->end : node->end - 1;
        edits.push_back({at, at, " default = " + number + (after ? "" : " ")});
    }
    std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) { return a.begin > b.begin; });
    return edits;
}

std::string state_file_text(const Model& model, const DofAssignment& pose) {
    std::string values = "values {\n", velocities = "velocities {\n";
    for (std::size_t d = 0; d < model.dofs.size() && d < pose.value.size(); ++d) {
        values += "\t" + model.dofs[d].name + " = " + number_text(pose.value[d]) + "\n";
        const double velocity = d < pose.velocity.size() ? pose.velocity[d] : 0.0;
        velocities += "\t" + model.dofs[d].name + " = " + number_text(velocity) + "\n";
    }
    return values + "}\n" + velocities + "}\n";
}

PoseActions::PoseActions(Document* document, ControlsDock* controls, StudioPrompts* prompts, QObject* parent)
    : QObject(parent), document_(document), controls_(controls), prompts_(prompts) {
    connect(controls_, &ControlsDock::writePoseRequested, this, &PoseActions::writePoseToModel);
    connect(controls_, &ControlsDock::savePoseRequested, this, qOverload<>(&PoseActions::savePoseAsStateFile));
}

bool PoseActions::writePoseToModel() {
    document_->analyzer()->ensureCurrent();
    const editor::Analysis* analysis = document_->analysis();
    const Model* model = document_->lastValidModel();
    if (!analysis || !analysis->parse.ok() || !analysis->build.ok() || !model) {
        emit statusMessage(tr("The model has errors; fix them before writing the pose into it."));
        return false;
    }
    if (model->dofs.size() != controls_->pose().value.size()) {
        emit statusMessage(tr("The dof sliders belong to another model."));
        return false;
    }
    std::string error;
    const std::vector<TextEdit> edits =
        dof_default_edits(analysis->text, analysis->parse.root, *model, controls_->pose().value, &error);
    if (edits.empty()) {
        emit statusMessage(error.empty() ? tr("The model has no dofs to pose.") : QString::fromStdString(error));
        return false;
    }
    apply_text_edits(document_->textDocument(), analysis->text, edits);  // one undo step for every dof
    document_->analyzer()->analyzeNow();
    emit statusMessage(tr("Wrote the pose into the model's dof defaults (unsaved; Undo takes it back)."));
    return true;
}

bool PoseActions::savePoseAsStateFile() {
    const QFileInfo model_file(document_->isUntitled() ? document_->suggestedPath() : document_->path());
    const QString suggested =
        model_file.fileName().isEmpty()
            ? QStringLiteral("InitState.zml")
            : model_file.absoluteDir().filePath(QStringLiteral("InitState_%1.zml").arg(model_file.completeBaseName()));
    const QString path =
        prompts_->export_path
            ? prompts_->export_path({tr("Save Pose as State File"), suggested, tr("Initial states (*.zml)")})
            : QString();
    return !path.isEmpty() && savePoseAsStateFile(path);
}

bool PoseActions::savePoseAsStateFile(const QString& path) {
    const Model* model = document_->lastValidModel();
    const DofAssignment pose = controls_->pose();
    if (!model || model->dofs.size() != pose.value.size() || pose.value.empty()) {
        emit statusMessage(tr("No posed dofs to save."));
        return false;
    }
    std::string error;
    if (!write_file_atomic(QFile::encodeName(path).toStdString(), state_file_text(*model, pose), &error)) {
        prompts_->error(tr("Save failed"), QString::fromStdString(error));
        return false;
    }
    emit statusMessage(tr("Saved the pose to %1").arg(path));
    return true;
}

}  // namespace hfd::studio
