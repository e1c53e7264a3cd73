#pragma once
// The measure types create_measure knows, one file each.
#include "measures/measure.h"

namespace hfd {

// Each reads its properties (with read_measure_properties) from `reader`, whose node
// is the measure's; nullptr after a located error.
std::unique_ptr<Measure> create_gait_measure(PropertyReader& reader, MeasureContext& context);
std::unique_ptr<Measure> create_effort_measure(PropertyReader& reader, MeasureContext& context);
std::unique_ptr<Measure> create_dof_measure(PropertyReader& reader, MeasureContext& context);
std::unique_ptr<Measure> create_reaction_force_measure(PropertyReader& reader, MeasureContext& context);
std::unique_ptr<Measure> create_jump_measure(PropertyReader& reader, MeasureContext& context);
std::unique_ptr<Measure> create_balance_measure(PropertyReader& reader, MeasureContext& context);
std::unique_ptr<Measure> create_composite_measure(PropertyReader& reader, MeasureContext& context);
std::unique_ptr<Measure> create_script_measure(PropertyReader& reader, MeasureContext& context);

// The name of a dof or body as SCONE finds it for a side: the name itself when the
// model has it, else name + "_" + side (side 0: the name itself). -1 when absent.
Index find_sided_dof(const Model& model, const std::string& name, char side);
Index find_sided_body(const Model& model, const std::string& name, char side);

}  // namespace hfd
