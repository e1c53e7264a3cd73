#include "io/channels.h"

#include "state/kinematics.h"

#include <cmath>
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

// --- the rows: elements, quantities and values of each group ---------------

std::vector<ChannelElement> dof_elements(const Model& model, const ContactPairSet&) {
    std::vector<ChannelElement> elements;
    const std::vector<std::string> names = coordinate_names(model);
    for (size_t i = 0; i < names.size(); ++i)
        elements.push_back({names[i], Index(i), is_translation(model, i, names[i])});
    return elements;
}
constexpr ChannelQuantity dof_quantities[] = {{"", "rad", "m"}, {"vel", "rad/s", "m/s"}};
void dof_values(const ChannelSample& s, Index i, double* out) {
    out[0] = s.coordinates.value[size_t(i)];
    out[1] = s.coordinates.velocity[size_t(i)];
}

std::vector<ChannelElement> body_elements(const Model& model, const ContactPairSet&) {
    std::vector<ChannelElement> elements;
    for (size_t b = 0; b < model.bodies.size(); ++b)
        if (!model.bodies[b].is_static()) elements.push_back({model.bodies[b].name, Index(b)});
    return elements;
}
// the orientation body -> world as a quaternion
constexpr ChannelQuantity body_quantities[] = {{"pos_x", "m"}, {"pos_y", "m"}, {"pos_z", "m"}, {"ori_w", ""},
                                               {"ori_x", ""},  {"ori_y", ""},  {"ori_z", ""}};
void body_values(const ChannelSample& s, Index b, double* out) {
    const Vec3& p = s.state.pos[size_t(b)];
    const Quat& q = s.state.ori[size_t(b)];
    for (const double value : {p.x(), p.y(), p.z(), q.w(), q.x(), q.y(), q.z()}) *out++ = value;
}

std::vector<ChannelElement> joint_elements(const Model& model, const ContactPairSet&) {
    std::vector<ChannelElement> elements;
    for (size_t j = 0; j < model.joints.size(); ++j) elements.push_back({model.joints[j].name, Index(j)});
    return elements;
}
// displacement: child anchor - parent anchor, world; limit torque: on the child, world
constexpr ChannelQuantity joint_quantities[] = {{"displacement_x", "m"},  {"displacement_y", "m"},
                                                {"displacement_z", "m"},  {"limit_torque_x", "Nm"},
                                                {"limit_torque_y", "Nm"}, {"limit_torque_z", "Nm"}};
void joint_values(const ChannelSample& s, Index j, double* out) {
    const Vec3 d = joint_displacement(s.model, s.state, j);
    const Vec3 t = size_t(j) < s.data.joint_limit_torque.size() ? s.data.joint_limit_torque[size_t(j)] : Vec3::Zero();
    for (const double value : {d.x(), d.y(), d.z(), t.x(), t.y(), t.z()}) *out++ = value;
}

std::vector<ChannelElement> muscle_elements(const Model& model, const ContactPairSet&) {
    std::vector<ChannelElement> elements;
    for (size_t m = 0; m < model.muscles.size(); ++m) elements.push_back({model.muscles[m].name, Index(m)});
    return elements;
}
constexpr ChannelQuantity muscle_quantities[] = {
    {"excitation", ""}, {"activation", ""}, {"fiber_length", "m"}, {"tendon_length", "m"}, {"force", "N"}};
double at(const std::vector<double>& values, size_t i) { return i < values.size() ? values[i] : std::nan(""); }
void muscle_values(const ChannelSample& s, Index index, double* out) {
    const size_t m = size_t(index);
    const Muscle& muscle = s.model.muscles[m];
    const double tendon_length = at(s.data.tendon_length, m);
    double fiber_length = 0;
    if (s.fiber_length_in_state) {
        fiber_length = s.state.fiber_length[m];
    } else {
        // Rigid or equilibrium tendon: fibre length from the path and the tendon,
        // with the constant-thickness pennation model l_f sin(alpha) = l_opt sin(alpha_opt)
        // (Millard et al. 2013, eq. 17).
        const double along_path = at(s.data.muscle_length, m) - tendon_length;
        const double thickness = muscle.optimal_fiber_length * std::sin(muscle.pennation_angle);
        fiber_length = std::sqrt(along_path * along_path + thickness * thickness);
    }
    for (const double value : {at(s.controls.excitation, m), at(s.state.activation, m), fiber_length, tendon_length,
                               at(s.data.muscle_force, m)})
        *out++ = value;
}

std::vector<ChannelElement> contact_elements(const Model&, const ContactPairSet& pairs) {
    std::vector<ChannelElement> elements;
    for (size_t p = 0; p < pairs.pairs.size(); ++p) elements.push_back({pairs.pairs[p].name, Index(p)});
    return elements;
}
// force on the first geometry's body, world; point: world, 0 when apart
constexpr ChannelQuantity contact_quantities[] = {{"contact", ""},  {"force_x", "N"}, {"force_y", "N"},
                                                  {"force_z", "N"}, {"point_x", "m"}, {"point_y", "m"},
                                                  {"point_z", "m"}};
void contact_values(const ChannelSample& s, Index p, double* out) {
    const PairContact& pair = s.pairs[size_t(p)];
    for (const double value : {pair.touching ? 1.0 : 0.0, pair.force.x(), pair.force.y(), pair.force.z(),
                               pair.point.x(), pair.point.y(), pair.point.z()})
        *out++ = value;
}

const ChannelGroupRow table[] = {
    {ChannelGroup::Dofs, dof_quantities, dof_elements, dof_values},
    {ChannelGroup::Bodies, body_quantities, body_elements, body_values},
    {ChannelGroup::Joints, joint_quantities, joint_elements, joint_values},
    {ChannelGroup::Muscles, muscle_quantities, muscle_elements, muscle_values},
    {ChannelGroup::Contacts, contact_quantities, contact_elements, contact_values},
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

std::span<const ChannelGroupRow> channel_table() { return table; }

std::vector<Channel> describe_channels(const Model& model, const ContactPairSet& pairs, GroupMask groups) {
    std::vector<Channel> channels;
    Channel time;
    time.name = "time";
    time.unit = "s";
    channels.push_back(time);
    for (const ChannelGroupRow& row : table) {
        if (!(groups & group_bit(row.group))) continue;
        for (const ChannelElement& element : row.elements(model, pairs))
            for (const ChannelQuantity& quantity : row.quantities) {
                Channel channel;
                channel.name =
                    quantity.suffix.empty() ? element.name : element.name + "." + std::string(quantity.suffix);
                const bool translation = element.translational && !quantity.translation_unit.empty();
                channel.unit = std::string(translation ? quantity.translation_unit : quantity.unit);
                channel.group = row.group;
                channel.source = element.name;
                channel.quantity = std::string(quantity.suffix);
                channels.push_back(std::move(channel));
            }
    }
    make_names_unique(channels);
    return channels;
}

}  // namespace hfd
