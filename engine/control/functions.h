#pragma once
// Functions of time for feed-forward control (SCONE's Function types), their
// constants optimizable parameters. See functions.cpp for each definition.
#include "control/properties.h"

#include <memory>
#include <string_view>

namespace hfd {

class ControlFunction {
public:
    virtual ~ControlFunction() = default;
    virtual double value(double time) const = 0;
};

// True for the keys create_function knows (PieceWiseConstant, Polynomial, ...).
bool is_function_type(std::string_view key);
// The function named by node.key; its parameters are named by the context's prefix
// and SCONE's names (Y0, DT0, C0, amplitude, ...). nullptr after a located error.
std::unique_ptr<ControlFunction> create_function(const PropNode& node, CreationContext& context);

}  // namespace hfd
