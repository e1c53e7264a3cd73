// The floor's unlit colour is Qt3D's Phong shading of a flat plane without
// specular: (ambient + sum of intensity * max(0, n . -d)) * diffuse per channel,
// clamped to 1; lights from behind the plane add nothing.
#include "floor_material.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {
bool near(double a, double b) { return std::abs(a - b) < 1.0 / 255; }
}  // namespace

class TestFloorMaterial : public QObject {
    Q_OBJECT
private slots:
    void ambientOnlyWithoutLights() {
        const QColor diffuse = QColor::fromRgbF(0.5f, 0.4f, 0.2f), ambient = QColor::fromRgbF(0.2f, 0.2f, 0.2f);
        const QColor c = phong_color(ambient, diffuse, Vec3::UnitY(), {});
        QVERIFY(near(c.redF(), 0.2 * 0.5) && near(c.greenF(), 0.2 * 0.4) && near(c.blueF(), 0.2 * 0.2));
    }

    void lambertCosineOfEachLightAdds() {
        const QColor diffuse = QColor::fromRgbF(0.5f, 0.5f, 0.5f), ambient = QColor::fromRgbF(0.1f, 0.1f, 0.1f);
        // straight down (cos 1, intensity 0.6) and 60 degrees from the normal (cos 0.5, intensity 0.4)
        const std::vector<DirectionalLight> lights = {{Vec3(0, -1, 0), 0.6},
                                                      {Vec3(std::sin(M_PI / 3), -std::cos(M_PI / 3), 0) * 3.0, 0.4}};
        const QColor c = phong_color(ambient, diffuse, Vec3::UnitY(), lights);
        QVERIFY2(near(c.redF(), (0.1 + 0.6 + 0.4 * 0.5) * 0.5), qPrintable(QString::number(c.redF())));
    }

    void lightsFromBelowAddNothingAndBrightLightsClamp() {
        const QColor diffuse = QColor::fromRgbF(0.8f, 0.8f, 0.8f), ambient = QColor::fromRgbF(0.1f, 0.1f, 0.1f);
        const QColor below = phong_color(ambient, diffuse, Vec3::UnitY(), {{Vec3(0, 1, 0), 5.0}});
        QVERIFY(near(below.redF(), 0.1 * 0.8));
        const QColor bright = phong_color(ambient, diffuse, Vec3::UnitY(), {{Vec3(0, -1, 0), 5.0}});
        QCOMPARE(bright.redF(), 1.0f);
    }
};

QTEST_MAIN(TestFloorMaterial)
#include "test_floor_material.moc"
