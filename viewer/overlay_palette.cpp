#include "overlay_palette.h"

#include "muscle_mesh.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <cmath>

namespace hfd {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("OverlayLegend", text); }

// Stops of the displacement ramp, sampled from viridis (van der Walt and Smith,
// matplotlib 2015): monotonic in lightness, readable in grey and with the
// common colour-vision deficiencies.
constexpr std::array<std::array<int, 3>, 5> ramp_stops{
    {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};

QString millimetres(double value) { return QStringLiteral("%1 mm").arg(value, 0, 'g', 3); }

}  // namespace

QColor overlay_color(Overlay overlay) {
    switch (overlay) {
        case Overlay::Muscles: return activation_color(1);
        case Overlay::ContactForces: return QColor(230, 159, 0);     // orange
        case Overlay::GroundReactions: return QColor(0, 158, 115);   // bluish green
        case Overlay::ContactPoints: return QColor(0, 114, 178);     // blue
        case Overlay::ModelCenterOfMass: return QColor(25, 25, 25);  // black
        case Overlay::JointDisplacement: return displacement_color(1);
        case Overlay::PushForce: return QColor(204, 121, 167);         // reddish purple
        case Overlay::BodyCentersOfMass: return QColor(86, 180, 233);  // sky blue
        case Overlay::BodyFrames: return body_frame_axis_color(0);
    }
    return Qt::gray;
}

QColor body_frame_axis_color(int axis) {
    switch (axis) {
        case 0: return QColor(220, 40, 40);
        case 1: return QColor(40, 180, 40);
        default: return QColor(40, 80, 230);
    }
}

QColor displacement_color(double fraction) {
    const double t = std::isfinite(fraction) ? std::clamp(fraction, 0.0, 1.0) : 0.0;
    const double at = t * double(ramp_stops.size() - 1);
    const std::size_t below = std::min(std::size_t(at), ramp_stops.size() - 2);
    const double w = at - double(below);
    auto channel = [&](int c) {
        return int(std::lround((1 - w) * ramp_stops[below][c] + w * ramp_stops[below + 1][c]));
    };
    return QColor(channel(0), channel(1), channel(2));
}

double displacement_scale_mm(double largest_mm) {
    const double floor_mm = 0.1;
    if (!std::isfinite(largest_mm) || largest_mm <= floor_mm) return floor_mm;
    const double decade = std::pow(10.0, std::floor(std::log10(largest_mm)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (step * decade >= largest_mm * (1 - 1e-12)) return step * decade;
    return 10 * decade;
}

std::vector<LegendEntry> legend_entries(const LegendInput& input) {
    std::vector<LegendEntry> entries;
    const OverlayOptions& o = input.options;
    auto add = [&](Overlay overlay, const QString& label) {
        entries.push_back({overlay, label, overlay_color(overlay)});
    };
    if (o.muscles) {
        LegendEntry muscles{Overlay::Muscles,    tr("muscle activation"), activation_color(1), true,
                            activation_color(0), activation_color(0.5),   QStringLiteral("0"), QStringLiteral("1")};
        entries.push_back(muscles);
    }
    if (o.contact_forces) add(Overlay::ContactForces, tr("contact force"));
    if (o.ground_reactions) add(Overlay::GroundReactions, tr("ground reaction (per body)"));
    if (o.contact_points) add(Overlay::ContactPoints, tr("contact point"));
    if (o.model_center_of_mass) add(Overlay::ModelCenterOfMass, tr("centre of mass"));
    if (o.joint_displacement) {
        const QString label = input.exaggeration == 1
                                  ? tr("joint displacement")
                                  : tr("joint displacement (line \u00d7%1)").arg(input.exaggeration, 0, 'g', 4);
        entries.push_back({Overlay::JointDisplacement, label, displacement_color(1), true, displacement_color(0),
                           displacement_color(0.5), millimetres(0), millimetres(input.displacement_scale_mm)});
    }
    if (input.pushing) add(Overlay::PushForce, tr("push (Ctrl+drag)"));
    if (input.body_centers_of_mass) add(Overlay::BodyCentersOfMass, tr("body centre of mass"));
    if (input.body_frames) add(Overlay::BodyFrames, tr("body frame x (y green, z blue)"));
    return entries;
}

}  // namespace hfd
