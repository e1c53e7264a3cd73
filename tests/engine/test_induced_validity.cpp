// The induced acceleration analysis' verdict whether its constraint model holds
// (InducedValidity, docs/analyses.md): a block resting on the floor is valid
// and its gravity is held by the floor; the same block analysed without the
// contact it lies on falls at g against a forward simulation at rest (invalid,
// the loaded contact named); held down by its constraint against an upward
// pull of 3 m g the floor must pull with 2 m g (invalid); pressed to twice its
// resting depth the forward contact accelerates it by more than g (invalid);
// the planar human lying on its back after the fall is valid with all its
// contacts, invalid when only the feet are constraints.
#include "analysis/induced_accelerations.h"
#include "analysis/induced_series.h"
#include "sim_test_util.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace hfd;

namespace {

constexpr double g = 9.81;

std::string read_text(const std::string& path) {
    std::ifstream file(path);
    std::stringstream buffer;
    buffer << file.rdbuf();
    return buffer.str();
}

// A 2 kg ball-shaped block: its "back" touches the floor, its "foot" (on top) never does.
const char* block_text = R"(
model {
  gravity = [ 0 -9.81 0 ]
  body { name = ground mass = 0 inertia = [ 0 0 0 ] geometry { name = floor type = plane normal = [ 0 1 0 ] } }
  body { name = block mass = 2 inertia = [ 0.008 0.008 0.008 ] pos = [ 0 0.0995 0 ]
    geometry { name = back type = sphere radius = 0.1 }
    geometry { name = foot type = sphere radius = 0.02 pos = [ 0 0.3 0 ] } }
}
composite_force { simple_collision_detection {} contact_force_hunt_crossley {} }
symplectic_euler_integrator { step_size = 1e-4 }
)";
constexpr double block_mass = 2;

// Steps the block until it rests on the floor: velocity and forward acceleration ~0.
bool settle(Simulation& sim) {
    for (int k = 0; k < 40000; ++k)
        if (!sim.step()) return false;
    Data d;
    d.resize(sim.model());
    sim.evaluate(sim.state(), d);
    return sim.state().lin_vel[1].norm() < 1e-4 && d.lin_acc[1].norm() < 1e-3 * g;
}

double normal_reaction(const InducedAccelerations& r, int contact) {
    return r.reaction(3 * contact + 1, r.total_column());  // the floor's normal is +y
}

std::unique_ptr<Simulation> fallen_human(double seconds) {
    auto sim = test::make_simulation(read_text(std::string(HFD_SAMPLES_DIR) + "/human_planar.hfd"));
    if (!sim) return sim;
    while (sim->state().time < seconds)
        if (!sim->step()) return nullptr;
    return sim;
}

}  // namespace

class TestInducedValidity : public QObject {
    Q_OBJECT
private slots:
    // At rest on its contact: gravity induces nothing, the floor carries m g, the
    // constrained total (0) equals the forward acceleration (~0): valid.
    void block_resting_on_its_contact_is_valid() {
        auto sim = test::make_simulation(block_text);
        QVERIFY(sim);
        QVERIFY(settle(*sim));
        const InducedAccelerations r = induced_accelerations(*sim, sim->state(), {ContactConstraint::Point});
        QCOMPARE(int(r.contacts.size()), 1);
        const Eigen::Index gravity = r.column("gravity");
        QVERIFY(r.com.col(gravity).norm() < 1e-9);
        QVERIFY(std::abs(r.reaction(1, gravity) - block_mass * g) < 1e-9);
        QCOMPARE(int(r.loads.size()), 1);
        QCOMPARE(r.loads[0].geometry, std::string("back"));
        QCOMPARE(r.loads[0].constraint, 0);
        QVERIFY(std::abs(r.loads[0].forward_normal() - block_mass * g) < 1e-3 * block_mass * g);  // at rest
        const InducedValidity& v = r.validity;
        QVERIFY2(v.valid, v.reason.c_str());
        QVERIFY(v.reason.empty());
        QVERIFY(v.com_residual < 1e-3 * g);
        QCOMPARE(v.com_limit, 0.5 * g);
        QVERIFY(v.unconstrained_loaded.empty() && v.pulling.empty());
    }

    // Only the "foot" may become a constraint: nothing holds the block, which the
    // analysis lets fall at exactly g while the simulation keeps it at rest; the
    // residual is g and the loaded "back" is named as not constrained.
    void block_on_an_unconstrained_contact_is_invalid() {
        auto sim = test::make_simulation(block_text);
        QVERIFY(sim);
        QVERIFY(settle(*sim));
        InducedAccelerationOptions options;
        options.contacts = {"foot"};
        const InducedAccelerations r = induced_accelerations(*sim, sim->state(), options);
        QCOMPARE(int(r.contacts.size()), 0);
        QVERIFY((r.com.col(r.total_column()) - Eigen::Vector3d(0, -g, 0)).norm() < 1e-12);
        QCOMPARE(int(r.loads.size()), 1);
        QCOMPARE(r.loads[0].constraint, -1);
        const InducedValidity& v = r.validity;
        QVERIFY(!v.valid);
        QVERIFY2(std::abs(v.com_residual - g) < 1e-3 * g, qPrintable(QString::number(v.com_residual)));
        QCOMPARE(v.unconstrained_loaded, std::vector<std::string>{"back"});
        QVERIFY2(v.reason.find("constraint model does not hold: |a_com - forward| = 9.8") == 0, v.reason.c_str());
        QVERIFY2(v.reason.find("contacts carrying load: back 19.6") != std::string::npos, v.reason.c_str());
        QVERIFY2(v.reason.find("(not constrained)") != std::string::npos, v.reason.c_str());

        // the series keeps the verdict per frame
        InducedSeries series = make_induced_series(sim->model(), {});
        append_induced_frame(series, sim->model(), 0.0, r);
        append_induced_frame(series, sim->model(), 0.01, induced_accelerations(*sim, sim->state(), {}));
        QCOMPARE(series.invalid_frame_count(), size_t(1));
        QVERIFY(!series.valid(0) && series.valid(1));
        const std::vector<FrameSpan> spans = invalid_spans(series);
        QCOMPARE(int(spans.size()), 1);
        QCOMPARE(describe_spans(series, spans), std::string("t = 0 s"));
        // the forward force of the unconstrained contact still reaches its reaction table
        const InducedTable* back = series.find("reaction.back_y");
        QVERIFY(back);
        QVERIFY(std::abs(series.value(*back, 0, series.columns.size() - 1) - block_mass * g) < 1e-3 * block_mass * g);
        QCOMPARE(series.value(*back, 0, series.columns.size() - 2), 0.0);  // no constraint, no reaction
    }

    // Pulled up with 3 m g, the point constraint keeps the block still: the floor
    // must pull it down with 2 m g, which a contact cannot do.
    void constraint_pulling_into_the_ground_is_invalid() {
        auto sim = test::make_simulation(block_text);
        QVERIFY(sim);
        QVERIFY(settle(*sim));
        const double pull = 3 * block_mass * g;
        sim->controls().perturbations.push_back({1, Vec3::Zero(), Vec3(0, pull, 0), Vec3::Zero(), 0, 1e9});
        for (ContactConstraint kind : {ContactConstraint::Point, ContactConstraint::Rolling, ContactConstraint::Weld}) {
            const InducedAccelerations r = induced_accelerations(*sim, sim->state(), {kind});
            QCOMPARE(int(r.contacts.size()), 1);
            QVERIFY(std::abs(normal_reaction(r, 0) + 2 * block_mass * g) < 1e-9);
            const InducedValidity& v = r.validity;
            QVERIFY(!v.valid);
            // welds are judged per body (their split between welds of one body is not unique)
            const std::string judged = kind == ContactConstraint::Weld ? "block" : "back";
            QCOMPARE(v.pulling, std::vector<std::string>{judged});
            QVERIFY2(v.reason.find("constraints pulling the body into the ground: " + judged + " (-39.2") !=
                         std::string::npos,
                     v.reason.c_str());
            QVERIFY(v.unconstrained_loaded.empty());
        }
    }

    // At twice its resting depth the compliant contact pushes with at least 2 m g
    // (a contact force grows at least linearly with depth): the forward block
    // accelerates upwards by more than g, the point constraint keeps it still.
    // The residual is Newton's: |F_contact / m + g_vec - a_total|.
    void pressed_block_is_invalid_by_its_acceleration() {
        auto sim = test::make_simulation(block_text);
        QVERIFY(sim);
        QVERIFY(settle(*sim));
        State pressed = sim->state();
        const double depth = 0.1 - pressed.pos[1].y();
        QVERIFY(depth > 0);
        pressed.pos[1].y() = 0.1 - 2 * depth;
        const InducedAccelerations r = induced_accelerations(*sim, pressed, {ContactConstraint::Point});
        QCOMPARE(int(r.loads.size()), 1);
        const Vec3 forward = r.loads[0].forward_force / block_mass + Vec3(0, -g, 0);
        QVERIFY((forward - r.forward_com).norm() < 1e-9);
        QVERIFY(forward.y() > g);
        const Vec3 total = r.com.col(r.total_column());
        QVERIFY(total.norm() < 1e-9);
        QVERIFY(std::abs(r.validity.com_residual - (forward - total).norm()) < 1e-9);
        QVERIFY(!r.validity.valid);
        QVERIFY(r.validity.unconstrained_loaded.empty() && r.validity.pulling.empty());
        // and at its resting depth the same block is valid again
        QVERIFY(induced_accelerations(*sim, sim->state(), {ContactConstraint::Point}).validity.valid);
    }

    // human_planar after 5 s lies on its back on the pelvis capsule. With every
    // touching contact constrained the analysis describes it (its totals meet the
    // forward accelerations); with the feet alone the pelvis carries the body
    // unconstrained and the frame is invalid.
    void fallen_human_with_and_without_its_pelvis_contact() {
        auto sim = fallen_human(5.0);
        QVERIFY(sim);
        const Model& m = sim->model();
        const InducedAccelerations all = induced_accelerations(*sim, sim->state(), {ContactConstraint::Point});
        bool pelvis_loaded = false;
        for (const ContactLoad& l : all.loads)
            if (l.geometry == "pelvis_shape" && l.forward_normal() > 0.2 * m.total_mass() * g) pelvis_loaded = true;
        QVERIFY2(pelvis_loaded, "the model is expected to lie on its pelvis at 5 s");
        QVERIFY2(all.validity.valid, all.validity.reason.c_str());
        QVERIFY(all.validity.com_residual < 0.5 * g);

        InducedAccelerationOptions feet;
        feet.contacts = {"r_heel", "r_toe", "l_heel", "l_toe"};
        const InducedAccelerations r = induced_accelerations(*sim, sim->state(), feet);
        for (const ConstraintGroup& c : r.contacts) QVERIFY(c.name.find("pelvis") == std::string::npos);
        QVERIFY(!r.validity.valid);
        QCOMPARE(r.validity.unconstrained_loaded, std::vector<std::string>{"pelvis_shape"});
        QVERIFY2(r.validity.reason.find("pelvis_shape") != std::string::npos, r.validity.reason.c_str());
        QVERIFY(r.validity.com_residual > 0.5 * g);
    }
};

QTEST_APPLESS_MAIN(TestInducedValidity)
#include "test_induced_validity.moc"
