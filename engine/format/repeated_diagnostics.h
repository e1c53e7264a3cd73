#pragma once
// Many diagnostics of one kind (a generated model with a misspelt key in each of
// a million components) would bury the rest and print hundreds of megabytes: a
// few of each kind are enough to act on, and a count says how many more there are.
#include "format/diagnostic.h"

#include <string>
#include <vector>

namespace hfd {

// The kind of a diagnostic: its severity and message with every quoted part
// ('name', "text") left out, so "unknown property 'a' in body 'b'" and
// "unknown property 'c' in body 'd'" are one kind.
std::string diagnostic_kind(const Diagnostic& diagnostic);

// The first `shown_per_kind` diagnostics of each kind, in their order, then for
// each kind with more a note "... and N more like: <the first one's message>".
std::vector<Diagnostic> cap_repeated_diagnostics(const std::vector<Diagnostic>& diagnostics,
                                                 size_t shown_per_kind = 10);

}  // namespace hfd
