# Sourced by scripts/bao, scripts/test, scripts/install and scripts/reproduce-thesis:
# installs missing Debian packages (quietly, apt's output in a log file), then configures
# and builds the project in a build folder, quietly too, and only when a source file
# changed since the last successful build there.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# What building and running `bao` needs (scripts/bao, scripts/install), including the
# Python module (python/), which the build makes whenever pybind11 is there, and Open MPI
# for bao run --mpi (optional when building by hand; installed here so the tests run).
PACKAGES=(g++ cmake make libboost-dev libboost-program-options-dev libeigen3-dev libgtest-dev
          libbenchmark-dev nlohmann-json3-dev python3 pybind11-dev python3-dev python3-numpy
          python3-pandas libopenmpi-dev openmpi-bin)
# What only the tests need (scripts/test adds these): pytest and the notebook runner,
# tmux for `bao play` on a real terminal, Chromium and Selenium for `bao serve` in a
# browser, Slurm and munge for the Slurm scripts under real daemons (their services are
# not started by the test: it runs its own, tests/slurm_real_test.sh). Kept apart so that
# a first `scripts/bao` does not install a browser.
TEST_PACKAGES=(python3-pytest python3-matplotlib python3-nbconvert jupyter-nbconvert python3-ipykernel
               python3-nbformat jupyter-client tmux chromium chromium-driver python3-selenium
               slurmctld slurmd slurm-client munge)
# The arguments every build folder is configured with; scripts/test adds to them.
CMAKE_ARGS=(-DCMAKE_BUILD_TYPE=Release -DBAO_WERROR=OFF -DBAO_SANITIZE=OFF)

# apt's log for the script running (bao-apt-bao.log, bao-apt-test.log, ...): one name per
# script, so that scripts/test, which installs the test packages after a first scripts/bao
# installed the others, keeps that first log beside its own.
apt_log() { echo "${TMPDIR:-/tmp}/bao-apt-${0##*/}.log"; }

# The PREFIX scripts/install uses unless given one: /usr/local for root, whose PATH has
# /usr/local/bin but not ~/.local/bin; ~/.local for anyone else, who needs no sudo for it.
default_prefix() {
  if [ "$(id -u)" -eq 0 ]; then echo /usr/local; else echo "$HOME/.local"; fi
}

# ensure_packages [EXTRA...]: installs whichever of PACKAGES and EXTRA are missing. Prints
# one line saying what and where apt's log is; on failure, the log's last lines.
ensure_packages() {
  local wanted=("${PACKAGES[@]}" "$@") missing=() p
  local installed
  installed="$(dpkg-query -W -f='${Package} ${Status}\n' "${wanted[@]}" 2>/dev/null || true)"
  installed=$'\n'"$installed"$'\n'
  for p in "${wanted[@]}"; do
    [[ "$installed" == *$'\n'"$p install ok installed"$'\n'* ]] || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local log sudo=""
  log="$(apt_log)"
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  # The sizes: apt-get --print-uris for the lists against a minimal Debian 12's packages
  # (README.md, "The first run takes minutes").
  echo "installing Debian packages: ${missing[*]} (from a minimal Debian 12: 384 MB to download," \
       "638 MB with the tests' packages; apt's log: $log)" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! { $sudo apt-get install -y -q "${missing[@]}" ||
         { $sudo apt-get update -q && $sudo apt-get install -y -q "${missing[@]}"; }; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "installing ${missing[*]} failed; apt's full log: $log" >&2
    exit 1
  fi
}

# The files a build depends on: those in the source folders and the top CMakeLists.txt. If
# none is newer than the build folder's stamp (left by its last successful build), the
# build is skipped without asking cmake (which takes over a second even with nothing to do).
SOURCE_DIRS=(engine search play models experiments cli bench tests web python)
sources_changed() {
  local stamp="$1"
  [ -f "$stamp" ] || return 0
  [ -n "$(cd "$ROOT" && find CMakeLists.txt "${SOURCE_DIRS[@]}" -type f -newer "$stamp" -print -quit 2>/dev/null)" ]
}

# build_total DIR [cmake --build args...]: how many files the build would compile (make's
# dry run, a fraction of a second); 0 when it cannot tell.
build_total() {
  local dir="$1"
  shift
  { cmake --build "$dir" "$@" -- -n 2>/dev/null || true; } | grep -cE ' -o [^ ]+\.o -c ' || true
}

# build_progress TOTAL: copies the build's output (standard input) to standard output (the
# log) and, when standard error is a terminal, keeps one line there up to date: the files
# compiled so far (make's "Building CXX object" lines) of TOTAL (0: unknown) and the time
# since the build started, refreshed every second even while one file takes long. Not on
# a terminal it prints nothing there: the log has it all.
build_progress() {
  local total="$1" n=0 line="" part="" start=$SECONDS status tty=""
  [ -t 2 ] && tty=1
  [ "$total" -gt 0 ] 2>/dev/null || total=""
  while :; do
    if IFS= read -r -t 1 part; then
      line+="$part"
      printf '%s\n' "$line"
      case "$line" in *"Building C"*" object "*) n=$((n + 1)) ;; esac
      line=""
    else
      status=$?
      # A timeout (status above 128) keeps what it read of the line; anything else is the end.
      [ "$status" -gt 128 ] || { [ -n "$part$line" ] && printf '%s\n' "$line$part"; break; }
      line+="$part"
    fi
    [ -n "$tty" ] || continue
    local t=$((SECONDS - start))
    printf '\r\033[Kbao: compiling file %d%s, %d:%02d' "$n" "${total:+ of $total}" $((t / 60)) $((t % 60)) >&2
  done
  if [ -n "$tty" ]; then
    local t=$((SECONDS - start))
    printf '\r\033[Kbao: compiled %d file%s in %d:%02d\n' "$n" "$([ "$n" -eq 1 ] || echo s)" $((t / 60)) $((t % 60)) >&2
  fi
}

# build DIR [cmake args...]: configures DIR with CMAKE_ARGS and the given args (again when
# they differ from the last time) and builds it if a source changed: everything (bao, the
# Python module, the tests), or only the targets named in BAO_TARGETS (scripts/bao sets
# bao_user: bao and the Python module). Each target set keeps its own stamp.
# Silent when there is nothing to do; one line when it builds, and on a terminal a line
# of progress (build_progress); the compiler's output goes to DIR/build.log and is shown
# only when the build fails.
build() {
  local dir="$1"
  shift
  local args=("${CMAKE_ARGS[@]}" "$@")
  local targets="${BAO_TARGETS:-}"
  local stamp="$dir/.bao-built${targets:+-${targets// /-}}" argsfile="$dir/.bao-cmake-args" log="$dir/build.log"
  local want="${args[*]}"
  if [ -f "$dir/CMakeCache.txt" ] && [ "$(cat "$argsfile" 2>/dev/null)" = "$want" ] &&
     [ -x "$dir/bao" ] && ! sources_changed "$stamp"; then
    return 0
  fi
  mkdir -p "$dir"
  local first=""
  # The first build's cost, measured (docs/performance.md#building).
  if [ ! -f "$stamp" ]; then
    if [ "$targets" = bao_user ]; then
      first="; a first build: 4.2 CPU-minutes, 135 s on 2 idle cores"
    else
      first="; a first build: 4.2 CPU-minutes for bao and the Python module, more with the tests"
    fi
  fi
  echo "bao: building in ${dir#"$ROOT"/}/ (log: ${log#"$ROOT"/}$first)" >&2
  touch "$stamp.start"  # a source saved during the build makes the next one run
  local target_args=()
  for t in $targets; do target_args+=(--target "$t"); done
  local total=0
  {
    if [ ! -f "$dir/CMakeCache.txt" ] || [ "$(cat "$argsfile" 2>/dev/null)" != "$want" ]; then
      cmake -S "$ROOT" -B "$dir" "${args[@]}" && echo "$want" >"$argsfile"
    fi
  } >"$log" 2>&1 &&
    total="$(build_total "$dir" "${target_args[@]}")" &&
    cmake --build "$dir" -j "$(nproc)" "${target_args[@]}" 2>&1 | build_progress "${total:-0}" >>"$log" || {
    tail -n 60 "$log" >&2
    echo "bao: the build failed; the full log is ${log}" >&2
    exit 1
  }
  mv "$stamp.start" "$stamp"
}

