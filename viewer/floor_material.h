#pragma once
// The floor drawn unlit: its Phong colour (ambient + diffuse under the view's
// directional lights, no specular) is the same at every point of a flat plane,
// so it is computed once per light change and painted as a one-pixel texture.
// A software rasterizer then shades the large floor with a texture read instead
// of the lighting per pixel.
#include "model/math_types.h"

#include <QColor>
#include <vector>

namespace Qt3DCore {
class QNode;
}
namespace Qt3DRender {
class QMaterial;
}

namespace hfd {

struct DirectionalLight {
    Vec3 direction;  // world, the way the light travels
    double intensity = 1;
};

// Qt3D 6's QPhongMaterial on a surface with unit normal `normal` (its shader
// graph's phong function): (ambient + sum over white lights of intensity *
// max(0, normal . -direction)) * diffuse, per channel, clamped to 1.
QColor phong_color(const QColor& ambient, const QColor& diffuse, const Vec3& normal,
                   const std::vector<DirectionalLight>& lights);

class FloorMaterial {
public:
    // `normal`: the floor's world normal; ambient = ambient_fraction * color, diffuse = color.
    FloorMaterial(const QColor& color, double ambient_fraction, const Vec3& normal, Qt3DCore::QNode* parent);
    void set_lights(const std::vector<DirectionalLight>& lights);
    Qt3DRender::QMaterial* material() const;

private:
    class Pixel;
    QColor color_;
    double ambient_fraction_;
    Vec3 normal_;
    Pixel* pixel_ = nullptr;
    Qt3DRender::QMaterial* material_ = nullptr;
};

}  // namespace hfd
