#include "simulation_dock.h"

#include "document.h"
#include "sim/config_choices.h"
#include "simulation_controller.h"
#include "simulation_inputs.h"
#include "simulation_status.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSlider>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>
#include <functional>
#include <optional>
#include <utility>

#include "text_positions.h"

namespace hfd::studio {

void apply_text_edits(QTextDocument* document, const std::string& text, const std::vector<TextEdit>& edits) {
    const QString utf16 = QString::fromStdString(text);
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    for (const TextEdit& edit : edits) {
        cursor.setPosition(editor::utf16_index_from_utf8(utf16, edit.begin));
        cursor.setPosition(editor::utf16_index_from_utf8(utf16, edit.end), QTextCursor::KeepAnchor);
        cursor.insertText(QString::fromStdString(edit.replacement));
    }
    cursor.endEditBlock();
}

// ---------------------------------------------------------------- dock

SimulationDock::SimulationDock(Document* document, SimulationController* controller, QWidget* parent,
                               SimulationInputs* inputs)
    : QDockWidget(tr("Simulation"), parent), document_(document), controller_(controller), inputs_(inputs) {
    setObjectName(QStringLiteral("SimulationDock"));
    play_action_ = new QAction(tr("&Play"), this);
    play_action_->setCheckable(true);
    play_action_->setShortcut(QKeySequence(Qt::Key_Space));
    step_action_ = new QAction(tr("&Step"), this);
    step_action_->setShortcut(QKeySequence(Qt::Key_Period));
    reset_action_ = new QAction(tr("&Reset"), this);
    // Ctrl+R / F5, except the keys File > Reload already takes (QKeySequence::Refresh
    // is F5 and on some platforms Ctrl+R): an ambiguous shortcut would trigger neither.
    QList<QKeySequence> reset_keys;
    for (QKeySequence key : {QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)})
        if (!QKeySequence::keyBindings(QKeySequence::Refresh).contains(key)) reset_keys << key;
    if (reset_keys.isEmpty()) reset_keys << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R);
    reset_action_->setShortcuts(reset_keys);
    reset_action_->setShortcutContext(Qt::WindowShortcut);
    // Anywhere in the window, the 3D view included; text fields (the editor, search
    // boxes) claim Space and '.' for typing through their shortcut override.
    for (QAction* action : {play_action_, step_action_}) action->setShortcutContext(Qt::WindowShortcut);
    addAction(play_action_);
    addAction(step_action_);

    connect(play_action_, &QAction::triggered, this, [this](bool checked) {
        if (!controller_->isLoaded() && !reloadFromDocument()) {
            play_action_->setChecked(false);
            return;
        }
        checked ? controller_->play() : controller_->pause();
    });
    connect(step_action_, &QAction::triggered, this, [this] {
        if (!controller_->isLoaded() && !reloadFromDocument()) return;
        controller_->stepPeriod();
    });
    connect(reset_action_, &QAction::triggered, this, &SimulationDock::reloadFromDocument);
    // The button shows what the worker reports, also when it refuses to play (a finished run).
    connect(controller_, &SimulationController::frameReceived, play_action_,
            [this](const SimulationFrame& frame) { play_action_->setChecked(frame.running); });
    connect(controller_, &SimulationController::unloaded, play_action_, [this] { play_action_->setChecked(false); });

    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(createRunControls());
    layout->addWidget(createForceControls());
    config_note_ = new QLabel(content);
    config_note_->setWordWrap(true);
    layout->addWidget(config_note_);
    layout->addStretch();
    // Scrollable, so the dock can be shorter than its controls and leave the height to the 3D view.
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    setWidget(scroll);

    connect(document_, &Document::analyzed, this, [this] { updateFromDocument(); });
    if (inputs_)
        connect(inputs_, &SimulationInputs::filesChosen, this, [this] {
            updateFromDocument();
            if (document_->lastValidModel()) reloadFromDocument();
        });
    connect(document_, &Document::modelChanged, this, [this] {
        const SimulationFrame* frame = controller_->latestFrame();
        if (controller_->isRunning() || (frame && frame->steps > 0)) return;
        if (load_on_model_change_) reloadFromDocument();
        else if (controller_->isLoaded()) controller_->unload();
    });
    updateFromDocument();
}

QWidget* SimulationDock::createRunControls() {
    auto* box = new QWidget(this);
    auto* layout = new QFormLayout(box);
    auto* buttons = new QHBoxLayout;
    for (QAction* action : {play_action_, step_action_, reset_action_}) {
        auto* button = new QToolButton(box);
        button->setDefaultAction(action);
        buttons->addWidget(button);
    }
    buttons->addStretch();
    layout->addRow(buttons);

    // Real-time factor in log steps 0.01x, 0.02x, 0.05x ... 10x, and last "max" (as fast as possible).
    auto* speed = new QHBoxLayout;
    speed_slider_ = new QSlider(Qt::Horizontal, box);
    speed_slider_->setObjectName(QStringLiteral("speedSlider"));
    speed_slider_->setRange(0, int(speed_steps().size()));
    speed_slider_->setPageStep(1);
    speed_slider_->setTickPosition(QSlider::TicksBelow);
    speed_slider_->setValue(speed_step_of(1.0));
    speed_slider_->setToolTip(tr("Simulated seconds per wall second; the rightmost step runs as fast as possible"));
    speed_label_ = new QLabel(box);
    speed_label_->setMinimumWidth(50);
    speed->addWidget(speed_slider_);
    speed->addWidget(speed_label_);
    layout->addRow(tr("Speed"), speed);
    connect(speed_slider_, &QSlider::valueChanged, this, &SimulationDock::updateRealTimeFactor);
    updateRealTimeFactor();
    stage_label_ = new QLabel(box);
    stage_label_->setObjectName(QStringLiteral("stageTimes"));
    stage_label_->setWordWrap(true);
    stage_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addRow(tr("Per step"), stage_label_);
    connect(controller_, &SimulationController::frameReceived, stage_label_,
            [this](const SimulationFrame& frame) { stage_label_->setText(stage_text(frame)); });
    connect(controller_, &SimulationController::unloaded, stage_label_, &QLabel::clear);

    end_time_ = new QDoubleSpinBox(box);
    end_time_->setRange(0.01, 1e6);
    end_time_->setDecimals(2);
    end_time_->setValue(5);
    end_time_->setSuffix(tr(" s"));
    layout->addRow(tr("End time"), end_time_);
    connect(end_time_, &QDoubleSpinBox::valueChanged, controller_, &SimulationController::setEndTime);
    return box;
}

QWidget* SimulationDock::createForceControls() {
    auto* box = new QGroupBox(tr("Forces and integrator"), this);
    force_box_ = box;
    auto* layout = new QFormLayout(box);
    auto combo = [box](const std::vector<std::string>& names, bool with_none) {
        auto* combo = new QComboBox(box);
        if (with_none) combo->addItem(tr("none"), QString());
        for (const std::string& name : names)
            combo->addItem(QString::fromStdString(name), QString::fromStdString(name));
        return combo;
    };
    joint_force_ = combo(component_names(ComponentFamily::Joint), true);
    collision_ = new QCheckBox(tr("collision detection"), box);
    between_objects_ = new QCheckBox(tr("between objects"), box);
    contact_force_ = combo(component_names(ComponentFamily::Contact), true);
    muscle_force_ = combo(component_names(ComponentFamily::Muscle), true);
    motors_ = new QCheckBox(tr("joint motors"), box);
    integrator_ =
        combo(component_names([](const ComponentInfo& component) { return component.is_integrator(); }), false);
    accuracy_ = new QDoubleSpinBox(box);
    accuracy_->setDecimals(6);
    accuracy_->setRange(1e-6, 1);
    accuracy_->setSingleStep(0.001);
    step_size_ = new QDoubleSpinBox(box);
    step_size_->setDecimals(6);
    step_size_->setRange(1e-6, 0.1);
    step_size_->setSingleStep(0.0001);
    step_size_->setSuffix(tr(" s"));

    layout->addRow(tr("Joint force"), joint_force_);
    auto* collision_row = new QHBoxLayout;
    collision_row->addWidget(collision_);
    collision_row->addWidget(between_objects_);
    layout->addRow(collision_row);
    layout->addRow(tr("Contact"), contact_force_);
    layout->addRow(tr("Muscle"), muscle_force_);
    layout->addRow(motors_);
    layout->addRow(tr("Integrator"), integrator_);
    layout->addRow(tr("Accuracy"), accuracy_);
    layout->addRow(tr("Step size"), step_size_);

    for (QComboBox* box_combo : {joint_force_, contact_force_, muscle_force_, integrator_})
        connect(box_combo, &QComboBox::currentIndexChanged, this, &SimulationDock::writeChoicesToDocument);
    for (QCheckBox* check : {collision_, between_objects_, motors_})
        connect(check, &QCheckBox::toggled, this, &SimulationDock::writeChoicesToDocument);
    for (QDoubleSpinBox* spin : {accuracy_, step_size_})
        connect(spin, &QDoubleSpinBox::editingFinished, this, &SimulationDock::writeChoicesToDocument);
    return box;
}

const std::vector<double>& speed_steps() {
    static const std::vector<double> steps{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10};
    return steps;
}

int speed_step_of(double factor) {
    const std::vector<double>& steps = speed_steps();
    if (!(factor > 0)) return int(steps.size());  // max
    int best = 0;
    for (int i = 0; i < int(steps.size()); ++i)
        if (std::abs(std::log(steps[i] / factor)) < std::abs(std::log(steps[best] / factor))) best = i;
    return best;
}

void SimulationDock::updateRealTimeFactor() {
    const int step = speed_slider_->value();
    const bool maximum = step >= int(speed_steps().size());
    const double factor = maximum ? 0 : speed_steps()[step];
    speed_label_->setText(maximum ? tr("max") : QStringLiteral("%1\u00d7").arg(factor, 0, 'g', 2));
    controller_->setRealTimeFactor(factor);
}

double SimulationDock::realTimeFactor() const {
    const int step = speed_slider_->value();
    return step >= int(speed_steps().size()) ? 0 : speed_steps()[step];
}

void SimulationDock::setRealTimeFactor(double factor) { speed_slider_->setValue(speed_step_of(factor)); }

void SimulationDock::updateIntegratorFields() {
    const bool variable = is_error_controlled(integrator_->currentData().toString().toStdString());
    accuracy_->setEnabled(variable);
    step_size_->setEnabled(!variable);
}

double SimulationDock::endTime() const { return end_time_->value(); }
void SimulationDock::setEndTime(double seconds) { end_time_->setValue(seconds); }
ForceChoices SimulationDock::choices() const {
    ForceChoices choices;
    choices.joint_force = joint_force_->currentData().toString().toStdString();
    choices.collision_detection = collision_->isChecked();
    choices.collision_between_objects = between_objects_->isChecked();
    choices.contact_force = contact_force_->currentData().toString().toStdString();
    choices.muscle_force = muscle_force_->currentData().toString().toStdString();
    choices.motors = motors_->isChecked();
    choices.integrator = integrator_->currentData().toString().toStdString();
    choices.accuracy = accuracy_->value();
    choices.step_size = step_size_->value();
    return choices;
}

void SimulationDock::setChoices(const ForceChoices& choices) {
    showChoices(choices);
    writeChoicesToDocument();
}

void SimulationDock::showChoices(const ForceChoices& choices) {
    const bool was_updating = std::exchange(updating_, true);
    auto select = [](QComboBox* combo, const std::string& name) {
        const int index = combo->findData(QString::fromStdString(name));
        if (index >= 0) combo->setCurrentIndex(index);
    };
    select(joint_force_, choices.joint_force);
    collision_->setChecked(choices.collision_detection);
    between_objects_->setChecked(choices.collision_between_objects);
    select(contact_force_, choices.contact_force);
    select(muscle_force_, choices.muscle_force);
    motors_->setChecked(choices.motors);
    select(integrator_, choices.integrator);
    accuracy_->setValue(choices.accuracy);
    step_size_->setValue(choices.step_size);
    shown_choices_ = choices;
    updating_ = was_updating;
    updateIntegratorFields();
}

// Widgets follow the document's config blocks (or the default when it has none),
// or show a loaded config file's, read-only: the dock does not edit that file. While
// the text has a syntax error they keep the last valid text's choices, read-only: the
// built-in defaults would read as what the file says.
void SimulationDock::updateFromDocument() {
    const editor::Analysis* analysis = document_->analysis();
    SimConfig config = default_sim_config();
    std::vector<Diagnostic> ignored;
    const bool external = inputs_ && inputs_->hasConfig();
    const bool unreadable = !external && analysis && !analysis->parse.ok();
    if (external) inputs_->readConfig(config, ignored);
    else if (analysis && analysis->parse.ok())
        config = read_sim_config(analysis->parse.root, analysis->file_name, ignored);
    const bool keep_shown = unreadable && !shown_choices_.integrator.empty();  // empty: nothing shown yet
    showChoices(keep_shown ? shown_choices_ : choices_from_config(config));
    force_box_->setEnabled(!external && !unreadable);
    if (external)
        config_note_->setText(tr("Forces and integrator come from %1 (Simulation > Clear Config and State "
                                 "returns to the model file's).")
                                  .arg(QFileInfo(inputs_->configPath()).fileName()));
    else if (unreadable)
        config_note_->setText(tr("The model text has a syntax error: these are its last valid forces and "
                                 "integrator; fix the error to change them."));
    else config_note_->setText(tr("Force and integrator changes are written to the file and apply on Reset."));
}

void SimulationDock::writeChoicesToDocument() {
    updateIntegratorFields();
    if (updating_ || (inputs_ && inputs_->hasConfig())) return;
    document_->analyzer()->ensureCurrent();
    const editor::Analysis* analysis = document_->analysis();
    if (!analysis || !analysis->parse.ok()) {
        emit message(tr("The file has syntax errors; fix them before changing the simulation config."));
        updateFromDocument();  // the widgets show what the file holds, not the refused value
        return;
    }
    std::vector<Diagnostic> ignored;
    SimConfig config = read_sim_config(analysis->parse.root, analysis->file_name, ignored);
    const ForceChoices wanted = choices();
    if (!config.from_defaults && choices_from_config(config).integrator == wanted.integrator) {
        SimConfig unchanged = config;
        apply_choices(choices_from_config(config), unchanged);
        SimConfig changed = config;
        apply_choices(wanted, changed);
        if (changed.composite_force.same_content(unchanged.composite_force) &&
            changed.integrator.same_content(unchanged.integrator))
            return;
    }
    apply_choices(wanted, config);
    const std::vector<TextEdit> edits = config_block_edits(analysis->text, analysis->parse.root, config);
    apply_text_edits(document_->textDocument(), analysis->text, edits);
    document_->analyzer()->analyzeNow();
}

bool SimulationDock::reloadFromDocument() {
    play_action_->setChecked(false);  // a new simulation starts paused
    document_->analyzer()->ensureCurrent();
    const editor::Analysis* analysis = document_->analysis();
    const Model* model = document_->lastValidModel();
    if (!model) {
        emit message(tr("No valid model to simulate."));
        return false;
    }
    SimulationSetup setup;
    setup.model = document_->sharedModel();
    setup.config = default_sim_config();
    std::vector<Diagnostic> diagnostics;
    if (inputs_ && inputs_->hasConfig()) inputs_->readConfig(setup.config, diagnostics);
    else if (analysis && analysis->parse.ok())
        setup.config = read_sim_config(analysis->parse.root, analysis->file_name, diagnostics);
    if (inputs_ && !inputs_->statePath().isEmpty()) {
        DofAssignment dofs;
        if (inputs_->readState(*model, dofs, diagnostics)) setup.initial_dofs = std::move(dofs);
    }
    if (inputs_ && !inputs_->excitationPath().isEmpty()) {
        auto series = std::make_shared<ExcitationSeries>();
        if (inputs_->readExcitation(*model, *series, diagnostics)) setup.excitation = std::move(series);
    }
    setup.end_time = end_time_->value();
    if (!has_errors(diagnostics)) diagnostics = controller_->load(std::move(setup));
    if (has_errors(diagnostics)) {
        QString text = tr("Cannot start the simulation:");
        for (const Diagnostic& diagnostic : diagnostics)
            if (diagnostic.severity == Severity::Error)
                text += QLatin1Char('\n') + QString::fromStdString(format_diagnostic(diagnostic));
        emit message(text);
        return false;
    }
    updateRealTimeFactor();
    return true;
}

}  // namespace hfd::studio
