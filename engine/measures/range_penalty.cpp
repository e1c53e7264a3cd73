#include "measures/range_penalty.h"

namespace hfd {

double RangePenalty::result() const {
    switch (mode) {
        case Mode::Average: return penalty.average();
        case Mode::Lowest: return penalty.lowest();
        case Mode::Highest: return penalty.highest();
        case Mode::Sum: return penalty.total();
    }
    return 0;
}

namespace {

double either(PropertyReader& reader, std::string_view key, std::string_view older_key) {
    if (reader.has(key)) {
        if (reader.has(older_key))
            reader.context().error(*reader.node().find(older_key),
                                   "'" + std::string(older_key) + "' and '" + std::string(key) + "' both given");
        reader.accept(older_key);
        return reader.number(key, 0);
    }
    return reader.number(older_key, 0);
}

}  // namespace

RangePenalty read_range_penalty(PropertyReader& reader) {
    RangePenalty range;
    range.min = reader.number("min", range.min);
    range.max = reader.number("max", range.max);
    range.abs_penalty = either(reader, "abs_penalty", "abs_range_penalty");
    range.squared_penalty = either(reader, "squared_penalty", "squared_range_penalty");
    if (const PropNode* mode = reader.child("mode")) {
        const std::string& text = mode->value;
        if (text == "average") range.mode = RangePenalty::Mode::Average;
        else if (text == "lowest") range.mode = RangePenalty::Mode::Lowest;
        else if (text == "highest") range.mode = RangePenalty::Mode::Highest;
        else if (text == "sum") range.mode = RangePenalty::Mode::Sum;
        else
            reader.context().diagnostics->push_back(
                {Severity::Error, value_location_of(*mode, reader.context().file),
                 "unknown mode '" + text + "' of " + reader.type() + " (average, lowest, highest or sum)"});
    }
    if (range.min > range.max) reader.context().error(reader.node(), reader.type() + " has min > max");
    return range;
}

RangePenalty read_range_penalty(PropertyReader& reader, std::string_view key) {
    const PropNode* node = reader.child(key);
    if (!node) return {};
    if (!node->is_group()) {
        reader.context().error(*node, "expected { min = .. max = .. abs_penalty = .. } for '" + std::string(key) +
                                          "' of " + reader.type());
        return {};
    }
    PropertyReader range_reader(*node, reader.context(), "'" + std::string(key) + "' of " + reader.type());
    return read_range_penalty(range_reader);
}

}  // namespace hfd
