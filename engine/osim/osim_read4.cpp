// OpenSim 4: components are found by path ("/bodyset/pelvis",
// "../../../bodyset/femur_r", "pelvis_offset"), relative paths starting at the
// component that owns the socket. Frames are Ground, Body, or offset frames
// (translation + body-fixed x-y-z orientation) on another frame.
#include "osim/osim_read.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace hfd::osim {

namespace {

// The path segment an element adds: its name attribute; unnamed sets use
// their lower-case type ("BodySet" -> "bodyset"); other unnamed elements none.
std::string segment_of(pugi::xml_node element) {
    const std::string name = element.attribute("name").value();
    if (!name.empty()) return name;
    const std::string type = element.name();
    if (type.size() > 3 && type.compare(type.size() - 3, 3, "Set") == 0) {
        std::string lower;
        for (char c : type) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return lower;
    }
    return {};
}

class ComponentPaths {
public:
    explicit ComponentPaths(pugi::xml_node model) { index(model, ""); }

    std::string path_of(pugi::xml_node element) const {
        const auto it = path_.find(element.internal_object());
        return it == path_.end() ? std::string() : it->second;
    }
    // Resolves `reference` written in a socket of `owner`.
    pugi::xml_node resolve(const std::string& reference, pugi::xml_node owner) const {
        std::vector<std::string> parts;
        if (reference.empty() || reference[0] != '/') parts = split(path_of(owner));
        for (const std::string& s : split(reference)) {
            if (s == "..") {
                if (!parts.empty()) parts.pop_back();
            } else if (s != ".") {
                parts.push_back(s);
            }
        }
        std::string path;
        for (const std::string& s : parts) path += "/" + s;
        const auto it = node_.find(path);
        return it == node_.end() ? pugi::xml_node() : it->second;
    }

private:
    void index(pugi::xml_node element, const std::string& path) {
        for (pugi::xml_node child : element.children()) {
            if (child.type() != pugi::node_element) continue;
            const std::string segment = segment_of(child);
            const std::string child_path = segment.empty() ? path : path + "/" + segment;
            if (!segment.empty()) {
                path_[child.internal_object()] = child_path;
                node_.emplace(child_path, child);
            }
            index(child, child_path);
        }
    }
    static std::vector<std::string> split(const std::string& path) {
        std::vector<std::string> parts;
        size_t i = 0;
        while (i <= path.size()) {
            const size_t j = std::min(path.find('/', i), path.size());
            if (j > i) parts.push_back(path.substr(i, j - i));
            i = j + 1;
        }
        return parts;
    }

    std::unordered_map<const void*, std::string> path_;
    std::unordered_map<std::string, pugi::xml_node> node_;
};

class Reader4 {
public:
    Reader4(pugi::xml_node model, OsimModel& out, Report& report)
        : model_(model), paths_(model), out_(out), report_(report) {}
    void read();

private:
    std::optional<Attachment> frame_attachment(pugi::xml_node frame, int depth = 0);
    std::optional<Attachment> socket_attachment(pugi::xml_node owner, const char* socket);
    void read_body(pugi::xml_node element, bool ground);
    void read_meshes();
    void read_joint(pugi::xml_node element);

    pugi::xml_node model_;
    ComponentPaths paths_;
    OsimModel& out_;
    Report& report_;
};

std::optional<Attachment> Reader4::frame_attachment(pugi::xml_node frame, int depth) {
    const std::string type = frame.name();
    if (type == "Ground") return Attachment{frame.attribute("name").value(), Transform{}};
    if (type == "Body") return Attachment{frame.attribute("name").value(), Transform{}};
    if (!frame.child("socket_parent") || depth > 32) {
        report_.error(frame, describe(frame) + " is not a frame on a body");
        return std::nullopt;
    }
    const std::string parent_path = child_text(frame, "socket_parent");
    pugi::xml_node parent = paths_.resolve(parent_path, frame);
    if (!parent) {
        report_.error(frame.child("socket_parent"), "frame '" + parent_path + "' not found");
        return std::nullopt;
    }
    auto attachment = frame_attachment(parent, depth + 1);
    if (!attachment) return std::nullopt;
    const Vec3 translation = child_vec3(frame, "translation", report_).value_or(Vec3::Zero());
    const Vec3 orientation = child_vec3(frame, "orientation", report_).value_or(Vec3::Zero());
    attachment->frame = attachment->frame * Transform{translation, quat_from_osim_orientation(orientation)};
    return attachment;
}

std::optional<Attachment> Reader4::socket_attachment(pugi::xml_node owner, const char* socket) {
    pugi::xml_node socket_node = owner.child(socket);
    const std::string reference = socket_node ? trimmed(socket_node.text().get()) : std::string("..");
    pugi::xml_node frame = paths_.resolve(reference, owner);
    if (!frame) {
        report_.error(socket_node ? socket_node : owner, describe(owner) + ": frame '" + reference + "' not found");
        return std::nullopt;
    }
    return frame_attachment(frame);
}

void Reader4::read_body(pugi::xml_node element, bool ground) {
    OsimBody body;
    body.name = element.attribute("name").value();
    body.element = element;
    body.is_ground = ground;
    if (!ground) {
        const auto mass = child_number(element, "mass", report_);
        if (!mass) report_.error(element, "body '" + body.name + "' has no <mass>");
        body.mass = mass.value_or(0);
        if (body.mass < 0) report_.error(element.child("mass"), "body '" + body.name + "': mass is negative");
        body.mass_center = child_vec3(element, "mass_center", report_).value_or(Vec3::Zero());
        if (pugi::xml_node inertia = element.child("inertia")) {
            if (auto v = read_numbers(inertia, 6, report_))
                body.inertia = inertia_matrix({(*v)[0], (*v)[1], (*v)[2], (*v)[3], (*v)[4], (*v)[5]});
        }
    }
    out_.bodies.push_back(body);
    for_each_object(element.child("WrapObjectSet"), [&](pugi::xml_node wrap) {
        report_.warning(wrap, "wrap object " + describe(wrap) + " on body '" + body.name + "' skipped");
    });
}

void Reader4::read_meshes() {
    // Meshes attached to the body itself first, then those on its offset frames.
    std::vector<pugi::xml_node> elements;
    for (pugi::xpath_node found : model_.select_nodes(".//Mesh")) elements.push_back(found.node());
    std::stable_partition(elements.begin(), elements.end(), [](pugi::xml_node mesh) {
        const std::string owner = mesh.parent().parent().name();
        return owner == "Body" || owner == "Ground";
    });
    for (pugi::xml_node element : elements) {
        auto attachment = socket_attachment(element, "socket_frame");
        if (!attachment) continue;
        OsimMesh mesh;
        mesh.element = element;
        mesh.file = child_text(element, "mesh_file");
        mesh.frame = attachment->frame;
        mesh.scale = child_vec3(element, "scale_factors", report_).value_or(Vec3::Ones());
        if (pugi::xml_node appearance = element.child("Appearance")) {
            mesh.color = child_vec3(appearance, "color", report_).value_or(Vec3::Ones());
            mesh.opacity = child_number(appearance, "opacity", report_).value_or(1);
            if (!child_bool(appearance, "visible", report_).value_or(true)) {
                report_.note(element, "mesh '" + mesh.file + "' is hidden in OpenSim: not converted");
                continue;
            }
        }
        bool placed = false;
        for (OsimBody& body : out_.bodies)
            if (body.name == attachment->body) {
                body.meshes.push_back(mesh);
                placed = true;
            }
        if (!placed) report_.warning(element, "mesh '" + mesh.file + "' is on no body: not converted");
    }
}

void Reader4::read_joint(pugi::xml_node element) {
    OsimJoint joint;
    joint.name = element.attribute("name").value();
    joint.type = element.name();
    joint.element = element;
    for (pugi::xml_node c : element.child("coordinates").children("Coordinate"))
        joint.coordinates.push_back(read_coordinate(c, report_));
    if (joint.type == "CustomJoint") {
        read_spatial_transform(element.child("SpatialTransform"), joint, report_);
    } else if (!standard_joint_axes(joint.type, joint.axes)) {
        report_.error(element, joint.type + " '" + joint.name + "' is not supported");
        return;
    }
    for (OsimAxis& axis : joint.axes)
        if (axis.coordinate >= static_cast<int>(joint.coordinates.size())) {
            report_.error(element, joint.type + " '" + joint.name + "' needs more coordinates");
            return;
        }
    classify_coordinates(joint, report_);
    if (child_bool(element, "reverse", report_).value_or(false))
        report_.warning(element, "joint '" + joint.name + "' is reversed in OpenSim: converted as parent -> child");
    auto parent = socket_attachment(element, "socket_parent_frame");
    auto child = socket_attachment(element, "socket_child_frame");
    if (!parent || !child) return;
    joint.parent = *parent;
    joint.child = *child;
    out_.joints.push_back(joint);
}

void Reader4::read() {
    if (pugi::xml_node ground = model_.child("Ground")) read_body(ground, true);
    else out_.bodies.push_back(OsimBody{"ground", 0, Vec3::Zero(), Mat3::Zero(), true, {}, {}});
    for_each_object(model_.child("BodySet"), [&](pugi::xml_node body) { read_body(body, false); });
    read_meshes();
    for_each_object(model_.child("JointSet"), [&](pugi::xml_node joint) { read_joint(joint); });
    std::map<std::string, double> defaults;
    for (const OsimJoint& joint : out_.joints)
        for (const OsimCoordinate& c : joint.coordinates) defaults[c.name] = c.default_value;
    const AttachmentOf point_attachment = [&](pugi::xml_node point) {
        return socket_attachment(point, "socket_parent_frame");
    };
    read_forces(model_.child("ForceSet"), point_attachment, defaults, out_, report_);
    const AttachmentOf geometry_attachment = [&](pugi::xml_node geometry) {
        return socket_attachment(geometry, "socket_frame");
    };
    read_contact_geometry(model_.child("ContactGeometrySet"), geometry_attachment, out_, report_);
}

}  // namespace

void read_osim4(pugi::xml_node model, OsimModel& out, Report& report) { Reader4(model, out, report).read(); }

}  // namespace hfd::osim
