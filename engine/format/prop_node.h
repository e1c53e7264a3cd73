#pragma once
// Property tree of a .hfd / .zml file. Every node keeps where it was written,
// so that model building can report file:line:col and the editor can select
// and rewrite exactly the text of one value.
//
// Syntax (Hyfydy manual, "File Format"):
//   key = value            scalar (number, string, range a..b, "quoted string")
//   key { ... }            group of children        (key = { ... } also accepted)
//   key [ ... ]            array of values or groups (key = [ ... ] also accepted)
//   # line comment, /* block comment */
//   $name = value          variable definition; later `$name` is replaced by its value
#include "format/diagnostic.h"

#include <Eigen/Geometry>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

class PropNode {
public:
    enum class Kind { Value, Group, Array };

    std::string key;    // empty for array elements
    std::string value;  // Value: the text with quotes removed and $variables resolved
    Kind kind = Kind::Value;
    bool quoted = false;    // Value was written in quotes
    std::string raw_value;  // Value as written when it was a $reference ("$stiffness"), else empty
    std::vector<PropNode> children;

    // Where the node was written. begin/value_begin/end are byte offsets into the text.
    int line = 0, column = 0;                    // of the key (or of the value for array elements)
    int value_line = 0, value_column = 0;        // of the value / opening bracket
    int begin = -1, value_begin = -1, end = -1;  // end = one past the last character of the node
    // The file the node was read from when a reader spliced it in from another file
    // (a scenario's << include >>); null: the file of the whole tree. The reader owns the name.
    const std::string* source_file = nullptr;

    bool is_value() const { return kind == Kind::Value; }
    bool is_group() const { return kind == Kind::Group; }
    bool is_array() const { return kind == Kind::Array; }
    bool is_variable_definition() const { return !key.empty() && key[0] == '$'; }

    // First child with this key, or nullptr.
    const PropNode* find(std::string_view child_key) const;
    PropNode* find(std::string_view child_key);
    // Appends a child and returns it.
    PropNode& add(std::string child_key, std::string child_value = {});
    PropNode& add_group(std::string child_key);

    // Structural equality: keys, values, kinds and children; locations ignored.
    bool same_content(const PropNode& other) const;
};

// Converting a node to a typed value. Each returns nullopt and explains why in
// `error` when the node does not hold that type.
struct ValueError {
    std::string message;
};

std::optional<double> to_number(const PropNode& node, std::string* error = nullptr);
// 0/1 (also true/false).
std::optional<bool> to_bool(const PropNode& node, std::string* error = nullptr);
// [x y z] or { x = .. y = .. z = .. } with missing components 0.
std::optional<Eigen::Vector3d> to_vec3(const PropNode& node, std::string* error = nullptr);
// x-y-z Euler angles in degrees ([x y z] or {x y z}, intrinsic x then y then z:
// q = qx * qy * qz), or { w x y z } components (normalized).
std::optional<Eigen::Quaterniond> to_quat_degrees(const PropNode& node, std::string* error = nullptr);
// a..b
std::optional<std::pair<double, double>> to_range(const PropNode& node, std::string* error = nullptr);
// { x = a..b y = .. z = .. } or [ a..b c..d e..f ]; missing components 0..0.
std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>> to_range3(const PropNode& node,
                                                                     std::string* error = nullptr);

// Where the node's key was written (its value for array elements).
SourceLocation location_of(const PropNode& node, const std::string& file);
// Where the node's value (or opening bracket) was written; for messages about a bad value.
SourceLocation value_location_of(const PropNode& node, const std::string& file);

}  // namespace hfd
