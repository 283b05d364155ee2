# Sourced by scripts/bao, scripts/test, scripts/install and scripts/reproduce-thesis:
# installs missing Debian packages (apt's output in a log file, its progress on standard
# error), then configures and builds the project in a build folder, the same way (the
# compiler's output in a log file, on a terminal a progress line), and only when a source
# file changed since the last successful build there.
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
# one line saying what and where apt's log is, then apt's progress (apt_progress); on
# failure, the log's last lines.
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
  # What apt will fetch depends on what is there already (a first scripts/bao, then
  # scripts/test's packages on top): the size shown is apt's own "Need to get" line.
  echo "installing Debian packages: ${missing[*]} (apt's log: $log)" >&2
  export DEBIAN_FRONTEND=noninteractive
  # sudo's password asked for before apt starts, so that the progress line, rewritten
  # every second, does not cover its prompt.
  if [ -n "$sudo" ] && ! sudo -v; then
    echo "installing ${missing[*]} needs root: run as root, or give sudo's password" >&2
    exit 1
  fi
  : >"$log"
  if ! { $sudo apt-get install -y -q "${missing[@]}" ||
         { $sudo apt-get update -q && $sudo apt-get install -y -q "${missing[@]}"; }; } 2>&1 |
       apt_progress "$log"; then
    tail -n 20 "$log" >&2
    echo "installing ${missing[*]} failed; apt's full log: $log" >&2
    exit 1
  fi
}

# How often apt_progress prints a line when standard error is not a terminal (seconds).
APT_PROGRESS_EVERY=10

# apt_progress LOG: appends apt's output (standard input) to LOG and tells the user how
# far apt is: on a terminal one line rewritten every second, elsewhere a line every
# APT_PROGRESS_EVERY seconds, each with the time since apt started; at the end a last
# line. The counts are apt's and dpkg's own lines: "N upgraded, M newly installed" (the
# total; a second summary, after an `apt-get update`, starts the counts again), "Need to
# get SIZE", one "Get:" per file fetched and one "Setting up" per package configured.
apt_progress() {
  local log="$1" line="" part="" status tty="" total="" size="" got=0 setup=0
  local start=$SECONDS shown=$SECONDS t text
  [ -t 2 ] && tty=1
  while :; do
    if IFS= read -r -t 1 part; then
      line+="$part"
      printf '%s\n' "$line" >>"$log"
      if [[ "$line" =~ ^([0-9]+)\ upgraded,\ ([0-9]+)\ newly\ installed ]]; then
        total=$((BASH_REMATCH[1] + BASH_REMATCH[2])) got=0 setup=0 size=""
      elif [[ "$line" =~ ^Need\ to\ get\ ([^/]+)(/[^ ]+\ [^ ]+)?\ of\ archives ]]; then
        size="${BASH_REMATCH[1]}"
      elif [ -n "$total" ]; then
        case "$line" in
          Get:*) got=$((got + 1)) ;;
          "Setting up "*) setup=$((setup + 1)) ;;
        esac
      fi
      line=""
    else
      status=$?
      # A timeout (status above 128) keeps what it read of the line; anything else is the end.
      if [ "$status" -le 128 ]; then
        [ -n "$line$part" ] && printf '%s\n' "$line$part" >>"$log"
        break
      fi
      line+="$part"
    fi
    t=$((SECONDS - start))
    if [ -n "$total" ]; then
      text="installing $total packages${size:+ ($size to download)}: $got downloaded, $setup set up"
    else
      text="apt is reading the package lists"
    fi
    text="bao: $text, $((t / 60)):$(printf %02d $((t % 60)))"
    if [ -n "$tty" ]; then
      printf '\r\033[K%s' "$text" >&2
    elif [ $((SECONDS - shown)) -ge "$APT_PROGRESS_EVERY" ]; then
      printf '%s\n' "$text" >&2
      shown=$SECONDS
    fi
  done
  t=$((SECONDS - start))
  [ -n "$tty" ] && printf '\r\033[K' >&2
  printf 'bao: apt ended after %d:%02d: %d of %s packages set up\n' $((t / 60)) $((t % 60)) "$setup" "${total:-0}" >&2
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
# dry run, a fraction of a second); 0 when it cannot tell. The dry run keeps going past
# errors (-k): with nothing built yet, the link of the first module that needs a library
# fails ("No rule to make target libbao_engine.a"), as the library is only pretended to
# be made, and a dry run that stops there leaves out the files of every target after it.
build_total() {
  local dir="$1"
  shift
  # grep finds nothing when nothing is left to compile, which is a count of 0, not a failure.
  { cmake --build "$dir" "$@" -- -n -k 2>/dev/null || true; } | { grep -oE ' -o [^ ]+\.o -c ' || true; } | sort -u |
    wc -l
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
    # A count past the total (a dry run that missed files) drops the total rather than
    # show "file 77 of 55".
    [ -n "$total" ] && [ "$n" -gt "$total" ] && total=""
    printf '\r\033[Kbao: compiling file %d%s, %d:%02d' "$n" "${total:+ of $total}" $((t / 60)) $((t % 60)) >&2
  done
  if [ -n "$tty" ]; then
    local t=$((SECONDS - start))
    printf '\r\033[Kbao: compiled %d file%s in %d:%02d\n' "$n" "$([ "$n" -eq 1 ] || echo s)" $((t / 60)) $((t % 60)) >&2
  fi
}

# build_log DIR: the compiler's output of the script running, DIR/build-bao.log,
# DIR/build-test.log, ...: scripts/test, building the tests after a first scripts/bao
# built bao, keeps that first log beside its own.
build_log() { echo "$1/build-${0##*/}.log"; }

# first_build_note DIR TARGETS [cmake args...]: what the build about to start costs when
# DIR has not built TARGETS before (from the stamps build leaves), for the plain build/
# configuration, measured (docs/performance.md#building); empty otherwise. scripts/test
# after scripts/bao builds only the tests; before it, everything; scripts/bao after
# scripts/test, nothing.
first_build_note() {
  local dir="$1" targets="$2"
  shift 2
  [ $# -eq 0 ] || return 0
  [ ! -f "$dir/.bao-built${targets:+-${targets// /-}}" ] || return 0
  if [ "$targets" = bao_user ]; then
    [ ! -f "$dir/.bao-built" ] || return 0
    echo "a first build of bao and the Python module: 4.2 CPU-minutes, 135 s on 2 idle cores"
  elif [ -z "$targets" ] && [ -f "$dir/.bao-built-bao_user" ]; then
    echo "bao being built, the tests: 5.0 CPU-minutes more"
  elif [ -z "$targets" ]; then
    echo "a first build of bao, the Python module and the tests: 9.2 CPU-minutes"
  fi
}

# build DIR [cmake args...]: configures DIR with CMAKE_ARGS and the given args (again when
# they differ from the last time) and builds it if a source changed: everything (bao, the
# Python module, the tests), or only the targets named in BAO_TARGETS (scripts/bao sets
# bao_user: bao and the Python module). Each target set keeps its own stamp.
# Silent when there is nothing to do; one line when it builds, and on a terminal a line
# of progress (build_progress); the compiler's output goes to build_log's file and is
# shown only when the build fails.
build() {
  local dir="$1"
  shift
  local args=("${CMAKE_ARGS[@]}" "$@")
  local targets="${BAO_TARGETS:-}"
  local stamp="$dir/.bao-built${targets:+-${targets// /-}}" argsfile="$dir/.bao-cmake-args" log
  log="$(build_log "$dir")"
  local want="${args[*]}"
  if [ -f "$dir/CMakeCache.txt" ] && [ "$(cat "$argsfile" 2>/dev/null)" = "$want" ] &&
     [ -x "$dir/bao" ] && ! sources_changed "$stamp"; then
    return 0
  fi
  mkdir -p "$dir"
  local note
  note="$(first_build_note "$dir" "$targets" "$@")"
  echo "bao: building in ${dir#"$ROOT"/}/ (log: ${log#"$ROOT"/}${note:+; $note})" >&2
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
