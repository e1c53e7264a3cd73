// HuntCrossleyForce contact parameters -> hfd materials; ContactSphere and
// ContactHalfSpace -> hfd geometry.
//
// Stiffness (Hyfydy manual, contact_force_hunt_crossley): hfd folds the sphere
// radius into the material, k = (4/3 * sqrt(r) * k_osim)^(2/3), so a material
// is one parameter set at one sphere radius. A half-space takes the radius of
// the spheres it is listed with. The OpenSim half-space fills x > 0 of its
// frame, so the hfd plane normal is -x in the geometry frame.
#include "osim/osim_convert.h"

#include <cmath>
#include <tuple>

namespace hfd::osim {

namespace {

struct MaterialKey {
    double stiffness, damping, static_friction, dynamic_friction, radius;
    bool operator==(const MaterialKey& o) const {
        return std::tie(stiffness, damping, static_friction, dynamic_friction, radius) ==
               std::tie(o.stiffness, o.damping, o.static_friction, o.dynamic_friction, o.radius);
    }
};

const OsimContactGeometry* find_geometry(const OsimModel& model, const std::string& name) {
    for (const OsimContactGeometry& g : model.contact_geometry)
        if (g.name == name) return &g;
    return nullptr;
}

std::string material_name(size_t index) {
    return index == 0 ? std::string("default_material") : "material_" + std::to_string(index + 1);
}

// The radius a parameter set's half-spaces take: that of its first sphere.
double set_radius(const OsimModel& model, const OsimContactParameters& p, Report& report) {
    double radius = 0;
    for (const std::string& name : p.geometry) {
        const OsimContactGeometry* g = find_geometry(model, name);
        if (!g || g->kind != OsimContactGeometry::Kind::Sphere) continue;
        if (radius == 0) radius = g->radius;
        if (g->radius != radius)
            report.warning(p.element,
                           "contact spheres of different radii share a half-space: the half-space "
                           "material uses radius " +
                               format_number(radius));
    }
    if (radius == 0) {
        report.warning(p.element, "contact parameters without a sphere: stiffness converted with radius 1");
        radius = 1;
    }
    return radius;
}

PropNode make_geometry(const OsimContactGeometry& g, size_t material, const ConvertContext& c) {
    PropNode node;
    node.key = "geometry";
    node.kind = PropNode::Kind::Group;
    node.add("name", g.name);
    if (g.kind == OsimContactGeometry::Kind::Sphere) {
        node.add("type", "sphere");
        add_number(node, "radius", g.radius);
    } else {
        node.add("type", "plane");
        add_vec3(node, "normal", Vec3(-1, 0, 0));
    }
    node.add("body", g.attachment.body);
    if (material != 0) node.add("material", material_name(material));
    const Transform in_body = c.to_hfd(g.attachment);
    add_vec3(node, "pos", in_body.pos);
    add_euler_degrees(node, "ori", in_body.ori);
    return node;
}

}  // namespace

void write_contacts(PropNode& model_node, std::vector<PropNode>& geometry_nodes, ConvertContext& c) {
    const OsimModel& model = c.model;
    std::vector<MaterialKey> materials;
    std::vector<int> material_of(model.contact_geometry.size(), -1);
    for (const OsimContactParameters& p : model.contact_parameters) {
        const double radius = set_radius(model, p, c.report);
        if (p.viscous_friction != 0)
            c.report.note(p.element, "viscous_friction " + format_number(p.viscous_friction) +
                                         " not converted (hfd materials have static and dynamic friction)");
        for (const std::string& name : p.geometry) {
            const OsimContactGeometry* g = find_geometry(model, name);
            if (!g) {
                c.report.warning(p.element, "contact geometry '" + name + "' not found");
                continue;
            }
            const double r = g->kind == OsimContactGeometry::Kind::Sphere ? g->radius : radius;
            const MaterialKey key{p.stiffness, p.dissipation, p.static_friction, p.dynamic_friction, r};
            size_t index = 0;
            while (index < materials.size() && !(materials[index] == key)) ++index;
            if (index == materials.size()) materials.push_back(key);
            const size_t g_index = static_cast<size_t>(g - model.contact_geometry.data());
            if (material_of[g_index] >= 0 && material_of[g_index] != static_cast<int>(index))
                c.report.warning(
                    p.element, "contact geometry '" + name + "' has two sets of contact parameters: the first is used");
            else material_of[g_index] = static_cast<int>(index);
        }
    }
    for (size_t i = 0; i < materials.size(); ++i) {
        const MaterialKey& m = materials[i];
        PropNode& node = model_node.add_group("material");
        node.add("name", material_name(i));
        add_number(node, "static_friction", m.static_friction);
        add_number(node, "dynamic_friction", m.dynamic_friction);
        add_number(node, "stiffness", std::pow(4.0 / 3.0 * std::sqrt(m.radius) * m.stiffness, 2.0 / 3.0));
        add_number(node, "damping", m.damping);
    }
    for (size_t i = 0; i < model.contact_geometry.size(); ++i) {
        const OsimContactGeometry& g = model.contact_geometry[i];
        if (material_of[i] < 0) {
            c.report.note(g.element,
                          "contact geometry '" + g.name + "' is used by no HuntCrossleyForce: not converted");
            continue;
        }
        geometry_nodes.push_back(make_geometry(g, static_cast<size_t>(material_of[i]), c));
    }
}

}  // namespace hfd::osim
