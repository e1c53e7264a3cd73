// The implicit residual r(y, y_dot): zero at the explicit derivative for every
// sample model and every muscle model, its y_dot Jacobian against central
// differences, the y Jacobian's known blocks (kinematics, joint spring) and its
// sparsity, and stable names.
#include "analysis/implicit_residual.h"
#include "chain_models.h"
#include "sim_test_util.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

using namespace hfd;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream file(path);
    std::stringstream buffer;
    buffer << file.rdbuf();
    return buffer.str();
}

struct Built {
    std::unique_ptr<Simulation> sim;
    SimConfig config;
};

Built build(const std::string& text) {
    Built b;
    b.sim = test::make_simulation(text, nullptr, &b.config);
    return b;
}

// Runs a little with the muscles excited so that activations, fiber lengths
// and velocities are away from their initial values.
void settle(Simulation& sim, double duration) {
    for (size_t i = 0; i < sim.controls().excitation.size(); ++i)
        sim.controls().excitation[i] = 0.2 + 0.05 * double(i % 7);
    QVERIFY(sim.advance_to(duration));
}

// |r_i| relative to the size of the terms it balances (|J_ydot f| per row, at least 1).
double relative_residual(const ImplicitDynamics& dyn, const Eigen::VectorXd& y, const State& base) {
    const Eigen::VectorXd f = dyn.explicit_derivative(y, base);
    const Eigen::VectorXd r = dyn.residual(y, f, base);
    const Eigen::VectorXd scale = (dyn.jacobian_y_dot(y, f, base) * f).cwiseAbs().array().max(1.0);
    return (r.cwiseAbs().array() / scale.array()).maxCoeff();
}

std::string with_muscle_model(std::string text, const std::string& component) {
    return std::regex_replace(text, std::regex("muscle_force_m2012fast \\{[^}]*\\}"), component);
}

}  // namespace

class TestImplicitResidual : public QObject {
    Q_OBJECT
private slots:
    void zero_at_explicit_derivative_for_every_sample() {
        int models = 0;
        for (const auto& entry : std::filesystem::directory_iterator(HFD_SAMPLES_DIR)) {
            if (entry.path().extension() != ".hfd") continue;
            Built b = build(read_text(entry.path().string()));
            QVERIFY2(b.sim, entry.path().string().c_str());
            settle(*b.sim, 0.05);
            const ImplicitDynamics dyn(*b.sim, b.config);
            const double r = relative_residual(dyn, dyn.pack(b.sim->state()), b.sim->state());
            QVERIFY2(r < 1e-10, qPrintable(QString("%1: %2").arg(entry.path().filename().c_str()).arg(r)));
            ++models;
        }
        QVERIFY(models >= 8);
    }

    void zero_at_explicit_derivative_for_every_muscle_model() {
        const std::string arm = read_text(std::string(HFD_SAMPLES_DIR) + "/arm_muscles.hfd");
        for (const char* component :
             {"muscle_force_m2012fast { xi = 0.1 }", "muscle_force_m2012fast { xi = 0.3 v_max = 8 }",
              "muscle_force_gh2010 {}", "muscle_force_gh2010 { v_max = 9 min_activation = 0.05 }",
              "muscle_force_tj2003 {}", "muscle_force_tj2003 { xi = 0.1 v_max = 12 }"}) {
            const std::string text = with_muscle_model(arm, component);
            QVERIFY(text.find(component) != std::string::npos);
            Built b = build(text);
            QVERIFY2(b.sim, component);
            const ImplicitDynamics dyn(*b.sim, b.config);
            QVERIFY(dyn.find(b.sim->model().muscles[0].name + ".fiber_length") != no_index);
            for (double t : {0.02, 0.1, 0.3}) {
                settle(*b.sim, t);
                const State& s = b.sim->state();
                QVERIFY2(
                    relative_residual(dyn, dyn.pack(s), s) < 1e-10,
                    qPrintable(
                        QString("%1 at %2 s: %3").arg(component).arg(t).arg(relative_residual(dyn, dyn.pack(s), s))));
                // and not zero for another fiber velocity: the residual is an equation in it
                Eigen::VectorXd f = dyn.explicit_derivative(dyn.pack(s), s);
                const Index fiber = dyn.find(b.sim->model().muscles[0].name + ".fiber_length");
                f[fiber] += 0.05;
                QVERIFY(std::abs(dyn.residual(dyn.pack(s), f, s)[fiber]) > 1e-6);
            }
        }
    }

    // The corpus H0918 gait model with its muscles under each of its configs.
    void zero_at_explicit_derivative_for_corpus_h0918() {
        const std::string dir = std::string(HFD_CORPUS_DIR) + "/scone/";
        if (!std::ifstream(dir + "H0918.hfd").good()) QSKIP("corpus H0918 not available");
        for (const char* config :
             {"HfdConfigM2012Planar.zml", "HfdConfigGH2010Planar.zml", "HfdConfigTJ2003Planar.zml"}) {
            Built b = build(read_text(dir + "H0918.hfd") + "\n" + read_text(dir + config));
            QVERIFY2(b.sim, config);
            settle(*b.sim, 0.1);
            const ImplicitDynamics dyn(*b.sim, b.config);
            QVERIFY(dyn.find(b.sim->model().muscles[0].name + ".fiber_length") != no_index);
            const double r = relative_residual(dyn, dyn.pack(b.sim->state()), b.sim->state());
            QVERIFY2(r < 1e-10, qPrintable(QString("%1: %2").arg(config).arg(r)));
        }
    }

    void jacobian_y_dot_matches_central_differences() {
        for (const char* sample : {"/arm_muscles.hfd", "/human_standing.hfd", "/double_pendulum_3d.hfd"}) {
            Built b = build(read_text(std::string(HFD_SAMPLES_DIR) + sample));
            QVERIFY(b.sim);
            settle(*b.sim, 0.05);
            const ImplicitDynamics dyn(*b.sim, b.config);
            const State& s = b.sim->state();
            const Eigen::VectorXd y = dyn.pack(s);
            Eigen::VectorXd y_dot = dyn.explicit_derivative(y, s);
            y_dot += 0.01 * Eigen::VectorXd::Ones(y.size());  // off the solution
            const Eigen::MatrixXd analytic = dyn.jacobian_y_dot(y, y_dot, s);
            Eigen::MatrixXd numeric(y.size(), y.size());
            for (Eigen::Index k = 0; k < y.size(); ++k) {
                const double h = 1e-5 * std::max(1.0, std::abs(y_dot[k]));
                Eigen::VectorXd ahead = y_dot, behind = y_dot;
                ahead[k] += h;
                behind[k] -= h;
                numeric.col(k) = (dyn.residual(y, ahead, s) - dyn.residual(y, behind, s)) / (2 * h);
            }
            const double scale = numeric.cwiseAbs().maxCoeff();
            QVERIFY2((analytic - numeric).cwiseAbs().maxCoeff() < 1e-6 * scale,
                     qPrintable(QString("%1: %2").arg(sample).arg((analytic - numeric).cwiseAbs().maxCoeff())));
        }
    }

    // Pin pendulum with a pd joint spring: dF/dx of the bob is -k I, so
    // d r_vel / d pos = k I; d r_pos / d vel = -I; d r_ori / d w = -1/2 [-q_v^T; q_w I - [q_v]x].
    void jacobian_y_known_blocks_and_sparsity() {
        Built b = build(test::pin_pendulum_text);
        QVERIFY(b.sim);
        QVERIFY(b.sim->advance_to(0.1));
        const ImplicitDynamics dyn(*b.sim, b.config);
        const State& s = b.sim->state();
        const Eigen::VectorXd y = dyn.pack(s);
        const Eigen::MatrixXd j = dyn.jacobian_y(y, dyn.explicit_derivative(y, s), s);
        const double k = b.sim->model().joints[0].stiffness;
        QVERIFY((j.block<3, 3>(7, 0) - k * Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-6 * k);
        QVERIFY((j.block<3, 3>(0, 7) + Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-8);
        const Quat q = s.ori[1];
        Eigen::Matrix<double, 4, 3> rate;
        rate.row(0) = -0.5 * q.vec().transpose();
        Mat3 cross;
        cross << 0, -q.z(), q.y(), q.z(), 0, -q.x(), -q.y(), q.x(), 0;
        rate.bottomRows<3>() = 0.5 * (q.w() * Mat3::Identity() - cross);
        QVERIFY((j.block<4, 3>(3, 10) + rate).cwiseAbs().maxCoeff() < 1e-8);

        // sparsity on a model with several bodies, muscles and contacts
        Built human = build(read_text(std::string(HFD_SAMPLES_DIR) + "/human_standing.hfd"));
        QVERIFY(human.sim);
        settle(*human.sim, 0.05);
        const ImplicitDynamics hd(*human.sim, human.config);
        const State& hs = human.sim->state();
        const Eigen::VectorXd hy = hd.pack(hs);
        const Eigen::MatrixXd hj = hd.jacobian_y(hy, hd.explicit_derivative(hy, hs), hs);
        const auto pattern = hd.jacobian_y_pattern();
        int outside = 0, inside = 0;
        for (Eigen::Index r = 0; r < hj.rows(); ++r)
            for (Eigen::Index c = 0; c < hj.cols(); ++c) {
                if (!pattern(r, c) && hj(r, c) != 0) ++outside;
                inside += pattern(r, c);
            }
        QCOMPARE(outside, 0);
        QVERIFY(inside < hj.size() / 2);  // the pattern says something
    }

    void names_are_stable_and_documented() {
        Built b = build(read_text(std::string(HFD_SAMPLES_DIR) + "/arm_muscles.hfd"));
        QVERIFY(b.sim);
        const ImplicitDynamics dyn(*b.sim, b.config);
        const Model& m = b.sim->model();
        std::vector<std::string> expected;
        for (const Body& body : m.bodies) {
            if (body.is_static()) continue;
            for (const char* q : {"pos_x", "pos_y", "pos_z", "ori_w", "ori_x", "ori_y", "ori_z", "vel_x", "vel_y",
                                  "vel_z", "ang_vel_x", "ang_vel_y", "ang_vel_z"})
                expected.push_back(body.name + "." + q);
        }
        for (const Muscle& muscle : m.muscles) {
            expected.push_back(muscle.name + ".activation");
            expected.push_back(muscle.name + ".fiber_length");
        }
        QVERIFY(dyn.names() == expected);
        const State& s = b.sim->state();
        const State back = dyn.unpack(dyn.pack(s), s);
        QVERIFY(back.same_as(s));
    }
};

QTEST_APPLESS_MAIN(TestImplicitResidual)
#include "test_implicit_residual.moc"
