#include "forces/force_component.h"

namespace hfd {

bool read_force_properties(const PropNode& props, ForceContext& context, PropertyValues& out) {
    return read_properties(props, context.properties, context.file, context.diagnostics, out);
}

}  // namespace hfd
