#pragma once
// The one pattern of every table of named types a scenario file can write
// (controllers, measures, reflexes, functions; force components and integrators
// have their richer rows in sim/components): a row per name, with the function
// that creates it, or, for a name SCONE knows and this engine does not build, the
// reason it is refused. Lookup and the message for a name in no row are written
// once, here.
#include "format/property_spec.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

template <typename Factory>
struct TypeRow {
    std::string_view name;
    Factory create = nullptr;        // nullptr: known, refused with `unsupported`
    std::string_view unsupported{};  // the whole message for such a row
};

// The row named `name`, or nullptr.
template <typename Factory, size_t N>
const TypeRow<Factory>* find_type(const TypeRow<Factory> (&table)[N], std::string_view name) {
    for (const TypeRow<Factory>& row : table)
        if (row.name == name) return &row;
    return nullptr;
}

// "unknown <what> '<name>' (known: A, B, ...)" with "; did you mean 'A'?" when a
// supported name is close (did_you_mean); the known list names supported rows only.
template <typename Factory, size_t N>
std::string unknown_type_message(const TypeRow<Factory> (&table)[N], std::string_view what, std::string_view name) {
    std::vector<std::string_view> known;
    std::string list;
    for (const TypeRow<Factory>& row : table) {
        if (!row.create) continue;
        list += (list.empty() ? "" : ", ") + std::string(row.name);
        known.push_back(row.name);
    }
    return "unknown " + std::string(what) + " '" + std::string(name) + "' (known: " + list + ")" +
           did_you_mean(name, known);
}

}  // namespace hfd
