#include "model/model.h"

#include <algorithm>

namespace hfd {

namespace {

template <typename T>
Index find_by_name(const std::vector<T>& items, std::string_view name) {
    const auto it = std::find_if(items.begin(), items.end(), [&](const T& item) { return item.name == name; });
    return it == items.end() ? no_index : Index(it - items.begin());
}

}  // namespace

Index Model::find_body(std::string_view body_name) const { return find_by_name(bodies, body_name); }
Index Model::find_joint(std::string_view joint_name) const { return find_by_name(joints, joint_name); }
Index Model::find_muscle(std::string_view muscle_name) const { return find_by_name(muscles, muscle_name); }
Index Model::find_dof(std::string_view dof_name) const { return find_by_name(dofs, dof_name); }

bool Muscle::has_dof_points() const {
    return std::any_of(path.begin(), path.end(), [](const PathPoint& p) { return p.is_moving() || p.is_conditional(); });
}

double Model::total_mass() const {
    double mass = 0;
    for (const Body& body : bodies) mass += body.is_static() ? 0.0 : body.mass;
    return mass;
}

int Model::dynamic_body_count() const {
    return int(std::count_if(bodies.begin(), bodies.end(), [](const Body& b) { return !b.is_static(); }));
}

}  // namespace hfd
