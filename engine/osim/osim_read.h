#pragma once
// Reading the <Model> element of an .osim document into OsimModel. OpenSim 4
// locates things through component paths and offset frames; OpenSim 3 nests
// joints in bodies and names bodies directly. Both end in the same OsimModel.
#include "osim/osim_model.h"
#include "osim/osim_xml.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace hfd::osim {

// Where a path point or contact geometry is attached, per format version.
using AttachmentOf = std::function<std::optional<Attachment>(pugi::xml_node element)>;

void read_osim4(pugi::xml_node model, OsimModel& out, Report& report);
void read_osim3(pugi::xml_node model, OsimModel& out, Report& report);

// Shared by both versions (osim_read_common.cpp).
OsimFunction read_function(pugi::xml_node element, Report& report);
// The function element held by a TransformAxis / path point coordinate:
// a direct child that is a function type (OpenSim 4), or inside <function> (OpenSim 3).
pugi::xml_node function_element(pugi::xml_node holder, const char* wrapper_name);
OsimCoordinate read_coordinate(pugi::xml_node element, Report& report);
// Joint types with fixed axes (PinJoint, BallJoint, ...): their axes in
// coordinate order. False when the type is not one of them.
bool standard_joint_axes(const std::string& type, std::vector<OsimAxis>& axes);
// TransformAxis elements of a CustomJoint's SpatialTransform.
void read_spatial_transform(pugi::xml_node spatial_transform, OsimJoint& joint, Report& report);
// Sets each coordinate's rotational flag from the axes it drives (OpenSim 4
// has no motion_type); reports coordinates no axis uses.
void classify_coordinates(OsimJoint& joint, Report& report);

// ForceSet, ContactGeometrySet and the sets that are only reported, given how
// each version attaches path points and contact geometry. coordinate_defaults
// gives MovingPathPoint positions.
void read_forces(pugi::xml_node force_set, const AttachmentOf& path_point_attachment,
                 const std::map<std::string, double>& coordinate_defaults, OsimModel& out, Report& report);
void read_contact_geometry(pugi::xml_node set, const AttachmentOf& attachment_of, OsimModel& out, Report& report);
void report_unconverted_set(pugi::xml_node set, const char* what, Severity severity, Report& report);
// Children of <Model> that neither version converts: reported once each.
void report_model_children(pugi::xml_node model, Report& report);
// The CoordinateCouplerConstraints of one independent coordinate (ConstraintSet).
void read_couplers(pugi::xml_node model, OsimModel& out, Report& report);

// Loops over the elements of a set: <XSet><objects>...</objects></XSet>.
template <class F>
void for_each_object(pugi::xml_node set, F&& f) {
    for (pugi::xml_node child : set.child("objects").children())
        if (child.type() == pugi::node_element) f(child);
}

}  // namespace hfd::osim
