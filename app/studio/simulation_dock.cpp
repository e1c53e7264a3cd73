#include "simulation_dock.h"

#include "controls_dock.h"
#include "document.h"
#include "export_actions.h"
#include "induced_dock.h"
#include "main_window.h"
#include "model_viewer.h"
#include "plot_dock.h"
#include "simulation_status.h"
#include "viewer_dock.h"
#include "format/writer.h"
#include "forces/force_component.h"
#include "integrators/integrator.h"
#include "simulation_controller.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QSlider>
#include <QStatusBar>
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

bool starts_with(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }
bool ends_with(const std::string& text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}
bool is_joint_force(const std::string& key) { return ends_with(key, "joint_force_pnld") || ends_with(key, "joint_force_pd"); }
bool is_collision(const std::string& key) { return ends_with(key, "collision_detection"); }
bool is_contact(const std::string& key) { return starts_with(key, "contact_force"); }
bool is_activation(const std::string& key) { return key == "muscle_activation"; }
bool is_muscle(const std::string& key) { return starts_with(key, "muscle_force"); }
bool is_motor(const std::string& key) { return key == "joint_motor_force"; }
bool is_integrator(const std::string& key) {
    for (std::string_view name : integrator_names())
        if (name == key) return true;
    return false;
}

const char* between_objects_key = "enable_collision_between_objects";

std::vector<std::string> registered(const std::function<bool(const std::string&)>& accept) {
    std::vector<std::string> names;
    for (const ForceRegistration& registration : force_registry())
        if (accept(std::string(registration.name))) names.emplace_back(registration.name);
    return names;
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

bool is_error_controlled(const std::string& integrator_name) { return starts_with(integrator_name, "error_control"); }

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
    choices.accuracy = number_or(config.integrator.find("accuracy"), 0.01);
    choices.step_size = number_or(config.integrator.find("step_size"), 0.001);
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
    if (PropNode* collision = place(is_collision, "simple_collision_detection", choices.collision_detection)) {
        if (choices.collision_between_objects) set_value(*collision, between_objects_key, "1");
        else remove_child(*collision, between_objects_key);
    }
    place(is_contact, choices.contact_force, !choices.contact_force.empty());
    if (std::optional<PropNode> activation = take(is_activation)) out.push_back(std::move(*activation));
    place(is_muscle, choices.muscle_force, !choices.muscle_force.empty());
    place(is_motor, "joint_motor_force", choices.motors);
    for (PropNode& rest : old) out.push_back(std::move(rest));

    PropNode& integrator = config.integrator;
    integrator.kind = PropNode::Kind::Group;
    integrator.key = choices.integrator;
    if (is_error_controlled(choices.integrator)) {
        set_value(integrator, "accuracy", number_text(choices.accuracy));
        remove_child(integrator, "step_size");
    } else {
        set_value(integrator, "step_size", number_text(choices.step_size));
        for (const char* key : {"accuracy", "min_step", "max_step"}) remove_child(integrator, key);
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
    for (auto [old_node, new_node] : {std::pair{composite, &config.composite_force},
                                      std::pair{integrator, &config.integrator}}) {
        if (old_node && old_node->begin >= 0 && old_node->end >= old_node->begin)
            edits.push_back({old_node->begin, old_node->end, block_text(*new_node)});
        else
            appended += block_text(*new_node) + "\n";
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

// ---------------------------------------------------------------- dock

SimulationDock::SimulationDock(Document* document, SimulationController* controller, QWidget* parent)
    : QDockWidget(tr("Simulation"), parent), document_(document), controller_(controller) {
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
    // Space and '.' type text in the editor: they act only where focus is not in it.
    for (QAction* action : {play_action_, step_action_}) action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(play_action_);
    addAction(step_action_);

    connect(play_action_, &QAction::triggered, this, [this](bool checked) {
        if (!controller_->isLoaded()) reloadFromDocument();
        checked ? controller_->play() : controller_->pause();
    });
    connect(step_action_, &QAction::triggered, this, [this] {
        if (!controller_->isLoaded()) reloadFromDocument();
        controller_->stepPeriod();
    });
    connect(reset_action_, &QAction::triggered, this, &SimulationDock::reloadFromDocument);
    connect(controller_, &SimulationController::runningChanged, play_action_, &QAction::setChecked);

    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(createRunControls());
    layout->addWidget(createForceControls());
    auto* note = new QLabel(tr("Force and integrator changes are written to the file and apply on Reset."), content);
    note->setWordWrap(true);
    layout->addWidget(note);
    layout->addStretch();
    // Scrollable, so the dock can be shorter than its controls and leave the height to the 3D view.
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    setWidget(scroll);

    connect(document_, &Document::analyzed, this, [this] { updateFromDocument(); });
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

    // Real-time factor on a log scale: slider value v -> 10^(v/50), 0.01x .. 10x.
    auto* speed = new QHBoxLayout;
    speed_slider_ = new QSlider(Qt::Horizontal, box);
    speed_slider_->setRange(-100, 50);
    speed_slider_->setValue(0);
    speed_label_ = new QLabel(box);
    speed_label_->setMinimumWidth(50);
    max_speed_ = new QCheckBox(tr("max"), box);
    max_speed_->setToolTip(tr("As fast as possible"));
    speed->addWidget(speed_slider_);
    speed->addWidget(speed_label_);
    speed->addWidget(max_speed_);
    layout->addRow(tr("Speed"), speed);
    connect(speed_slider_, &QSlider::valueChanged, this, &SimulationDock::updateRealTimeFactor);
    connect(max_speed_, &QCheckBox::toggled, this, &SimulationDock::updateRealTimeFactor);
    updateRealTimeFactor();

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
    auto* layout = new QFormLayout(box);
    auto combo = [box](const std::vector<std::string>& names, bool with_none) {
        auto* combo = new QComboBox(box);
        if (with_none) combo->addItem(tr("none"), QString());
        for (const std::string& name : names) combo->addItem(QString::fromStdString(name), QString::fromStdString(name));
        return combo;
    };
    joint_force_ = combo(registered(is_joint_force), true);
    collision_ = new QCheckBox(tr("collision detection"), box);
    between_objects_ = new QCheckBox(tr("between objects"), box);
    contact_force_ = combo(registered(is_contact), true);
    muscle_force_ = combo(registered(is_muscle), true);
    motors_ = new QCheckBox(tr("joint motors"), box);
    std::vector<std::string> integrators;
    for (std::string_view name : integrator_names()) integrators.emplace_back(name);
    integrator_ = combo(integrators, false);
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

void SimulationDock::updateRealTimeFactor() {
    const double factor = std::pow(10.0, speed_slider_->value() / 50.0);
    speed_slider_->setEnabled(!max_speed_->isChecked());
    speed_label_->setText(max_speed_->isChecked() ? tr("max") : QStringLiteral("%1x").arg(factor, 0, 'g', 2));
    controller_->setRealTimeFactor(max_speed_->isChecked() ? 0 : factor);
}

void SimulationDock::updateIntegratorFields() {
    const bool variable = is_error_controlled(integrator_->currentData().toString().toStdString());
    accuracy_->setEnabled(variable);
    step_size_->setEnabled(!variable);
}

double SimulationDock::endTime() const { return end_time_->value(); }

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

// Widgets follow the document's config blocks (or the default when it has none).
void SimulationDock::updateFromDocument() {
    const editor::Analysis* analysis = document_->analysis();
    SimConfig config = default_sim_config();
    if (analysis && analysis->parse.ok()) {
        std::vector<Diagnostic> ignored;
        config = read_sim_config(analysis->parse.root, analysis->file_name, ignored);
    }
    showChoices(choices_from_config(config));
}

void SimulationDock::writeChoicesToDocument() {
    updateIntegratorFields();
    if (updating_) return;
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
    const QString text = QString::fromStdString(analysis->text);
    QTextCursor cursor(document_->textDocument());
    cursor.beginEditBlock();
    for (const TextEdit& edit : edits) {
        cursor.setPosition(editor::utf16_index_from_utf8(text, edit.begin));
        cursor.setPosition(editor::utf16_index_from_utf8(text, edit.end), QTextCursor::KeepAnchor);
        cursor.insertText(QString::fromStdString(edit.replacement));
    }
    cursor.endEditBlock();
    document_->analyzer()->analyzeNow();
}

bool SimulationDock::reloadFromDocument() {
    document_->analyzer()->ensureCurrent();
    const editor::Analysis* analysis = document_->analysis();
    const Model* model = document_->lastValidModel();
    if (!model) {
        emit message(tr("No valid model to simulate."));
        return false;
    }
    SimulationSetup setup;
    setup.model = *model;
    setup.config = default_sim_config();
    std::vector<Diagnostic> diagnostics;
    if (analysis && analysis->parse.ok())
        setup.config = read_sim_config(analysis->parse.root, analysis->file_name, diagnostics);
    setup.end_time = end_time_->value();
    if (!has_errors(diagnostics)) diagnostics = controller_->load(std::move(setup));
    if (has_errors(diagnostics)) {
        QString text = tr("Cannot start the simulation:");
        for (const Diagnostic& diagnostic : diagnostics)
            if (diagnostic.severity == Severity::Error) text += QLatin1Char('\n') + QString::fromStdString(format_diagnostic(diagnostic));
        emit message(text);
        return false;
    }
    updateRealTimeFactor();
    return true;
}


// ---------------------------------------------------------------- installation

SimulationController* install_simulation_ui(MainWindow* window) {
    auto* controller = new SimulationController(window);
    auto* dock = new SimulationDock(window->document(), controller, window);
    auto* controls = new ControlsDock(controller, window);
    auto* plots = new PlotDock(window);
    auto* status = new SimulationStatus(window);
    ModelViewer* viewer = window->viewerDock() ? window->viewerDock()->viewer() : nullptr;
    auto* exports = new ExportActions(controller, &window->prompts(), viewer, window);

    window->addDock(dock, Qt::RightDockWidgetArea);
    window->addDock(controls, Qt::RightDockWidgetArea);
    window->addDock(plots, Qt::BottomDockWidgetArea);
    // Run settings and controls share one tabbed area so the 3D view keeps most of the height.
    window->tabifyDockWidget(dock, controls);
    dock->raise();
    window->resizeDocks({window->viewerDock(), dock}, {560, 300}, Qt::Vertical);
    window->resizeDocks({plots}, {330}, Qt::Vertical);
    window->statusBar()->insertPermanentWidget(0, status);
    exports->addToMenu(window->fileMenu());
    QMenu* menu = window->addMenu(QObject::tr("&Simulation"));
    menu->addActions({dock->playAction(), dock->stepAction(), dock->resetAction()});
    // Space and '.' work wherever the focus is outside the text editor.
    for (QWidget* widget : std::initializer_list<QWidget*>{window->viewerDock(), controls, plots})
        widget->addActions({dock->playAction(), dock->stepAction()});

    auto show_model = [controls, plots](const Model& model) {
        controls->setModel(model);
        plots->setModel(model);
    };
    if (const Model* model = window->document()->lastValidModel()) show_model(*model);
    QObject::connect(window->document(), &Document::modelChanged, controls, show_model);
    QObject::connect(controller, &SimulationController::layoutReceived, plots, &PlotDock::setLayout);
    // The view shows the document's latest model; frames of a run started with an
    // older model (it changes on reset) are drawn only while they still fit it.
    Document* document = window->document();
    QObject::connect(controller, &SimulationController::frameReceived, window,
                     [viewer, status, plots, document](const SimulationFrame& frame) {
                         status->showFrame(frame);
                         plots->addFrame(frame);
                         const Model* model = document->lastValidModel();
                         if (viewer && model && model->bodies.size() == frame.pose.body_pos.size() &&
                             model->muscles.size() == frame.pose.muscle_activation.size() &&
                             model->joints.size() == frame.pose.joint_displacement.size())
                             viewer->setSnapshot(frame.pose);
                     });
    if (viewer) {
        QObject::connect(plots, &PlotDock::poseRequested, viewer, &ModelViewer::setSnapshot);
        QObject::connect(viewer, &ModelViewer::bodyClicked, controls, &ControlsDock::setSelectedBody);
    }
    auto show_message = [window](const QString& text) { window->statusBar()->showMessage(text, 10000); };
    QObject::connect(install_induced_dock(window, controller, plots), &InducedDock::statusMessage, window, show_message);
    QObject::connect(controller, &SimulationController::stopped, window, show_message);
    QObject::connect(dock, &SimulationDock::message, window, show_message);
    QObject::connect(exports, &ExportActions::statusMessage, window, show_message);
    return controller;
}

}  // namespace hfd::studio
