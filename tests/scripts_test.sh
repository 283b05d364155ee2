#!/usr/bin/env bash
# tests/scripts_test.sh: the helpers of scripts/_setup.sh that decide where things go.
#   * scripts/install's default PREFIX: /usr/local for root (its PATH has /usr/local/bin,
#     not ~/.local/bin), ~/.local for another user (run as nobody when the test is root);
#   * apt's log is named after the script, so scripts/test keeps scripts/bao's log;
#   * build progress: the log gets make's output unchanged, a terminal one updating line;
#   * the commit a build records, from git, from .git's files without git, from a tarball.
# Nothing is installed or built: the helpers are called on their own.
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
