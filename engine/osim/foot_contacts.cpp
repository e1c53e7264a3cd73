#include "osim/foot_contacts.h"

#include "model/build_model.h"
#include "state/kinematics.h"
#include "state/state.h"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace hfd {

namespace {

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

void add_vector(PropNode& parent, const std::string& key, const Vec3& v) {
    PropNode& group = parent.add_group(key);
    group.add("x", number(v.x()));
    group.add("y", number(v.y()));
    group.add("z", number(v.z()));
}

Index vertical_root_dof(const Model& model) {
    for (Index i = 0; i < Index(model.dofs.size()); ++i)
        if (model.dofs[i].kind == Dof::Kind::RootTranslation && model.dofs[i].axis == 1) return i;
    return no_index;
}

}  // namespace

std::vector<Diagnostic> add_foot_contacts(PropNode& root, const std::string& file, const FootContactOptions& options) {
    std::vector<Diagnostic> diagnostics;
    PropNode* model_node = root.find("model");
    BuildResult built = model_node ? build_model(root, file) : BuildResult{};
    if (!built.ok()) {
        diagnostics = built.diagnostics;
        diagnostics.push_back({Severity::Error, {file, 0, 0}, "the model does not build: no foot contacts added"});
        return diagnostics;
    }
    const Model& model = *built.model;
    const Index height = vertical_root_dof(model);
    if (height == no_index || model.bodies.empty() || !model.bodies[0].is_static()) {
        diagnostics.push_back({Severity::Error,
                               {file, 0, 0},
                               "foot contacts need a static ground body and a vertical root translation dof (*_ty)"});
        return diagnostics;
    }
    std::vector<Index> feet;
    for (const std::string& name : options.feet) {
        feet.push_back(model.find_body(name));
        if (feet.back() == no_index)
            diagnostics.push_back({Severity::Error, {file, 0, 0}, "foot contacts: no body named '" + name + "'"});
    }
    if (has_errors(diagnostics)) return diagnostics;

    State pose = initial_state(model);
    apply_dofs(model, default_dof_assignment(model), pose);
    // heel and toe in each foot's frame, and the lowest sphere bottom in the world
    double lowest = std::numeric_limits<double>::infinity();
    std::vector<Vec3> in_body;
    for (const Index foot : feet)
        for (const double forward : {options.heel, options.toe}) {
            const Vec3 offset(forward, options.below, 0);
            in_body.push_back(pose.ori[foot].conjugate() * offset);
            lowest = std::min(lowest, (pose.pos[foot] + offset).y() - options.radius);
        }

    PropNode& material = model_node->add_group("material");
    material.add("name", "foot_contact");
    material.add("static_friction", number(options.friction));
    material.add("dynamic_friction", number(options.friction));
    material.add("stiffness", number(options.stiffness));
    material.add("damping", "1");
    PropNode& plane = model_node->add_group("geometry");
    plane.add("name", "ground_plane");
    plane.add("type", "plane");
    plane.add("body", model.bodies[0].name);
    add_vector(plane, "normal", Vec3(0, 1, 0));
    plane.add("material", "foot_contact");
    for (size_t f = 0; f < feet.size(); ++f)
        for (int end = 0; end < 2; ++end) {
            PropNode& sphere = model_node->add_group("geometry");
            sphere.add("name", options.feet[f] + (end == 0 ? "_heel" : "_toe"));
            sphere.add("type", "sphere");
            sphere.add("radius", number(options.radius));
            sphere.add("body", options.feet[f]);
            add_vector(sphere, "pos", in_body[2 * f + end]);
            sphere.add("material", "foot_contact");
        }

    for (Index b = 0; b < Index(model.bodies.size()) && options.landing_radius > 0; ++b) {
        if (model.bodies[b].is_static() || std::find(feet.begin(), feet.end(), b) != feet.end()) continue;
        lowest = std::min(lowest, pose.pos[b].y() - options.landing_radius);
        PropNode& sphere = model_node->add_group("geometry");
        sphere.add("name", model.bodies[b].name + "_landing");
        sphere.add("type", "sphere");
        sphere.add("radius", number(options.landing_radius));
        sphere.add("body", model.bodies[b].name);
        sphere.add("material", "foot_contact");
    }

    // dof default (metres) lowered by the height of the lowest sphere bottom
    const Dof& dof = model.dofs[height];
    for (PropNode& node : model_node->children) {
        const PropNode* name = node.key == "dof" ? node.find("name") : nullptr;
        if (!name || name->value != dof.name) continue;
        PropNode* value = node.find("default");
        if (!value) value = &node.add("default");
        value->value = number(dof.default_value - dof.sign * lowest);
    }
    char text[160];
    std::snprintf(text, sizeof text, "foot contacts: ground plane, heel and toe spheres on %zu feet; %s default %s m",
                  feet.size(), dof.name.c_str(), number(dof.default_value - dof.sign * lowest).c_str());
    diagnostics.push_back({Severity::Note, {file, 0, 0}, text});
    return diagnostics;
}

}  // namespace hfd
