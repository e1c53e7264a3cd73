#pragma once
// A synthetic walking run with known answers, for the gait analysis tests: each
// leg's vertical force is a square pulse of `weight` N during 60 % of a 1.2 s
// stride (720 of 1200 samples of 1 ms), the left leg half a stride after the
// right (right heel strikes at samples 100 + 1200 i, left at 700 + 1200 i; the
// left leg is loaded from the start), the forward force 0.1 of the vertical, the
// pelvis moving at 1.1 m/s, and one joint angle
//   knee_angle_r = A sin(2 pi t / T) + B sin(pi t / T)   [rad],
// whose second term changes sign from one stride to the next.
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

namespace hfd::test {

struct SyntheticGait {
    static constexpr double dt = 0.001, stride = 1.2, weight = 700, speed = 1.1;
    static constexpr double amplitude = 0.5, alternating = 0.2;  // A, B in rad
    static constexpr int stride_samples = 1200, stance_samples = 720, right_on = 100, left_on = 700;
    static constexpr int rows = 10501;  // 0 .. 10.5 s: 9 heel strikes, 8 cycles per side

    std::vector<double> time, right, left, pelvis_tx, knee;

    static bool loaded(int k, int on) {
        return ((k - on) % stride_samples + stride_samples) % stride_samples < stance_samples;
    }
    static double knee_at(double t) {
        return amplitude * std::sin(2 * std::numbers::pi * t / stride) +
               alternating * std::sin(std::numbers::pi * t / stride);
    }

    SyntheticGait() {
        for (int k = 0; k < rows; ++k) {
            const double t = k * dt;
            time.push_back(t);
            right.push_back(loaded(k, right_on) ? weight : 0.0);
            left.push_back(loaded(k, left_on) ? weight : 0.0);
            pelvis_tx.push_back(speed * t);
            knee.push_back(knee_at(t));
        }
    }

    // As `hfd scenario evaluate --out` writes it (no units; leg totals).
    std::string csv() const {
        std::string text =
            "time,pelvis_tilt,pelvis_tx,pelvis_ty,knee_angle_r,leg0_r.grf_x,leg0_r.grf_y,leg0_r.grf_z,"
            "leg1_l.grf_x,leg1_l.grf_y,leg1_l.grf_z,vasti_r.force\n";
        char row[320];
        for (size_t k = 0; k < time.size(); ++k) {
            std::snprintf(row, sizeof row, "%.17g,0,%.17g,0.9,%.17g,%.17g,%.17g,0,%.17g,%.17g,0,100\n", time[k],
                          pelvis_tx[k], knee[k], 0.1 * right[k], right[k], 0.1 * left[k], left[k]);
            text += row;
        }
        return text;
    }
};

}  // namespace hfd::test
