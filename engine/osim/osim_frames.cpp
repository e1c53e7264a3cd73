#include "osim/osim_frames.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace hfd::osim {

Mat3 inertia_matrix(const std::array<double, 6>& v) {
    Mat3 m;
    m << v[0], v[3], v[4],  //
        v[3], v[1], v[5],   //
        v[4], v[5], v[2];
    return m;
}

PrincipalAxes principal_axes(const Mat3& inertia) {
    PrincipalAxes result;
    const double scale = std::max(inertia.diagonal().cwiseAbs().maxCoeff(), 1e-300);
    const double off_diagonal = std::max({std::abs(inertia(0, 1)), std::abs(inertia(0, 2)), std::abs(inertia(1, 2))});
    if (off_diagonal <= 1e-12 * scale) {
        result.moments = inertia.diagonal();
        return result;
    }
    Eigen::SelfAdjointEigenSolver<Mat3> solver(inertia);
    const Mat3 vectors = solver.eigenvectors();
    const Vec3 values = solver.eigenvalues();
    // Try every assignment of eigenvectors to x, y, z with every sign; keep the
    // proper rotation with the largest trace (smallest angle from identity).
    std::array<int, 3> order = {0, 1, 2};
    double best_trace = -10;
    do {
        for (int signs = 0; signs < 8; ++signs) {
            Mat3 r;
            for (int c = 0; c < 3; ++c)
                r.col(c) = vectors.col(order[static_cast<size_t>(c)]) * (((signs >> c) & 1) ? -1.0 : 1.0);
            if (r.determinant() < 0) continue;
            if (r.trace() > best_trace + 1e-12) {
                best_trace = r.trace();
                result.rotation = r;
                for (int c = 0; c < 3; ++c) result.moments[c] = values[order[static_cast<size_t>(c)]];
            }
        }
    } while (std::next_permutation(order.begin(), order.end()));
    return result;
}

Transform principal_frame(const Vec3& mass_center, const PrincipalAxes& axes) {
    Transform t;
    t.pos = mass_center;
    t.ori = Quat(axes.rotation).normalized();
    return t;
}

AxisMatch match_basis_axis(const Vec3& direction, double tolerance) {
    AxisMatch match;
    const double length = direction.norm();
    if (length <= 0) return match;
    const Vec3 unit = direction / length;
    Eigen::Index axis = 0;
    const double largest = unit.cwiseAbs().maxCoeff(&axis);
    if (largest < 1.0 - tolerance) return match;
    match.axis = static_cast<int>(axis);
    match.sign = unit[axis] < 0 ? -1.0 : 1.0;
    return match;
}

}  // namespace hfd::osim
