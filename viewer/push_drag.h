#pragma once
// Ctrl+drag on a body pushes it: a spring from the grabbed point to the point
// under the cursor in the view plane (the plane through the grabbed point
// facing the camera), F = push_stiffness * body mass * (cursor - grabbed), so
// that a drag of d metres accelerates any body by push_stiffness * d. While
// dragging the view draws the spring as an arrow.
#include "camera_controller.h"
#include "model/model.h"

#include <memory>

namespace Qt3DCore {
class QEntity;
class QTransform;
}  // namespace Qt3DCore

namespace hfd {

constexpr double push_stiffness = 100;  // 1/s^2: 10 cm of drag -> 10 m/s^2

// The point of the plane through `through` facing the camera that lies under pixel (x, y).
Vec3 view_plane_point(const OrbitCamera& camera, double x, double y, double width, double height, const Vec3& through);
Vec3 push_force(double body_mass, const Vec3& drag);

struct PushDrag {
    Index body = no_index;                // no_index: not pushing
    Vec3 grabbed_in_body = Vec3::Zero();  // the grabbed point, body frame
    Vec3 cursor = Vec3::Zero();           // the cursor's point in the view plane, world
    bool active() const { return body != no_index; }
};

// The arrow drawn while pushing: a shaft and a cone from a to b.
class PushArrow {
public:
    explicit PushArrow(Qt3DCore::QEntity* root);
    ~PushArrow();
    void show(const Vec3& from, const Vec3& to);
    void hide();

private:
    Qt3DCore::QEntity* entity_ = nullptr;
    Qt3DCore::QTransform* shaft_ = nullptr;
    Qt3DCore::QTransform* tip_ = nullptr;
};

}  // namespace hfd
