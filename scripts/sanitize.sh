#!/usr/bin/env bash
# Builds everything with AddressSanitizer and UndefinedBehaviorSanitizer in
# build-asan/, runs the whole test suite under them, then fuzzes the readers of
# `hfd` with mutated inputs (scripts/fuzz_readers.py). Not part of .ci/run: the
# sanitizer build and run take far longer than the normal suite.
#
# usage: scripts/sanitize.sh [--minutes N] [--seed S] [--jobs N] [--opt 0|1] [--label L] [--no-build]
#                             [--tests-only] [--fuzz-only]
#   --minutes N   fuzz time budget in minutes (default 3)
#   --opt 0|1     -O0 (default: builds ~2x faster) or -O1 (the suite runs ~3x faster)
#   --seed S      fuzz seed (default 1); a run is repeatable for a seed
#   --jobs N      build and test jobs (default 2)
#   --label L     run only the CTest tests of label L (engine, editor, viewer, app, xvfb, python)
#   --no-build    use build-asan as it is (e.g. to run one label while another builds)
#   --tests-only / --fuzz-only   skip the other part
# The build runs under `nice`: the machine stays usable. Every suite runs:
# the engine, editor, viewer and app (studio) suites, the xvfb ones on a
# virtual X server, and the Python suites with the sanitizer runtimes preloaded
# into the (uninstrumented) interpreter. Waits of the tests for runs and
# processes are scaled by HFD_TEST_TIME_SCALE (tests/test_time_scale.h).
# Exit status: 0 when the suite passes and the fuzz finds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=3 seed=1 jobs=2 opt=0 run_tests=1 run_fuzz=1 label="" build_first=1
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --opt) opt="$2"; shift 2 ;;
    --label) label="$2"; shift 2 ;;
    --no-build) build_first=0; shift ;;
    --tests-only) run_fuzz=0; shift ;;
    --fuzz-only) run_tests=0; shift ;;
    *) echo "sanitize.sh: unknown argument '$1' (see the head of $0)" >&2; exit 2 ;;
  esac
done

build=build-asan
if [ $build_first = 1 ]; then
  scripts/setup.sh >/dev/null  # the Debian packages
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER="env;CCACHE_BASEDIR=$PWD;CCACHE_SLOPPINESS=pch_defines,time_macros;ccache")
  fi
  # -g1: line tables, all a sanitizer report needs, at a fraction of -g's build
  # time; -fno-sanitize-recover: the first UB report ends the run.
  sanitize="-fsanitize=address,undefined"
  cmake -S . -B $build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O$opt -g1" \
    -DCMAKE_CXX_FLAGS="$sanitize -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
    -DCMAKE_EXE_LINKER_FLAGS="$sanitize" -DCMAKE_SHARED_LINKER_FLAGS="$sanitize" \
    -DCMAKE_MODULE_LINKER_FLAGS="$sanitize" -DHFD_BUILD_BENCH=OFF -DHFD_TEST_TIMEOUT=3600 "${launcher[@]}" >/dev/null
  nice -n 10 cmake --build $build -j"$jobs"
fi

# Reports from code outside the project (Mesa, X, fonts) are suppressed by
# scripts/sanitize/lsan.supp, each entry with its reason; never the project's own.
suppressions="$PWD/scripts/sanitize/lsan.supp"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$suppressions:print_suppressions=0"
export QTEST_FUNCTION_TIMEOUT=3600000  # ms; Qt Test's own limit per test function is 300 s
export HFD_TEST_TIME_SCALE=${HFD_TEST_TIME_SCALE:-20}

status=0
if [ $run_tests = 1 ]; then
  start=$(date +%s)
  if [ -z "$label" ] || { [ "$label" != python ] && [ "$label" != xvfb ]; }; then
    ctest --test-dir $build --output-on-failure -j"$jobs" -LE "^(python|xvfb)\$" ${label:+-L "^$label\$"} || status=1
  fi
  # On Xvfb, Mesa's software renderer is loaded with dlopen and unloaded before
  # the leak check: its leaks (and Qt 3D's, D-Bus's) have no module name a
  # suppression could match. The same binaries are leak-checked offscreen (the
  # labels above); here ASan and UBSan check everything else.
  if [ -z "$label" ] || [ "$label" = xvfb ]; then
    ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" \
      ctest --test-dir $build --output-on-failure -j"$jobs" -L "^xvfb\$" || status=1
  fi
  # The Python interpreter is not instrumented: the runtimes are preloaded, and
  # leak checks are off (CPython keeps its objects until exit, by design).
  if [ -z "$label" ] || [ "$label" = python ]; then
    LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" \
      ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" \
      ctest --test-dir $build --output-on-failure -j"$jobs" -L python || status=1
  fi
  echo "sanitize.sh: test suite $([ $status = 0 ] && echo passed || echo FAILED) in $(( $(date +%s) - start )) s"
fi
if [ $run_fuzz = 1 ]; then
  python3 scripts/fuzz_readers.py --hfd $build/bin/hfd --minutes "$minutes" --seed "$seed" \
    --out $build/fuzz --suppressions "$suppressions" || status=1
fi
exit $status
