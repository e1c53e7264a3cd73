#include "sim/config_choices.h"

#include "format/writer.h"
#include "sim/components.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <utility>

namespace hfd {

namespace {

// The family of a component name, from the component table.
template <ComponentFamily family>
bool is_family(const std::string& key) {
    const ComponentInfo* component = find_component(key);
    return component && component->family == family;
}
constexpr auto is_joint_force = is_family<ComponentFamily::Joint>;
constexpr auto is_collision = is_family<ComponentFamily::Collision>;
constexpr auto is_contact = is_family<ComponentFamily::Contact>;
constexpr auto is_activation = is_family<ComponentFamily::Activation>;
constexpr auto is_muscle = is_family<ComponentFamily::Muscle>;
constexpr auto is_motor = is_family<ComponentFamily::Actuator>;
bool is_integrator(const std::string& key) {
    const ComponentInfo* component = find_component(key);
    return component && component->is_integrator();
}

const char* between_objects_key = "enable_collision_between_objects";

// The one component of a family the dock switches on and off (collision detection, motors).
std::string first_of(ComponentFamily family) { return component_names(family).front(); }

// A property that integrators of `family` read and those of the other integrator
// family do not: accuracy, min_step, max_step of variable-step ones, step_size of fixed-step ones.
bool is_integrator_property_only_of(ComponentFamily family, const std::string& key) {
    bool in_family = false, elsewhere = false;
    for (const ComponentInfo& component : component_table()) {
        if (!component.is_integrator() || !find_property(component, key)) continue;
        (component.family == family ? in_family : elsewhere) = true;
    }
    return in_family && !elsewhere;
}

// Removes the integrator properties that only the other integrator family reads.
void remove_properties_of_other_family(PropNode& integrator, ComponentFamily family) {
    const ComponentFamily other = family == ComponentFamily::FixedStepIntegrator
                                      ? ComponentFamily::VariableStepIntegrator
                                      : ComponentFamily::FixedStepIntegrator;
    std::erase_if(integrator.children,
                  [&](const PropNode& child) { return is_integrator_property_only_of(other, child.key); });
}

// The default of an integrator property, from the first integrator of `family` that has it.
double integrator_default(ComponentFamily family, std::string_view key) {
    for (const ComponentInfo& component : component_table())
        if (component.family == family)
            if (const PropertySpec* spec = find_property(component, key)) return spec->default_value;
    return 0;
}

PropNode group(std::string key) {
    PropNode node;
    node.key = std::move(key);
    node.kind = PropNode::Kind::Group;
    return node;
}

void set_value(PropNode& parent, const std::string& key, const std::string& value) {
    PropNode* node = parent.find(key);
    if (!node) node = &parent.add(key);
    node->kind = PropNode::Kind::Value;
    node->value = value;
    node->raw_value.clear();
    node->quoted = false;
    node->children.clear();
}

void remove_child(PropNode& parent, std::string_view key) {
    std::erase_if(parent.children, [&](const PropNode& child) { return child.key == key; });
}

double number_or(const PropNode* node, double fallback) {
    if (!node) return fallback;
    const std::optional<double> value = to_number(*node);
    return value ? *value : fallback;
}

// 12 significant digits, as a person writes a setting: 0.001, 1e-05.
std::string number_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.12g", value);
    return text;
}

std::string block_text(const PropNode& node) {
    PropNode root = group({});
    root.children.push_back(node);
    std::string text = write_text(root);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

}  // namespace

std::vector<std::string> component_names(const std::function<bool(const ComponentInfo&)>& accept) {
    std::vector<std::string> names;
    for (const ComponentInfo& component : component_table())
        if (accept(component)) names.emplace_back(component.name);
    return names;
}

std::vector<std::string> component_names(ComponentFamily family) {
    return component_names([family](const ComponentInfo& component) { return component.family == family; });
}

bool is_error_controlled(const std::string& integrator_name) {
    return is_family<ComponentFamily::VariableStepIntegrator>(integrator_name);
}

ForceChoices choices_from_config(const SimConfig& config) {
    ForceChoices choices;
    for (const PropNode& component : config.composite_force.children) {
        const std::string& key = component.key;
        if (is_joint_force(key)) choices.joint_force = key;
        else if (is_collision(key)) {
            choices.collision_detection = true;
            choices.collision_between_objects = number_or(component.find(between_objects_key), 0) != 0;
        } else if (is_contact(key)) choices.contact_force = key;
        else if (is_muscle(key)) choices.muscle_force = key;
        else if (is_motor(key)) choices.motors = true;
    }
    choices.integrator = config.integrator.key;
    choices.accuracy = number_or(config.integrator.find("accuracy"),
                                 integrator_default(ComponentFamily::VariableStepIntegrator, "accuracy"));
    choices.step_size = number_or(config.integrator.find("step_size"),
                                  integrator_default(ComponentFamily::FixedStepIntegrator, "step_size"));
    return choices;
}

void apply_choices(const ForceChoices& choices, SimConfig& config) {
    std::vector<PropNode> old = std::move(config.composite_force.children);
    std::vector<PropNode>& out = config.composite_force.children;
    out.clear();
    auto take = [&](bool (*match)(const std::string&)) -> std::optional<PropNode> {
        for (auto it = old.begin(); it != old.end(); ++it)
            if (match(it->key)) {
                PropNode node = std::move(*it);
                old.erase(it);
                return node;
            }
        return std::nullopt;
    };
    auto place = [&](bool (*match)(const std::string&), const std::string& key, bool wanted) {
        std::optional<PropNode> node = take(match);
        if (!wanted) return static_cast<PropNode*>(nullptr);
        if (!node) node = group(key);
        if (node->key != key) node->key = key;
        out.push_back(std::move(*node));
        return &out.back();
    };
    place(is_joint_force, choices.joint_force, !choices.joint_force.empty());
    if (PropNode* collision = place(is_collision, first_of(ComponentFamily::Collision), choices.collision_detection)) {
        if (choices.collision_between_objects) set_value(*collision, between_objects_key, "1");
        else remove_child(*collision, between_objects_key);
    }
    place(is_contact, choices.contact_force, !choices.contact_force.empty());
    if (std::optional<PropNode> activation = take(is_activation)) out.push_back(std::move(*activation));
    place(is_muscle, choices.muscle_force, !choices.muscle_force.empty());
    place(is_motor, first_of(ComponentFamily::Actuator), choices.motors);
    for (PropNode& rest : old) out.push_back(std::move(rest));

    PropNode& integrator = config.integrator;
    integrator.kind = PropNode::Kind::Group;
    integrator.key = choices.integrator;
    if (is_error_controlled(choices.integrator)) {
        set_value(integrator, "accuracy", number_text(choices.accuracy));
        remove_properties_of_other_family(integrator, ComponentFamily::VariableStepIntegrator);
    } else {
        set_value(integrator, "step_size", number_text(choices.step_size));
        remove_properties_of_other_family(integrator, ComponentFamily::FixedStepIntegrator);
    }
    config.from_defaults = false;
}

std::vector<TextEdit> config_block_edits(const std::string& text, const PropNode& root, const SimConfig& config) {
    const PropNode *composite = nullptr, *integrator = nullptr;
    for (const PropNode& child : root.children) {
        if (!composite && child.key == "composite_force") composite = &child;
        if (!integrator && is_integrator(child.key)) integrator = &child;
    }
    std::vector<TextEdit> edits;
    std::string appended;
    for (auto [old_node, new_node] :
         {std::pair{composite, &config.composite_force}, std::pair{integrator, &config.integrator}}) {
        if (old_node && old_node->begin >= 0 && old_node->end >= old_node->begin)
            edits.push_back({old_node->begin, old_node->end, block_text(*new_node)});
        else appended += block_text(*new_node) + "\n";
    }
    if (!appended.empty()) {
        const bool newline = text.empty() || text.back() == '\n';
        edits.push_back({int(text.size()), int(text.size()), (newline ? "" : "\n") + appended});
    }
    std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) { return a.begin > b.begin; });
    return edits;
}

std::string apply_text_edits(std::string text, const std::vector<TextEdit>& edits) {
    for (const TextEdit& edit : edits) text.replace(edit.begin, edit.end - edit.begin, edit.replacement);
    return text;
}

}  // namespace hfd
