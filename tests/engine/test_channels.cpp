// Channel names of a recording (io/channels.cpp): the order and units that
// channels.h documents, group selection, unique names, labels.
#include "format/parser.h"
#include "io/channels.h"
#include "model/build_model.h"

#include <QTest>

#include <set>

using namespace hfd;

namespace {

// a free root body with a hip joint below it (no dof components: the implicit
// coordinates pelvis.tx .. pelvis.rz, hip.rx .. hip.rz), a muscle and a floor
std::string model_text(const std::string& joint_name) {
    return R"(
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	geometry { name = floor type = plane body = ground normal = [ 0 1 0 ] }
	body { name = pelvis mass = 10 inertia { x = 0.1 y = 0.1 z = 0.1 } pos = [ 0 1 0 ] }
	geometry { name = seat type = sphere radius = 0.1 body = pelvis }
	body { name = thigh mass = 5 inertia { x = 0.1 y = 0.02 z = 0.1 } pos = [ 0 0.6 0 ]
		joint { name = )" +
           joint_name + R"( parent = pelvis pos_in_child = [ 0 0.2 0 ] pos_in_parent = [ 0 -0.2 0 ] }
	}
	point_path_muscle { name = flexor max_isometric_force = 500 optimal_fiber_length = 0.1
		tendon_slack_length = 0.2 path [ { body = pelvis pos = [ 0.05 0 0 ] } { body = thigh pos = [ 0.05 0 0 ] } ] }
}
)";
}

Model build(const std::string& joint_name) {
    BuildResult built = build_model(parse_text(model_text(joint_name), "m.hfd").root, "m.hfd");
    if (!built.ok()) qFatal("model does not build");
    return std::move(*built.model);
}

std::vector<std::string> labels(const std::vector<Channel>& channels) {
    std::vector<std::string> out;
    for (const Channel& channel : channels) out.push_back(channel_label(channel));
    return out;
}

std::vector<std::string> expected_labels(GroupMask groups) {
    std::vector<std::string> out = {"time [s]"};
    auto wanted = [&](ChannelGroup g) { return (groups & group_bit(g)) != 0; };
    if (wanted(ChannelGroup::Dofs)) {
        for (const char* axis : {"tx", "ty", "tz"})
            for (const std::string suffix : {" [m]", ".vel [m/s]"})
                out.push_back("pelvis." + std::string(axis) + suffix);
        for (const std::string source : {"pelvis", "hip"}) {
            for (const char* axis : {"rx", "ry", "rz"}) {
                out.push_back(source + "." + axis + " [rad]");
                out.push_back(source + "." + axis + ".vel [rad/s]");
            }
        }
    }
    if (wanted(ChannelGroup::Bodies))
        for (const std::string body : {"pelvis", "thigh"}) {
            for (const char* q : {"pos_x", "pos_y", "pos_z"}) out.push_back(body + "." + q + " [m]");
            for (const char* q : {"ori_w", "ori_x", "ori_y", "ori_z"}) out.push_back(body + "." + q);
        }
    if (wanted(ChannelGroup::Joints)) {
        for (const char* q : {"displacement_x", "displacement_y", "displacement_z"})
            out.push_back("hip." + std::string(q) + " [m]");
        for (const char* q : {"limit_torque_x", "limit_torque_y", "limit_torque_z"})
            out.push_back("hip." + std::string(q) + " [Nm]");
    }
    if (wanted(ChannelGroup::Muscles))
        for (const char* q : {"excitation", "activation", "fiber_length [m]", "tendon_length [m]", "force [N]"})
            out.push_back("flexor." + std::string(q));
    if (wanted(ChannelGroup::Contacts)) {
        out.push_back("seat-floor.contact");
        for (const char* q : {"force_x", "force_y", "force_z"}) out.push_back("seat-floor." + std::string(q) + " [N]");
        for (const char* q : {"point_x", "point_y", "point_z"}) out.push_back("seat-floor." + std::string(q) + " [m]");
    }
    return out;
}

}  // namespace

class TestChannels : public QObject {
    Q_OBJECT
    Model model_ = build("hip");
    ContactPairSet pairs_ = candidate_contact_pairs(model_, {true, false});

private slots:
    void all_groups_in_documented_order_and_units() {
        const std::vector<Channel> channels = describe_channels(model_, pairs_, all_channel_groups);
        QCOMPARE(labels(channels), expected_labels(all_channel_groups));
        // 1 time + 9 coordinates x 2 + 2 bodies x 7 + 1 joint x 6 + 1 muscle x 5 + 1 pair x 7
        QCOMPARE(channels.size(), size_t(51));
    }

    void source_quantity_and_group_of_each_channel() {
        const std::vector<Channel> channels = describe_channels(model_, pairs_, all_channel_groups);
        QCOMPARE(channels[0].name, std::string("time"));
        QVERIFY(channels[0].source.empty());
        QCOMPARE(channels[0].group, ChannelGroup::Time);
        for (const Channel& channel : channels) {
            if (channel.group == ChannelGroup::Time) continue;
            // name = source, or source.quantity
            QCOMPARE(channel.name, channel.quantity.empty() ? channel.source : channel.source + "." + channel.quantity);
        }
        const auto seat = std::find_if(channels.begin(), channels.end(),
                                       [](const Channel& c) { return c.name == "seat-floor.force_y"; });
        QVERIFY(seat != channels.end());
        QCOMPARE(seat->group, ChannelGroup::Contacts);
        QCOMPARE(seat->source, std::string("seat-floor"));
        QCOMPARE(seat->quantity, std::string("force_y"));
    }

    void groups_select_channels_data() {
        QTest::addColumn<QString>("list");
        QTest::newRow("dofs") << "dofs";
        QTest::newRow("bodies, contacts") << "bodies,contacts";
        QTest::newRow("joints, muscles") << "muscles,joints";
        QTest::newRow("time only") << "time";
        QTest::newRow("all") << "all";
    }
    void groups_select_channels() {
        QFETCH(QString, list);
        const std::optional<GroupMask> groups = parse_channel_groups(list.toStdString());
        QVERIFY(groups);
        QVERIFY(*groups & group_bit(ChannelGroup::Time));  // always there
        QCOMPARE(labels(describe_channels(model_, pairs_, *groups)), expected_labels(*groups));
    }

    void unknown_group_is_an_error() {
        std::string error;
        QVERIFY(!parse_channel_groups("dofs,feet", &error));
        QVERIFY(error.find("'feet'") != std::string::npos);
        QVERIFY(error.find("contacts") != std::string::npos);
        // issue #38: `--groups ''` was accepted as "time only"
        for (const char* empty : {"", ",", "dofs,", ",dofs", "dofs,,muscles"}) {
            QVERIFY2(!parse_channel_groups(empty, &error), empty);
            QVERIFY(error.find("contacts") != std::string::npos);
        }
        for (int g = 0; g < channel_group_count; ++g)
            QCOMPARE(parse_channel_groups(group_name(ChannelGroup(g))).value(),
                     group_bit(ChannelGroup::Time) | group_bit(ChannelGroup(g)));
    }

    void no_pairs_no_contact_channels() {
        for (const Channel& channel : describe_channels(model_, ContactPairSet{}, all_channel_groups))
            QVERIFY(channel.group != ChannelGroup::Contacts);
    }

    void clashing_names_are_made_unique() {
        // a joint named like the root body gives its coordinates the body's names
        const Model model = build("pelvis");
        const std::vector<Channel> channels = describe_channels(model, ContactPairSet{}, *parse_channel_groups("dofs"));
        std::set<std::string> names;
        for (const Channel& channel : channels) QVERIFY2(names.insert(channel.name).second, channel.name.c_str());
        QVERIFY(names.count("pelvis.rx") && names.count("pelvis.rx#2") && names.count("pelvis.rx.vel#2"));
    }

    void label_has_the_unit_when_there_is_one() {
        QCOMPARE(channel_label({"hip.rx", "rad", ChannelGroup::Dofs, "hip", "rx"}), std::string("hip.rx [rad]"));
        QCOMPARE(channel_label({"flexor.activation", "", ChannelGroup::Muscles, "flexor", "activation"}),
                 std::string("flexor.activation"));
    }
};

QTEST_APPLESS_MAIN(TestChannels)
#include "test_channels.moc"
