#!/usr/bin/env bash
# The table of docs/scenarios.md: every SCONE Hyfydy scenario of a folder (default:
# the corpus Tutorials3) evaluated with `hfd scenario evaluate` and its own
# starting parameters (the means, and the mean column of the init file its optimizer names).
#   scripts/scenario_table.sh [FOLDER] [HFD]
set -uo pipefail
folder="${1:-$(dirname "$0")/../../shared/corpus/scone-tutorials3}"
hfd="${2:-$(dirname "$0")/../build/bin/hfd}"
echo "| scenario | objective | simulated / max (s) | distance (m) | ended by | x real time |"
echo "| --- | --- | --- | --- | --- | --- |"
for scenario in "$folder"/*Hyfydy*.scone; do
  name="$(basename "$scenario" .scone)"
  output="$("$hfd" scenario evaluate "$scenario" 2>&1)"
  if grep -q "not supported" <<<"$output"; then
    why="$(grep -m1 -o '[A-Za-z ]*not supported' <<<"$output")"
    echo "| $name | - | - | - | not run: $why | - |"
    continue
  fi
  if ! grep -q '^objective' <<<"$output"; then
    echo "| $name | error: $(grep -m1 'error' <<<"$output" | sed 's/|/\\|/g') | - | - | - | - |"
    continue
  fi
  objective="$(sed -n 's/^objective \([^ ]*\).*/\1/p' <<<"$output")"
  simulated="$(sed -n 's/^simulated \([^ ]*\) s of \([^ :]*\) s.*/\1 \/ \2/p' <<<"$output")"
  ended="$(sed -n 's/^simulated [^:]*: \(.*\)/\1/p' <<<"$output")"
  distance="$(sed -n 's/^distance \([^ ]*\) m.*/\1/p' <<<"$output")"
  speed="$(sed -n 's/.*(\([^ ]*\) x real time).*/\1/p' <<<"$output")"
  echo "| $name | $objective | $simulated | $distance | ${ended:-max_duration} | $speed |"
done
