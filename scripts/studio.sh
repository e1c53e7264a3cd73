#!/usr/bin/env bash
# Builds the studio and opens the standing human sample (or a model given as argument).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --build build -j"$(nproc)" --target hfd-studio hfd
model="${1:-samples/showcase.hfd}"
[ -f samples/human_standing.hfd ] && [ $# -eq 0 ] && model=samples/human_standing.hfd
exec build/bin/hfd-studio "$model"
