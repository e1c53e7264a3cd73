#include "viewer_dock.h"

#include "model_viewer.h"

#include <QAction>
#include <QActionGroup>
#include <QLabel>
#include <QMenu>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace hfd::studio {

ViewerDock::ViewerDock(bool create_viewer, QWidget* parent) : QDockWidget(tr("3D View"), parent)
{
    setObjectName(QStringLiteral("ViewerDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    if (!create_viewer) {
        auto* placeholder = new QLabel(tr("3D view disabled"), content);
        placeholder->setAlignment(Qt::AlignCenter);
        layout->addWidget(placeholder);
        setWidget(content);
        return;
    }
    viewer_ = new ModelViewer(content);
    auto* toolbar = new QToolBar(content);
    toolbar->setIconSize(QSize(16, 16));
    toolbar->addAction(tr("Fit"), viewer_, &ModelViewer::fitToModel)->setToolTip(tr("Fit the model in the view"));
    toolbar->addAction(tr("Reset"), viewer_, &ModelViewer::resetView)->setToolTip(tr("Reset the camera"));
    toolbar->addSeparator();
    toolbar->addAction(tr("Front"), this, [this] { viewer_->setViewPreset(ModelViewer::ViewPreset::Front); });
    toolbar->addAction(tr("Side"), this, [this] { viewer_->setViewPreset(ModelViewer::ViewPreset::Side); });
    toolbar->addAction(tr("Top"), this, [this] { viewer_->setViewPreset(ModelViewer::ViewPreset::Top); });
    toolbar->addSeparator();
    QAction* frames = toolbar->addAction(tr("Frames"), viewer_, &ModelViewer::setShowBodyFrames);
    frames->setCheckable(true);
    frames->setToolTip(tr("Show body frames"));
    QAction* com = toolbar->addAction(tr("COM"), viewer_, &ModelViewer::setShowCentersOfMass);
    com->setCheckable(true);
    com->setToolTip(tr("Show centres of mass"));
    auto* contacts = new QToolButton(toolbar);
    contacts->setText(tr("Contacts"));
    contacts->setToolTip(tr("Contact shapes: solid, see-through (the bones inside show) or hidden"));
    contacts->setPopupMode(QToolButton::InstantPopup);
    auto* contacts_menu = new QMenu(contacts);
    auto* contact_modes = new QActionGroup(contacts_menu);
    for (auto [label, mode] : {std::pair{tr("Solid"), ModelViewer::ContactDisplay::Solid},
                               std::pair{tr("See-through"), ModelViewer::ContactDisplay::Transparent},
                               std::pair{tr("Hidden"), ModelViewer::ContactDisplay::Hidden}}) {
        QAction* action = contacts_menu->addAction(label, viewer_, [this, mode] { viewer_->setContactDisplay(mode); });
        action->setCheckable(true);
        action->setChecked(mode == viewer_->contactDisplay());
        action->setObjectName(QStringLiteral("contacts_") + label);
        contact_modes->addAction(action);
    }
    contacts->setMenu(contacts_menu);
    toolbar->addWidget(contacts);
    layout->addWidget(toolbar);
    layout->addWidget(viewer_, 1);
    setWidget(content);
}

void ViewerDock::setModel(const Model& model)
{
    if (!viewer_) return;
    viewer_->setModel(model);
    if (!framed_) viewer_->fitToModel();
    framed_ = true;
}

void ViewerDock::clearModel()
{
    if (viewer_) viewer_->clearModel();
    framed_ = false;
}

}  // namespace hfd::studio
