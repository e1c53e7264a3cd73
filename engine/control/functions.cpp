// Feed-forward functions f(t), t the controller's time, with SCONE's properties and
// parameter names:
//
// PieceWiseConstant { control_points = n control_point_y = .. control_point_dt = .. }
//   points (x_i, y_i), x_0 = 0, x_i = x_(i-1) + DT(i-1) (DT > 0), y_i = Y(i);
//   f(t) = y_k for the last k with x_k <= t, y_0 before x_0.
// PieceWiseLinear { control_points = n (>= 2) control_point_y control_point_dt flat_extrapolation }
//   the same points joined by lines; beyond the first or last point the nearest
//   segment's line continues, or the last value holds when flat_extrapolation.
// Polynomial { degree (or order) = d coefficient0 .. coefficientd }
//   f(t) = sum_i C(i) t^i
// SineWave { amplitude = 0.5 frequency = 1 phase = 0 offset = 0.5 }
//   f(t) = amplitude sin(2 pi frequency t + phase) + offset   (phase in radians)
// Constant { value = c }   (any one key: the parameter takes its name)
//   f(t) = c
#include "control/functions.h"

#include "format/type_table.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace hfd {

namespace {

struct ControlPoints {
    std::vector<double> x, y;
};

// Y0, DT0, Y1, ... as SCONE declares them (y of a point, then the dt to the next).
bool read_control_points(PropertyReader& reader, size_t minimum, ControlPoints& points) {
    CreationContext& context = reader.context();
    const std::optional<double> count = reader.required_number("control_points");
    if (!count) return false;
    if (*count != std::floor(*count) || *count < double(minimum) || *count > 99) {
        context.error(*reader.child("control_points"), reader.type() + ": control_points must be a whole number in [" +
                                                           std::to_string(minimum) + ", 99]");
        return false;
    }
    if (!reader.has("control_point_y")) {
        context.error(reader.node(), reader.type() + " needs 'control_point_y'");
        return false;
    }
    if (*count > 1 && !reader.has("control_point_dt")) {
        context.error(reader.node(), reader.type() + " needs 'control_point_dt' for more than one control point");
        return false;
    }
    for (size_t i = 0; i < size_t(*count); ++i) {
        double x = 0;
        if (i > 0) {
            const double dt = reader.parameter("control_point_dt", 0, "DT" + std::to_string(i - 1));
            if (!(dt > 0)) {
                context.error(*reader.child("control_point_dt"), reader.type() + ": DT" + std::to_string(i - 1) +
                                                                     " = " + number_in_message(dt) + " must be > 0");
                return false;
            }
            x = points.x.back() + dt;
        }
        points.x.push_back(x);
        points.y.push_back(reader.parameter("control_point_y", 0, "Y" + std::to_string(i)));
    }
    reader.accept("control_point_dt");
    return true;
}

class PieceWiseConstant final : public ControlFunction {
public:
    ControlPoints points;
    double value(double time) const override {
        const auto after = std::upper_bound(points.x.begin(), points.x.end(), time);
        return after == points.x.begin() ? points.y.front() : points.y[size_t(after - points.x.begin()) - 1];
    }
};

class PieceWiseLinear final : public ControlFunction {
public:
    ControlPoints points;
    bool flat_extrapolation = false;
    double value(double time) const override {
        if (flat_extrapolation) time = std::min(time, points.x.back());
        // the segment [x_(k-1), x_k] with x_k the first point >= time, clamped to the ends
        size_t k = size_t(std::lower_bound(points.x.begin(), points.x.end(), time) - points.x.begin());
        k = std::clamp<size_t>(k, 1, points.x.size() - 1);
        const double fraction = (time - points.x[k - 1]) / (points.x[k] - points.x[k - 1]);
        return points.y[k - 1] + fraction * (points.y[k] - points.y[k - 1]);
    }
};

class Polynomial final : public ControlFunction {
public:
    std::vector<double> coefficients;  // C0 first
    double value(double time) const override {
        double sum = 0;  // Horner, highest degree first
        for (auto c = coefficients.rbegin(); c != coefficients.rend(); ++c) sum = sum * time + *c;
        return sum;
    }
};

class SineWave final : public ControlFunction {
public:
    double amplitude = 0.5, frequency = 1, phase = 0, offset = 0.5;
    double value(double time) const override {
        return amplitude * std::sin(2 * std::numbers::pi * frequency * time + phase) + offset;
    }
};

class Constant final : public ControlFunction {
public:
    double constant = 0;
    double value(double) const override { return constant; }
};

std::unique_ptr<ControlFunction> create_piece_wise_constant(PropertyReader& reader) {
    auto function = std::make_unique<PieceWiseConstant>();
    if (!read_control_points(reader, 1, function->points)) return nullptr;
    return function;
}

std::unique_ptr<ControlFunction> create_piece_wise_linear(PropertyReader& reader) {
    auto function = std::make_unique<PieceWiseLinear>();
    function->flat_extrapolation = reader.flag("flat_extrapolation", false);
    if (!read_control_points(reader, 2, function->points)) return nullptr;
    return function;
}

std::unique_ptr<ControlFunction> create_polynomial(PropertyReader& reader) {
    const char* const degree_key = reader.has("order") ? "order" : "degree";
    const std::optional<double> degree = reader.required_number(degree_key);
    if (!degree) return nullptr;
    if (*degree != std::floor(*degree) || *degree < 0 || *degree > 20) {
        reader.context().error(*reader.child(degree_key), "Polynomial: degree must be a whole number in [0, 20]");
        return nullptr;
    }
    auto function = std::make_unique<Polynomial>();
    for (int i = 0; i <= int(*degree); ++i) {
        const std::string key = "coefficient" + std::to_string(i);
        if (!reader.has(key)) {
            reader.context().error(reader.node(),
                                   "Polynomial of degree " + std::to_string(int(*degree)) + " needs '" + key + "'");
            return nullptr;
        }
        function->coefficients.push_back(reader.parameter(key, 0, "C" + std::to_string(i)));
    }
    return function;
}

std::unique_ptr<ControlFunction> create_sine_wave(PropertyReader& reader) {
    auto function = std::make_unique<SineWave>();
    function->amplitude = reader.parameter("amplitude", function->amplitude);
    function->frequency = reader.parameter("frequency", function->frequency);
    function->phase = reader.parameter("phase", function->phase);
    function->offset = reader.parameter("offset", function->offset);
    return function;
}

std::unique_ptr<ControlFunction> create_constant(PropertyReader& reader) {
    const PropNode& node = reader.node();
    if (node.children.size() != 1 || !node.children[0].is_value()) {
        reader.context().error(node, "Constant needs exactly one value (e.g. Constant { value = 0.1 })");
        reader.accept_all();
        return nullptr;
    }
    auto function = std::make_unique<Constant>();
    function->constant = reader.parameter(node.children[0].key, 0);
    return function;
}

using FunctionFactory = std::unique_ptr<ControlFunction> (*)(PropertyReader&);

const TypeRow<FunctionFactory> function_types[] = {
    {"PieceWiseConstant", create_piece_wise_constant},
    {"PieceWiseConstantFunction", create_piece_wise_constant},
    {"PieceWiseLinear", create_piece_wise_linear},
    {"PieceWiseLinearFunction", create_piece_wise_linear},
    {"Polynomial", create_polynomial},
    {"SineWave", create_sine_wave},
    {"Constant", create_constant},
};

}  // namespace

bool is_function_type(std::string_view key) { return find_type(function_types, key) != nullptr; }

std::unique_ptr<ControlFunction> create_function(const PropNode& node, CreationContext& context) {
    const TypeRow<FunctionFactory>* type = find_type(function_types, node.key);
    if (!type) {
        context.error(node, unknown_type_message(function_types, "function type", node.key));
        return nullptr;
    }
    PropertyReader reader(node, context, std::string(type->name));
    return type->create(reader);
}

}  // namespace hfd
