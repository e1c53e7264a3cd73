#pragma once
// A measure scores a run (SCONE's Measure). It is updated after every control step
// and may end the run (a fall); at the end it gives a result, which the scenario's
// objective minimizes.
//
// Common properties (SCONE's names and defaults):
//   name, weight = 1, threshold (optional), threshold_transition = 0,
//   result_offset = 0, minimize = 1, start_time = 0, stop_time = 0 (none)
// weighted result (minimize with a threshold T, transition w, m = result + offset):
//   m < T -> 0;  T <= m < T + w -> m (m - T) / w;  else m;  times weight
#include "control/plant.h"
#include "control/properties.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hfd {

// One line of a measure report: a measure (composite measures list their parts,
// indented by depth) with its raw and weighted result.
struct MeasureTerm {
    std::string name;
    int depth = 0;
    double result = 0;    // raw, as the measure computes it
    double weighted = 0;  // after offset, threshold and weight
};

class Measure {
public:
    virtual ~Measure() = default;

    std::string name;
    double weight = 1;
    std::optional<double> threshold;
    double threshold_transition = 0, result_offset = 0;
    bool minimize = true;
    double start_time = 0, stop_time = 0;  // stop_time 0: to the end

    // After every control step from start_time (to stop_time). Returns true when
    // the run must end (e.g. the model fell).
    virtual bool update(const Plant& plant) = 0;
    // The raw result at the end of the run (plant holds the final state).
    virtual double result(const Plant& plant) = 0;
    // Back to the state at the start of a run.
    virtual void reset() {}
    // The result after offset, threshold and weight.
    double weighted_result(double raw) const;
    // This measure's term(s): composite measures append their parts after themselves.
    virtual void report(const Plant& plant, int depth, std::vector<MeasureTerm>& out);
    // Why the run ended early, when update() returned true.
    std::string termination_reason;
};

// Reads the common properties above (name defaults to the type, e.g. "GaitMeasure").
void read_measure_properties(PropertyReader& reader, Measure& measure);

struct MeasureContext {
    CreationContext& creation;
    const Plant& plant;  // the model in its initial state
};

// Creates the measure named by node.key; nullptr after a located error.
std::unique_ptr<Measure> create_measure(const PropNode& node, MeasureContext& context);

}  // namespace hfd
