#pragma once
// Small .osim documents written by the tests, and lookups in converted trees.
#include "format/parser.h"
#include "format/prop_node.h"
#include "osim/osim_import.h"
#include "model/math_types.h"

#include <cmath>
#include <string>

namespace osim_test {

inline std::string document(const std::string& bodies, const std::string& joints, const std::string& forces = {},
                            const std::string& contacts = {}) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n"
           "<OpenSimDocument Version=\"40000\">\n"
           "<Model name=\"test_model\">\n"
           "<Ground name=\"ground\" />\n"
           "<gravity>0 -9.81 0</gravity>\n"
           "<BodySet name=\"bodyset\"><objects>\n" +
           bodies +
           "</objects></BodySet>\n"
           "<JointSet name=\"jointset\"><objects>\n" +
           joints +
           "</objects></JointSet>\n"
           "<ForceSet name=\"forceset\"><objects>\n" +
           forces +
           "</objects></ForceSet>\n"
           "<ContactGeometrySet name=\"contactgeometryset\"><objects>\n" +
           contacts +
           "</objects></ContactGeometrySet>\n"
           "</Model>\n</OpenSimDocument>\n";
}

inline std::string body(const std::string& name, double mass, const std::string& mass_center,
                        const std::string& inertia, const std::string& extra = {}) {
    return "<Body name=\"" + name + "\">" + extra + "<mass>" + std::to_string(mass) + "</mass><mass_center>" +
           mass_center + "</mass_center><inertia>" + inertia + "</inertia></Body>\n";
}

inline std::string coordinate(const std::string& name, double default_value, double low, double high,
                              bool locked = false) {
    return "<Coordinate name=\"" + name + "\"><default_value>" + std::to_string(default_value) +
           "</default_value><range>" + std::to_string(low) + " " + std::to_string(high) + "</range><locked>" +
           (locked ? "true" : "false") + "</locked></Coordinate>";
}

// A joint with offset frames: parent/child are "/ground" or "/bodyset/NAME".
inline std::string joint(const std::string& type, const std::string& name, const std::string& parent,
                         const std::string& parent_translation, const std::string& parent_orientation,
                         const std::string& child, const std::string& child_translation,
                         const std::string& child_orientation, const std::string& coordinates,
                         const std::string& extra = {}) {
    auto frame = [](const std::string& frame_name, const std::string& on, const std::string& t, const std::string& o) {
        return "<PhysicalOffsetFrame name=\"" + frame_name + "\"><socket_parent>" + on +
               "</socket_parent><translation>" + t + "</translation><orientation>" + o +
               "</orientation></PhysicalOffsetFrame>";
    };
    return "<" + type + " name=\"" + name + "\"><socket_parent_frame>" + name + "_parent</socket_parent_frame>" +
           "<socket_child_frame>" + name + "_child</socket_child_frame><coordinates>" + coordinates +
           "</coordinates><frames>" + frame(name + "_parent", parent, parent_translation, parent_orientation) +
           frame(name + "_child", child, child_translation, child_orientation) + "</frames>" + extra + "</" + type +
           ">\n";
}

inline const hfd::PropNode* find_named(const hfd::PropNode& parent, const std::string& key, const std::string& name) {
    for (const hfd::PropNode& child : parent.children) {
        if (child.key != key) continue;
        const hfd::PropNode* n = child.find("name");
        if (n && n->value == name) return &child;
        for (const hfd::PropNode& grandchild : child.children)  // dof { a = b } short form
            if (grandchild.key == name && key == "dof") return &child;
    }
    return nullptr;
}

inline double number(const hfd::PropNode& parent, const std::string& key) {
    const hfd::PropNode* n = parent.find(key);
    if (!n) return std::nan("");
    return hfd::to_number(*n).value_or(std::nan(""));
}

inline hfd::Vec3 vec3(const hfd::PropNode& parent, const std::string& key) {
    const hfd::PropNode* n = parent.find(key);
    if (!n) return hfd::Vec3::Zero();
    return hfd::to_vec3(*n).value_or(hfd::Vec3::Constant(std::nan("")));
}

inline hfd::Quat quat(const hfd::PropNode& parent, const std::string& key) {
    const hfd::PropNode* n = parent.find(key);
    if (!n) return hfd::Quat::Identity();
    return hfd::to_quat_degrees(*n).value_or(hfd::Quat(std::nan(""), 0, 0, 0));
}

inline bool close(double a, double b, double relative = 1e-4, double absolute = 1e-6) {
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b)) + absolute;
}

inline bool close(const hfd::Vec3& a, const hfd::Vec3& b, double relative = 1e-4, double absolute = 1e-6) {
    for (int k = 0; k < 3; ++k)
        if (!close(a[k], b[k], relative, absolute)) return false;
    return true;
}

inline const hfd::PropNode& model_of(const hfd::PropNode& root) {
    static const hfd::PropNode empty;
    const hfd::PropNode* m = root.find("model");
    return m ? *m : empty;
}

inline bool report_mentions(const hfd::OsimImportResult& r, const std::string& a, const std::string& b, int line = 0) {
    for (const hfd::Diagnostic& d : r.report)
        if (d.message.find(a) != std::string::npos && d.message.find(b) != std::string::npos &&
            (line == 0 || d.location.line == line))
            return true;
    return false;
}

inline std::string report_text(const hfd::OsimImportResult& r) {
    std::string text;
    for (const hfd::Diagnostic& d : r.report) text += hfd::format_diagnostic(d) + "\n";
    return text;
}

// Parses the converted text back: the tree the tests look at is what a user loads.
inline hfd::PropNode reparsed(const hfd::OsimImportResult& r) {
    hfd::ParseResult parsed = hfd::parse_text(r.text, "converted.hfd");
    return parsed.ok() ? parsed.root : hfd::PropNode{};
}

// Pose of a body written in the tree (ground and bodies without pos: origin).
inline std::pair<hfd::Vec3, hfd::Quat> pose_of(const hfd::PropNode& model, const std::string& body) {
    const hfd::PropNode* b = find_named(model, "body", body);
    if (!b) return {hfd::Vec3::Zero(), hfd::Quat::Identity()};
    return {vec3(*b, "pos"), quat(*b, "ori")};
}

inline const hfd::PropNode* joint_in(const hfd::PropNode& model, const std::string& body) {
    const hfd::PropNode* b = find_named(model, "body", body);
    return b ? b->find("joint") : nullptr;
}

}  // namespace osim_test
