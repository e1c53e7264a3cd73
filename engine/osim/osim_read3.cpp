// OpenSim 3: each body holds the joint to its parent (parent_body,
// location_in_parent / orientation_in_parent, location / orientation in the
// body), display geometry with a rotation + translation transform, and path
// points and contact geometry name their body directly.
#include "osim/osim_read.h"

namespace hfd::osim {

namespace {

Transform read_display_transform(pugi::xml_node holder, Report& report) {
    pugi::xml_node t = holder.child("transform");
    if (!t) return Transform{};
    const auto v = read_numbers(t, 6, report);
    if (!v) return Transform{};
    return Transform{Vec3((*v)[3], (*v)[4], (*v)[5]), quat_from_osim_orientation(Vec3((*v)[0], (*v)[1], (*v)[2]))};
}

void read_display_geometry(pugi::xml_node body_element, OsimBody& body, Report& report) {
    pugi::xml_node visible = body_element.child("VisibleObject");
    if (!visible) return;
    const Transform object_frame = read_display_transform(visible, report);
    const Vec3 object_scale = child_vec3(visible, "scale_factors", report).value_or(Vec3::Ones());
    for_each_object(visible.child("GeometrySet"), [&](pugi::xml_node geometry) {
        OsimMesh mesh;
        mesh.element = geometry;
        mesh.file = child_text(geometry, "geometry_file");
        mesh.frame = object_frame * read_display_transform(geometry, report);
        mesh.scale = object_scale.cwiseProduct(child_vec3(geometry, "scale_factors", report).value_or(Vec3::Ones()));
        mesh.color = child_vec3(geometry, "color", report).value_or(Vec3::Ones());
        mesh.opacity = child_number(geometry, "opacity", report).value_or(1);
        if (!mesh.file.empty()) body.meshes.push_back(mesh);
    });
    for (const std::string& file : split_words(child_text(visible, "geometry_files"))) {
        OsimMesh mesh;
        mesh.element = visible;
        mesh.file = file;
        mesh.frame = object_frame;
        mesh.scale = object_scale;
        body.meshes.push_back(mesh);
    }
}

Vec3 vec3_or_zero(pugi::xml_node parent, const char* name, Report& report) {
    return child_vec3(parent, name, report).value_or(Vec3::Zero());
}

void read_joint3(pugi::xml_node element, const std::string& child_body, OsimModel& out, Report& report) {
    OsimJoint joint;
    joint.name = element.attribute("name").value();
    joint.type = element.name();
    joint.element = element;
    for_each_object(element.child("CoordinateSet"),
                    [&](pugi::xml_node c) { joint.coordinates.push_back(read_coordinate(c, report)); });
    if (joint.type == "CustomJoint") {
        read_spatial_transform(element.child("SpatialTransform"), joint, report);
    } else if (!standard_joint_axes(joint.type, joint.axes)) {
        report.error(element, joint.type + " '" + joint.name + "' is not supported");
        return;
    }
    for (const OsimAxis& axis : joint.axes)
        if (axis.coordinate >= static_cast<int>(joint.coordinates.size())) {
            report.error(element, joint.type + " '" + joint.name + "' needs more coordinates");
            return;
        }
    // motion_type in OpenSim 3 is explicit; the axes still decide for CustomJoint.
    classify_coordinates(joint, report);
    if (child_bool(element, "reverse", report).value_or(false))
        report.warning(element, "joint '" + joint.name + "' is reversed in OpenSim: converted as parent -> child");
    joint.parent.body = child_text(element, "parent_body");
    joint.parent.frame = Transform{vec3_or_zero(element, "location_in_parent", report),
                                   quat_from_osim_orientation(vec3_or_zero(element, "orientation_in_parent", report))};
    joint.child.body = child_body;
    joint.child.frame = Transform{vec3_or_zero(element, "location", report),
                                  quat_from_osim_orientation(vec3_or_zero(element, "orientation", report))};
    out.joints.push_back(joint);
}

void read_body3(pugi::xml_node element, OsimModel& out, Report& report) {
    OsimBody body;
    body.name = element.attribute("name").value();
    body.element = element;
    pugi::xml_node joint_holder = element.child("Joint");
    pugi::xml_node joint;
    for (pugi::xml_node child : joint_holder.children())
        if (child.type() == pugi::node_element) joint = child;
    body.is_ground = !joint && (body.name == "ground" || out.bodies.empty());
    body.mass = child_number(element, "mass", report).value_or(0);
    if (body.mass < 0) report.error(element.child("mass"), "body '" + body.name + "': mass is negative");
    body.mass_center = vec3_or_zero(element, "mass_center", report);
    const char* names[6] = {"inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_xz", "inertia_yz"};
    std::array<double, 6> inertia{};
    for (size_t i = 0; i < 6; ++i) inertia[i] = child_number(element, names[i], report).value_or(0);
    body.inertia = inertia_matrix(inertia);
    read_display_geometry(element, body, report);
    for_each_object(element.child("WrapObjectSet"), [&](pugi::xml_node wrap) {
        report.warning(wrap, "wrap object " + describe(wrap) + " on body '" + body.name + "' skipped");
    });
    if (body.is_ground) out.bodies.insert(out.bodies.begin(), body);
    else out.bodies.push_back(body);
    if (joint) read_joint3(joint, body.name, out, report);
    else if (!body.is_ground) report.warning(element, "body '" + body.name + "' has no joint: it moves freely");
}

std::optional<Attachment> body_attachment(pugi::xml_node element, const char* tag, const OsimModel& model,
                                          Report& report) {
    const std::string body = child_text(element, tag);
    if (!model.find_body(body)) {
        report.error(element.child(tag) ? element.child(tag) : element,
                     describe(element) + ": body '" + body + "' not found");
        return std::nullopt;
    }
    return Attachment{body, Transform{}};
}

}  // namespace

void read_osim3(pugi::xml_node model, OsimModel& out, Report& report) {
    for_each_object(model.child("BodySet"), [&](pugi::xml_node body) { read_body3(body, out, report); });
    if (out.bodies.empty() || !out.bodies.front().is_ground)
        out.bodies.insert(out.bodies.begin(), OsimBody{"ground", 0, Vec3::Zero(), Mat3::Zero(), true, {}, {}});
    std::map<std::string, double> defaults;
    for (const OsimJoint& joint : out.joints)
        for (const OsimCoordinate& c : joint.coordinates) defaults[c.name] = c.default_value;
    const AttachmentOf point_attachment = [&](pugi::xml_node point) {
        return body_attachment(point, "body", out, report);
    };
    read_forces(model.child("ForceSet"), point_attachment, defaults, out, report);
    const AttachmentOf geometry_attachment = [&](pugi::xml_node geometry) {
        return body_attachment(geometry, "body_name", out, report);
    };
    read_contact_geometry(model.child("ContactGeometrySet"), geometry_attachment, out, report);
}

}  // namespace hfd::osim
