#pragma once
#include "format/prop_node.h"

#include <string>

namespace hfd {

// Writes a tree as .hfd text (tab-indented, groups on their own lines, short
// groups of plain values on one line). parse_text(write_text(tree)) has the
// same content as tree. Values are quoted when they need it.
std::string write_text(const PropNode& root);

// Writes text to path atomically: a temporary file in the same directory is
// written, flushed and renamed over path. Returns false and sets error on failure.
bool write_file_atomic(const std::string& path, const std::string& text, std::string* error = nullptr);

}  // namespace hfd
