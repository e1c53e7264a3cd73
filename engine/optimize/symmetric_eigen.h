#pragma once
// Eigenvalues and eigenvectors of a symmetric matrix for CMA-ES, in plain loops:
// Householder reduction to tridiagonal form and the implicit QL algorithm
// (EISPACK's tred2 / tql2, as in JAMA and Hansen's reference cmaes.c).
//
// Why not Eigen's SelfAdjointEigenSolver: its kernels (matrix-vector products,
// Householder updates) are templates that every file using Eigen instantiates as
// weak symbols, and the linker keeps whichever copy comes first. With the
// optimizer's copy compiled with -ffp-contract=off and another file's without, the
// hfd tool and the Python module (which link different sets of files) ended up
// with different code for the same decomposition: the same seed gave searches
// that differed from generation 2 (issue #48). Eigen's packet code also calls FMA
// instructions explicitly on x86-64-v3 and not on a baseline build. These
// functions have one definition, use only + - * / and sqrt in a fixed order, and
// are compiled with the rest of optimize/ without contraction: the same bits in
// every program and on every machine.
namespace hfd {

// a: n x n symmetric, column-major (a[i + n * j]; only its lower triangle is read).
// On return vectors (n x n, column-major) holds the eigenvectors as columns and
// values the eigenvalues, ascending, in the same order. False when the QL
// iteration did not converge (a non-finite input); the outputs are then unusable.
bool symmetric_eigen(int n, const double* a, double* vectors, double* values);

}  // namespace hfd
