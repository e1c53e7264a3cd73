#pragma once
// Standard test functions for optimizers (minimum 0), used by the tests and by
// the comparison with DEAP's CMA-ES (bench/cma_compare.cpp, scripts/compare_cma.py).
#include <cmath>
#include <numbers>
#include <vector>

namespace hfd::benchmark_functions {

// sum x_i^2; minimum at 0.
inline double sphere(const std::vector<double>& x) {
    double sum = 0;
    for (double v : x) sum += v * v;
    return sum;
}

// sum 100 (x_{i+1} - x_i^2)^2 + (1 - x_i)^2; minimum at (1, ..., 1).
inline double rosenbrock(const std::vector<double>& x) {
    double sum = 0;
    for (size_t i = 0; i + 1 < x.size(); ++i) {
        const double a = x[i + 1] - x[i] * x[i];
        const double b = 1 - x[i];
        sum += 100 * a * a + b * b;
    }
    return sum;
}

// 10 n + sum x_i^2 - 10 cos(2 pi x_i); minimum at 0, local minima near every integer point.
inline double rastrigin(const std::vector<double>& x) {
    double sum = 10.0 * double(x.size());
    for (double v : x) sum += v * v - 10 * std::cos(2 * std::numbers::pi * v);
    return sum;
}

}  // namespace hfd::benchmark_functions
