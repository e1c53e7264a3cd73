#include "optimize/symmetric_eigen.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace hfd {

namespace {

// sqrt(a^2 + b^2) without overflow, in + - * / and sqrt (std::hypot is libm's,
// whose last bit may differ between library versions).
double portable_hypot(double a, double b) {
    a = std::fabs(a);
    b = std::fabs(b);
    if (a > b) {
        const double r = b / a;
        return a * std::sqrt(1 + r * r);
    }
    if (b > 0) {
        const double r = a / b;
        return b * std::sqrt(1 + r * r);
    }
    return 0;
}

struct Matrix {
    int n;
    double* data;
    double& operator()(int i, int j) { return data[i + size_t(n) * j]; }
};

// Householder reduction to tridiagonal form (EISPACK tred2, JAMA's version):
// on return d is the diagonal, e[1..n-1] the subdiagonal and V the accumulated
// orthogonal transformation.
void tridiagonalize(Matrix V, std::vector<double>& d, std::vector<double>& e) {
    const int n = V.n;
    for (int j = 0; j < n; ++j) d[j] = V(n - 1, j);
    for (int i = n - 1; i > 0; --i) {
        double scale = 0, h = 0;
        for (int k = 0; k < i; ++k) scale = scale + std::fabs(d[k]);
        if (scale == 0) {
            e[i] = d[i - 1];
            for (int j = 0; j < i; ++j) {
                d[j] = V(i - 1, j);
                V(i, j) = 0;
                V(j, i) = 0;
            }
        } else {
            for (int k = 0; k < i; ++k) {
                d[k] /= scale;
                h += d[k] * d[k];
            }
            double f = d[i - 1];
            double g = std::sqrt(h);
            if (f > 0) g = -g;
            e[i] = scale * g;
            h = h - f * g;
            d[i - 1] = f - g;
            for (int j = 0; j < i; ++j) e[j] = 0;
            for (int j = 0; j < i; ++j) {
                f = d[j];
                V(j, i) = f;
                g = e[j] + V(j, j) * f;
                for (int k = j + 1; k <= i - 1; ++k) {
                    g += V(k, j) * d[k];
                    e[k] += V(k, j) * f;
                }
                e[j] = g;
            }
            f = 0;
            for (int j = 0; j < i; ++j) {
                e[j] /= h;
                f += e[j] * d[j];
            }
            const double hh = f / (h + h);
            for (int j = 0; j < i; ++j) e[j] -= hh * d[j];
            for (int j = 0; j < i; ++j) {
                f = d[j];
                g = e[j];
                for (int k = j; k <= i - 1; ++k) V(k, j) -= (f * e[k] + g * d[k]);
                d[j] = V(i - 1, j);
                V(i, j) = 0;
            }
        }
        d[i] = h;
    }
    for (int i = 0; i < n - 1; ++i) {
        V(n - 1, i) = V(i, i);
        V(i, i) = 1;
        const double h = d[i + 1];
        if (h != 0) {
            for (int k = 0; k <= i; ++k) d[k] = V(k, i + 1) / h;
            for (int j = 0; j <= i; ++j) {
                double g = 0;
                for (int k = 0; k <= i; ++k) g += V(k, i + 1) * V(k, j);
                for (int k = 0; k <= i; ++k) V(k, j) -= g * d[k];
            }
        }
        for (int k = 0; k <= i; ++k) V(k, i + 1) = 0;
    }
    for (int j = 0; j < n; ++j) {
        d[j] = V(n - 1, j);
        V(n - 1, j) = 0;
    }
    V(n - 1, n - 1) = 1;
    e[0] = 0;
}

// Implicit QL iterations on the tridiagonal matrix (EISPACK tql2, JAMA's version),
// then eigenvalues sorted ascending with their vectors.
bool diagonalize(Matrix V, std::vector<double>& d, std::vector<double>& e) {
    const int n = V.n;
    for (int i = 1; i < n; ++i) e[i - 1] = e[i];
    e[n - 1] = 0;
    double f = 0, tst1 = 0;
    const double eps = 2.220446049250313e-16;  // 2^-52
    const int max_iterations = 30 + 30 * n;    // tql2 needs about 2 per eigenvalue
    for (int l = 0; l < n; ++l) {
        tst1 = std::fmax(tst1, std::fabs(d[l]) + std::fabs(e[l]));
        int m = l;
        while (m < n) {
            if (std::fabs(e[m]) <= eps * tst1) break;
            ++m;
        }
        if (m == n) return false;  // only for a non-finite matrix: e[n-1] is 0
        if (m > l) {
            int iteration = 0;
            do {
                if (++iteration > max_iterations) return false;
                double g = d[l];
                double p = (d[l + 1] - g) / (2 * e[l]);
                double r = portable_hypot(p, 1);
                if (p < 0) r = -r;
                d[l] = e[l] / (p + r);
                d[l + 1] = e[l] * (p + r);
                const double dl1 = d[l + 1];
                double h = g - d[l];
                for (int i = l + 2; i < n; ++i) d[i] -= h;
                f = f + h;
                p = d[m];
                double c = 1, c2 = c, c3 = c;
                const double el1 = e[l + 1];
                double s = 0, s2 = 0;
                for (int i = m - 1; i >= l; --i) {
                    c3 = c2;
                    c2 = c;
                    s2 = s;
                    g = c * e[i];
                    h = c * p;
                    r = portable_hypot(p, e[i]);
                    e[i + 1] = s * r;
                    s = e[i] / r;
                    c = p / r;
                    p = c * d[i] - s * g;
                    d[i + 1] = h + s * (c * g + s * d[i]);
                    for (int k = 0; k < n; ++k) {
                        h = V(k, i + 1);
                        V(k, i + 1) = s * V(k, i) + c * h;
                        V(k, i) = c * V(k, i) - s * h;
                    }
                }
                p = -s * s2 * c3 * el1 * e[l] / dl1;
                e[l] = s * p;
                d[l] = c * p;
            } while (std::fabs(e[l]) > eps * tst1);
        }
        d[l] = d[l] + f;
        e[l] = 0;
    }
    for (int i = 0; i < n - 1; ++i) {
        int k = i;
        double p = d[i];
        for (int j = i + 1; j < n; ++j)
            if (d[j] < p) {
                k = j;
                p = d[j];
            }
        if (k != i) {
            d[k] = d[i];
            d[i] = p;
            for (int j = 0; j < n; ++j) {
                p = V(j, i);
                V(j, i) = V(j, k);
                V(j, k) = p;
            }
        }
    }
    return true;
}

}  // namespace

bool symmetric_eigen(int n, const double* a, double* vectors, double* values) {
    if (n <= 0) return true;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) vectors[i + size_t(n) * j] = a[std::max(i, j) + size_t(n) * std::min(i, j)];
    for (size_t k = 0; k < size_t(n) * n; ++k)
        if (!std::isfinite(vectors[k])) return false;
    std::vector<double> d(n), e(n);
    const Matrix V{n, vectors};
    tridiagonalize(V, d, e);
    if (!diagonalize(V, d, e)) return false;
    for (int i = 0; i < n; ++i) values[i] = d[i];
    return true;
}

}  // namespace hfd
