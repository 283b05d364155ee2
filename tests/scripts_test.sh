#!/usr/bin/env bash
# tests/scripts_test.sh: the helpers of scripts/_setup.sh that decide where things go.
#   * scripts/install's default PREFIX: /usr/local for root (its PATH has /usr/local/bin,
#     not ~/.local/bin), ~/.local for another user (run as nobody when the test is root);
#   * apt's log is named after the script, so scripts/test keeps scripts/bao's log.
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
echo "scripts_test.sh: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
