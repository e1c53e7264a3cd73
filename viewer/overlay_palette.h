#pragma once
// The one place the overlay colours are chosen: the 3D view draws with them and
// the legend shows them. Okabe-Ito colours (distinguishable with the common
// colour-vision deficiencies), one per overlay, none shared; the joint
// displacement is coloured by magnitude on a viridis-like ramp.
#include "model_viewer.h"

#include <QColor>
#include <QString>
#include <vector>

namespace hfd {

enum class Overlay {
    Muscles,  // a ramp: activation_color (muscle_mesh.h)
    ContactForces,
    GroundReactions,
    ContactPoints,
    ModelCenterOfMass,
    JointDisplacement,  // a ramp: displacement_color
    PushForce,
    BodyCentersOfMass,
    BodyFrames,  // three colours: x, y, z
};

QColor overlay_color(Overlay overlay);   // for a ramp, its top colour
QColor body_frame_axis_color(int axis);  // 0 x, 1 y, 2 z

// The joint displacement colour at `fraction` of the scale (clamped to [0, 1]):
// dark blue through teal to yellow, lighter with magnitude.
QColor displacement_color(double fraction);
// The top of the displacement colour scale for a largest displacement of
// `largest_mm`: the next of 0.1, 0.2, 0.5, 1, 2, 5, ... mm at or above it
// (at least 0.1 mm), so the scale changes only in those steps.
double displacement_scale_mm(double largest_mm);

// One line of the view's legend: a swatch (or a ramp from `color_low` through
// `color_mid` to `color`, with its ends labelled `low_text` and `high_text`) and a label.
struct LegendEntry {
    Overlay overlay;
    QString label;
    QColor color;
    bool ramp = false;
    QColor color_low, color_mid;
    QString low_text, high_text;
    bool operator==(const LegendEntry&) const = default;
};

// What the view shows that needs a key: one entry per visible overlay, in the
// Show menu's order. `displacement_scale_mm` and `exaggeration` label the joint scale.
struct LegendInput {
    OverlayOptions options;
    bool body_frames = false, body_centers_of_mass = false, pushing = false;
    double displacement_scale_mm = 1, exaggeration = 1;
};
std::vector<LegendEntry> legend_entries(const LegendInput& input);

}  // namespace hfd
