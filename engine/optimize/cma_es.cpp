#include "optimize/cma_es.h"

#include "optimize/symmetric_eigen.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace hfd {
namespace {

bool is_finite(double x) { return std::isfinite(x); }

void check_size(std::ostringstream& out, const std::vector<double>& values, const char* name, size_t n,
                bool may_be_empty) {
    if (values.size() != n && !(may_be_empty && values.empty()))
        out << name << " has " << values.size() << " values, initial_mean has " << n << "\n";
}

void check_parameters(std::ostringstream& out, const CmaSettings& s) {
    const size_t n = s.initial_mean.size();
    if (n == 0) out << "there are no parameters to optimize (initial_mean is empty)\n";
    check_size(out, s.initial_std, "initial_std", n, false);
    check_size(out, s.lower_bound, "lower_bound", n, true);
    check_size(out, s.upper_bound, "upper_bound", n, true);
    if (!out.str().empty()) return;
    for (size_t i = 0; i < n; ++i) {
        const double lower = s.lower_bound.empty() ? -INFINITY : s.lower_bound[i];
        const double upper = s.upper_bound.empty() ? INFINITY : s.upper_bound[i];
        if (!is_finite(s.initial_mean[i]))
            out << "initial_mean[" << i << "] = " << s.initial_mean[i] << ": not finite\n";
        if (!(s.initial_std[i] > 0) || !is_finite(s.initial_std[i]))
            out << "initial_std[" << i << "] = " << s.initial_std[i] << ": must be positive and finite\n";
        if (std::isnan(lower) || std::isnan(upper) || !(lower < upper))
            out << "bounds of parameter " << i << " [" << lower << ", " << upper << "]: lower must be below upper\n";
        else if (s.initial_mean[i] < lower || s.initial_mean[i] > upper)
            out << "initial_mean[" << i << "] = " << s.initial_mean[i] << " is outside its bounds [" << lower << ", "
                << upper << "]\n";
    }
}

// Candidate indices best first: NaN ranks as +inf, ties by index (a total order,
// so no sort algorithm can order them differently).
std::vector<int> ranking(const std::vector<double>& fitnesses) {
    auto key = [&](int k) { return std::isnan(fitnesses[k]) ? INFINITY : fitnesses[k]; };
    std::vector<int> order(fitnesses.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b) || (key(a) == key(b) && a < b); });
    return order;
}

// C^{-1/2} v = B D^{-1} B^T v, the sums in index order.
Eigen::VectorXd inverse_sqrt_times(const Eigen::MatrixXd& B, const Eigen::VectorXd& D, const Eigen::VectorXd& v) {
    const int n = int(v.size());
    Eigen::VectorXd rotated(n), result(n);
    for (int j = 0; j < n; ++j) {
        double sum = 0;
        for (int i = 0; i < n; ++i) sum += B(i, j) * v[i];
        rotated[j] = sum / D[j];
    }
    for (int i = 0; i < n; ++i) {
        double sum = 0;
        for (int j = 0; j < n; ++j) sum += B(i, j) * rotated[j];
        result[i] = sum;
    }
    return result;
}

}  // namespace

int default_cma_lambda(int dimension) { return 4 + int(std::floor(3 * portable_log(double(dimension)))); }

std::string validate_cma_settings(const CmaSettings& s) {
    std::ostringstream out;
    check_parameters(out, s);
    const int n = int(s.initial_mean.size());
    const int lambda = s.lambda == 0 && n > 0 ? default_cma_lambda(n) : s.lambda;
    if (s.lambda < 0 || (s.lambda > 0 && s.lambda < 2))
        out << "lambda = " << s.lambda << ": must be 0 (automatic) or at least 2\n";
    if (s.mu < 0 || (n > 0 && s.mu > lambda))
        out << "mu = " << s.mu << ": must be 0 (automatic, lambda / 2) or between 1 and lambda (" << lambda << ")\n";
    if (!(s.sigma > 0) || !is_finite(s.sigma)) out << "sigma = " << s.sigma << ": must be positive and finite\n";
    if (s.max_resamples < 0) out << "max_resamples = " << s.max_resamples << ": must not be negative\n";
    if (s.max_generations < 0) out << "max_generations = " << s.max_generations << ": must not be negative\n";
    if (std::isnan(s.min_progress)) out << "min_progress is NaN\n";
    if (s.window_size < 2) out << "window_size = " << s.window_size << ": must be at least 2\n";
    if (s.min_progress_samples < 0)
        out << "min_progress_samples = " << s.min_progress_samples << ": must not be negative\n";
    std::string text = out.str();
    if (!text.empty()) text.pop_back();
    return text;
}

CmaParameters make_cma_parameters(int n, int lambda, int mu) {
    CmaParameters p;
    p.dimension = n;
    p.lambda = lambda > 0 ? lambda : default_cma_lambda(n);
    p.mu = mu > 0 ? mu : p.lambda / 2;
    // Tutorial eq. 49: w'_i = ln((lambda + 1) / 2) - ln i; the base is raised to
    // mu + 1/2 when a larger mu is asked for, which keeps every weight positive.
    const double base = portable_log(std::max((p.lambda + 1) / 2.0, p.mu + 0.5));
    p.weights.resize(p.mu);
    for (int i = 0; i < p.mu; ++i) p.weights[i] = base - portable_log(i + 1.0);
    double sum = 0, sum_squares = 0;
    for (int i = 0; i < p.mu; ++i) sum += p.weights[i];
    for (int i = 0; i < p.mu; ++i) p.weights[i] /= sum;
    for (int i = 0; i < p.mu; ++i) sum_squares += p.weights[i] * p.weights[i];
    p.mu_eff = 1 / sum_squares;
    const double m = p.mu_eff;
    // Table 1 of the tutorial (alpha_cov = 2).
    p.c_sigma = (m + 2) / (n + m + 5);
    p.d_sigma = 1 + 2 * std::max(0.0, std::sqrt((m - 1) / (n + 1)) - 1) + p.c_sigma;
    p.c_c = (4 + m / n) / (n + 4 + 2 * m / n);
    p.c_1 = 2 / ((n + 1.3) * (n + 1.3) + m);
    p.c_mu = std::min(1 - p.c_1, 2 * (m - 2 + 1 / m) / ((n + 2.0) * (n + 2.0) + m));
    p.chi_n = std::sqrt(double(n)) * (1 - 1.0 / (4 * n) + 1.0 / (21.0 * n * n));
    // B and D are recomputed once more than lambda / (c_1 + c_mu) / n / 10 evaluations
    // have passed since the last time (tutorial, appendix C's code): every
    // generation while (c_1 + c_mu) n > 1/10, rarely in large dimensions, where
    // the O(n^3) decomposition would cost more than the O(n^2) samples.
    p.eigen_interval = int(std::floor(1 / ((p.c_1 + p.c_mu) * n * 10))) + 1;
    return p;
}

CmaEs::CmaEs(const CmaSettings& settings) : settings_(settings) {
    if (std::string error = validate_cma_settings(settings); !error.empty()) throw std::invalid_argument(error);
    const int n = int(settings.initial_mean.size());
    parameters_ = make_cma_parameters(n, settings.lambda, settings.mu);
    lower_ = Eigen::VectorXd::Constant(n, -INFINITY);
    upper_ = Eigen::VectorXd::Constant(n, INFINITY);
    for (int i = 0; i < n; ++i) {
        if (!settings.lower_bound.empty()) lower_[i] = settings.lower_bound[i];
        if (!settings.upper_bound.empty()) upper_[i] = settings.upper_bound[i];
    }
    // The spread of parameter i starts at sigma * initial_std[i]: the global step
    // size takes the root mean square of the stds, C the ratios (as SCONE does),
    // so that sigma and C keep comparable scales whatever the units.
    double mean_square = 0;
    for (double std : settings.initial_std) mean_square += std * std;
    mean_square /= n;
    const double rms = std::sqrt(mean_square);
    state_.sigma = settings.sigma * rms;
    state_.mean = Eigen::Map<const Eigen::VectorXd>(settings.initial_mean.data(), n);
    state_.path_sigma = Eigen::VectorXd::Zero(n);
    state_.path_c = Eigen::VectorXd::Zero(n);
    state_.axis_lengths.resize(n);
    for (int i = 0; i < n; ++i) state_.axis_lengths[i] = settings.initial_std[i] / rms;
    state_.covariance = state_.axis_lengths.cwiseProduct(state_.axis_lengths).asDiagonal();
    state_.eigenvectors = Eigen::MatrixXd::Identity(n, n);
    state_.random = PortableRandom(settings.random_seed).state();
    candidates_.assign(parameters_.lambda, std::vector<double>(n));
    steps_.assign(parameters_.lambda, Eigen::VectorXd(n));
}

bool CmaEs::inside_bounds(const Eigen::VectorXd& x) const {
    for (int i = 0; i < x.size(); ++i)
        if (!(x[i] >= lower_[i] && x[i] <= upper_[i])) return false;
    return true;
}

void CmaEs::sample(int index, PortableRandom& random) {
    const int n = dimension();
    const Eigen::MatrixXd& B = state_.eigenvectors;
    const Eigen::VectorXd& D = state_.axis_lengths;
    Eigen::VectorXd scaled(n), y(n), x(n);
    for (int attempt = 0;; ++attempt) {
        // y = B D z ~ N(0, C), x = m + sigma y (tutorial eq. 38-40); the sums run in
        // index order so no vectorization choice changes their rounding.
        for (int j = 0; j < n; ++j) scaled[j] = D[j] * random.normal();
        for (int i = 0; i < n; ++i) {
            double sum = 0;
            for (int j = 0; j < n; ++j) sum += B(i, j) * scaled[j];
            y[i] = sum;
        }
        for (int i = 0; i < n; ++i) x[i] = state_.mean[i] + state_.sigma * y[i];
        if (inside_bounds(x)) break;
        if (attempt >= settings_.max_resamples) {
            // Clamped, and the update learns from the step actually taken (SCONE
            // overwrites the sample the same way).
            for (int i = 0; i < n; ++i) {
                x[i] = std::clamp(x[i], lower_[i], upper_[i]);
                y[i] = (x[i] - state_.mean[i]) / state_.sigma;
            }
            break;
        }
    }
    steps_[index] = y;
    for (int i = 0; i < n; ++i) candidates_[index][i] = x[i];
}

const std::vector<std::vector<double>>& CmaEs::ask() {
    if (asked_) throw std::logic_error("CmaEs::ask: the previous generation was not told its fitnesses");
    PortableRandom random;
    random.set_state(state_.random);
    for (int k = 0; k < lambda(); ++k) sample(k, random);
    state_.random = random.state();
    asked_ = true;
    return candidates_;
}

void CmaEs::tell(const std::vector<double>& fitnesses) {
    if (!asked_) throw std::logic_error("CmaEs::tell: no generation was asked for");
    if (int(fitnesses.size()) != lambda())
        throw std::invalid_argument("CmaEs::tell: " + std::to_string(fitnesses.size()) + " fitnesses for " +
                                    std::to_string(lambda()) + " candidates");
    asked_ = false;
    const CmaParameters& p = parameters_;
    const int n = p.dimension;
    CmaState& s = state_;

    const std::vector<int> order = ranking(fitnesses);

    // <y>_w = sum w_i y_{i:lambda}; m <- m + sigma <y>_w (eq. 41, c_m = 1).
    Eigen::VectorXd y_w = Eigen::VectorXd::Zero(n);
    for (int i = 0; i < p.mu; ++i) y_w += p.weights[i] * steps_[order[i]];
    s.mean += s.sigma * y_w;

    // eq. 43, with the B and D the samples were drawn with.
    const Eigen::VectorXd whitened = inverse_sqrt_times(s.eigenvectors, s.axis_lengths, y_w);
    s.path_sigma = (1 - p.c_sigma) * s.path_sigma + std::sqrt(p.c_sigma * (2 - p.c_sigma) * p.mu_eff) * whitened;
    double ps_squared = 0;
    for (int i = 0; i < n; ++i) ps_squared += s.path_sigma[i] * s.path_sigma[i];
    const double ps_norm = std::sqrt(ps_squared);

    // h_sigma stalls the rank-one path while the step size grows fast (eq. 45 and the
    // footnote to it); the bias correction uses the number of updates, g + 1.
    const double decay = portable_exp(2.0 * (s.generation + 1) * portable_log(1 - p.c_sigma));
    const bool h_sigma = ps_norm / std::sqrt(1 - decay) < (1.4 + 2.0 / (n + 1)) * p.chi_n;
    if (h_sigma) s.path_c = (1 - p.c_c) * s.path_c + std::sqrt(p.c_c * (2 - p.c_c) * p.mu_eff) * y_w;
    else s.path_c = (1 - p.c_c) * s.path_c;

    update_covariance(order, h_sigma);

    // sigma <- sigma exp(c_sigma / d_sigma (||p_sigma|| / E||N(0, I)|| - 1)) (eq. 44).
    s.sigma *= portable_exp(p.c_sigma / p.d_sigma * (ps_norm / p.chi_n - 1));

    ++s.generation;
    s.evaluations += lambda();
    if (s.generation - s.eigen_generation >= p.eigen_interval) update_eigensystem();
}

void CmaEs::update_covariance(const std::vector<int>& order, bool h_sigma) {
    // C <- (1 + c_1 delta(h) - c_1 - c_mu) C + c_1 p_c p_c^T + c_mu sum w_i y_i y_i^T (eq. 47),
    // delta(h) = (1 - h) c_c (2 - c_c). Each entry is built from products that commute,
    // so C stays exactly symmetric.
    const CmaParameters& p = parameters_;
    CmaState& s = state_;
    const double delta = h_sigma ? 0 : p.c_c * (2 - p.c_c);
    const double keep = 1 + p.c_1 * delta - p.c_1 - p.c_mu;
    for (int j = 0; j < p.dimension; ++j)
        for (int i = 0; i < p.dimension; ++i) {
            double rank_mu = 0;
            for (int k = 0; k < p.mu; ++k) rank_mu += p.weights[k] * (steps_[order[k]][i] * steps_[order[k]][j]);
            s.covariance(i, j) = keep * s.covariance(i, j) + p.c_1 * (s.path_c[i] * s.path_c[j]) + p.c_mu * rank_mu;
        }
}

void CmaEs::update_eigensystem() {
    // Not Eigen's SelfAdjointEigenSolver: its kernels are shared, linker-chosen weak
    // symbols, so two programs could decompose the same C differently (symmetric_eigen.h).
    const int n = dimension();
    Eigen::MatrixXd eigenvectors(n, n);
    Eigen::VectorXd eigenvalues(n);
    // C is finite and symmetric, so the QL iteration converges; should it not, B and D
    // stay those of the last decomposition (the samples stay well defined).
    if (!symmetric_eigen(n, state_.covariance.data(), eigenvectors.data(), eigenvalues.data())) return;
    // Rounding can leave tiny negative eigenvalues once C is ill-conditioned (~1e14);
    // they are raised to a positive floor so D^{-1} stays finite.
    double largest = 0;
    for (int i = 0; i < n; ++i) largest = std::max(largest, eigenvalues[i]);
    const double floor = largest * 1e-14 + std::numeric_limits<double>::min();
    for (int i = 0; i < n; ++i) eigenvalues[i] = std::sqrt(std::max(eigenvalues[i], floor));
    state_.eigenvectors = eigenvectors;
    state_.axis_lengths = eigenvalues;
    state_.eigen_generation = state_.generation;
}

void CmaEs::set_state(const CmaState& state) {
    const int n = dimension();
    if (state.mean.size() != n || state.path_sigma.size() != n || state.path_c.size() != n ||
        state.covariance.rows() != n || state.covariance.cols() != n || state.eigenvectors.rows() != n ||
        state.eigenvectors.cols() != n || state.axis_lengths.size() != n)
        throw std::invalid_argument("the optimizer state has the wrong dimension (the settings have " +
                                    std::to_string(n) + " parameters)");
    if (!(state.sigma > 0)) throw std::invalid_argument("the optimizer state has a step size that is not positive");
    state_ = state;
    asked_ = false;
}

std::vector<double> CmaEs::current_std() const {
    std::vector<double> result(dimension());
    for (int i = 0; i < dimension(); ++i) result[i] = state_.sigma * std::sqrt(state_.covariance(i, i));
    return result;
}

}  // namespace hfd
