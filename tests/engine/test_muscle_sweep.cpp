// Muscle analysis against a coordinate (analysis/muscle_sweep.h): moment arms
// from the path geometry equal -dL/dq by central differences for every muscle and
// every coordinate it crosses (human3d and the corpus H0918); the analytic moment
// arm of a two-point muscle over a hinge; static equilibrium (tendon force = fiber
// force along the tendon); joint moment = moment arm x tendon force; the strength
// curve sums the full-activation moments per direction; only muscles that cross
// the coordinate are listed; the fiber velocity agrees with the sweep's slope.
#include "analysis/muscle_sweep.h"
#include "format/parser.h"
#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"
#include "model/build_model.h"
#include "sim/components.h"
#include "state/kinematics.h"

#include "hinge_muscle_model.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <set>

using namespace hfd;

namespace {

using test::hinge_arm_a;
using test::hinge_arm_b;

Model load_text(const char* text) {
    const ParseResult parsed = parse_text(text, "hinge.hfd");
    BuildResult built = build_model(parsed.root, "hinge.hfd");
    if (!built.ok()) qFatal("hinge model does not build");
    return std::move(*built.model);
}

std::optional<Model> load_path(const std::string& path) {
    if (!std::filesystem::exists(path)) return std::nullopt;
    BuildResult built = load_model(path);
    if (!built.ok()) return std::nullopt;
    return std::move(*built.model);
}

double length_at(const Model& model, const State& pose, Index dof, double q, Index muscle) {
    DofAssignment dofs{coordinate_values(model, pose).value, std::vector<double>(model.dofs.size(), 0.0)};
    dofs.value[dof] = q;
    State s = pose;
    apply_dofs(model, dofs, s);
    return muscle_path_length(model, s, muscle);
}

// Every dof of the model swept at `points` values; every listed muscle's moment arm
// checked against -dL/dq. Counts what the check covered.
struct Coverage {
    int checks = 0;
    std::set<Index> muscles, two_joint_muscles, multi_point_muscles;
};

void checkMomentArms(const Model& model, int points, Coverage& coverage) {
    const State pose = initial_state(model);
    std::vector<std::set<Index>> joints_crossed(model.muscles.size());
    for (Index d = 0; d < Index(model.dofs.size()); ++d) {
        MuscleSweepOptions options;
        options.dof = d;
        options.points = points;
        const MuscleSweep sweep = sweep_muscles(model, pose, options);
        for (const MuscleCurves& c : sweep.muscles) {
            if (model.dofs[d].kind == Dof::Kind::JointRotation) joints_crossed[c.muscle].insert(model.dofs[d].joint);
            for (size_t k = 0; k < sweep.coordinate.size(); ++k) {
                const double h = 1e-6, q = sweep.coordinate[k];
                const double derivative =
                    -(length_at(model, pose, d, q + h, c.muscle) - length_at(model, pose, d, q - h, c.muscle)) /
                    (2 * h);
                if (std::abs(derivative - c.moment_arm[k]) >= 1e-6)
                    QFAIL(qPrintable(QString("%1 over %2 at %3: moment arm %4, -dL/dq %5")
                                         .arg(QString::fromStdString(model.muscles[c.muscle].name))
                                         .arg(QString::fromStdString(model.dofs[d].name))
                                         .arg(q)
                                         .arg(c.moment_arm[k])
                                         .arg(derivative)));
                ++coverage.checks;
                coverage.muscles.insert(c.muscle);
            }
        }
    }
    for (Index m = 0; m < Index(model.muscles.size()); ++m) {
        if (joints_crossed[m].size() >= 2) coverage.two_joint_muscles.insert(m);
        std::map<Index, int> per_body;
        for (const PathPoint& p : model.muscles[m].path) ++per_body[p.body];
        for (const auto& [body, count] : per_body)
            if (count >= 2 && !joints_crossed[m].empty()) coverage.multi_point_muscles.insert(m);
    }
}

}  // namespace

class TestMuscleSweep : public QObject {
    Q_OBJECT
private slots:
    void analyticMomentArmOfHinge() {
        const Model model = load_text(test::hinge_muscle_model);
        MuscleSweepOptions options;
        options.dof = model.find_dof("elbow_angle");
        options.points = 31;
        const MuscleSweep sweep = sweep_muscles(model, initial_state(model), options);
        QCOMPARE(sweep.muscles.size(), size_t(1));  // "beside" does not cross the elbow
        const MuscleCurves& c = sweep.muscles[0];
        QCOMPARE(c.muscle, model.find_muscle("over"));
        QCOMPARE(sweep.coordinate.front(), -150 * std::numbers::pi / 180);
        QCOMPARE(sweep.coordinate.back(), 150 * std::numbers::pi / 180);
        for (size_t k = 0; k < sweep.coordinate.size(); ++k) {
            const double q = sweep.coordinate[k];
            const double length = std::sqrt(hinge_arm_a * hinge_arm_a + hinge_arm_b * hinge_arm_b +
                                            2 * hinge_arm_a * hinge_arm_b * std::cos(q));
            QVERIFY(std::abs(c.length[k] - length) < 1e-12);
            QVERIFY(std::abs(c.moment_arm[k] - hinge_arm_a * hinge_arm_b * std::sin(q) / length) < 1e-12);
        }
    }

    void momentArmsEqualLengthDerivativeHuman3d() {
        const std::optional<Model> model = load_path(std::string(HFD_SAMPLES_DIR) + "/human3d.hfd");
        QVERIFY(model);
        Coverage coverage;
        checkMomentArms(*model, 5, coverage);
        QCOMPARE(coverage.muscles.size(), model->muscles.size());  // each crosses some coordinate
        QVERIFY(!coverage.two_joint_muscles.empty());
        QVERIFY(!coverage.multi_point_muscles.empty());
    }

    void momentArmsEqualLengthDerivativeH0918() {
        std::optional<Model> model;
        for (const char* path : {"/scone/H0918.hfd", "/scone-tutorials3/models/H0918v3.hfd"})
            if (!model) model = load_path(std::string(HFD_CORPUS_DIR) + path);
        if (!model) QSKIP("corpus H0918 not found");
        Coverage coverage;
        checkMomentArms(*model, 9, coverage);
        QCOMPARE(coverage.muscles.size(), model->muscles.size());
        QVERIFY(!coverage.two_joint_muscles.empty());
    }

    void equilibriumAndMoment() {
        const std::optional<Model> model = load_path(std::string(HFD_SAMPLES_DIR) + "/human3d.hfd");
        QVERIFY(model);
        int models = 0;
        for (const ComponentInfo& component : component_table()) {
            if (component.family != ComponentFamily::Muscle) continue;
            ++models;
            MuscleSweepOptions options;
            options.dof = model->find_dof("knee_angle_r");
            QVERIFY(options.dof != no_index);
            options.points = 21;
            options.activation = 0.7;
            options.fiber = muscle_fiber_model(component.name, nullptr);
            QVERIFY(options.fiber);
            const MuscleSweep sweep = sweep_muscles(*model, initial_state(*model), options);
            QVERIFY(sweep.muscles.size() >= 5);
            int taut = 0, balanced = 0;
            for (const MuscleCurves& c : sweep.muscles) {
                const Muscle& muscle = model->muscles[c.muscle];
                for (size_t k = 0; k < sweep.coordinate.size(); ++k) {
                    QCOMPARE(c.moment[k], c.moment_arm[k] * c.tendon_force[k]);
                    // the geometry: l_T = L - l_f cos(alpha), l_f sin(alpha) = l_opt sin(alpha_opt)
                    QVERIFY(std::abs(c.tendon_length[k] -
                                     (c.length[k] - c.fiber_length[k] * std::cos(c.pennation[k]))) < 1e-12);
                    QVERIFY(std::abs(c.fiber_length[k] * std::sin(c.pennation[k]) -
                                     muscle.optimal_fiber_length * std::sin(muscle.pennation_angle)) < 1e-12);
                    const double along_tendon =
                        (c.active_fiber_force[k] + c.passive_fiber_force[k]) * std::cos(c.pennation[k]);
                    // a slack tendon carries nothing, and then no fiber pulls (a short
                    // musculotendon leaves a gh2010 fiber pushed by its buffer elastic); a fiber
                    // at its shortest (minimum_fiber_length) is held there by a stop, as in the
                    // simulation, whatever its force
                    const bool slack = c.tendon_length[k] <= muscle.tendon_slack_length * (1 + 1e-12);
                    const double thickness = muscle.optimal_fiber_length * std::sin(muscle.pennation_angle);
                    const bool shortest =
                        c.fiber_length[k] <= minimum_fiber_length(muscle.optimal_fiber_length, thickness) * (1 + 1e-12);
                    const double imbalance = shortest ? -c.tendon_force[k]  // the stop takes the rest
                                             : slack  ? std::max(c.tendon_force[k], along_tendon)
                                                      : std::abs(c.tendon_force[k] - along_tendon);
                    if (!slack && !shortest) ++balanced;
                    QVERIFY2(
                        imbalance < 1e-6 * muscle.max_isometric_force,
                        qPrintable(QString("%1: tendon %2 N, fiber along the tendon %3 N (%4, l %5, pennation %6)")
                                       .arg(QString::fromStdString(muscle.name))
                                       .arg(c.tendon_force[k])
                                       .arg(along_tendon)
                                       .arg(QString::fromUtf8(component.name.data(), qsizetype(component.name.size())))
                                       .arg(c.normalized_fiber_length[k])
                                       .arg(c.pennation[k])));
                    if (c.tendon_force[k] > 1) ++taut;
                }
            }
            QVERIFY(taut > 20);
            QVERIFY(balanced > 20);
        }
        QCOMPARE(models, 3);  // m2012fast, gh2010, tj2003: every row of the table is swept
    }

    void strengthSumsFullActivationMoments() {
        const std::optional<Model> model = load_path(std::string(HFD_SAMPLES_DIR) + "/human3d.hfd");
        QVERIFY(model);
        MuscleSweepOptions options;
        options.dof = model->find_dof("hip_flexion_r");
        options.points = 11;
        const MuscleSweep full = sweep_muscles(*model, initial_state(*model), options);
        options.activation = 0.2;
        options.muscles = {full.muscles.front().muscle};
        const MuscleSweep partial = sweep_muscles(*model, initial_state(*model), options);
        QCOMPARE(partial.muscles.size(), size_t(1));
        for (size_t k = 0; k < full.coordinate.size(); ++k) {
            double positive = 0, negative = 0;
            for (const MuscleCurves& c : full.muscles) (c.moment_arm[k] > 0 ? positive : negative) += c.moment[k];
            QVERIFY(positive > 0 && negative < 0);
            QVERIFY(std::abs(full.strength_positive[k] - positive) < 1e-9 * positive);
            QVERIFY(std::abs(full.strength_negative[k] - negative) < 1e-9 * -negative);
            // the strength curve is of all muscles at full activation, whatever is listed
            QVERIFY(std::abs(partial.strength_positive[k] - positive) < 1e-9 * positive);
            QVERIFY(std::abs(partial.strength_negative[k] - negative) < 1e-9 * -negative);
            // less activation, less active force
            QVERIFY(partial.muscles[0].active_fiber_force[k] <= full.muscles[0].active_fiber_force[k] + 1e-9);
        }
    }

    void onlyCrossingMusclesListed() {
        const std::optional<Model> model = load_path(std::string(HFD_SAMPLES_DIR) + "/human3d.hfd");
        QVERIFY(model);
        MuscleSweepOptions options;
        options.dof = model->find_dof("knee_angle_r");
        options.points = 7;
        const State pose = initial_state(*model);
        const MuscleSweep sweep = sweep_muscles(*model, pose, options);
        std::set<Index> listed;
        for (const MuscleCurves& c : sweep.muscles) listed.insert(c.muscle);
        for (Index m = 0; m < Index(model->muscles.size()); ++m) {
            const std::string& name = model->muscles[m].name;
            if (listed.count(m)) {
                QVERIFY2(name.ends_with("_r"), name.c_str());
                continue;
            }
            QVERIFY(!muscle_spans_dof(*model, m, options.dof));
            for (double q : sweep.coordinate)
                QCOMPARE(length_at(*model, pose, options.dof, q, m), length_at(*model, pose, options.dof, 0, m));
        }
        // asked for by name, a left-side muscle is left out with a note
        Index left = no_index;
        for (Index m = 0; m < Index(model->muscles.size()) && left == no_index; ++m)
            if (model->muscles[m].name.ends_with("_l")) left = m;
        QVERIFY(left != no_index);
        options.muscles = {left};
        const MuscleSweep asked = sweep_muscles(*model, pose, options);
        QVERIFY(asked.muscles.empty());
        QCOMPARE(asked.notes.size(), size_t(1));
    }

    void fiberVelocityFollowsTheSweep() {
        const Model model = load_text(test::hinge_muscle_model);
        const Index dof = model.find_dof("elbow_angle");
        State pose = initial_state(model);
        DofAssignment dofs = default_dof_assignment(model);
        const double rate = 2.0;  // rad/s
        dofs.velocity[dof] = rate;
        apply_dofs(model, dofs, pose);
        MuscleSweepOptions options;
        options.dof = dof;
        options.points = 3001;
        options.activation = 0.5;
        const MuscleSweep sweep = sweep_muscles(model, pose, options);
        const MuscleCurves& c = sweep.muscles.at(0);
        const Muscle& muscle = model.muscles[c.muscle];
        // no fiber model given: muscle_force_m2012fast's defaults
        const double v_max = muscle_fiber_model("muscle_force_m2012fast", nullptr)->max_contraction_velocity();
        int moving = 0;
        for (size_t k = 1; k + 1 < sweep.coordinate.size(); k += 100) {
            const double slope =
                (c.fiber_length[k + 1] - c.fiber_length[k - 1]) / (sweep.coordinate[k + 1] - sweep.coordinate[k - 1]);
            const double expected = slope * rate / (v_max * muscle.optimal_fiber_length);
            QVERIFY2(std::abs(c.normalized_fiber_velocity[k] - expected) < 1e-4,
                     qPrintable(QString("%1 vs %2").arg(c.normalized_fiber_velocity[k]).arg(expected)));
            if (std::abs(expected) > 1e-3) ++moving;
        }
        QVERIFY(moving > 10);
    }

    void csvHasAColumnPerQuantity() {
        const Model model = load_text(test::hinge_muscle_model);
        MuscleSweepOptions options;
        options.dof = model.find_dof("wrist_angle");
        options.points = 4;
        const MuscleSweep sweep = sweep_muscles(model, initial_state(model), options);
        QCOMPARE(sweep.muscles.size(), size_t(1));
        const QStringList lines =
            QString::fromStdString(muscle_sweep_csv(model, sweep)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0].split(',').size(), 1 + 11 + 2);
        QVERIFY(lines[0].startsWith("wrist_angle [deg],beside.moment_arm [m]"));
        QCOMPARE(lines[1].split(',')[0].toDouble(), -60.0);
        QCOMPARE(lines[4].split(',')[0].toDouble(), 60.0);
    }
};

QTEST_GUILESS_MAIN(TestMuscleSweep)
#include "test_muscle_sweep.moc"
