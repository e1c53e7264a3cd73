#pragma once
// A measure scores a run (SCONE's Measure). It is updated after every control step
// and may end the run (a fall); at the end it gives a result, which the scenario's
// objective minimizes.
//
// Common properties (SCONE's names and defaults):
//   name, weight = 1, threshold (optional), soft_threshold (optional),
//   threshold_transition = 0, result_offset = 0, minimize = 1 (JumpMeasure: 0),
//   scale_weight_by_relative_duration = 0, start_time = 0, stop_time = 0 (none),
//   disabled = 0; signature, signature_prefix, signature_postfix (SCONE's output
//   folder names: accepted, unused); Parameters { name = ~mean<min,max> ... } (extra
//   optimizable parameters).
// Active at time t when start_time <= t and (stop_time = 0 or t < stop_time).
// weighted result (minimize with a threshold T, transition w, m = result + offset):
//   m < T -> 0;  T <= m < T + w -> m (m - T) / w;  else m;
//   times the relative duration (when scale_weight_by_relative_duration), times weight.
// soft_threshold S is offset = -S with T = 0: max(0, result - S).
#include "control/controller.h"
#include "control/plant.h"
#include "control/properties.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hfd {

// One line of a measure report: a measure (composite measures list their parts,
// indented by depth) with its raw and weighted result.
struct MeasureTerm {
    std::string name;
    int depth = 0;
    double result = 0;    // raw, as the measure computes it
    double weighted = 0;  // after offset, threshold and weight
    // What SCONE's report adds for the measure (step_velocity, distance, jump_height, ...)
    std::vector<std::pair<std::string, double>> values;
};

class Measure {
public:
    virtual ~Measure() = default;

    std::string name;
    double weight = 1;
    std::optional<double> threshold;
    double threshold_transition = 0, result_offset = 0;
    bool minimize = true;
    bool scale_weight_by_relative_duration = false;
    bool disabled = false;
    double start_time = 0, stop_time = 0;  // stop_time 0: to the end

    bool is_active(double time) const {
        return !disabled && time >= start_time && (stop_time == 0 || time < stop_time);
    }
    // After every control step; does nothing outside [start_time, stop_time). Returns
    // true when the run must end (e.g. the model fell); termination_reason says why.
    bool update(const Plant& plant) { return is_active(plant.time()) && update_measure(plant); }
    // The raw result at the end of the run (plant holds the final state). Computed
    // once per run: later calls return the same value.
    double result(const Plant& plant);
    // Back to the state at the start of a run.
    void reset() {
        result_.reset();
        termination_reason.clear();
        reset_measure();
    }
    // The result after offset, threshold, relative duration and weight.
    double weighted_result(double raw) const;
    // This measure's term(s): composite measures append their parts after themselves.
    virtual void report(const Plant& plant, int depth, std::vector<MeasureTerm>& out);
    // Why the run ended early, when update() returned true.
    std::string termination_reason;
    // The values it records per control step (a ScriptMeasure's store_data), appended.
    virtual void channels(const Plant& plant, std::vector<ControlChannel>& out) {}
    // Moves the diagnostics of the run so far to out (a script's messages; an error
    // there, a script's runtime error, fails the evaluation).
    virtual void take_diagnostics(std::vector<Diagnostic>& out) {}

protected:
    virtual bool update_measure(const Plant& plant) = 0;
    virtual double compute_result(const Plant& plant) = 0;
    virtual void reset_measure() {}
    // The report's extra values of the last computed result.
    virtual void report_values(std::vector<std::pair<std::string, double>>& out) const {}

private:
    std::optional<double> result_;
    double relative_duration_ = 1;
};

// Reads the common properties above. Fields already set are the defaults (a measure
// whose minimize defaults to 0 sets it first); name defaults to the reader's type.
void read_measure_properties(PropertyReader& reader, Measure& measure);

struct MeasureContext {
    CreationContext& creation;
    const Plant& plant;  // the model in its initial state
    // Inside a CompositeMeasure with symmetric = 1: the side ('r' / 'l') whose dofs
    // and bodies unsided names refer to; 0 for none.
    char side = 0;
};

// Creates the measure named by node.key (GaitMeasure, ..., or Measure { type = .. });
// nullptr after a located error.
std::unique_ptr<Measure> create_measure(const PropNode& node, MeasureContext& context);

// Whether a child key of a composite names a measure (ends with "Measure").
bool is_measure_key(const std::string& key);

}  // namespace hfd
