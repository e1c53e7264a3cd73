#pragma once
// Reading a whole file, for every reader (the .hfd parser, state and excitation
// files, OpenSim import, sweep files, trajectories): one place decides what
// "cannot open" means.
#include <optional>
#include <string>

namespace hfd {

// The whole content of a file, read as bytes; nullopt when it cannot be opened
// or read, or is a directory.
std::optional<std::string> read_text_file(const std::string& path);

}  // namespace hfd
