#pragma once
// Names matched by SCONE's include / exclude patterns: ';'-separated alternatives,
// each with '*' (any run of characters, also none) and '?' (one character);
// "*" matches every name, the empty pattern none.
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

class NamePattern {
public:
    explicit NamePattern(std::string_view text);
    bool matches(std::string_view name) const;
    bool empty() const { return alternatives_.empty(); }

private:
    std::vector<std::string> alternatives_;
};

}  // namespace hfd
