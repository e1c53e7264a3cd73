// CompositeMeasure: the sum of its children's weighted results (SCONE's).
//   result = sum_i weighted_i(result_i)
// or, with use_first_non_zero_result = 1, the first child's weighted result that is
// not 0 (tiered objectives).
// Children: every child whose key ends in "Measure" (also Measure { type = .. }) and
// those in a Measures { ... } block. With symmetric = 1 (or dual_sided = 1) each child
// is created twice, for the left then the right side: unsided dof and body names get
// the side's suffix when the model has no unsided one.
// minimize defaults to the first child's. The run ends when any child ends it.
#include "measures/measure_types.h"

#include <span>

namespace hfd {

namespace {

class CompositeMeasure final : public Measure {
public:
    std::vector<std::unique_ptr<Measure>> children;
    bool use_first_non_zero_result = false;

    void report(const Plant& plant, int depth, std::vector<MeasureTerm>& out) override {
        Measure::report(plant, depth, out);
        for (const auto& child : children) child->report(plant, depth + 1, out);
    }

    void channels(const Plant& plant, std::vector<ControlChannel>& out) override {
        for (const auto& child : children) child->channels(plant, out);
    }

    void take_diagnostics(std::vector<Diagnostic>& out) override {
        for (const auto& child : children) child->take_diagnostics(out);
    }

protected:
    bool update_measure(const Plant& plant) override {
        bool end = false;
        for (const auto& child : children) {
            if (!child->update(plant)) continue;
            if (!end) termination_reason = child->termination_reason;
            end = true;
        }
        return end;
    }

    double compute_result(const Plant& plant) override {
        double total = 0;
        for (const auto& child : children) {
            const double weighted = child->weighted_result(child->result(plant));
            if (!use_first_non_zero_result) total += weighted;
            else if (total == 0) total = weighted;
        }
        return total;
    }

    void reset_measure() override {
        for (const auto& child : children) child->reset();
    }
};

void add_children(const PropNode& parent, bool symmetric, MeasureContext& context, CompositeMeasure& composite,
                  bool& ok) {
    for (const PropNode& child : parent.children) {
        if (child.key != "Measure" && !is_measure_key(child.key)) continue;
        static constexpr char both_sides[] = {'l', 'r'};
        const char own_side[] = {context.side};
        for (const char side : symmetric ? std::span<const char>(both_sides) : std::span<const char>(own_side)) {
            MeasureContext child_context{context.creation, context.plant, side};
            std::unique_ptr<Measure> measure = create_measure(child, child_context);
            if (!measure) ok = false;
            else composite.children.push_back(std::move(measure));
        }
    }
}

}  // namespace

std::unique_ptr<Measure> create_composite_measure(PropertyReader& reader, MeasureContext& context) {
    auto composite = std::make_unique<CompositeMeasure>();
    const bool minimize_given = reader.has("minimize");
    read_measure_properties(reader, *composite);
    if (reader.has("symmetric") && reader.has("dual_sided"))
        reader.context().error(*reader.node().find("dual_sided"), "'symmetric' and 'dual_sided' both given");
    const bool symmetric = reader.flag("dual_sided", reader.flag("symmetric", false));
    composite->use_first_non_zero_result = reader.flag("use_first_non_zero_result", false);
    bool ok = true;
    const PropNode& node = reader.node();
    for (size_t i = 0; i < node.children.size(); ++i)
        if (node.children[i].key == "Measure" || is_measure_key(node.children[i].key))
            reader.accept(node.children[i].key);
    add_children(node, symmetric, context, *composite, ok);
    if (const PropNode* block = reader.child("Measures")) {
        if (!block->is_group()) context.creation.error(*block, "expected Measures { ... }");
        else {
            PropertyReader block_reader(*block, context.creation, "Measures");
            for (const PropNode& child : block->children)
                if (child.key == "Measure" || is_measure_key(child.key)) block_reader.accept(child.key);
            add_children(*block, symmetric, context, *composite, ok);
        }
    }
    if (!minimize_given)
        composite->minimize = composite->children.empty() ? true : composite->children.front()->minimize;
    if (!ok) return nullptr;
    return composite;
}

}  // namespace hfd
