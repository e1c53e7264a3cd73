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
};

}  // namespace hfd
