#pragma once
// All muscles of a model drawn as one Qt3D entity: the tubes of muscle_tubes.h
// in one vertex buffer (position, normal, activation colour), sized once for
// the model and rewritten in place from each pose; one draw call however many
// muscles there are.
#include "draw/pose_snapshot.h"
#include "model/model.h"
#include "muscle_tubes.h"

#include <QColor>

namespace Qt3DCore {
class QBuffer;
class QEntity;
class QTransform;
}  // namespace Qt3DCore

namespace hfd {

// Blue at activation 0 to red at 1, linear in between (out of range: clamped).
QColor activation_color(double activation);
// Muscle radius factor for width by force: 0.4 at no force rising linearly to 2 at
// the maximum isometric force, clamped to [0.4, 2.5] (1 without a known maximum).
double muscle_width_scale(double force, double max_isometric_force);

class MuscleMesh {
public:
    MuscleMesh(Qt3DCore::QEntity* parent, const Model& model);

    // Rewrites the tubes from the pose's paths and activations (colour
    // activation_color); with `width_by_force`, radius scaled by muscle_width_scale.
    // Does nothing while hidden.
    void set_pose(const Model& model, const PoseSnapshot& pose, bool width_by_force);
    // Hidden by a zero scale, not by disabling: Qt3D 6.4 does not draw an entity
    // enabled again after the first frames.
    void set_visible(bool visible);
    bool visible() const { return visible_; }
    std::size_t vertex_count() const { return layout_.vertex_count(); }

private:
    TubeLayout layout_;
    Qt3DCore::QEntity* entity_ = nullptr;
    Qt3DCore::QTransform* transform_ = nullptr;
    Qt3DCore::QBuffer* vertex_buffer_ = nullptr;
    bool visible_ = true;
};

}  // namespace hfd
