#!/usr/bin/env bash
# tests/scripts_test.sh: the helpers of scripts/_setup.sh that decide where things go.
#   * scripts/install's default PREFIX: /usr/local for root (its PATH has /usr/local/bin,
#     not ~/.local/bin), ~/.local for another user (run as nobody when the test is root);
#   * apt's log is named after the script, so scripts/test keeps scripts/bao's log;
#   * build progress: the log gets make's output unchanged, a terminal one updating line;
#     the count of files to compile against what a small CMake project's build compiles;
#     each script's own build log and what its first build is said to cost;
#   * apt's progress, under a fake apt-get: the log whole, a line while apt is quiet with
#     the packages fetched and set up of apt's total, apt's own download size, the time;
#   * the README's first run: the code without git, no sudo on a minimal Debian, the disk
#     (the figures docs/performance.md measured);
#   * the commit a build records, from git, from .git's files without git, from a tarball.
# Nothing is installed, and only the small project is built: the helpers are called on
# their own.
set -u
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
fails=0 checks=0
check() {
  local what="$1"
  shift
  checks=$((checks + 1))
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fails=$((fails + 1)); fi
}
# helper NAME FUNCTION: what FUNCTION prints in a script named NAME (bash -c's first
# argument after the command is its $0).
helper() { bash -c 'source "$1/scripts/_setup.sh"; "$2"' "$1" "$ROOT" "$2"; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

check "apt's log of scripts/bao is bao-apt-bao.log" test "$(TMPDIR=$tmp helper bao apt_log)" = "$tmp/bao-apt-bao.log"
check "apt's log of scripts/test is another file, bao-apt-test.log" \
  test "$(TMPDIR=$tmp helper test apt_log)" = "$tmp/bao-apt-test.log"
if [ "$(id -u)" -eq 0 ]; then
  check "root installs into /usr/local (bin on root's PATH)" test "$(HOME=$tmp helper install default_prefix)" = /usr/local
  chmod 755 "$tmp"
  other="$(setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$tmp/home" \
    bash -c 'source "$1/scripts/_setup.sh"; default_prefix' install "$ROOT")"
  check "another user installs into ~/.local" test "$other" = "$tmp/home/.local"
else
  check "a user installs into ~/.local" test "$(HOME=$tmp helper install default_prefix)" = "$tmp/.local"
fi
check "scripts/install --help names both defaults" \
  bash -c '"$1/scripts/install" --help | tr "\n" " " | grep -q "~/.local, or /usr/local for root"' _ "$ROOT"
# Build progress: make's output goes through build_progress to the log unchanged; on a
# terminal one line counts the files and the time, refreshed while a file compiles.
# The fake build is a script file, not an exported function: `script -c` runs $SHELL, and
# dash (Debian's /bin/sh) drops exported bash functions from the environment.
cat >"$tmp/make_output" <<'FAKE'
#!/usr/bin/env bash
printf '[ 10%%] Building CXX object engine/a.cpp.o\n'
sleep 2.2
printf 'a warning\n[ 90%%] Building CXX object cli/b.cpp.o\n[100%%] Linking CXX executable bao'
FAKE
chmod +x "$tmp/make_output"
make_output() { "$tmp/make_output"; }
bash -c 'source "$1/scripts/_setup.sh"; "$2" | build_progress 2' _ "$ROOT" "$tmp/make_output" >"$tmp/log" 2>"$tmp/err"
check "build_progress copies the build's output to the log, the last line too" \
  test "$(cat "$tmp/log")" = "$(make_output)"
check "off a terminal it prints nothing of its own" test ! -s "$tmp/err"
script -qec "bash -c 'source \"\$1/scripts/_setup.sh\"; \"\$3\" | build_progress 2 >\"\$2\"' _ '$ROOT' '$tmp/log2' '$tmp/make_output'" \
  /dev/null >"$tmp/tty" 2>&1
check "on a terminal the log is the same" test "$(cat "$tmp/log2")" = "$(make_output)"
check "on a terminal: one line, rewritten (carriage return, erase)" grep -q $'\r\033\[K' "$tmp/tty"
check "the line counts the files of the total" grep -q 'compiling file 2 of 2' "$tmp/tty"
check "the time runs on while a file compiles" grep -q 'compiling file 1 of 2, 0:02' "$tmp/tty"
check "the build's end leaves one line with the count and the time" grep -q 'bao: compiled 2 files in 0:0[23]' "$tmp/tty"

script -qec "bash -c 'source \"\$1/scripts/_setup.sh\"; \"\$2\" | build_progress 1 >/dev/null' _ '$ROOT' '$tmp/make_output'" \
  /dev/null >"$tmp/tty_short" 2>&1
check "a count past the total drops the total (never 'file 2 of 1')" \
  eval "grep -q 'compiling file 2, ' '$tmp/tty_short' && ! grep -q 'file 2 of 1' '$tmp/tty_short'"

# build_total against a real build of a small project shaped as this one: a static
# library, a module and a program linking it, one target depending on both. A dry run
# that stops at the first link (the library is not there yet) misses files.
mkdir -p "$tmp/proj"
for f in a b m; do printf 'int %s() { return 1; }\n' "$f" >"$tmp/proj/$f.cpp"; done
printf 'int main() { return 0; }\n' >"$tmp/proj/e.cpp"
cat >"$tmp/proj/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(progress_count CXX)
add_library(lib STATIC a.cpp b.cpp)
add_library(mod MODULE m.cpp)
target_link_libraries(mod PRIVATE lib)
add_executable(exe e.cpp)
target_link_libraries(exe PRIVATE lib)
add_custom_target(user)
add_dependencies(user mod exe)
CMAKE
# built PROJECT_BUILD_DIR: the count build_total gives, then the files the build compiled.
built() {
  bash -c 'source "$1/scripts/_setup.sh"; build_total "$2" --target user
           cmake --build "$2" --target user 2>&1 | build_progress 0 | grep -c "Building CXX object"' _ "$ROOT" "$1"
}
cmake -S "$tmp/proj" -B "$tmp/proj/build" -G "Unix Makefiles" >/dev/null 2>&1
counts="$(built "$tmp/proj/build" | tr '\n' ' ')"
check "build_total counts the files a first build compiles: 4 (counted, compiled: $counts)" test "$counts" = "4 4 "
touch "$tmp/proj/b.cpp"
counts="$(built "$tmp/proj/build" | tr '\n' ' ')"
check "and the one file a changed source recompiles (counted, compiled: $counts)" test "$counts" = "1 1 "
counts="$(built "$tmp/proj/build" | tr '\n' ' ')"
check "and 0, with success, when nothing is left to compile (counted, compiled: $counts)" test "$counts" = "0 0 "

# Each script keeps its own build log, as its own apt log: scripts/test does not
# overwrite the log of the scripts/bao before it.
check "the build log of scripts/bao is build-bao.log" test "$(bash -c 'source "$1/scripts/_setup.sh"; build_log /b' bao "$ROOT")" = /b/build-bao.log
check "the build log of scripts/test is build-test.log" test "$(bash -c 'source "$1/scripts/_setup.sh"; build_log /b' test "$ROOT")" = /b/build-test.log
# What a first build costs, by what is built already.
note() { bash -c 'source "$1/scripts/_setup.sh"; shift; first_build_note "$@"' _ "$ROOT" "$@"; }
mkdir -p "$tmp/b"
check "a first scripts/bao is told what bao and the Python module cost" eval "note '$tmp/b' bao_user | grep -q '^a first build of bao and the Python module: '"
check "a first scripts/test is told what everything costs" eval "note '$tmp/b' '' | grep -q '^a first build of bao, the Python module and the tests: '"
touch "$tmp/b/.bao-built-bao_user"
check "scripts/test after scripts/bao is told what the tests cost, not bao's first build" \
  eval "note '$tmp/b' '' | grep -q '^bao being built, the tests: ' && ! note '$tmp/b' '' | grep -q 'first build'"
check "scripts/bao once built, nothing" test -z "$(note "$tmp/b" bao_user)"
check "another configuration (--werror), nothing" test -z "$(note "$tmp/b" '' -DBAO_WERROR=ON)"
rm "$tmp/b/.bao-built-bao_user" && touch "$tmp/b/.bao-built"
check "scripts/bao after scripts/test (everything built), nothing" test -z "$(note "$tmp/b" bao_user)"

# apt's progress, with a fake apt-get (and dpkg-query saying nothing is installed, sudo
# running its command) on the PATH: apt's output goes to the log unchanged; on standard
# error the count of packages fetched and set up, apt's own download size, and the time,
# while apt prints nothing too (here every second instead of every 10).
mkdir -p "$tmp/fakebin" "$tmp/apt"
cat >"$tmp/fakebin/apt-get" <<'FAKE'
#!/usr/bin/env bash
echo "$*" >>"$FAKE_APT_CALLS"
[ "$1" = update ] && { echo "Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]"; exit 0; }
if [ -n "${FAKE_APT_FAIL:-}" ]; then echo "E: Unable to locate package nosuch"; exit 100; fi
printf 'Reading package lists...\n1 upgraded, 2 newly installed, 0 to remove and 5 not upgraded.\n'
printf 'Need to get 1,234 kB/2,000 kB of archives.\nGet:1 http://deb.debian.org/debian bookworm/main amd64 pa 1 [1 kB]\n'
printf 'Get:2 http://deb.debian.org/debian bookworm/main amd64 pb 1 [1 kB]\n'
sleep 2.5
printf 'Get:3 http://deb.debian.org/debian bookworm/main amd64 pc 1 [1 kB]\nUnpacking pa (1) ...\n'
printf 'Setting up pa (1) ...\nSetting up pb (1) ...\nSetting up pc (1) ...\n'
FAKE
printf '#!/bin/sh\nexit 1\n' >"$tmp/fakebin/dpkg-query"
printf '#!/bin/sh\necho "sudo $*" >>"$FAKE_APT_CALLS"\n[ "$1" = -v ] && exit 0\nexec "$@"\n' >"$tmp/fakebin/sudo"
chmod +x "$tmp/fakebin/"*
apt_run() {
  PATH="$tmp/fakebin:$PATH" TMPDIR="$tmp/apt" FAKE_APT_CALLS="$tmp/apt/calls" \
    bash -c 'source "$1/scripts/_setup.sh"; APT_PROGRESS_EVERY=1; ensure_packages' test "$ROOT"
}
apt_run >"$tmp/apt/out" 2>"$tmp/apt/err"
check "ensure_packages asks apt for what is missing" grep -q '^install -y -q g++ cmake make ' "$tmp/apt/calls"
check "apt's output goes to the log, whole" \
  eval "test \"\$(cat '$tmp/apt/bao-apt-test.log')\" = \"\$(FAKE_APT_CALLS=/dev/null '$tmp/fakebin/apt-get' install)\""
check "while apt is quiet, a line every interval: packages fetched of the total, apt's size, the time" \
  grep -q '^bao: installing 3 packages (1,234 kB to download): 2 downloaded, 0 set up, 0:0[12]$' "$tmp/apt/err"
check "no download figure of its own (the first install's, wrong for scripts/test)" eval "! grep -q '384 MB' '$tmp/apt/err'"
check "a last line: the packages set up and the time" grep -q '^bao: apt ended after 0:0[234]: 3 of 3 packages set up$' "$tmp/apt/err"
check "nothing on standard output" test ! -s "$tmp/apt/out"
script -qec "PATH='$tmp/fakebin:$PATH' TMPDIR='$tmp/apt' FAKE_APT_CALLS=/dev/null bash -c 'source \"\$1/scripts/_setup.sh\"; ensure_packages' test '$ROOT'" \
  /dev/null >"$tmp/apt/tty" 2>&1
check "on a terminal: one line rewritten every second" \
  grep -q $'\r\033\\[Kbao: installing 3 packages (1,234 kB to download): 2 downloaded, 0 set up, 0:01' "$tmp/apt/tty"
# Another user: sudo's password is asked for (sudo -v) before apt starts, so that the
# progress line does not cover its prompt.
mkdir -p "$tmp/apt2" && chmod 777 "$tmp/apt2" && chmod 755 "$tmp"
if [ "$(id -u)" -eq 0 ]; then
  setpriv --reuid=65534 --regid=65534 --clear-groups env PATH="$tmp/fakebin:$PATH" TMPDIR="$tmp/apt2" \
    FAKE_APT_CALLS="$tmp/apt2/calls" bash -c 'source "$1/scripts/_setup.sh"; ensure_packages' test "$ROOT" 2>/dev/null
else
  PATH="$tmp/fakebin:$PATH" TMPDIR="$tmp/apt2" FAKE_APT_CALLS="$tmp/apt2/calls" \
    bash -c 'source "$1/scripts/_setup.sh"; ensure_packages' test "$ROOT" 2>/dev/null
fi
check "not root: sudo -v first, then sudo apt-get" \
  eval "head -n 2 '$tmp/apt2/calls' | tr '\n' '|' | grep -q '^sudo -v|sudo apt-get install -y -q g++ '"
FAKE_APT_FAIL=1 apt_run >/dev/null 2>"$tmp/apt/err"
check "apt failing: status 1, apt's message and the log named" \
  eval "test $? -eq 1 && grep -q 'E: Unable to locate package nosuch' '$tmp/apt/err' && grep -q \"failed; apt's full log: $tmp/apt/bao-apt-test.log\" '$tmp/apt/err'"
check "apt failing: apt-get update, then install again" eval "tail -n 2 '$tmp/apt/calls' | head -n 1 | grep -q '^update -q$'"

# The README's first run, as a new user on a minimal Debian 12 meets it: how to get the
# code without git, what to do without sudo, and the disk, its figures the measured ones
# of docs/performance.md.
readme="$(tr '\n' ' ' <"$ROOT/README.md" | tr -s ' ')"
perf="$(tr '\n' ' ' <"$ROOT/docs/performance.md" | tr -s ' ')"
in_readme() { grep -qF -- "$1" <<<"$readme"; }
# The README's "The disk: G GB after `scripts/test` ..., M MB of it apt's cache" and
# docs/performance.md's measurement give the same G and M.
disk="$(grep -oE 'The disk: [0-9.]+ GB after .scripts/test. on a fresh minimal Debian 12, nearly all of it the packages, [0-9]+ MB of it apt' <<<"$readme")"
disk_gb="$(grep -oE '[0-9.]+ GB' <<<"$disk")" disk_mb="$(grep -oE '[0-9]+ MB' <<<"$disk")"
same_disk() {
  [ -n "$disk_gb" ] && [ -n "$disk_mb" ] &&
    grep -qF "after \`scripts/test\`: $disk_gb in all, nearly all of it the packages, $disk_mb of it apt's cache" <<<"$perf"
}
check "README: the code without git (an archive, unpacked with tar)" \
  eval 'in_readme "without git, an archive of it" && in_readme "tar -xzf"'
check "README: a minimal Debian has no sudo (root, or install sudo)" \
  in_readme 'a minimal Debian has no sudo: run them as root, or as root `apt-get install sudo`'
check "README: the disk after scripts/test and apt's cache in it ($disk_gb, $disk_mb), as docs/performance.md measured" same_disk

# The commit a build records: from git in a checkout; without git from .git's files; from
# a `git archive` tarball (no .git) the one git archive wrote into
# experiments/archive_commit.txt.
commit_of() { cmake -DSRC="$1" -DOUT="$tmp/commit.h" -P "$ROOT/experiments/build_info.cmake" && cat "$tmp/commit.h"; }
if git -C "$ROOT" rev-parse HEAD > /dev/null 2>&1; then
  head="$(git -C "$ROOT" rev-parse HEAD)"
  check "a checkout's build records its commit" eval "commit_of '$ROOT' | grep -q '\"$head'"
  mkdir -p "$tmp/tarball"
  git -C "$ROOT" archive HEAD experiments/build_info.cmake experiments/archive_commit.txt | tar -x -C "$tmp/tarball"
  check "a tarball's build records the archived commit, not unknown" \
    eval "commit_of '$tmp/tarball' | grep -q '\"$head\"'"
  printf 'not a commit\n' > "$tmp/tarball/experiments/archive_commit.txt"
  check "a file without a hash gives unknown" eval "commit_of '$tmp/tarball' | grep -q '\"unknown\"'"
  # Without git (or where git refuses the folder: "dubious ownership"), the commit is read
  # from .git's files: HEAD, then the branch it names, loose or in packed-refs. The
  # checkout here is a copy of .git's HEAD and one ref, and cmake runs with a PATH whose
  # only program is cmake.
  mkdir -p "$tmp/nogit" "$tmp/copy/.git/refs/heads"
  ln -s "$(command -v cmake)" "$tmp/nogit/cmake"
  commit_without_git() {
    PATH="$tmp/nogit" cmake -DSRC="$1" -DOUT="$tmp/commit.h" -P "$ROOT/experiments/build_info.cmake" &&
      cat "$tmp/commit.h"
  }
  printf 'ref: refs/heads/work\n' > "$tmp/copy/.git/HEAD"
  printf '%s\n' "$head" > "$tmp/copy/.git/refs/heads/work"
  check "without git, a checkout's build records the commit of HEAD's branch" \
    eval "commit_without_git '$tmp/copy' | grep -q '\"$head\"'"
  rm "$tmp/copy/.git/refs/heads/work"
  printf '# pack-refs with: peeled fully-peeled sorted\n%s refs/heads/other\n%s refs/heads/work\n^%s\n' \
    "${head//?/0}" "$head" "${head//?/1}" > "$tmp/copy/.git/packed-refs"
  check "without git, a packed branch is found in packed-refs" \
    eval "commit_without_git '$tmp/copy' | grep -q '\"$head\"'"
  printf '%s\n' "$head" > "$tmp/copy/.git/HEAD"
  check "without git, a detached HEAD is the commit" eval "commit_without_git '$tmp/copy' | grep -q '\"$head\"'"
  mkdir -p "$tmp/worktree"
  printf 'gitdir: ../copy/.git\n' > "$tmp/worktree/.git"
  check "without git, a .git file leads to its folder" eval "commit_without_git '$tmp/worktree' | grep -q '\"$head\"'"
  printf 'ref: refs/heads/gone\n' > "$tmp/copy/.git/HEAD"
  check "without git, a branch that is nowhere gives unknown" \
    eval "commit_without_git '$tmp/copy' | grep -q '\"unknown\"'"
fi

echo "scripts_test.sh: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
