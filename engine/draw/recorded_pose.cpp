#include "draw/recorded_pose.h"

#include "draw/snapshot.h"
#include "state/state.h"

namespace hfd {
namespace {

bool body_target(const std::string& quantity, RecordedPoseColumns::Target& target) {
    using Target = RecordedPoseColumns::Target;
    static const std::pair<const char*, Target> names[] = {
        {"pos_x", Target::PosX}, {"pos_y", Target::PosY}, {"pos_z", Target::PosZ}, {"ori_w", Target::OriW},
        {"ori_x", Target::OriX}, {"ori_y", Target::OriY}, {"ori_z", Target::OriZ}};
    for (const auto& [name, value] : names)
        if (quantity == name) return target = value, true;
    return false;
}

// The body a contact pair's recorded force acts on: that of its first geometry.
Index contact_body(const Model& model, const ContactPairSet& pairs, const std::string& pair_name) {
    for (const ContactPair& pair : pairs.pairs)
        if (pair.name == pair_name && pair.first >= 0 && std::size_t(pair.first) < model.geometries.size())
            return model.geometries[pair.first].body;
    return no_index;
}

void set_state(State& state, const RecordedPoseColumns::StateColumn& c, double value) {
    using Target = RecordedPoseColumns::Target;
    switch (c.target) {
        case Target::PosX: state.pos[c.index].x() = value; break;
        case Target::PosY: state.pos[c.index].y() = value; break;
        case Target::PosZ: state.pos[c.index].z() = value; break;
        case Target::OriW: state.ori[c.index].w() = value; break;
        case Target::OriX: state.ori[c.index].x() = value; break;
        case Target::OriY: state.ori[c.index].y() = value; break;
        case Target::OriZ: state.ori[c.index].z() = value; break;
        case Target::Activation: state.activation[c.index] = value; break;
    }
}

}  // namespace

RecordedPoseColumns resolve_recorded_pose(const Model& model, const std::vector<Channel>& channels,
                                          const ContactPairSet& pairs) {
    RecordedPoseColumns columns;
    columns.column_count = channels.size();
    for (size_t c = 0; c < channels.size(); ++c) {
        const Channel& channel = channels[c];
        RecordedPoseColumns::Target target;
        if (channel.group == ChannelGroup::Bodies && body_target(channel.quantity, target)) {
            const Index body = model.find_body(channel.source);
            if (body != no_index) columns.state.push_back({c, body, target});
        } else if (channel.group == ChannelGroup::Muscles && channel.quantity == "activation") {
            const Index muscle = model.find_muscle(channel.source);
            if (muscle != no_index) columns.state.push_back({c, muscle, RecordedPoseColumns::Target::Activation});
        } else if (channel.group == ChannelGroup::Muscles && channel.quantity == "force") {
            const Index muscle = model.find_muscle(channel.source);
            if (muscle != no_index) columns.muscle_force.push_back({c, muscle});
        }
    }
    // contact, force_x/y/z, point_x/y/z: seven columns per pair (io/channels.h)
    for (size_t c = 0; c + 6 < channels.size(); ++c)
        if (channels[c].group == ChannelGroup::Contacts && channels[c].quantity == "contact" &&
            channels[c + 1].quantity == "force_x" && channels[c + 4].quantity == "point_x")
            columns.contacts.push_back({c, c + 1, c + 4, contact_body(model, pairs, channels[c].source)});
    return columns;
}

PoseSnapshot recorded_pose(const Model& model, const RecordedPoseColumns& columns, const double* row) {
    State state = initial_state(model);
    state.time = row[0];
    for (const RecordedPoseColumns::StateColumn& column : columns.state) set_state(state, column, row[column.column]);
    PoseSnapshot pose = make_snapshot(model, state, nullptr);
    if (!columns.muscle_force.empty()) pose.muscle_force.assign(model.muscles.size(), 0.0);
    for (const RecordedPoseColumns::ForceColumn& column : columns.muscle_force)
        pose.muscle_force[column.muscle] = row[column.column];
    for (const RecordedPoseColumns::ContactColumns& contact : columns.contacts)
        if (row[contact.contact] > 0.5)
            pose.contacts.push_back({Vec3(row[contact.point], row[contact.point + 1], row[contact.point + 2]),
                                     Vec3(row[contact.force], row[contact.force + 1], row[contact.force + 2]),
                                     contact.body});
    return pose;
}

}  // namespace hfd
