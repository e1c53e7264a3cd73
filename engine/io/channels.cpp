#include "io/channels.h"

#include "state/kinematics.h"

#include <unordered_map>

namespace hfd {

namespace {

constexpr std::string_view group_names[channel_group_count] = {"time",   "dofs",    "bodies",
                                                               "joints", "muscles", "contacts"};

bool ends_with(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Translational coordinates are in metres, rotational ones in radians.
bool is_translation(const Model& model, size_t coordinate, const std::string& name) {
    if (!model.dofs.empty()) return model.dofs[coordinate].kind == Dof::Kind::RootTranslation;
    return ends_with(name, ".tx") || ends_with(name, ".ty") || ends_with(name, ".tz");
}

struct ChannelList {
    std::vector<Channel>& out;
    ChannelGroup group;
    void add(const std::string& source, std::string quantity, std::string unit) {
        Channel channel;
        channel.name = quantity.empty() ? source : source + "." + quantity;
        channel.unit = std::move(unit);
        channel.group = group;
        channel.source = source;
        channel.quantity = std::move(quantity);
        out.push_back(std::move(channel));
    }
    void add_xyz(const std::string& source, const std::string& quantity, const std::string& unit) {
        for (const char* axis : {"_x", "_y", "_z"}) add(source, quantity + axis, unit);
    }
};

void make_names_unique(std::vector<Channel>& channels) {
    std::unordered_map<std::string, int> seen;
    for (const Channel& channel : channels) seen[channel.name] = 0;
    for (Channel& channel : channels) {
        int& uses = seen[channel.name];
        if (++uses == 1) continue;
        std::string candidate;
        do candidate = channel.name + "#" + std::to_string(uses++);
        while (seen.count(candidate));
        seen[candidate] = 1;
        channel.name = candidate;
    }
}

}  // namespace

std::string_view group_name(ChannelGroup group) { return group_names[static_cast<int>(group)]; }

std::optional<GroupMask> parse_channel_groups(std::string_view list, std::string* error) {
    constexpr const char* expected = "(expected all, time, dofs, bodies, joints, muscles or contacts)";
    GroupMask mask = group_bit(ChannelGroup::Time);
    const std::string whole(list);
    // an empty list (a shell variable that was not set) or item is a mistake, not "time only"
    if (list.empty()) {
        if (error) *error = std::string("no channel group given ") + expected;
        return std::nullopt;
    }
    for (bool more = true; more;) {
        const size_t comma = list.find(',');
        const std::string_view item = list.substr(0, comma);
        more = comma != std::string_view::npos;
        list = more ? list.substr(comma + 1) : std::string_view();
        if (item.empty()) {
            if (error) *error = "empty channel group in '" + whole + "' " + expected;
            return std::nullopt;
        }
        int found = -1;
        for (int g = 0; g < channel_group_count; ++g)
            if (item == group_names[g]) found = g;
        if (item == "all") {
            mask = all_channel_groups;
            continue;
        }
        if (found < 0) {
            if (error) *error = "unknown channel group '" + std::string(item) + "' " + expected;
            return std::nullopt;
        }
        mask |= group_bit(static_cast<ChannelGroup>(found));
    }
    return mask;
}

std::string channel_label(const Channel& channel) {
    return channel.unit.empty() ? channel.name : channel.name + " [" + channel.unit + "]";
}

std::vector<Channel> describe_channels(const Model& model, const ContactPairSet& pairs, GroupMask groups) {
    std::vector<Channel> channels;
    auto wanted = [&](ChannelGroup g) { return (groups & group_bit(g)) != 0; };
    ChannelList list{channels, ChannelGroup::Time};
    list.add("time", "", "s");
    channels.back().name = "time";
    channels.back().source.clear();
    if (wanted(ChannelGroup::Dofs)) {
        list.group = ChannelGroup::Dofs;
        const std::vector<std::string> names = coordinate_names(model);
        for (size_t i = 0; i < names.size(); ++i) {
            const bool metres = is_translation(model, i, names[i]);
            list.add(names[i], "", metres ? "m" : "rad");
            list.add(names[i], "vel", metres ? "m/s" : "rad/s");
        }
    }
    if (wanted(ChannelGroup::Bodies)) {
        list.group = ChannelGroup::Bodies;
        for (const Body& body : model.bodies) {
            if (body.is_static()) continue;
            list.add_xyz(body.name, "pos", "m");
            for (const char* q : {"ori_w", "ori_x", "ori_y", "ori_z"}) list.add(body.name, q, "");
        }
    }
    if (wanted(ChannelGroup::Joints)) {
        list.group = ChannelGroup::Joints;
        for (const Joint& joint : model.joints) {
            list.add_xyz(joint.name, "displacement", "m");
            list.add_xyz(joint.name, "limit_torque", "Nm");
        }
    }
    if (wanted(ChannelGroup::Muscles)) {
        list.group = ChannelGroup::Muscles;
        for (const Muscle& muscle : model.muscles) {
            list.add(muscle.name, "excitation", "");
            list.add(muscle.name, "activation", "");
            list.add(muscle.name, "fiber_length", "m");
            list.add(muscle.name, "tendon_length", "m");
            list.add(muscle.name, "force", "N");
        }
    }
    if (wanted(ChannelGroup::Contacts)) {
        list.group = ChannelGroup::Contacts;
        for (const ContactPair& pair : pairs.pairs) {
            list.add(pair.name, "contact", "");
            list.add_xyz(pair.name, "force", "N");
            list.add_xyz(pair.name, "point", "m");
        }
    }
    make_names_unique(channels);
    return channels;
}

}  // namespace hfd
