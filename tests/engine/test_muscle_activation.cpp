// muscle_activation against the closed-form solution of da/dt = (u - a)(c1 u + c2)
// for step inputs: a(t) = u + (a0 - u) exp(-(c1 u + c2) t). Integrated with the
// manual's explicit update a += h da/dt; the error must shrink like O(h).
#include "format/parser.h"
#include "sim/components.h"
#include "forces/force_component.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

Model two_muscles() {
    Model model;
    model.muscles.resize(2);
    model.muscles[0].name = "uses_component_rates";
    model.muscles[1].name = "own_rates";
    model.muscles[1].activation_rate = 50;
    model.muscles[1].deactivation_rate = 10;
    return model;
}

std::unique_ptr<ForceComponent> create(const Model& model, const std::string& text,
                                       std::vector<Diagnostic>& diagnostics) {
    ParseResult parsed = parse_text(text, "config.hfd");
    if (!parsed.ok() || parsed.root.children.empty()) qFatal("config text does not parse");
    const std::string file = "config.hfd";
    ForceContext context{model, file, diagnostics};
    return create_force(parsed.root.children[0], context);
}

// Integrates activation of every muscle from a0 under constant excitation u
// until t_end with step h; returns the activations.
std::vector<double> integrate(const Model& model, const ForceComponent& activation, double a0, double u, double t_end,
                              double h) {
    State state;
    state.activation.assign(model.muscles.size(), a0);
    Controls controls;
    controls.excitation.assign(model.muscles.size(), u);
    Data data;
    data.resize(model);
    const int steps = int(std::lround(t_end / h));
    for (int i = 0; i < steps; ++i) {
        activation.apply(model, state, controls, data);
        for (size_t m = 0; m < model.muscles.size(); ++m)
            state.activation[m] = std::clamp(state.activation[m] + h * data.activation_derivative[m], 0.0, 1.0);
    }
    return state.activation;
}

double exact(double a0, double u, double activation_rate, double deactivation_rate, double t) {
    const double c2 = deactivation_rate, c1 = activation_rate - deactivation_rate;
    return u + (a0 - u) * std::exp(-(c1 * u + c2) * t);
}

}  // namespace

class TestMuscleActivation : public QObject {
    Q_OBJECT
private slots:
    void derivativeFormula() {
        const Model model = two_muscles();
        std::vector<Diagnostic> diagnostics;
        auto component =
            create(model, "muscle_activation { activation_rate = 80 deactivation_rate = 20 }", diagnostics);
        QVERIFY(component);
        State state;
        state.activation = {0.3, 0.3};
        Controls controls;
        controls.excitation = {0.7, 0.1};
        Data data;
        data.resize(model);
        component->apply(model, state, controls, data);
        QVERIFY(std::abs(data.activation_derivative[0] - (0.7 - 0.3) * (60 * 0.7 + 20)) < 1e-12);
        QVERIFY(std::abs(data.activation_derivative[1] - (0.1 - 0.3) * (40 * 0.1 + 10)) < 1e-12);
        // excitation outside 0..1 acts as its clamped value
        controls.excitation = {1.5, -0.5};
        component->apply(model, state, controls, data);
        QVERIFY(std::abs(data.activation_derivative[0] - (1 - 0.3) * 80) < 1e-12);
        QVERIFY(std::abs(data.activation_derivative[1] - (0 - 0.3) * 10) < 1e-12);
        // a muscle without an excitation (shorter controls) relaxes as with u = 0
        controls.excitation = {0.7};
        component->apply(model, state, controls, data);
        QVERIFY(std::abs(data.activation_derivative[0] - (0.7 - 0.3) * (60 * 0.7 + 20)) < 1e-12);
        QVERIFY(std::abs(data.activation_derivative[1] - (0 - 0.3) * 10) < 1e-12);
    }

    void stepResponsesMatchClosedForm() {
        const Model model = two_muscles();
        std::vector<Diagnostic> diagnostics;
        auto component =
            create(model, "muscle_activation { activation_rate = 100 deactivation_rate = 25 }", diagnostics);
        QVERIFY(component);
        struct Case {
            double a0, u, t;
        };
        for (const Case c : {Case{0.0, 1.0, 0.02}, Case{1.0, 0.0, 0.05}, Case{0.0, 0.5, 0.03}, Case{0.8, 0.2, 0.04}}) {
            const double rates[2][2] = {{100, 25}, {50, 10}};
            double previous_error[2] = {0, 0};
            for (double h : {2e-4, 1e-4, 5e-5}) {
                const std::vector<double> a = integrate(model, *component, c.a0, c.u, c.t, h);
                for (int m = 0; m < 2; ++m) {
                    const double error = std::abs(a[m] - exact(c.a0, c.u, rates[m][0], rates[m][1], c.t));
                    QVERIFY2(
                        error < 0.01,
                        qPrintable(
                            QString("a0 %1 u %2 muscle %3 h %4 error %5").arg(c.a0).arg(c.u).arg(m).arg(h).arg(error)));
                    if (previous_error[m] > 0) {
                        const double ratio = previous_error[m] / error;  // halving h halves an O(h) error
                        QVERIFY2(ratio > 1.8 && ratio < 2.2, qPrintable(QString("ratio %1").arg(ratio)));
                    }
                    previous_error[m] = error;
                }
            }
        }
        // activation is faster than deactivation: after the same time, rising covers more of the gap
        const double rise = integrate(model, *component, 0.0, 1.0, 0.02, 1e-5)[0];
        const double fall = 1.0 - integrate(model, *component, 1.0, 0.0, 0.02, 1e-5)[0];
        QVERIFY(rise > fall + 0.2);
    }

    void badRatesAreErrors() {
        const Model model = two_muscles();
        std::vector<Diagnostic> diagnostics;
        QVERIFY(!create(model, "muscle_activation {\n  activation_rate = -3 }", diagnostics));
        QVERIFY(has_errors(diagnostics));
        QCOMPARE(diagnostics[0].location.line, 2);
        QVERIFY(diagnostics[0].message.find("activation_rate") != std::string::npos);

        diagnostics.clear();
        QVERIFY(!create(model, "muscle_activation { deactivation_rate = fast }", diagnostics));
        QVERIFY(has_errors(diagnostics));

        diagnostics.clear();
        QVERIFY(create(model, "muscle_activation { rate = 3 }", diagnostics));
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(diagnostics[0].severity, Severity::Warning);
    }
};

QTEST_APPLESS_MAIN(TestMuscleActivation)
#include "test_muscle_activation.moc"
