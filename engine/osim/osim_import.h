#pragma once
// OpenSim (.osim, version 4; version 3 where cheap) -> .hfd conversion.
#include "format/prop_node.h"

#include <string>
#include <vector>

namespace hfd {

// What is converted and how: see osim_import.cpp. Every approximation and
// every item left out is listed in OsimImportResult::report.
struct OsimImportOptions {
    double joint_stiffness = 1e6;        // not in .osim: default joint constraint stiffness [N/m]
    double joint_limit_stiffness = 500;  // for coordinates with a range but no CoordinateLimitForce [N m/rad]
    // Limits of a free rotational axis without a CoordinateLimitForce: the
    // coordinate's range (true), or +-free_axis_limit degrees (false; the
    // corpus H0918.hfd was written that way with 120).
    bool limits_from_coordinate_range = true;
    double free_axis_limit = 120;  // [deg]
    // CoordinateLimitForce damping d [N m s/deg] becomes the pnld limit damping
    // kw = d / (k * theta_ref), equal to OpenSim's damping torque at
    // theta_ref past the limit (2 degrees reproduces the corpus H0918.hfd).
    double limit_damping_angle = 2;  // theta_ref [deg]
    // Two moving bodies held rigidly together merge into one when the lighter
    // has less than this fraction of the model's mass (or none); 0 merges only
    // massless ones. See osim_simplify.cpp.
    double merge_rigid_mass_fraction = 0.01;
    // A moving body without mass gets this fraction of the model's mass.
    double nominal_mass_fraction = 0.01;
};

struct OsimImportResult {
    bool ok = false;
    PropNode root;                   // holds `model { ... }`
    std::string text;                // root written as .hfd text
    std::vector<Diagnostic> report;  // one line per approximation / skipped item; errors when !ok
};

OsimImportResult import_osim_file(const std::string& path, const OsimImportOptions& options = {});
OsimImportResult import_osim_text(const std::string& xml, const std::string& file_name,
                                  const OsimImportOptions& options = {});

}  // namespace hfd
