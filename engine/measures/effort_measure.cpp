// EffortMeasure: the effort of the muscles over the run (SCONE's), one of
//   Constant                 E = m_body
//   TotalForce               E = 1 + sum F_m                       (tendon forces, N)
//   Wang2012                 E = 1.51 m_body + sum_m M_m (f_a + g f_m) + s_m + w_m      (W)
//     Wang, Hamner, Delp & Koltun (2012), with muscle mass M = (F_max / sigma) rho l_opt,
//     slow-twitch ratio r (default_muscle_slow_twitch_ratio, MuscleProperties), u the
//     excitation, a the activation, l = l_f / l_opt, v the fiber velocity (m/s):
//       f_a = 40 r sin(pi u / 2) + 133 (1 - r)(1 - cos(pi u / 2))
//       f_m = 74 r sin(pi a / 2) + 111 (1 - r)(1 - cos(pi a / 2))
//       g = 0.5 (l < 0.5), l (l < 1), 3 - 2 l (l < 1.5), else 0
//       s = max(0, -0.25 F v),  w = max(0, -F_active v)
//     F_active, the fiber's active force, is taken as the force along the fiber less
//     its passive elastic part: F / cos(alpha) - F_max f_PE(l) (Millard 2012's passive
//     curve), at least 0; cos(alpha) from l_f sin(alpha) = l_opt sin(alpha_opt).
//   SquaredMuscleStress      E = sum (F / PCSA)^2,  PCSA = F_max / sigma
//   CubedMuscleStress        E = sum (F / PCSA)^3
//   MuscleActivation, SquaredMuscleActivation, CubedMuscleActivation
//                            E = sum a^k (k = 1, 2, 3); with use_muscle_volume_weighting
//                            sum V a^k / sum V, V = PCSA l_opt
// sigma = specific_tension (0.25e6 Pa), rho = muscle_density (1059.7 kg/m^3).
// Result: the time average of E (trapezoidal); with use_cost_of_transport the time
// integral over m_body max(min_distance, |dx_com|) (omnidirectional: |d com|); with
// use_average_per_muscle divided by the number of muscles included (include /
// exclude: names with * and ? wildcards, ';' separated).
#include "measures/measure_types.h"

#include "forces/muscle_curves.h"
#include "measures/quarter_turn_sine.h"
#include "measures/range_penalty.h"

#include <cmath>
#include <sstream>

namespace hfd {

namespace {

enum class EffortType {
    Constant,
    TotalForce,
    Wang2012,
    SquaredMuscleStress,
    CubedMuscleStress,
    MuscleActivation,
    SquaredMuscleActivation,
    CubedMuscleActivation
};

const std::pair<const char*, EffortType> effort_types[] = {
    {"Constant", EffortType::Constant},
    {"TotalForce", EffortType::TotalForce},
    {"Wang2012", EffortType::Wang2012},
    {"SquaredMuscleStress", EffortType::SquaredMuscleStress},
    {"CubedMuscleStress", EffortType::CubedMuscleStress},
    {"MuscleActivation", EffortType::MuscleActivation},
    {"SquaredMuscleActivation", EffortType::SquaredMuscleActivation},
    {"CubedMuscleActivation", EffortType::CubedMuscleActivation},
};

// Wang 2012's heat and work rate of n muscles (the terms of the sum, above) from
// per-muscle arrays; sine and versine hold the excitations' n values, then the
// activations'. Branch-free: it vectorizes (rate may not alias the inputs).
void wang2012_rates(size_t n, const double* ratio, const double* mass, const double* pennation_height,
                    const double* optimal_fiber_length, const double* max_isometric_force, const double* sine,
                    const double* versine, const double* fiber_length, const double* velocity,
                    const double* tendon_force, double* __restrict rate) {
    for (size_t i = 0; i < n; ++i) {
        const double r = ratio[i];
        const double f_a = 40 * r * sine[i] + 133 * (1 - r) * versine[i];
        const double f_m = 74 * r * sine[n + i] + 111 * (1 - r) * versine[n + i];
        const double l_fiber = fiber_length[i], l = l_fiber / optimal_fiber_length[i];
        const double g = l < 0.5 ? 0.5 : l < 1.0 ? l : l < 1.5 ? 3 - 2 * l : 0.0;
        const double v = velocity[i], force = tendon_force[i];
        const double sin_pennation = pennation_height[i] / l_fiber;
        const double cos_pennation = std::sqrt(std::max(1e-6, 1 - sin_pennation * sin_pennation));
        const double active =
            std::max(0.0, force / cos_pennation - max_isometric_force[i] * m2012::passive_force_length(l));
        rate[i] = mass[i] * f_a + mass[i] * g * f_m + std::max(0.0, -0.25 * force * v) + std::max(0.0, -active * v);
    }
}

class EffortMeasure final : public Measure {
public:
    EffortType type = EffortType::Wang2012;
    bool use_cost_of_transport = false, use_average_per_muscle = false, use_muscle_volume_weighting = false;
    bool omnidirectional = false;
    double specific_tension = 0.25e6, muscle_density = 1059.7, min_distance = 1.0;
    std::vector<Index> muscles;
    std::vector<double> slow_twitch_ratio;                          // per included muscle
    std::vector<double> masses;                                     // per included muscle, M = F_max / sigma rho l_opt
    std::vector<double> pennation_height;                           // per included muscle, l_opt sin(alpha_opt)
    std::vector<double> optimal_fiber_length, max_isometric_force;  // per included muscle
    double body_mass = 0;
    Vec3 initial_com = Vec3::Zero();

    double effort(const Plant& plant) const {
        switch (type) {
            case EffortType::Constant: return body_mass;
            case EffortType::TotalForce: {
                double force = 1;
                for (const Index m : muscles) force += plant.data().muscle_force[m];
                return force;
            }
            case EffortType::Wang2012: return wang2012(plant);
            case EffortType::SquaredMuscleStress: return muscle_stress(plant, 2);
            case EffortType::CubedMuscleStress: return muscle_stress(plant, 3);
            case EffortType::MuscleActivation: return activation_power(plant, 1);
            case EffortType::SquaredMuscleActivation: return activation_power(plant, 2);
            case EffortType::CubedMuscleActivation: return activation_power(plant, 3);
        }
        return 0;
    }

    // After the muscles are chosen: Wang 2012's arrays, so that updates allocate nothing.
    void size_scratch() {
        for (auto* v : {&heat_input_, &sine_, &versine_}) v->assign(2 * muscles.size(), 0.0);
        for (auto* v : {&fiber_length_, &velocity_, &force_, &rate_}) v->assign(muscles.size(), 0.0);
    }

protected:
    bool update_measure(const Plant& plant) override {
        effort_.add(plant.time(), effort(plant));
        return false;
    }

    double compute_result(const Plant& plant) override {
        double result;
        if (use_cost_of_transport) {
            const Vec3 moved = center_of_mass(plant.model(), plant.state()) - initial_com;
            distance_ = std::max(min_distance, omnidirectional ? moved.norm() : std::abs(moved.x()));
            total_effort_ = effort_.total();
            result = total_effort_ / (body_mass * distance_);
        } else {
            total_effort_ = effort_.average();
            result = total_effort_;
        }
        if (use_average_per_muscle && !muscles.empty()) result /= double(muscles.size());
        return result;
    }

    void reset_measure() override { effort_.reset(); }

    void report_values(std::vector<std::pair<std::string, double>>& out) const override {
        out.emplace_back("effort", total_effort_);
        if (use_cost_of_transport) out.emplace_back("distance", distance_);
    }

private:
    TimeStatistic effort_;
    double total_effort_ = 0, distance_ = 0;

    // Per update, by included muscle: the excitations then the activations (and their
    // sin(pi x / 2), 1 - cos(pi x / 2)), fiber length, velocity and force, and the heat
    // and work rate. Sized at creation (size_scratch); the loop over them vectorizes.
    mutable std::vector<double> heat_input_, sine_, versine_, fiber_length_, velocity_, force_, rate_;

    double wang2012(const Plant& plant) const {
        const State& state = plant.state();
        const Data& data = plant.data();
        const size_t n = muscles.size();
        for (size_t i = 0; i < n; ++i) {
            const Index m = muscles[i];
            heat_input_[i] = plant.excitation[m];
            heat_input_[n + i] = state.activation[m];
            fiber_length_[i] = state.fiber_length[m];
            velocity_[i] = data.fiber_length_derivative[m];
            force_[i] = data.muscle_force[m];
        }
        quarter_turn_sine(heat_input_.data(), 2 * n, sine_.data(), versine_.data());
        wang2012_rates(n, slow_twitch_ratio.data(), masses.data(), pennation_height.data(), optimal_fiber_length.data(),
                       max_isometric_force.data(), sine_.data(), versine_.data(), fiber_length_.data(),
                       velocity_.data(), force_.data(), rate_.data());
        double e = 1.51 * body_mass;
        for (size_t i = 0; i < n; ++i) e += rate_[i];
        return e;
    }

    double muscle_stress(const Plant& plant, int power) const {
        double sum = 0;
        for (const Index m : muscles) {
            const double stress =
                plant.data().muscle_force[m] / (plant.model().muscles[m].max_isometric_force / specific_tension);
            sum += std::pow(stress, power);
        }
        return sum;
    }

    double activation_power(const Plant& plant, int power) const {
        double sum = 0, volume = 0;
        for (const Index m : muscles) {
            const double a = plant.state().activation[m];
            const double a_k = power == 1 ? a : power == 2 ? a * a : a * a * a;
            if (!use_muscle_volume_weighting) {
                sum += a_k;
                continue;
            }
            const Muscle& muscle = plant.model().muscles[m];
            const double v = muscle.max_isometric_force / specific_tension * muscle.optimal_fiber_length;
            sum += v * a_k;
            volume += v;
        }
        return use_muscle_volume_weighting ? (volume > 0 ? sum / volume : 0) : sum;
    }
};

// '*' any run of characters, '?' one character.
bool wildcard_match(const char* pattern, const char* text) {
    if (*pattern == 0) return *text == 0;
    if (*pattern == '*') return wildcard_match(pattern + 1, text) || (*text && wildcard_match(pattern, text + 1));
    return *text && (*pattern == '?' || *pattern == *text) && wildcard_match(pattern + 1, text + 1);
}

std::vector<std::string> split_patterns(const std::string& text) {
    std::vector<std::string> patterns;
    std::string list = text;
    for (char& c : list)
        if (c == ';') c = ' ';
    std::istringstream words(list);
    for (std::string word; words >> word;) patterns.push_back(word);
    return patterns;
}

bool matches_any(const std::vector<std::string>& patterns, const std::string& name) {
    for (const std::string& pattern : patterns)
        if (wildcard_match(pattern.c_str(), name.c_str())) return true;
    return false;
}

void read_slow_twitch_ratios(PropertyReader& reader, EffortMeasure& effort, const Model& model, double fallback) {
    effort.slow_twitch_ratio.assign(effort.muscles.size(), fallback);
    const PropNode* block = reader.child("MuscleProperties");
    if (!block) return;
    CreationContext& creation = reader.context();
    for (const PropNode& entry : block->children) {
        PropertyReader properties(entry, creation, "MuscleProperties");
        const std::optional<std::string> pattern = properties.required_text("muscle");
        const std::optional<double> ratio = properties.required_number("slow_twitch_ratio");
        if (!pattern || !ratio) continue;
        if (*ratio < 0 || *ratio > 1) {
            creation.error(entry, "slow_twitch_ratio must be between 0 and 1");
            continue;
        }
        const std::vector<std::string> patterns = split_patterns(*pattern);
        for (size_t i = 0; i < effort.muscles.size(); ++i)
            if (matches_any(patterns, model.muscles[effort.muscles[i]].name)) effort.slow_twitch_ratio[i] = *ratio;
    }
}

// The type named by measure_type; nullopt after a located error.
std::optional<EffortType> effort_type(const std::string& name, PropertyReader& reader) {
    for (const auto& [text, type] : effort_types)
        if (name == text) return type;
    std::string names;
    for (const auto& [text, type] : effort_types) names += std::string(names.empty() ? "" : ", ") + text;
    const bool scone_has = name == "Uchida2016" || name == "MechnicalWork" || name == "MotorTorque";
    reader.context().error(
        *reader.node().find("measure_type"),
        (scone_has ? "measure_type '" + name + "' is not supported yet" : "unknown measure_type '" + name + "'") +
            " (supported: " + names + ")");
    return std::nullopt;
}

}  // namespace

std::unique_ptr<Measure> create_effort_measure(PropertyReader& reader, MeasureContext& context) {
    auto effort = std::make_unique<EffortMeasure>();
    CreationContext& creation = context.creation;
    const Model& model = context.plant.model();
    const std::optional<std::string> type_name = reader.required_text("measure_type");
    const std::optional<EffortType> type = type_name ? effort_type(*type_name, reader) : std::nullopt;
    if (!type) {
        reader.accept_all();  // the error says what is wrong; the other properties are not read
        return nullptr;
    }
    effort->type = *type;
    effort->name = *type_name;
    read_measure_properties(reader, *effort);
    effort->use_cost_of_transport = reader.flag("use_cost_of_transport", false);
    effort->use_average_per_muscle = reader.flag("use_average_per_muscle", false);
    effort->use_muscle_volume_weighting = reader.flag("use_muscle_volume_weighting", false);
    effort->omnidirectional = reader.flag("omnidirectional", false);
    effort->specific_tension = reader.number("specific_tension", effort->specific_tension);
    effort->muscle_density = reader.number("muscle_density", effort->muscle_density);
    effort->min_distance = reader.number("min_distance", effort->min_distance);
    const double slow_twitch = reader.number("default_muscle_slow_twitch_ratio", 0.5);
    // Uchida2016 options and per-muscle outputs (SCONE's stored channels): accepted, unused
    reader.flag("use_symmetric_fiber_ratios", true);
    reader.flag("store_individual_muscle_efforts", false);
    reader.flag("store_individual_muscle_effort_details", false);
    if (reader.has("order")) reader.number("order", 1);
    else reader.number("mechanical_work_order", 1);
    if (effort->use_average_per_muscle && effort->use_muscle_volume_weighting)
        creation.error(reader.node(),
                       "EffortMeasure cannot use both use_average_per_muscle and "
                       "use_muscle_volume_weighting");
    const std::vector<std::string> include = split_patterns(reader.text("include", "*"));
    const std::vector<std::string> exclude = split_patterns(reader.text("exclude", ""));
    for (Index m = 0; m < Index(model.muscles.size()); ++m)
        if (matches_any(include, model.muscles[m].name) && !matches_any(exclude, model.muscles[m].name))
            effort->muscles.push_back(m);
    if (effort->muscles.empty() && effort->type != EffortType::Constant) {
        creation.error(reader.node(), "no muscles included in EffortMeasure");
        reader.accept_all();
        return nullptr;
    }
    read_slow_twitch_ratios(reader, *effort, model, slow_twitch);
    for (const Index m : effort->muscles) {
        const Muscle& muscle = model.muscles[m];
        effort->masses.push_back(muscle.max_isometric_force / effort->specific_tension * effort->muscle_density *
                                 muscle.optimal_fiber_length);
        effort->pennation_height.push_back(muscle.optimal_fiber_length * std::sin(muscle.pennation_angle));
        effort->optimal_fiber_length.push_back(muscle.optimal_fiber_length);
        effort->max_isometric_force.push_back(muscle.max_isometric_force);
    }
    effort->size_scratch();
    effort->body_mass = model.total_mass();
    effort->initial_com = center_of_mass(model, context.plant.state());
    return effort;
}

}  // namespace hfd
