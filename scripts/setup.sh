#!/usr/bin/env bash
# Installs the Debian packages the project needs (only those missing), then
# configures the build in build/. Idempotent: a second run does no apt work.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake g++ make pkg-config
  qt6-base-dev qt6-3d-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
  libeigen3-dev libtinyobjloader-dev libpugixml-dev zlib1g-dev liblua5.4-dev
  xvfb xauth ffmpeg strace dpkg-dev
  pybind11-dev python3-dev python3-numpy python3-distributed
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y --no-install-recommends "${missing[@]}"
fi

if [ ! -f build/CMakeCache.txt ]; then
  # ccache, when installed, serves unchanged files from earlier builds (also of
  # other clones: paths are taken relative to the source tree); not required.
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER="env;CCACHE_BASEDIR=$PWD;CCACHE_SLOPPINESS=pch_defines,time_macros;ccache")
  fi
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${launcher[@]}"
fi
