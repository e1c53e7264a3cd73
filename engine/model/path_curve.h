#pragma once
// y(q) of a coordinate-dependent path point (OpenSim's MovingPathPoint): a cubic
// spline through knots (q_i, y_i), continued by straight lines beyond the first
// and last knot. The end conditions are those of Forsythe, Malcolm and Moler
// (Computer Methods for Mathematical Computations, 1977, routine SPLINE): the
// third derivative at each end equals that of the cubic through the four nearest
// knots. OpenSim's SimmSpline uses the same, so knots copied from an .osim file
// give its curve. Two knots give a straight line.
#include <vector>

namespace hfd {

class PathCurve {
public:
    PathCurve() = default;
    // knots strictly increasing, values.size() == knots.size() >= 2
    PathCurve(std::vector<double> knots, std::vector<double> values);

    bool empty() const { return knot_.empty(); }
    const std::vector<double>& knots() const { return knot_; }
    const std::vector<double>& values() const { return value_; }
    // y(q), and dy/dq in *slope
    double evaluate(double q, double* slope) const;

private:
    std::vector<double> knot_, value_;
    std::vector<double> b_, c_, d_;  // y = y_i + b_i t + c_i t^2 + d_i t^3, t = q - q_i
};

}  // namespace hfd
