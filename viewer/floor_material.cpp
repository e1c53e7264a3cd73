#include "floor_material.h"

#include <Qt3DExtras/QTextureMaterial>
#include <Qt3DRender/QPaintedTextureImage>
#include <Qt3DRender/QTexture>

#include <QPainter>
#include <algorithm>

namespace hfd {

class FloorMaterial::Pixel : public Qt3DRender::QPaintedTextureImage {
public:
    explicit Pixel(Qt3DCore::QNode* parent) : QPaintedTextureImage(parent) { setSize(QSize(1, 1)); }
    void set_color(const QColor& color) {
        if (color == color_) return;
        color_ = color;
        update();
    }

protected:
    void paint(QPainter* painter) override { painter->fillRect(0, 0, 1, 1, color_); }

private:
    QColor color_ = Qt::gray;
};

QColor phong_color(const QColor& ambient, const QColor& diffuse, const Vec3& normal,
                   const std::vector<DirectionalLight>& lights) {
    double light = 0;
    for (const DirectionalLight& l : lights)
        light += l.intensity * std::max(0.0, normal.dot(-l.direction.normalized()));
    auto channel = [light](double a, double d) { return float(std::clamp((a + light) * d, 0.0, 1.0)); };
    return QColor::fromRgbF(channel(ambient.redF(), diffuse.redF()), channel(ambient.greenF(), diffuse.greenF()),
                            channel(ambient.blueF(), diffuse.blueF()));
}

FloorMaterial::FloorMaterial(const QColor& color, double ambient_fraction, const Vec3& normal, Qt3DCore::QNode* parent)
    : color_(color), ambient_fraction_(ambient_fraction), normal_(normal.normalized()) {
    auto* material = new Qt3DExtras::QTextureMaterial(parent);
    auto* texture = new Qt3DRender::QTexture2D(material);
    pixel_ = new Pixel(texture);
    texture->addTextureImage(pixel_);
    material->setTexture(texture);
    material_ = material;
}

void FloorMaterial::set_lights(const std::vector<DirectionalLight>& lights) {
    const QColor ambient =
        QColor::fromRgbF(float(color_.redF() * ambient_fraction_), float(color_.greenF() * ambient_fraction_),
                         float(color_.blueF() * ambient_fraction_));
    pixel_->set_color(phong_color(ambient, color_, normal_, lights));
}

Qt3DRender::QMaterial* FloorMaterial::material() const { return material_; }

}  // namespace hfd
