#pragma once
// Description of the columns of a recording: one channel per recorded number,
// in a fixed order decided from the Model when recording starts.
//   time      time [s]
//   dofs      per coordinate: value [rad|m], .vel [rad/s|m/s]
//   bodies    per dynamic body: .pos_x/y/z [m], .ori_w/x/y/z (body -> world quaternion)
//   joints    per joint: .displacement_x/y/z [m] (child anchor - parent anchor, world),
//             .limit_torque_x/y/z [Nm] (on the child, world)
//   muscles   per muscle: .excitation, .activation, .fiber_length [m], .tendon_length [m], .force [N]
//   contacts  per candidate geometry pair: .contact (0/1), .force_x/y/z [N] (on the first
//             geometry's body, world), .point_x/y/z [m] (world, 0 when apart)
#include "io/contact_pairs.h"
#include "model/model.h"
#include "state/data.h"
#include "state/kinematics.h"
#include "state/state.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

enum class ChannelGroup { Time, Dofs, Bodies, Joints, Muscles, Contacts };
constexpr int channel_group_count = 6;

using GroupMask = unsigned;
constexpr GroupMask group_bit(ChannelGroup group) { return 1u << static_cast<unsigned>(group); }
constexpr GroupMask all_channel_groups = (1u << channel_group_count) - 1;

std::string_view group_name(ChannelGroup group);  // "time", "dofs", ...
// "dofs,bodies" -> mask (time is always included); unknown names are an error.
std::optional<GroupMask> parse_channel_groups(std::string_view list, std::string* error = nullptr);

struct Channel {
    std::string name;  // unique: "hip_flexion_r", "hip_flexion_r.vel", "femur_r.pos_x", "time"
    std::string unit;  // "rad", "m/s", ... ; empty when dimensionless
    ChannelGroup group = ChannelGroup::Time;
    std::string source;    // the dof / body / joint / muscle / pair it belongs to
    std::string quantity;  // "" for a dof value, "vel", "pos_x", "contact", ...
};

// "hip_flexion_r [rad]", or the bare name when dimensionless.
std::string channel_label(const Channel& channel);

// What the channel table reads a sample's values from: one state of a simulation,
// its evaluated forces, and what is computed once per sample for several rows.
struct ChannelSample {
    const Model& model;
    const State& state;
    const Controls& controls;
    const Data& data;                       // evaluated at `state` (joints, muscles, contacts)
    const CoordinateValues& coordinates;    // of `state` (dofs)
    const std::vector<PairContact>& pairs;  // gathered from `data` (contacts)
    bool fiber_length_in_state = false;     // else the fiber length follows from path and tendon
};

// One element of a group (a dof, a dynamic body, a joint, a muscle, a contact pair).
struct ChannelElement {
    std::string name;
    Index index = no_index;      // into coordinates, Model::bodies, joints, muscles or pairs
    bool translational = false;  // a dof in metres (its channels take the row's translation units)
};

struct ChannelQuantity {
    std::string_view suffix;                 // "" for a dof's value, "vel", "pos_x", ...
    std::string_view unit;                   // "" when dimensionless
    std::string_view translation_unit = {};  // for a translational element, when it differs
};

// A row of the channel table: a group, its elements, the quantities of each element
// in column order, and the function that writes an element's values in that order
// (out[0 .. quantities.size())). describe_channels names the columns and the
// Recorder fills them from the same rows, so they cannot disagree.
struct ChannelGroupRow {
    ChannelGroup group;
    std::span<const ChannelQuantity> quantities;
    std::vector<ChannelElement> (*elements)(const Model&, const ContactPairSet&);
    void (*values)(const ChannelSample&, Index element, double* out);
};

// The rows of every group but time, in recording order.
std::span<const ChannelGroupRow> channel_table();

// Channels of the given groups, in recording order. Names are made unique by
// appending "#2", "#3" when two components would give the same name.
std::vector<Channel> describe_channels(const Model& model, const ContactPairSet& pairs, GroupMask groups);

}  // namespace hfd
