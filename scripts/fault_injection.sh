#!/usr/bin/env bash
# Kills `hfd optimize` at every file-system write of a run, and fails its writes as
# a full disk would, then checks each folder left behind: it must resume to the
# bytes of the uninterrupted run, or be refused with exit 1 and a reason.
#   scripts/fault_injection.sh [--hfd PATH] [--generations G] [--work DIR]
# Needs strace (its syscall fault injection: -e inject=SYSCALL:signal=KILL:when=N).
set -euo pipefail
cd "$(dirname "$0")/.."
hfd=build/bin/hfd
generations=10
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --hfd) hfd=$2; shift 2 ;;
    --generations) generations=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "usage: $0 [--hfd PATH] [--generations G] [--work DIR]" >&2; exit 2 ;;
  esac
done
command -v strace >/dev/null || { echo "fault_injection: strace is not installed" >&2; exit 2; }
hfd=$(realpath "$hfd")
scenario=$(realpath tests/data/arm_optimization/arm.scone)
[ -n "$work" ] || work=$(mktemp -d)
trap '[ -n "${keep:-}" ] || rm -rf "$work"' EXIT
optimize() { "$hfd" optimize "$@" --threads 1 --max-generations "$generations"; }
# Under strace an AddressSanitizer build's leak check cannot stop the traced threads
# and ends the run with exit 1 ("LeakSanitizer has encountered a fatal error"): the
# traced runs check exit codes and folders, and leak checks stay with the untraced ones.
traced_asan_options="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
the_folder() { find "$1" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | head -1 || true; }

optimize "$scenario" --out-dir "$work/reference" >/dev/null 2>&1
reference=$(the_folder "$work/reference")
failures=0 resumed=0 refused=0 empty=0 trials=0

# Same names and bytes as the reference (source_directory.txt aside, which is the same too).
same_as_reference() {
  diff -r -q "$reference" "$1" >/dev/null
}

check_folder() {  # $1 trial name, $2 out dir
  local folder
  folder=$(the_folder "$2")
  if [ -z "$folder" ]; then empty=$((empty + 1)); return; fi
  set +e
  optimize --resume "$folder" >"$work/resume.out" 2>"$work/resume.err"
  local code=$?
  set -e
  if [ $code -eq 0 ]; then
    if same_as_reference "$folder" && [ -z "$(find "$folder" -name '*.tmp-*')" ]; then
      resumed=$((resumed + 1))
    else
      echo "FAIL $1: the resumed folder differs from the uninterrupted run:"
      diff -r "$reference" "$folder" | head -5
      failures=$((failures + 1))
    fi
  elif [ $code -eq 1 ] && [ -s "$work/resume.err" ]; then
    refused=$((refused + 1))
  else
    echo "FAIL $1: --resume exited $code: $(head -c 300 "$work/resume.err")"
    failures=$((failures + 1))
  fi
}

count_calls() {  # invocations of syscall $1 in an uninterrupted run
  ASAN_OPTIONS="$traced_asan_options" strace -f -qq -o "$work/trace" -e trace="$1" "$hfd" optimize "$scenario" --threads 1 \
    --max-generations "$generations" --out-dir "$work/count" >/dev/null 2>&1
  rm -rf "$work/count"
  grep -c "$1(" "$work/trace" || true
}

for call in mkdir write fsync rename; do
  calls=$(count_calls "$call")
  for ((n = 1; n <= calls; n++)); do
    trials=$((trials + 1))
    out="$work/kill.$call.$n"
    set +e
    { ASAN_OPTIONS="$traced_asan_options" strace -f -qq -o /dev/null -e trace="$call" -e inject="$call":signal=KILL:when="$n" \
      "$hfd" optimize "$scenario" --threads 1 --max-generations "$generations" --out-dir "$out" >/dev/null; } 2>/dev/null
    code=$?
    set -e
    if [ $code -ne 137 ]; then
      echo "FAIL kill at $call $n: exit $code, not killed"
      failures=$((failures + 1))
      continue
    fi
    check_folder "kill at $call $n" "$out"
    rm -rf "$out"
  done
done

# A full disk: from the n-th flush (or rename) on, every one fails with ENOSPC.
for call in fsync rename; do
  calls=$(count_calls "$call")
  for ((n = 1; n <= calls; n++)); do
    trials=$((trials + 1))
    out="$work/full.$call.$n"
    set +e
    ASAN_OPTIONS="$traced_asan_options" strace -f -qq -o /dev/null -e trace="$call" -e inject="$call":error=ENOSPC:when="$n+" \
      "$hfd" optimize "$scenario" --threads 1 --max-generations "$generations" --out-dir "$out" \
      >"$work/full.out" 2>"$work/full.err"
    code=$?
    set -e
    folder=$(the_folder "$out")
    if [ $code -ne 4 ] || ! grep -q "No space left" "$work/full.err"; then
      echo "FAIL disk full at $call $n: exit $code, stderr: $(head -c 300 "$work/full.err")"
      failures=$((failures + 1))
    elif [ -n "$folder" ] && ! grep -q "results in $folder" "$work/full.out"; then
      echo "FAIL disk full at $call $n: the folder made is not named"
      failures=$((failures + 1))
    elif [ -z "$folder" ] && grep -q "results in" "$work/full.out"; then
      echo "FAIL disk full at $call $n: names a folder that was not made"
      failures=$((failures + 1))
    else
      # the run stops at its first failed write: no generation after the last one saved
      if [ -n "$folder" ] && [ -f "$folder/history.csv" ]; then
        rows=$(($(wc -l <"$folder/history.csv") - 1))
        reported=$(sed -n 's/.* after \([0-9]*\) generations.*/\1/p' "$work/full.out")
        if [ "${reported:-0}" -gt $((rows + 1)) ]; then
          echo "FAIL disk full at $call $n: ran $reported generations with $rows saved"
          failures=$((failures + 1))
        fi
      fi
      check_folder "disk full at $call $n" "$out"
    fi
    rm -rf "$out"
  done
done

echo "fault_injection: $trials trials of a $generations-generation run: $resumed resumed to the same bytes," \
  "$refused refused with a reason, $empty left no folder, $failures failed"
[ $failures -eq 0 ]
