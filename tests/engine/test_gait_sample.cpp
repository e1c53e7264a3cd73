// The walking sample (samples/gait/gait.scone): with the parameters it ships
// (gait.par, named by its optimizer's init block) the planar human walks the whole
// run, as fast as its GaitMeasure asks, and its legs take turns: the feet strike
// the ground right, left, right, ... If the controller, the gait state machine, the
// muscles, the contacts or the integrator stop producing a gait, this fails.
#include "control/plant.h"
#include "scenario/scenario.h"
#include "sim_test_util.h"

#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace hfd;

namespace {

const std::string sample_path = std::string(HFD_SAMPLES_DIR) + "/gait/gait.scone";

// The GaitMeasure's min_velocity in samples/gait/gait_measures.scone.
constexpr double min_velocity = 1.0;

// A foot strike is the leg's ground load rising above strike_load (body weights)
// after it was below swing_load: the hysteresis keeps the bounces of one landing
// from counting twice.
constexpr double strike_load = 0.3, swing_load = 0.02;

struct FootStrikes {
    std::vector<char> sides;  // 'r' / 'l' in the order of the strikes
    std::vector<bool> in_stance;

    void update(const Plant& plant) {
        in_stance.resize(plant.legs.size(), true);  // the legs loaded at the start do not count as a strike
        for (size_t l = 0; l < plant.legs.size(); ++l) {
            const double load = leg_load(plant, plant.legs[l]);
            if (!in_stance[l] && load > strike_load) {
                in_stance[l] = true;
                sides.push_back(plant.legs[l].side);
            } else if (in_stance[l] && load < swing_load) {
                in_stance[l] = false;
            }
        }
    }
    int count(char side) const { return int(std::count(sides.begin(), sides.end(), side)); }
};

}  // namespace

class TestGaitSample : public QObject {
    Q_OBJECT

private slots:
    void walksTheWholeRunWithAlternatingLegs() {
        std::vector<Diagnostic> diagnostics;
        const auto scenario = Scenario::load(sample_path, diagnostics);
        QVERIFY2(scenario, test::diagnostics_text(diagnostics).c_str());
        QVERIFY2(!scenario->optimizer().init_file.empty(), "the sample's optimizer names no init file");
        const auto values = scenario->initial_values(diagnostics);
        QVERIFY2(values, test::diagnostics_text(diagnostics).c_str());
        // gait.par sets every parameter (no mean left in place by a missing line)
        QVERIFY2(values->size() == scenario->parameters().size(), test::diagnostics_text(diagnostics).c_str());

        FootStrikes strikes;
        EvaluationOptions options;
        options.on_control_step = [&](double, const Plant& plant, const std::vector<ControlChannel>&) {
            strikes.update(plant);
        };
        const ScenarioResult result = scenario->evaluate(*values, options);
        QVERIFY2(result.ok, result.message.c_str());
        QVERIFY2(result.termination.empty(), result.termination.c_str());
        QCOMPARE(result.simulated_time, scenario->max_duration());
        QVERIFY2(result.speed >= min_velocity, std::to_string(result.speed).c_str());
        QVERIFY(result.distance >= min_velocity * scenario->max_duration() * 0.9);
        bool gait_measure_met = false;
        for (const MeasureTerm& term : result.terms)
            if (term.name == "Gait") gait_measure_met = term.result <= 0.05;  // the measure's threshold
        QVERIFY(gait_measure_met);

        // Each leg lands at least once per 2 s: a slower stride at 1 m/s or faster would
        // be longer than 2 m, beyond the reach of two legs 0.9 m long. And no foot lands
        // twice before the other one lands.
        const int min_strikes = int(scenario->max_duration() / 2.0);
        QVERIFY2(strikes.count('r') >= min_strikes, std::to_string(strikes.count('r')).c_str());
        QVERIFY2(strikes.count('l') >= min_strikes, std::to_string(strikes.count('l')).c_str());
        for (size_t i = 1; i < strikes.sides.size(); ++i)
            QVERIFY2(strikes.sides[i] != strikes.sides[i - 1], ("strike " + std::to_string(i)).c_str());
    }
};

QTEST_GUILESS_MAIN(TestGaitSample)
#include "test_gait_sample.moc"
