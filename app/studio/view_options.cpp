#include "view_options.h"

#include "studio_settings.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QSignalBlocker>

#include <cmath>

namespace hfd::studio {

namespace {
const QString group_key = QStringLiteral("view/");

QString times(double value) { return QStringLiteral("\u00d7%1").arg(value, 0, 'g', 4); }

double nearest(const std::vector<double>& values, double value) {
    double best = values.front();
    for (double v : values)
        if (std::abs(std::log(v / value)) < std::abs(std::log(best / value))) best = v;
    return best;
}
}  // namespace

const std::vector<double>& ViewOptions::forceScales() {
    static const std::vector<double> scales{0.25, 0.5, 1, 2, 4};
    return scales;
}

const std::vector<double>& ViewOptions::jointExaggerations() {
    static const std::vector<double> factors{1, 10, 100, 1000};
    return factors;
}

ViewOptions::ViewOptions(ModelViewer* viewer, bool remember, QObject* parent)
    : QObject(parent), viewer_(viewer), remember_(remember) {
    show_menu_ = new QMenu(tr("&Show"));
    show_menu_->setObjectName(QStringLiteral("showMenu"));
    addToggle(QStringLiteral("muscles"), tr("&Muscles (blue: inactive, red: active)"), true);
    addToggle(QStringLiteral("muscleWidth"), tr("Muscle &Width by Force"), false);
    addToggle(QStringLiteral("contactForces"), tr("&Contact Forces"), true);
    addToggle(QStringLiteral("groundReactions"), tr("&Ground Reaction per Body (at its centre of pressure)"), false);
    addToggle(QStringLiteral("contactPoints"), tr("Contact &Points"), false);
    addToggle(QStringLiteral("modelCenterOfMass"), tr("Model Centre of Mass (&COM)"), false);
    addToggle(QStringLiteral("jointDisplacement"), tr("&Joint Displacement (coloured by magnitude)"), false);
    show_menu_->addSeparator();
    addToggle(QStringLiteral("bodyFrames"), tr("Body &Frames"), false);
    addToggle(QStringLiteral("centersOfMass"), tr("Body C&entres of Mass"), false);

    const double force = nearest(forceScales(), remembered(QStringLiteral("forceScale"), 1.0).toDouble());
    const double exaggeration =
        nearest(jointExaggerations(), remembered(QStringLiteral("jointExaggeration"), 1.0).toDouble());
    force_menu_ = new QMenu(tr("Force &Arrow Scale"), show_menu_);
    force_group_ = addChoices(force_menu_, QStringLiteral("forceScale"), forceScales(), force);
    exaggeration_menu_ = new QMenu(tr("&Joint Displacement"), show_menu_);
    exaggeration_group_ =
        addChoices(exaggeration_menu_, QStringLiteral("jointExaggeration"), jointExaggerations(), exaggeration);
    keep_in_view_ = new QAction(tr("&Keep Model in View"), this);
    keep_in_view_->setObjectName(QStringLiteral("keepInView"));
    keep_in_view_->setCheckable(true);
    keep_in_view_->setToolTip(
        tr("Move the camera with the model's centre of mass when it leaves the middle of the view"));
    this->remember(keep_in_view_, QStringLiteral("keepInView"), true);
    connect(keep_in_view_, &QAction::toggled, this, &ViewOptions::apply);
    apply();
}

ViewOptions::~ViewOptions() { delete show_menu_; }  // the other menus are its children

QAction* ViewOptions::addToggle(const QString& key, const QString& label, bool default_on) {
    QAction* action = show_menu_->addAction(label);
    action->setObjectName(key);
    action->setCheckable(true);
    action->setChecked(remembered(key, default_on).toBool());
    connect(action, &QAction::toggled, this, [this] {
        apply();
        save();
    });
    toggles_.emplace_back(key, action);
    return action;
}

QActionGroup* ViewOptions::addChoices(QMenu* menu, const QString& key, const std::vector<double>& values,
                                      double current) {
    auto* group = new QActionGroup(menu);
    for (double value : values) {
        QAction* action = menu->addAction(times(value));
        action->setObjectName(key + QStringLiteral("_") + QString::number(value));
        action->setData(value);
        action->setCheckable(true);
        action->setChecked(value == current);
        group->addAction(action);
    }
    connect(group, &QActionGroup::triggered, this, [this, group](QAction* chosen) {
        // exaggerating the displacement asks to see it
        if (group == exaggeration_group_ && chosen->data().toDouble() != 1)
            if (QAction* joints = action(QStringLiteral("jointDisplacement")); joints && !joints->isChecked()) {
                const QSignalBlocker quiet(joints);
                joints->setChecked(true);
            }
        apply();
        save();
    });
    return group;
}

void ViewOptions::addToMenu(QMenu* view_menu) {
    view_menu->addMenu(show_menu_);
    view_menu->addMenu(force_menu_);
    view_menu->addMenu(exaggeration_menu_);
    view_menu->addAction(keep_in_view_);
}

void ViewOptions::remember(QAction* action, const QString& key, bool default_on) {
    action->setChecked(remembered(key, default_on).toBool());
    connect(action, &QAction::toggled, this, [this, key](bool on) {
        if (remember_) open_settings()->setValue(group_key + key, on);
    });
}

bool ViewOptions::applySettings(const QStringList& settings, QString* error) {
    for (const QString& setting : settings) {
        const QString key = setting.section(u'=', 0, 0).trimmed();
        const QString text = setting.contains(u'=') ? setting.section(u'=', 1).trimmed() : QStringLiteral("1");
        bool ok = false;
        const double value = text.toDouble(&ok);
        QActionGroup* group = key == QStringLiteral("forceScale")          ? force_group_
                              : key == QStringLiteral("jointExaggeration") ? exaggeration_group_
                                                                           : nullptr;
        QAction* toggle = key == QStringLiteral("keepInView") ? keep_in_view_ : action(key);
        if (!ok || !(value >= 0) || (!group && !toggle) || (group && !(value > 0))) {
            *error = QStringLiteral("--show: unknown setting '%1' (keys: %2, forceScale=N, jointExaggeration=N)")
                         .arg(setting, [this] {
                             QStringList keys{QStringLiteral("keepInView")};
                             for (const auto& entry : toggles_) keys << entry.first;
                             return keys.join(QStringLiteral(", "));
                         }());
            return false;
        }
        if (toggle) {
            toggle->setChecked(value != 0);
            continue;
        }
        const double chosen = nearest(group == force_group_ ? forceScales() : jointExaggerations(), value);
        for (QAction* choice : group->actions())
            if (choice->data().toDouble() == chosen) choice->trigger();
    }
    return true;
}

QAction* ViewOptions::action(const QString& key) const {
    for (const auto& [name, action] : toggles_)
        if (name == key) return action;
    return nullptr;
}

OverlayOptions ViewOptions::overlayOptions() const {
    OverlayOptions options;
    options.muscles = action(QStringLiteral("muscles"))->isChecked();
    options.muscle_width_by_force = action(QStringLiteral("muscleWidth"))->isChecked();
    options.contact_forces = action(QStringLiteral("contactForces"))->isChecked();
    options.ground_reactions = action(QStringLiteral("groundReactions"))->isChecked();
    options.contact_points = action(QStringLiteral("contactPoints"))->isChecked();
    options.model_center_of_mass = action(QStringLiteral("modelCenterOfMass"))->isChecked();
    options.joint_displacement = action(QStringLiteral("jointDisplacement"))->isChecked();
    options.force_scale = forceScale();
    return options;
}

bool ViewOptions::showBodyFrames() const { return action(QStringLiteral("bodyFrames"))->isChecked(); }
bool ViewOptions::showCentersOfMass() const { return action(QStringLiteral("centersOfMass"))->isChecked(); }

double ViewOptions::forceScale() const {
    return force_group_->checkedAction() ? force_group_->checkedAction()->data().toDouble() : 1.0;
}

double ViewOptions::jointExaggeration() const {
    return exaggeration_group_->checkedAction() ? exaggeration_group_->checkedAction()->data().toDouble() : 1.0;
}

bool ViewOptions::keepInView() const { return keep_in_view_->isChecked(); }

QString ViewOptions::exaggerationText() const {
    const double factor = jointExaggeration();
    return factor == 1 ? QString() : tr("joint displacement %1").arg(times(factor));
}

void ViewOptions::apply() {
    if (viewer_) {
        viewer_->setOverlayOptions(overlayOptions());
        viewer_->setShowBodyFrames(showBodyFrames());
        viewer_->setShowCentersOfMass(showCentersOfMass());
        viewer_->setJointDisplacementExaggeration(jointExaggeration());
        viewer_->setKeepInView(keepInView());
    }
    emit exaggerationChanged(exaggerationText());
}

QVariant ViewOptions::remembered(const QString& key, const QVariant& fallback) const {
    return remember_ ? open_settings()->value(group_key + key, fallback) : fallback;
}

void ViewOptions::save() const {
    if (!remember_) return;
    auto settings = open_settings();
    for (const auto& [key, action] : toggles_) settings->setValue(group_key + key, action->isChecked());
    settings->setValue(group_key + "forceScale", forceScale());
    settings->setValue(group_key + "jointExaggeration", jointExaggeration());
}

}  // namespace hfd::studio
