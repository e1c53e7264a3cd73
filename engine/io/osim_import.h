#pragma once
// OpenSim (.osim, version 4; version 3 where cheap) -> .hfd conversion.
#include "format/prop_node.h"

#include <string>
#include <vector>

namespace hfd {

struct OsimImportOptions {
    double joint_stiffness = 1e6;          // not in .osim: default joint constraint stiffness [N/m]
    double joint_limit_stiffness = 500;    // for coordinates with a range but no CoordinateLimitForce [N m/rad]
};

struct OsimImportResult {
    bool ok = false;
    PropNode root;                         // holds `model { ... }`
    std::string text;                      // root written as .hfd text
    std::vector<Diagnostic> report;        // one line per approximation / skipped item; errors when !ok
};

OsimImportResult import_osim_file(const std::string& path, const OsimImportOptions& options = {});
OsimImportResult import_osim_text(const std::string& xml, const std::string& file_name,
                                  const OsimImportOptions& options = {});

}  // namespace hfd
