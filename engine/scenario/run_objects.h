#pragma once
// What one scenario evaluation runs (internal to engine/scenario).
#include "scenario/model_hyfydy.h"
#include "scenario/scenario.h"

namespace hfd {

struct Scenario::RunObjects {
    std::unique_ptr<Simulation> simulation;
    Plant plant;
    DelayedSensors sensors;
    std::unique_ptr<Controller> controller;
    std::unique_ptr<Measure> measure;
    ModelHyfydyOptions options;
    // The sensors' t = 0 frame was taken while the activations were initialized from the
    // controller (muscles equilibrated at initial_equilibration_activation): SCONE stores
    // that frame and does not sample again before the first step, so reflexes read it
    // until their delay has passed.
    bool start_frame_recorded = false;
};

// Drops the diagnostics from index `from` on that repeat an earlier one (same message
// and place): a scenario's objects are read more than once (both legs, the dry run).
void deduplicate(std::vector<Diagnostic>& diagnostics, size_t from);

}  // namespace hfd
