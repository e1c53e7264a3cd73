#include "viewer_pane.h"

#include "model_viewer.h"

#include <QAction>
#include <QActionGroup>
#include <QLabel>
#include <QMenu>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace hfd::studio {

int default_followed_body(const Model& model) {
    for (std::size_t b = 0; b < model.bodies.size(); ++b)
        if (model.bodies[b].name == "pelvis" && !model.bodies[b].is_static()) return int(b);
    for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        const Body& body = model.bodies[b];
        if (body.is_static()) continue;
        if (body.parent_joint == no_index) return int(b);
        const Index parent = model.joints[body.parent_joint].parent;
        if (parent == no_index || model.bodies[parent].is_static()) return int(b);
    }
    return -1;
}

ViewerPane::ViewerPane(bool create_viewer, QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("ViewerPane"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    if (!create_viewer) {
        auto* placeholder = new QLabel(tr("3D view disabled"), this);
        placeholder->setAlignment(Qt::AlignCenter);
        layout->addWidget(placeholder);
        return;
    }
    viewer_ = new ModelViewer(this);
    toolbar_ = new QToolBar(this);
    QToolBar* toolbar = toolbar_;
    toolbar->setObjectName(QStringLiteral("ViewerToolBar"));
    toolbar->setIconSize(QSize(16, 16));
    toolbar->addAction(tr("Fit"), viewer_, &ModelViewer::fitToModel)
        ->setToolTip(tr("Fit the model in the view (Ctrl+0)"));
    toolbar->addAction(tr("Reset"), viewer_, &ModelViewer::resetView)->setToolTip(tr("Reset the camera"));
    toolbar->addSeparator();
    toolbar->addAction(tr("Front"), this, [this] { viewer_->setViewPreset(ModelViewer::ViewPreset::Front); });
    toolbar->addAction(tr("Side"), this, [this] { viewer_->setViewPreset(ModelViewer::ViewPreset::Side); });
    toolbar->addAction(tr("Top"), this, [this] { viewer_->setViewPreset(ModelViewer::ViewPreset::Top); });
    follow_action_ = toolbar->addAction(tr("Follow"));
    follow_action_->setObjectName(QStringLiteral("followAction"));
    follow_action_->setCheckable(true);
    follow_action_->setToolTip(tr("Keep the pelvis (or the body picked in the view) at the centre of the view"));
    connect(follow_action_, &QAction::toggled, this, &ViewerPane::updateFollowedBody);
    connect(viewer_, &ModelViewer::bodyClicked, this, [this](int body) {
        picked_body_ = body;
        updateFollowedBody();
    });
    toolbar->addSeparator();
    auto* contacts = new QToolButton(toolbar);
    contacts->setText(tr("Contacts"));
    contacts->setToolTip(
        tr("Contact shapes: automatic (see-through on bodies drawn with their own shapes), solid, "
           "see-through (the bones inside show) or hidden"));
    contacts->setPopupMode(QToolButton::InstantPopup);
    auto* contacts_menu = new QMenu(contacts);
    auto* contact_modes = new QActionGroup(contacts_menu);
    for (auto [label, mode] : {std::pair{tr("Automatic"), ModelViewer::ContactDisplay::Automatic},
                               std::pair{tr("Solid"), ModelViewer::ContactDisplay::Solid},
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
}

void ViewerPane::setModel(std::shared_ptr<const Model> shared) {
    if (!viewer_) return;
    const Model& model = *shared;
    viewer_->setModel(std::move(shared));
    root_body_ = default_followed_body(model);
    if (picked_body_ >= int(model.bodies.size())) picked_body_ = -1;
    updateFollowedBody();
    if (!framed_) {
        viewer_->fitToModel();
        viewer_->frameNextSnapshot();  // the simulation's first pose (a remembered state file) is framed too
    }
    framed_ = true;
}

void ViewerPane::clearModel() {
    if (viewer_) viewer_->clearModel();
    picked_body_ = root_body_ = -1;
    updateFollowedBody();
    framed_ = false;
}

void ViewerPane::updateFollowedBody() {
    if (!viewer_) return;
    const bool follow = follow_action_->isChecked();
    viewer_->setFollowedBody(follow ? (picked_body_ >= 0 ? picked_body_ : root_body_) : -1);
}

}  // namespace hfd::studio
