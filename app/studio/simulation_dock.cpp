#include "simulation_dock.h"

#include "document.h"
#include "format/writer.h"
#include "sim/components.h"
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

namespace {

// The family of a component name, from the component table.
template <ComponentFamily family>
bool is_family(const std::string& key) {
    const ComponentInfo* component = find_component(key);
    return component && component->family == family;
}
constexpr auto is_joint_force = is_family<ComponentFamily::Joint>;
constexpr auto is_collision = is_family<ComponentFamily::Collision>;
constexpr auto is_contact = is_family<ComponentFamily::Contact>;
constexpr auto is_activation = is_family<ComponentFamily::Activation>;
constexpr auto is_muscle = is_family<ComponentFamily::Muscle>;
constexpr auto is_motor = is_family<ComponentFamily::Actuator>;
bool is_integrator(const std::string& key) {
    const ComponentInfo* component = find_component(key);
    return component && component->is_integrator();
}

const char* between_objects_key = "enable_collision_between_objects";

// Names of the table's components of one family (or the integrators), in table order.
std::vector<std::string> registered(const std::function<bool(const ComponentInfo&)>& accept) {
    std::vector<std::string> names;
    for (const ComponentInfo& component : component_table())
        if (accept(component)) names.emplace_back(component.name);
    return names;
}
std::vector<std::string> registered(ComponentFamily family) {
    return registered([family](const ComponentInfo& component) { return component.family == family; });
}
// The one component of a family the dock switches on and off (collision detection, motors).
std::string first_of(ComponentFamily family) { return registered(family).front(); }

// A property that integrators of `family` read and those of the other integrator
// family do not: accuracy, min_step, max_step of variable-step ones, step_size of fixed-step ones.
bool is_integrator_property_only_of(ComponentFamily family, const std::string& key) {
    bool in_family = false, elsewhere = false;
    for (const ComponentInfo& component : component_table()) {
        if (!component.is_integrator() || !find_property(component, key)) continue;
        (component.family == family ? in_family : elsewhere) = true;
    }
    return in_family && !elsewhere;
}

// Removes the integrator properties that only the other integrator family reads.
void remove_properties_of_other_family(PropNode& integrator, ComponentFamily family) {
    const ComponentFamily other = family == ComponentFamily::FixedStepIntegrator
                                      ? ComponentFamily::VariableStepIntegrator
                                      : ComponentFamily::FixedStepIntegrator;
    std::erase_if(integrator.children,
                  [&](const PropNode& child) { return is_integrator_property_only_of(other, child.key); });
}

// The default of an integrator property, from the first integrator of `family` that has it.
double integrator_default(ComponentFamily family, std::string_view key) {
    for (const ComponentInfo& component : component_table())
        if (component.family == family)
            if (const PropertySpec* spec = find_property(component, key)) return spec->default_value;
    return 0;
}

PropNode group(std::string key) {
    PropNode node;
    node.key = std::move(key);
    node.kind = PropNode::Kind::Group;
    return node;
}

void set_value(PropNode& parent, const std::string& key, const std::string& value) {
    PropNode* node = parent.find(key);
    if (!node) node = &parent.add(key);
    node->kind = PropNode::Kind::Value;
    node->value = value;
    node->raw_value.clear();
    node->quoted = false;
    node->children.clear();
}

void remove_child(PropNode& parent, std::string_view key) {
    std::erase_if(parent.children, [&](const PropNode& child) { return child.key == key; });
}

double number_or(const PropNode* node, double fallback) {
    if (!node) return fallback;
    const std::optional<double> value = to_number(*node);
    return value ? *value : fallback;
}

std::string number_text(double value) { return QString::number(value, 'g', 12).toStdString(); }

std::string block_text(const PropNode& node) {
    PropNode root = group({});
    root.children.push_back(node);
    std::string text = write_text(root);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

}  // namespace

bool is_error_controlled(const std::string& integrator_name) {
    return is_family<ComponentFamily::VariableStepIntegrator>(integrator_name);
}

ForceChoices choices_from_config(const SimConfig& config) {
    ForceChoices choices;
    for (const PropNode& component : config.composite_force.children) {
        const std::string& key = component.key;
        if (is_joint_force(key)) choices.joint_force = key;
        else if (is_collision(key)) {
            choices.collision_detection = true;
            choices.collision_between_objects = number_or(component.find(between_objects_key), 0) != 0;
        } else if (is_contact(key)) choices.contact_force = key;
        else if (is_muscle(key)) choices.muscle_force = key;
        else if (is_motor(key)) choices.motors = true;
    }
    choices.integrator = config.integrator.key;
    choices.accuracy = number_or(config.integrator.find("accuracy"),
                                 integrator_default(ComponentFamily::VariableStepIntegrator, "accuracy"));
    choices.step_size = number_or(config.integrator.find("step_size"),
                                  integrator_default(ComponentFamily::FixedStepIntegrator, "step_size"));
    return choices;
}

void apply_choices(const ForceChoices& choices, SimConfig& config) {
    std::vector<PropNode> old = std::move(config.composite_force.children);
    std::vector<PropNode>& out = config.composite_force.children;
    out.clear();
    auto take = [&](bool (*match)(const std::string&)) -> std::optional<PropNode> {
        for (auto it = old.begin(); it != old.end(); ++it)
            if (match(it->key)) {
                PropNode node = std::move(*it);
                old.erase(it);
                return node;
            }
        return std::nullopt;
    };
    auto place = [&](bool (*match)(const std::string&), const std::string& key, bool wanted) {
        std::optional<PropNode> node = take(match);
        if (!wanted) return static_cast<PropNode*>(nullptr);
        if (!node) node = group(key);
        if (node->key != key) node->key = key;
        out.push_back(std::move(*node));
        return &out.back();
    };
    place(is_joint_force, choices.joint_force, !choices.joint_force.empty());
    if (PropNode* collision = place(is_collision, first_of(ComponentFamily::Collision), choices.collision_detection)) {
        if (choices.collision_between_objects) set_value(*collision, between_objects_key, "1");
        else remove_child(*collision, between_objects_key);
    }
    place(is_contact, choices.contact_force, !choices.contact_force.empty());
    if (std::optional<PropNode> activation = take(is_activation)) out.push_back(std::move(*activation));
    place(is_muscle, choices.muscle_force, !choices.muscle_force.empty());
    place(is_motor, first_of(ComponentFamily::Actuator), choices.motors);
    for (PropNode& rest : old) out.push_back(std::move(rest));

    PropNode& integrator = config.integrator;
    integrator.kind = PropNode::Kind::Group;
    integrator.key = choices.integrator;
    if (is_error_controlled(choices.integrator)) {
        set_value(integrator, "accuracy", number_text(choices.accuracy));
        remove_properties_of_other_family(integrator, ComponentFamily::VariableStepIntegrator);
    } else {
        set_value(integrator, "step_size", number_text(choices.step_size));
        remove_properties_of_other_family(integrator, ComponentFamily::FixedStepIntegrator);
    }
    config.from_defaults = false;
}

std::vector<TextEdit> config_block_edits(const std::string& text, const PropNode& root, const SimConfig& config) {
    const PropNode *composite = nullptr, *integrator = nullptr;
    for (const PropNode& child : root.children) {
        if (!composite && child.key == "composite_force") composite = &child;
        if (!integrator && is_integrator(child.key)) integrator = &child;
    }
    std::vector<TextEdit> edits;
    std::string appended;
    for (auto [old_node, new_node] :
         {std::pair{composite, &config.composite_force}, std::pair{integrator, &config.integrator}}) {
        if (old_node && old_node->begin >= 0 && old_node->end >= old_node->begin)
            edits.push_back({old_node->begin, old_node->end, block_text(*new_node)});
        else appended += block_text(*new_node) + "\n";
    }
    if (!appended.empty()) {
        const bool newline = text.empty() || text.back() == '\n';
        edits.push_back({int(text.size()), int(text.size()), (newline ? "" : "\n") + appended});
    }
    std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) { return a.begin > b.begin; });
    return edits;
}

std::string apply_text_edits(std::string text, const std::vector<TextEdit>& edits) {
    for (const TextEdit& edit : edits) text.replace(edit.begin, edit.end - edit.begin, edit.replacement);
    return text;
}

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
        if (!controller_->isRunning() && (!frame || frame->steps == 0)) reloadFromDocument();
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
    joint_force_ = combo(registered(ComponentFamily::Joint), true);
    collision_ = new QCheckBox(tr("collision detection"), box);
    between_objects_ = new QCheckBox(tr("between objects"), box);
    contact_force_ = combo(registered(ComponentFamily::Contact), true);
    muscle_force_ = combo(registered(ComponentFamily::Muscle), true);
    motors_ = new QCheckBox(tr("joint motors"), box);
    integrator_ = combo(registered([](const ComponentInfo& component) { return component.is_integrator(); }), false);
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
    updating_ = was_updating;
    updateIntegratorFields();
}

// Widgets follow the document's config blocks (or the default when it has none),
// or show a loaded config file's, read-only: the dock does not edit that file.
void SimulationDock::updateFromDocument() {
    const editor::Analysis* analysis = document_->analysis();
    SimConfig config = default_sim_config();
    std::vector<Diagnostic> ignored;
    const bool external = inputs_ && inputs_->hasConfig();
    if (external) inputs_->readConfig(config, ignored);
    else if (analysis && analysis->parse.ok())
        config = read_sim_config(analysis->parse.root, analysis->file_name, ignored);
    showChoices(choices_from_config(config));
    force_box_->setEnabled(!external);
    config_note_->setText(external ? tr("Forces and integrator come from %1 (Simulation > Clear Config and State "
                                        "returns to the model file's).")
                                         .arg(QFileInfo(inputs_->configPath()).fileName())
                                   : tr("Force and integrator changes are written to the file and apply on Reset."));
}

void SimulationDock::writeChoicesToDocument() {
    updateIntegratorFields();
    if (updating_ || (inputs_ && inputs_->hasConfig())) return;
    document_->analyzer()->ensureCurrent();
    const editor::Analysis* analysis = document_->analysis();
    if (!analysis || !analysis->parse.ok()) {
        emit message(tr("The file has syntax errors; fix them before changing the simulation config."));
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
