#include "draw/contact_summary.h"

#include <algorithm>
#include <cmath>

namespace hfd {

void sum_contact_forces_per_body(const std::vector<PoseSnapshot::ContactArrow>& contacts, const Vec3& up,
                                 std::vector<BodyContactForce>& out) {
    out.clear();
    // Per body: sums of F, p (F.up), (F.up), p |F| and |F|; the weighted means follow.
    struct Sums {
        Vec3 moment_up = Vec3::Zero(), moment_abs = Vec3::Zero();
        double up = 0, abs = 0;
    };
    thread_local std::vector<Sums> sums;
    sums.clear();
    for (const PoseSnapshot::ContactArrow& contact : contacts) {
        if (contact.body == no_index || !contact.force.allFinite() || !contact.point.allFinite()) continue;
        auto found =
            std::find_if(out.begin(), out.end(), [&](const BodyContactForce& f) { return f.body == contact.body; });
        if (found == out.end()) {
            out.push_back({contact.body, Vec3::Zero(), Vec3::Zero()});
            sums.emplace_back();
            found = out.end() - 1;
        }
        Sums& s = sums[std::size_t(found - out.begin())];
        found->force += contact.force;
        const double along_up = contact.force.dot(up), magnitude = contact.force.norm();
        s.moment_up += along_up * contact.point;
        s.up += along_up;
        s.moment_abs += magnitude * contact.point;
        s.abs += magnitude;
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        const Sums& s = sums[i];
        const bool pressing = std::abs(s.up) > 1e-9 * std::max(1.0, s.abs);
        out[i].point = pressing ? Vec3(s.moment_up / s.up) : s.abs > 0 ? Vec3(s.moment_abs / s.abs) : Vec3::Zero();
    }
}

}  // namespace hfd
