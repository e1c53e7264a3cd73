#pragma once
// Sensors read with a neural delay. Every sensor a controller acquires is sampled
// once per control step (record); value(channel, delay) is the sample history
// linearly interpolated at t - delay, and the first sample before the start (as
// SCONE's sensor delay storage). The history is a ring of frames long enough for
// the largest delay asked at creation, so a run of any length keeps constant memory.
#include "control/plant.h"

#include <vector>

namespace hfd {

enum class SensorKind {
    FiberLength,    // normalized fiber length of a muscle
    FiberVelocity,  // normalized fiber velocity
    MuscleForce,    // normalized tendon force
    Activation,     // muscle activation
    DofPosition,    // dof value (+ sign × a root dof's value)
    DofVelocity,    // dof velocity (+ sign × a root dof's velocity)
    LegLoad,        // |ground force on the leg| / body weight
    // a point fixed on a body (offset, body frame from its centre of mass), projected on
    // a world direction: direction . x_point, direction . v_point, direction . a_point
    BodyPointPosition,
    BodyPointVelocity,
    BodyPointAcceleration,  // from the accelerations of the plant's last evaluation
    // scale x the body's y-z-x Euler angle about `axis` (R = R_y R_z R_x; index is the body)
    BodyOrientation,
    // scale x (R direction) . omega: the angular velocity about a body-fixed direction
    BodyAngularVelocity,
};

struct SensorSource {
    SensorKind kind = SensorKind::FiberLength;
    Index index = no_index;     // muscle, dof or leg
    Index root_dof = no_index;  // DofPosition / DofVelocity: added (SCONE's source_parent)
    double root_sign = 1;
    Vec3 offset = Vec3::Zero(), direction = Vec3::Zero();  // BodyPoint*: index is the body
    int axis = 0;                                          // BodyOrientation: 0 x, 1 y, 2 z
    double scale = 1;                                      // BodyOrientation, BodyAngularVelocity
    bool operator==(const SensorSource&) const = default;
};

double read_sensor(const Plant& plant, const SensorSource& source);
// Angles (x, y, z) of R = R_y(y) R_z(z) R_x(x) (BodyOrientation's Euler angles).
Vec3 euler_yzx(const Quat& orientation);

class DelayedSensors {
public:
    // A channel for the source (the same source gives the same channel); `delay` is
    // the largest delay it will be read with.
    Index acquire(const SensorSource& source, double delay);
    // Sizes the history for the control step; call after every acquire. Every delay
    // is multiplied by delay_scaling (ModelHyfydy's sensor_delay_scaling_factor).
    void prepare(double control_step, double delay_scaling = 1);
    // Samples every channel at the plant's current time (the start of a control step).
    void record(const Plant& plant);
    // The channel's value at (time of the latest record) - delay.
    double value(Index channel, double delay) const;
    // A delay read at every control step (a reflex's): its frames back are worked out
    // once per record, not per read. The same delay gives the same index. Call before
    // prepare, like acquire.
    Index delay_index(double delay);
    // value(channel, delay) for the delay of delay_index, to the bit.
    double delayed_value(Index channel, Index delay) const { return read(taps_[size_t(delay)], channel); }
    void reset();
    size_t channel_count() const { return sources_.size(); }

private:
    // A delay as `back` = scaling x delay / step frames back from the latest record,
    // and, after each record, the history offsets of the two frames it lies between
    // (both the oldest kept one when it lies further back) and the weight of the older.
    struct Tap {
        double delay = 0, back = 0;
        size_t newer = 0, older = 0;
        double fraction = 0;
    };
    void locate(Tap& tap) const;
    void update_taps();
    double read(const Tap& tap, Index channel) const {
        const double newer = history_[tap.newer + size_t(channel)];
        if (tap.fraction == 0) return newer;
        return newer + tap.fraction * (history_[tap.older + size_t(channel)] - newer);
    }

    std::vector<SensorSource> sources_;
    std::vector<Tap> taps_;
    double max_delay_ = 0, step_ = 0, delay_scaling_ = 1;
    size_t capacity_ = 0;          // frames kept
    size_t frames_ = 0;            // frames recorded since reset
    size_t latest_slot_ = 0;       // the ring slot of the latest frame (when frames_ > 0)
    std::vector<double> history_;  // capacity_ frames of channel_count values, a ring, then a frame of zeros
};

}  // namespace hfd
