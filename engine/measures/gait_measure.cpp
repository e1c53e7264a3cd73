// GaitMeasure: walking at a target speed without falling (SCONE's).
//
// Fall: the run ends when h_com < termination_height h_com(0) (h above the ground,
// or above the mean foot height with use_height_wrt_feet), continue_after_fall
// seconds after it is first seen.
// Steps: a step ends when a leg's load |F_ground| / BW reaches load_threshold while
// it was below at the previous update, more than min_step_duration after the last
// step end; the run's end closes a last step. The gait position is
//   x_gait = mean of the two smallest of d.x_com, d.x_foot0, d.x_foot1   (d: direction)
// and a step's length is its change over the step, duration dt, speed v = length / dt.
// Per step, with E the violation of [min_velocity, max_velocity] by v and
//   n = clamp(1 - |E| / max(min(|v_min|, |v_max|), min_norm_velocity), -1, 1),
// the result over the steps from s0 = clamp(steps - initiation_steps, 0, initiation_steps):
//   result = 1 - sum(dt n) / (sum dt + T_missed)
// where T_missed = max_duration - t_end when the run ended early by a fall (or always,
// with always_apply_early_termination_penalty). 0: every counted step fast enough.
#include "measures/measure_types.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace hfd {

namespace {

class GaitMeasure final : public Measure {
public:
    double termination_height = 0.5;
    bool use_height_wrt_feet = false;
    double continue_after_fall = 0;
    double min_velocity = 0, max_velocity = 299792458.0;
    double load_threshold = 0.1, min_step_duration = 0.1;
    int initiation_steps = 2;
    Vec3 direction = Vec3::UnitX();
    double min_norm_velocity = 0.1;
    bool always_apply_early_termination_penalty = false;
    std::vector<Index> base_bodies;
    double initial_com_height = 0, initial_gait_position = 0;

    double com_height(const Plant& plant) const {
        const Vec3 com = center_of_mass(plant.model(), plant.state());
        if (!use_height_wrt_feet) return height_above_ground(plant.model(), plant.state(), com);
        double feet = 0;
        for (const Leg& leg : plant.legs) feet += plant.state().pos[leg.foot].y() / double(plant.legs.size());
        return com.y() - feet;
    }

    double gait_position(const Plant& plant) const {
        double d[3] = {direction.dot(center_of_mass(plant.model(), plant.state())),
                       direction.dot(plant.state().pos[base_bodies[0]]),
                       direction.dot(plant.state().pos[base_bodies[1]])};
        std::sort(d, d + 3);
        return (d[0] + d[1]) / 2;
    }

    // Steps are at least min_step_duration apart: updates then never allocate.
    void reserve_steps(double max_duration) {
        steps_.reserve(size_t(std::clamp(max_duration / std::max(min_step_duration, 1e-3), 0.0, 1e5)) + 2);
    }

    void start(const Plant& plant) {
        initial_com_height = com_height(plant);
        initial_gait_position = previous_gait_position_ = gait_position(plant);
    }

protected:
    bool update_measure(const Plant& plant) override {
        const double t = plant.time();
        if (!termination_time_ && com_height(plant) < termination_height * initial_com_height)
            termination_time_ = t + continue_after_fall;
        if (termination_time_ && t >= *termination_time_) {
            termination_reason = name + ": termination_height reached";
            return true;
        }
        const bool new_contact = has_new_foot_contact(plant);
        const double since_step = steps_.empty() ? t : t - steps_.back().time;
        if (new_contact && since_step > min_step_duration) add_step(plant);
        return false;
    }

    double compute_result(const Plant& plant) override {
        add_step(plant);
        const double t_end = plant.time();
        distance_ = gait_position(plant) - initial_gait_position;
        const int count = int(steps_.size());
        const int first_counted = std::clamp(count - initiation_steps, 0, initiation_steps);
        double weighted_speed = 0, time = 0, length = 0;
        for (int i = 0; i < count; ++i) {
            const double dt = i > 0 ? steps_[i].time - steps_[i - 1].time : steps_[i].time;
            const double speed = steps_[i].length / dt;
            const double violation = speed < min_velocity   ? speed - min_velocity
                                     : speed > max_velocity ? speed - max_velocity
                                                            : 0.0;
            if (i < first_counted) continue;
            weighted_speed += dt * normalized_velocity(violation);
            time += dt;
            length += steps_[i].length;
        }
        if (t_end < plant.max_duration && (termination_time_ || always_apply_early_termination_penalty))
            time += plant.max_duration - t_end;
        step_velocity_ = time > 0 ? length / time : 0;
        speed_ = t_end > 0 ? distance_ / t_end : 0;
        // no time to judge (a run of length 0): the worst result
        return time > 0 ? 1.0 - weighted_speed / time : 1.0;
    }

    void reset_measure() override {
        steps_.clear();
        previous_contact_.clear();
        termination_time_.reset();
        previous_gait_position_ = initial_gait_position;
    }

    void report_values(std::vector<std::pair<std::string, double>>& out) const override {
        out.emplace_back("step_velocity", step_velocity_);
        out.emplace_back("step_count", double(steps_.size()));
        out.emplace_back("distance", distance_);
        out.emplace_back("speed", speed_);
    }

private:
    struct Step {
        double time, length;
    };
    std::vector<Step> steps_;
    std::vector<char> previous_contact_;
    std::optional<double> termination_time_;
    double previous_gait_position_ = 0;
    double step_velocity_ = 0, distance_ = 0, speed_ = 0;

    double normalized_velocity(double violation) const {
        const double norm = std::max(std::min(std::abs(min_velocity), std::abs(max_velocity)), min_norm_velocity);
        return std::clamp(1.0 - std::abs(violation) / norm, -1.0, 1.0);
    }

    void add_step(const Plant& plant) {
        const double position = gait_position(plant);
        steps_.push_back({plant.time(), position - previous_gait_position_});
        previous_gait_position_ = position;
    }

    // A leg newly loaded since the last update (the first update only records).
    bool has_new_foot_contact(const Plant& plant) {
        if (previous_contact_.empty()) {
            for (const Leg& leg : plant.legs) previous_contact_.push_back(leg_load(plant, leg) >= load_threshold);
            return false;
        }
        bool any = false;
        for (size_t i = 0; i < plant.legs.size(); ++i) {
            const bool contact = leg_load(plant, plant.legs[i]) >= load_threshold;
            any |= contact && !previous_contact_[i];
            previous_contact_[i] = contact;
        }
        return any;
    }
};

}  // namespace

std::unique_ptr<Measure> create_gait_measure(PropertyReader& reader, MeasureContext& context) {
    auto gait = std::make_unique<GaitMeasure>();
    read_measure_properties(reader, *gait);
    CreationContext& creation = context.creation;
    const Model& model = context.plant.model();
    gait->termination_height = reader.number("termination_height", gait->termination_height);
    gait->use_height_wrt_feet = reader.flag("use_height_wrt_feet", gait->use_height_wrt_feet);
    gait->continue_after_fall = reader.number("continue_after_fall", gait->continue_after_fall);
    gait->min_velocity = reader.number("min_velocity", gait->min_velocity);
    gait->max_velocity = reader.number("max_velocity", gait->max_velocity);
    gait->load_threshold = reader.number("load_threshold", gait->load_threshold);
    gait->min_step_duration = reader.number("min_step_duration", gait->min_step_duration);
    gait->initiation_steps = int(reader.number("initiation_steps", gait->initiation_steps));
    gait->min_norm_velocity = reader.number("min_norm_velocity", gait->min_norm_velocity);
    gait->always_apply_early_termination_penalty =
        reader.flag("always_apply_early_termination_penalty", gait->always_apply_early_termination_penalty);
    if (const PropNode* direction = reader.child("direction")) {
        std::string error;
        const std::optional<Vec3> value = to_vec3(*direction, &error);
        if (!value || value->norm() == 0)
            creation.error(*direction, "direction: " + (error.empty() ? "zero vector" : error));
        else gait->direction = *value;
    }
    if (reader.flag("use_initial_heading", false)) {
        const Index root = root_body(model);
        if (root != no_index) {
            Vec3 heading = context.plant.state().ori[root] * Vec3::UnitX();
            heading.y() = 0;
            if (heading.norm() > 0) gait->direction = heading;
        }
    }
    gait->direction.normalize();
    // base_bodies (gait_bodies in older scenarios): body names separated by ';', ',' or spaces
    const PropNode* names = reader.has("base_bodies") ? reader.child("base_bodies") : reader.child("gait_bodies");
    if (names && !names->value.empty()) {
        std::string list = names->value;
        std::replace(list.begin(), list.end(), ';', ' ');
        std::replace(list.begin(), list.end(), ',', ' ');
        std::istringstream words(list);
        for (std::string body; words >> body;) {
            const Index b = model.find_body(body);
            if (b == no_index) creation.error(*names, "GaitMeasure: no body named '" + body + "'");
            else gait->base_bodies.push_back(b);
        }
    } else {
        for (const Leg& leg : context.plant.legs) gait->base_bodies.push_back(leg.foot);
    }
    if (gait->base_bodies.size() < 2) {
        creation.error(reader.node(),
                       "GaitMeasure could not find base bodies: set base_bodies, or give the model "
                       "legs (femur_r / femur_l with a foot two joints below)");
        return nullptr;
    }
    gait->start(context.plant);
    gait->reserve_steps(context.plant.max_duration);
    return gait;
}

}  // namespace hfd
