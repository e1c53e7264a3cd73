#include "osim/osim_model.h"

#include "model/path_curve.h"

#include <algorithm>
#include <functional>

namespace hfd::osim {

double OsimFunction::evaluate(double at) const {
    switch (kind) {
        case Kind::Constant: return multiplier * value;
        case Kind::Linear: return multiplier * (slope * at + intercept);
        case Kind::Table: {
            if (x.empty()) return 0;
            if (simm_spline && x.size() >= 2 && std::is_sorted(x.begin(), x.end(), std::less_equal<double>())) {
                double slope_unused = 0;
                return multiplier * PathCurve(x, y).evaluate(at, &slope_unused);
            }
            if (at <= x.front()) return multiplier * y.front();
            if (at >= x.back()) return multiplier * y.back();
            const auto upper = std::upper_bound(x.begin(), x.end(), at);
            const size_t i = static_cast<size_t>(upper - x.begin());
            const double t = (at - x[i - 1]) / (x[i] - x[i - 1]);
            return multiplier * (y[i - 1] + t * (y[i] - y[i - 1]));
        }
        case Kind::Unsupported: return 0;
    }
    return 0;
}

const OsimBody* OsimModel::find_body(const std::string& body_name) const {
    for (const OsimBody& body : bodies)
        if (body.name == body_name) return &body;
    return nullptr;
}

}  // namespace hfd::osim
