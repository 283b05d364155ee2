# Sourced by scripts/bao and scripts/test: installs missing Debian packages, then
# configures and builds the project (Release) in $BUILD_DIR if anything changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGES=(g++ cmake make libboost-dev libboost-program-options-dev libeigen3-dev libgtest-dev
          libbenchmark-dev)

ensure_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing Debian packages: ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq "${missing[@]}" >&2 ||
    { $sudo apt-get update -qq >&2 && $sudo apt-get install -y -qq "${missing[@]}" >&2; }
}

# build DIR [cmake args...]
build() {
  local dir="$1"
  shift
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >&2
  fi
  cmake --build "$dir" -j "$(nproc)" >&2
}
