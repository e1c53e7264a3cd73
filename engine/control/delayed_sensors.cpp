#include "control/delayed_sensors.h"

#include "state/kinematics.h"

#include <algorithm>
#include <cmath>

namespace hfd {

// Angles (x, y, z) with R(q) = R_y(y) R_z(z) R_x(x) for a unit quaternion (w, x, y, z):
//   z = asin(2 (xy + wz)),
//   y = atan2(2 (wy - xz), w^2 + x^2 - y^2 - z^2),
//   x = atan2(2 (wx - yz), w^2 - x^2 + y^2 - z^2)
// (from the matrix: R10 = sin z, R00 = cos y cos z, R20 = -sin y cos z, R11 = cos z cos x,
// R12 = -cos z sin x).
Vec3 euler_yzx(const Quat& orientation) {
    const Quat q = orientation.normalized();
    const double w = q.w(), x = q.x(), y = q.y(), z = q.z();
    return {std::atan2(2 * (w * x - y * z), w * w - x * x + y * y - z * z),
            std::atan2(2 * (w * y - x * z), w * w + x * x - y * y - z * z),
            std::asin(std::clamp(2 * (x * y + w * z), -1.0, 1.0))};
}

double read_sensor(const Plant& plant, const SensorSource& source) {
    switch (source.kind) {
        case SensorKind::FiberLength: return normalized_fiber_length(plant, source.index);
        case SensorKind::FiberVelocity: return normalized_fiber_velocity(plant, source.index);
        case SensorKind::MuscleForce: return normalized_muscle_force(plant, source.index);
        case SensorKind::Activation: return muscle_activation(plant, source.index);
        case SensorKind::DofPosition: {
            double value = dof_value(plant.model(), plant.state(), source.index);
            if (source.root_dof != no_index)
                value += source.root_sign * dof_value(plant.model(), plant.state(), source.root_dof);
            return value;
        }
        case SensorKind::DofVelocity: {
            double value = dof_velocity(plant.model(), plant.state(), source.index);
            if (source.root_dof != no_index)
                value += source.root_sign * dof_velocity(plant.model(), plant.state(), source.root_dof);
            return value;
        }
        case SensorKind::LegLoad: return leg_load(plant, plant.legs[source.index]);
        case SensorKind::BodyOrientation: return source.scale * euler_yzx(plant.state().ori[source.index])[source.axis];
        case SensorKind::BodyAngularVelocity:
            return source.scale *
                   (plant.state().ori[source.index] * source.direction).dot(plant.state().ang_vel[source.index]);
        case SensorKind::BodyPointPosition:
            return source.direction.dot(world_point(plant.state(), source.index, source.offset));
        case SensorKind::BodyPointVelocity: {
            const Vec3 point = world_point(plant.state(), source.index, source.offset);
            return source.direction.dot(world_point_velocity(plant.state(), source.index, point));
        }
        case SensorKind::BodyPointAcceleration: {
            // a_point = a + alpha x r + omega x (omega x r), r the offset in world frame
            const Index body = source.index;
            const Vec3 arm = plant.state().ori[body] * source.offset;
            const Vec3& omega = plant.state().ang_vel[body];
            const Vec3 acceleration =
                plant.data().lin_acc[body] + plant.data().ang_acc[body].cross(arm) + omega.cross(omega.cross(arm));
            return source.direction.dot(acceleration);
        }
    }
    return 0;
}

Index DelayedSensors::acquire(const SensorSource& source, double delay) {
    max_delay_ = std::max(max_delay_, delay);
    const auto it = std::find(sources_.begin(), sources_.end(), source);
    if (it != sources_.end()) return Index(it - sources_.begin());
    sources_.push_back(source);
    return Index(sources_.size() - 1);
}

Index DelayedSensors::delay_index(double delay) {
    max_delay_ = std::max(max_delay_, delay);
    for (size_t i = 0; i < taps_.size(); ++i)
        if (taps_[i].delay == delay) return Index(i);
    taps_.push_back({delay});
    return Index(taps_.size() - 1);
}

void DelayedSensors::prepare(double control_step, double delay_scaling) {
    step_ = control_step;
    delay_scaling_ = std::max(0.0, delay_scaling);
    capacity_ = static_cast<size_t>(std::ceil(delay_scaling_ * max_delay_ / control_step)) + 2;
    // one frame of zeros past the ring: what every tap reads before the first record
    history_.assign((capacity_ + 1) * sources_.size(), 0.0);
    for (Tap& tap : taps_) tap.back = std::max(0.0, delay_scaling_ * tap.delay / step_);
    frames_ = 0;
    update_taps();
}

// The frames tap.back lies between, clamped at the oldest frame kept; before the
// first record, the frame of zeros.
void DelayedSensors::locate(Tap& tap) const {
    const size_t channels = sources_.size();
    if (frames_ == 0) {
        tap.newer = tap.older = capacity_ * channels;
        tap.fraction = 0;
        return;
    }
    // frames_back < capacity_: the slot without a division (an integer division per read
    // was 2 % of H1922's time)
    const auto offset = [&](size_t frames_back) {
        const size_t slot =
            latest_slot_ >= frames_back ? latest_slot_ - frames_back : latest_slot_ + capacity_ - frames_back;
        return slot * channels;
    };
    const double oldest_back = double(std::min(frames_ - 1, capacity_ - 1));
    const double clamped = std::min(tap.back, oldest_back);
    const size_t whole = static_cast<size_t>(std::floor(clamped));
    tap.fraction = clamped - double(whole);
    if (whole + 1 > size_t(oldest_back)) tap.fraction = 0;
    tap.newer = offset(whole);
    tap.older = tap.fraction > 0 ? offset(whole + 1) : tap.newer;
}

void DelayedSensors::update_taps() {
    for (Tap& tap : taps_) locate(tap);
}

void DelayedSensors::record(const Plant& plant) {
    const size_t slot = frames_ % capacity_;
    double* frame = history_.data() + slot * sources_.size();
    for (size_t c = 0; c < sources_.size(); ++c) frame[c] = read_sensor(plant, sources_[c]);
    ++frames_;
    latest_slot_ = slot;
    update_taps();
}

double DelayedSensors::value(Index channel, double delay) const {
    if (frames_ == 0) return 0;  // nothing recorded yet (a controller read before its first control step)
    Tap tap;
    tap.back = std::max(0.0, delay_scaling_ * delay / step_);  // frames back from the latest, fractional
    locate(tap);
    return read(tap, channel);
}

void DelayedSensors::reset() {
    frames_ = 0;
    std::fill(history_.begin(), history_.end(), 0.0);
    update_taps();
}

}  // namespace hfd
