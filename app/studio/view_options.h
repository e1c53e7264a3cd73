#pragma once
// View > Show: what the 3D view draws over the bodies (muscles, contact forces,
// ground reactions, contact points, the model's centre of mass, joint
// displacement, body frames, body centres of mass), the force arrow scale, the
// joint displacement exaggeration (choosing one above x1 shows the joints) and
// Keep Model in View. Every choice applies to the viewer at once and is remembered
// in the settings for the next start.
#include "model_viewer.h"

#include <QObject>
#include <QString>
#include <QVariant>

class QAction;
class QActionGroup;
class QMenu;

namespace hfd::studio {

class ViewOptions : public QObject {
    Q_OBJECT
public:
    // viewer may be null (no 3D view): the choices are still kept and remembered.
    // remember = false: start from the defaults and leave the settings alone (renders).
    ViewOptions(ModelViewer* viewer, bool remember = true, QObject* parent = nullptr);
    ~ViewOptions() override;

    // The Show menu (also for the view's toolbar), then force scale and joint exaggeration.
    QMenu* showMenu() const { return show_menu_; }
    void addToMenu(QMenu* view_menu);

    OverlayOptions overlayOptions() const;
    bool showBodyFrames() const;
    bool showCentersOfMass() const;
    double forceScale() const;
    double jointExaggeration() const;
    bool keepInView() const;  // View > Keep Model in View (on by default; ModelViewer::setKeepInView)
    QAction* keepInViewAction() const { return keep_in_view_; }
    // The choices are actions under showMenu() named forceScale_<value> and jointExaggeration_<value>.
    static const std::vector<double>& forceScales();
    static const std::vector<double>& jointExaggerations();

    QAction* action(const QString& key) const;  // "muscles", "contactForces", ... (the settings keys)
    // Another checkable action whose state is remembered under key (Follow Body).
    void remember(QAction* action, const QString& key, bool default_on);

    // Sets choices from "key" (on), "key=0" (off), "forceScale=2" or
    // "jointExaggeration=100" (the nearest offered value); keys as action(). False
    // with `error` naming the first unknown key or value (hfd-studio --show).
    bool applySettings(const QStringList& settings, QString* error);

    // "joints x100" while the displacement is exaggerated, else empty (for the status bar).
    QString exaggerationText() const;

signals:
    void exaggerationChanged(const QString& text);

private:
    QAction* addToggle(const QString& key, const QString& label, bool default_on);
    QActionGroup* addChoices(QMenu* menu, const QString& key, const std::vector<double>& values, double current);
    void apply();
    void save() const;
    QVariant remembered(const QString& key, const QVariant& fallback) const;

    ModelViewer* viewer_;
    bool remember_ = true;
    QMenu* show_menu_ = nullptr;
    QMenu* force_menu_ = nullptr;
    QMenu* exaggeration_menu_ = nullptr;
    QActionGroup* force_group_ = nullptr;
    QActionGroup* exaggeration_group_ = nullptr;
    QAction* keep_in_view_ = nullptr;
    std::vector<std::pair<QString, QAction*>> toggles_;
};

}  // namespace hfd::studio
