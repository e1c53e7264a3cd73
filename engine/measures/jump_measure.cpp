// JumpMeasure: jump height or distance (SCONE's); minimize defaults to 0 (maximized).
// d = (sin phi, cos phi, 0) for jump_angle phi (degrees, 0 up, 90 forward); the
// target point p is the centre of mass, or `offset` on target_body (also body).
// Phases per update (com c, its velocity v, G the total leg ground force):
//   Prepare  -> Takeoff  at t >= prepare_time with v_y > 0 or G <= 0 (c_prepare = c)
//   Takeoff  -> Flight   when G <= 0;  -> Recover when v_y < 0 (a failed take-off)
//   Flight   -> Landing  when v_y < 0 or G > 0 (the peak)
//   Landing  -> Recover  when G > 0
// The run ends when c_y < termination_height c_y(0), at the peak or failed take-off
// with terminate_on_peak, and recover_time after the landing.
// jump_type = 1 (HighJump, default), with peak = max over updates of d.p:
//   Prepare:  100 (c_y(0) + (p_y - c_y(0)) / t)    (height projected one second on)
//   else:     100 peak - 100 max(0, c_prepare_y - c_y(0))
// jump_type = 2 (LongJump), with x_land(q, w) = q_x + w_x t_land the ballistic landing
// point (g = -9.81, floor y = 0), e = max(0, c_prepare_y - c_y(0)) / prepare_time:
//   Prepare:  v_y;   Takeoff: (c_y - c_prepare_y) / (t - prepare_time) - e
//   else:     10 + b (min(x_land(c, v), x_land(body), x_recover) - e),
//             b = 50 + 50 (t - t_recover) / recover_time, x_recover the smallest
//             x of the first leg's foot while recovering
// negate_result = 1 negates the result.
#include "measures/measure_types.h"

#include "state/kinematics.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

class JumpMeasure final : public Measure {
public:
    enum class Type { HighJump = 1, LongJump = 2 } type = Type::HighJump;
    double termination_height = 0.5, prepare_time = 0.2, recover_time = 1e9;
    bool terminate_on_peak = true, negate_result = false;
    Index target_body = no_index;
    Vec3 offset = Vec3::Zero();
    Vec3 direction = Vec3::UnitY();
    Vec3 initial_com = Vec3::Zero();
    double initial_peak = 0;

    Vec3 target(const Plant& plant) const {
        return target_body == no_index ? center_of_mass(plant.model(), plant.state())
                                       : world_point(plant.state(), target_body, offset);
    }
    void start(const Plant& plant) {
        initial_com = prepare_com_ = center_of_mass(plant.model(), plant.state());
        initial_peak = peak_ = direction.dot(target(plant));
    }

protected:
    bool update_measure(const Plant& plant) override {
        const Vec3 com = center_of_mass(plant.model(), plant.state());
        const Vec3 com_velocity = center_of_mass_velocity(plant.model(), plant.state());
        const double t = plant.time();
        double ground_force = 0;
        for (const Leg& leg : plant.legs) ground_force += leg_ground_force(plant, leg).norm();
        if (com.y() < termination_height * initial_com.y()) return end(name + ": termination_height reached");
        peak_ = std::max(peak_, direction.dot(target(plant)));
        switch (phase_) {
            case Phase::Prepare:
                if (t >= prepare_time && (com_velocity.y() > 0 || ground_force <= 0)) {
                    phase_ = Phase::Takeoff;
                    prepare_com_ = com;
                }
                break;
            case Phase::Takeoff:
                if (ground_force <= 0) phase_ = Phase::Flight;
                else if (com_velocity.y() < 0) {
                    phase_ = Phase::Recover;
                    if (terminate_on_peak) return end(name + ": failed take-off");
                }
                break;
            case Phase::Flight:
                if (com_velocity.y() < 0 || ground_force > 0) {
                    phase_ = Phase::Landing;
                    if (terminate_on_peak) return end(name + ": peak reached");
                }
                break;
            case Phase::Landing:
                if (ground_force > 0) {
                    phase_ = Phase::Recover;
                    recover_start_ = t;
                }
                break;
            case Phase::Recover:
                if (!plant.legs.empty())
                    recover_foot_x_ = std::min(recover_foot_x_, plant.state().pos[plant.legs[0].foot].x());
                if (t - recover_start_ >= recover_time) return end(name + ": recover_time reached");
                break;
        }
        return false;
    }

    double compute_result(const Plant& plant) override {
        const double result = type == Type::HighJump ? high_jump(plant) : long_jump(plant);
        return negate_result ? -result : result;
    }

    void reset_measure() override {
        phase_ = Phase::Prepare;
        prepare_com_ = initial_com;
        peak_ = initial_peak;
        recover_start_ = 0;
        recover_foot_x_ = 1000.0;
        values_.clear();
    }

    void report_values(std::vector<std::pair<std::string, double>>& out) const override {
        out.insert(out.end(), values_.begin(), values_.end());
    }

private:
    enum class Phase { Prepare, Takeoff, Flight, Landing, Recover } phase_ = Phase::Prepare;
    Vec3 prepare_com_ = Vec3::Zero();
    double peak_ = 0, recover_start_ = 0, recover_foot_x_ = 1000.0;
    std::vector<std::pair<std::string, double>> values_;

    bool end(std::string reason) {
        termination_reason = std::move(reason);
        return true;
    }

    double high_jump(const Plant& plant) {
        const Vec3 p = target(plant);
        peak_ = std::max(peak_, direction.dot(p));
        const double early_jump_penalty = 100 * std::max(0.0, prepare_com_.y() - initial_com.y());
        const double jump_height = 100 * peak_;
        values_ = {{"jump_height", jump_height}, {"early_jump_penalty", early_jump_penalty}};
        if (phase_ == Phase::Prepare)
            return plant.time() > 0 ? 100 * (initial_com.y() + (p.y() - initial_com.y()) / plant.time())
                                    : 100 * initial_com.y();
        return jump_height - early_jump_penalty;
    }

    // Where a point at q with velocity w comes down to y = 0 under g = -9.81 (SCONE's).
    static double landing_x(const Vec3& q, const Vec3& w) {
        const double g = -9.81;
        const double discriminant = w.y() * w.y() - 2 * g * q.y();
        const double t = discriminant > 0 ? (-w.y() - std::sqrt(discriminant)) / g
                                          : (-w.y() - std::sqrt(w.y() * w.y() + 2 * g * q.y())) / g;
        return q.x() + t * w.x();
    }

    double long_jump(const Plant& plant) {
        const Vec3 com = center_of_mass(plant.model(), plant.state());
        const Vec3 com_velocity = center_of_mass_velocity(plant.model(), plant.state());
        // (0 / 0 when prepare_time = 0 and the COM did not rise: no penalty)
        const double rise = std::max(0.0, prepare_com_.y() - initial_com.y());
        const double early_jump_penalty = rise > 0 ? rise / prepare_time : 0.0;
        const double takeoff_speed = (com.y() - prepare_com_.y()) / (plant.time() - prepare_time);
        const double com_landing = landing_x(com, com_velocity);
        const double body_landing = target_body == no_index
                                        ? 1000.0
                                        : landing_x(plant.state().pos[target_body], plant.state().lin_vel[target_body]);
        values_ = {{"early_jump_penalty", early_jump_penalty},
                   {"takeoff_speed", takeoff_speed},
                   {"com_landing_distance", com_landing},
                   {"body_landing_distance", body_landing}};
        switch (phase_) {
            case Phase::Prepare: return com_velocity.y();
            case Phase::Takeoff: return takeoff_speed - early_jump_penalty;
            default: break;
        }
        const double bonus = 50 + 50 * (plant.time() - recover_start_) / recover_time;
        values_.emplace_back("recover_bonus", bonus);
        values_.emplace_back("recover_cop_dist", recover_foot_x_);
        return 10 + bonus * (std::min({com_landing, body_landing, recover_foot_x_}) - early_jump_penalty);
    }
};

}  // namespace

std::unique_ptr<Measure> create_jump_measure(PropertyReader& reader, MeasureContext& context) {
    auto measure = std::make_unique<JumpMeasure>();
    CreationContext& creation = context.creation;
    measure->minimize = false;
    read_measure_properties(reader, *measure);
    measure->termination_height = reader.number("termination_height", measure->termination_height);
    measure->prepare_time = reader.number("prepare_time", measure->prepare_time);
    measure->recover_time = reader.number("recover_time", measure->recover_time);
    measure->terminate_on_peak = reader.flag("terminate_on_peak", measure->terminate_on_peak);
    measure->negate_result = reader.flag("negate_result", measure->negate_result);
    if (const PropNode* type = reader.child("jump_type")) {
        const std::string& text = type->value;
        if (text == "1" || text == "HighJump" || text == "height") measure->type = JumpMeasure::Type::HighJump;
        else if (text == "2" || text == "LongJump" || text == "distance") measure->type = JumpMeasure::Type::LongJump;
        else {
            creation.diagnostics->push_back({Severity::Error, value_location_of(*type, creation.file),
                                             "unknown jump_type '" + text + "' (1 = HighJump or 2 = LongJump)"});
            reader.accept_all();
            return nullptr;
        }
    }
    if (const PropNode* offset = reader.child("offset")) {
        std::string error;
        const std::optional<Vec3> value = to_vec3(*offset, &error);
        if (!value) creation.error(*offset, "offset of JumpMeasure: " + error);
        else measure->offset = *value;
    }
    const double angle = reader.number("jump_angle", 0) * 0.017453292519943295;
    measure->direction = Vec3(std::sin(angle), std::cos(angle), 0);
    if (reader.has("body") || reader.has("target_body")) {
        const PropNode* body = reader.has("body") ? reader.child("body") : reader.child("target_body");
        measure->target_body = find_sided_body(context.plant.model(), body->value, context.side);
        if (measure->target_body == no_index) {
            creation.diagnostics->push_back({Severity::Error, value_location_of(*body, creation.file),
                                             "JumpMeasure: the model has no body '" + body->value + "'"});
            return nullptr;
        }
    }
    measure->start(context.plant);
    return measure;
}

}  // namespace hfd
