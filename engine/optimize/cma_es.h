#pragma once
// CMA-ES, the (mu/mu_w, lambda) evolution strategy with covariance matrix
// adaptation of Hansen's tutorial ("The CMA Evolution Strategy: A Tutorial",
// arXiv:1604.00772, 2016): weighted recombination of the mu best of lambda
// samples, cumulative step-size adaptation, rank-one and rank-mu covariance
// updates with the h_sigma stall, and an eigendecomposition of C updated only
// every few generations. It minimizes. Only positive recombination weights are
// used (no active CMA), as in SCONE and DEAP. Equations: docs/optimization.md.
//
// Ask / tell: ask() gives lambda candidates (inside the bounds), tell() takes
// their fitnesses in the same order. The same settings and seed give the same
// bits on every machine: random numbers come from PortableRandom, and every
// reduction runs in a fixed order whatever the thread count of the evaluation.
#include "optimize/portable_random.h"

#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

namespace hfd {

// Settings with SCONE's CmaOptimizer names and defaults. The stop conditions
// (max_generations, min_progress, window_size, min_progress_samples) are read
// by OptimizationRun; CmaEs itself never stops.
struct CmaSettings {
    std::vector<double> initial_mean;  // the .par mean of each parameter
    std::vector<double> initial_std;   // the .par std of each parameter, > 0
    // Per parameter; empty means unbounded, and -inf / inf are allowed per entry.
    std::vector<double> lower_bound;
    std::vector<double> upper_bound;
    int lambda = 0;    // candidates per generation; 0: 4 + floor(3 ln n)
    int mu = 0;        // parents recombined; 0: lambda / 2
    double sigma = 1;  // multiplies every initial_std
    std::uint64_t random_seed = 123;
    // A sample outside the bounds is drawn again up to this many times, then
    // clamped into them (SCONE: 100 attempts, then clamping).
    int max_resamples = 100;
    int max_generations = 100000;
    double min_progress = 1e-5;    // per generation, relative; see OptimizationRun
    int window_size = 500;         // generations the progress is measured over
    int min_progress_samples = 0;  // generations before progress is tested; 0: window_size
};

// Empty when the settings can run; otherwise one line per problem, e.g.
// "initial_std[2] = 0: must be positive and finite".
std::string validate_cma_settings(const CmaSettings& settings);

// 4 + floor(3 ln n), Hansen's default population size.
int default_cma_lambda(int dimension);

// Strategy parameters derived from n, lambda and mu (tutorial, Table 1 and eq. 49-58).
struct CmaParameters {
    int dimension = 0;
    int lambda = 0;
    int mu = 0;
    Eigen::VectorXd weights;  // mu positive weights, summing to 1, decreasing
    double mu_eff = 0;        // (sum w)^2 / sum w^2
    double c_sigma = 0;       // step-size path learning rate
    double d_sigma = 0;       // step-size damping
    double c_c = 0;           // covariance path learning rate
    double c_1 = 0;           // rank-one learning rate
    double c_mu = 0;          // rank-mu learning rate
    double chi_n = 0;         // E||N(0, I)||
    int eigen_interval = 1;   // generations between eigendecompositions
};
CmaParameters make_cma_parameters(int dimension, int lambda, int mu);

// Everything that evolves; with the settings it determines the rest of a run.
struct CmaState {
    int generation = 0;  // completed tell() calls
    long long evaluations = 0;
    double sigma = 0;
    Eigen::VectorXd mean;
    Eigen::VectorXd path_sigma;
    Eigen::VectorXd path_c;
    Eigen::MatrixXd covariance;
    // C = B diag(D^2) B^T as of generation eigen_generation (updated lazily).
    Eigen::MatrixXd eigenvectors;
    Eigen::VectorXd axis_lengths;  // D: square roots of the eigenvalues
    int eigen_generation = 0;
    PortableRandom::State random;
};

class CmaEs {
public:
    // Throws std::invalid_argument with validate_cma_settings' text.
    explicit CmaEs(const CmaSettings& settings);

    int dimension() const { return parameters_.dimension; }
    int lambda() const { return parameters_.lambda; }
    int mu() const { return parameters_.mu; }
    const CmaParameters& parameters() const { return parameters_; }
    const CmaSettings& settings() const { return settings_; }

    // lambda candidates, each inside the bounds. Throws std::logic_error when the
    // previous generation was not told.
    const std::vector<std::vector<double>>& ask();
    // Fitnesses of the asked candidates, in their order; NaN counts as +inf.
    // Throws std::logic_error without a pending ask(), std::invalid_argument on a
    // wrong count.
    void tell(const std::vector<double>& fitnesses);

    const CmaState& state() const { return state_; }
    // Replaces the state (for resuming); throws std::invalid_argument when its
    // sizes do not match the settings. A pending ask() is discarded.
    void set_state(const CmaState& state);

    // sigma sqrt(diag C): the current spread of each parameter.
    std::vector<double> current_std() const;

private:
    void sample(int index, PortableRandom& random);
    bool inside_bounds(const Eigen::VectorXd& x) const;
    void update_covariance(const std::vector<int>& order, bool h_sigma);
    void update_eigensystem();

    CmaSettings settings_;
    CmaParameters parameters_;
    CmaState state_;
    Eigen::VectorXd lower_;
    Eigen::VectorXd upper_;
    bool asked_ = false;
    std::vector<std::vector<double>> candidates_;
    std::vector<Eigen::VectorXd> steps_;  // y_k = (x_k - m) / sigma of each candidate
};

}  // namespace hfd
