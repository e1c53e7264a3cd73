#pragma once
// Ground and foot contacts for a model that has none (a converted OpenSim gait
// model): a ground plane on the static root body, a heel and a toe sphere on
// each named foot body, and the model's vertical root dof default raised or
// lowered so that the lowest sphere touches the ground in the default pose.
#include "format/diagnostic.h"
#include "format/prop_node.h"

#include <string>
#include <vector>

namespace hfd {

struct FootContactOptions {
    std::vector<std::string> feet;    // body names, e.g. calcn_r, calcn_l
    double radius = 0.03;             // m, as the corpus H0918.hfd
    double heel = -0.08, toe = 0.08;  // m along the walking direction (x) from the foot's mass centre
    double below = -0.02;             // m below it (y), in the default pose
    double stiffness = 5975.21;       // contact material, as the corpus H0918.hfd
    double friction = 0.9;
    // A sphere of this radius at the mass centre of every other moving body, so
    // that a model that falls lands on the ground rather than passing through it
    // (0: none).
    double landing_radius = 0;
};

// Adds the contacts to the model of `root` (a parsed .hfd file); errors (an
// unknown foot, no vertical root dof, a model that does not build) leave root
// unchanged.
std::vector<Diagnostic> add_foot_contacts(PropNode& root, const std::string& file, const FootContactOptions& options);

}  // namespace hfd
