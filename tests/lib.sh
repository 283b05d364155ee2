# Helpers of the shell tests, sourced after the script sets BAO (the `bao` binary):
#   source "$(dirname "$0")/lib.sh"
# $tmp is a fresh folder, removed on exit (with the background process $pid, if the
# script set one). `check DESCRIPTION COMMAND...` prints "ok" or "FAIL" with the
# description; `run` (and `run_in INPUT`) runs bao keeping its status in $rc and its
# streams in $tmp/out and $tmp/err, which status_is, out_has, err_has, out_empty and
# err_empty test; `has FILE PATTERN` greps any file. `finish` prints the count and exits
# 1 if a check failed.

fail=0
checks=0
failed=0
pid=""
tmp=$(mktemp -d)
lib_cleanup() {
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap lib_cleanup EXIT

check() { # description, then a command that must succeed
  local what="$1"; shift
  checks=$((checks + 1))
  if "$@"; then
    echo "ok   $what"
  else
    echo "FAIL $what"
    fail=1
    failed=$((failed + 1))
  fi
}

run() { # bao arguments...; sets rc, and $tmp/out and $tmp/err
  "$BAO" "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null; rc=$?
}
run_in() { # input text, then bao arguments...
  local input="$1"; shift
  printf '%s' "$input" | "$BAO" "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?
}
# The exit status of the last run; on a mismatch the status and bao's stderr are shown.
status_is() {
  test "$rc" -eq "$1" && return 0
  echo "     exit $rc, expected $1; stderr:"; sed 's/^/     | /' "$tmp/err" | head -n 20
  return 1
}
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }
out_empty() { test ! -s "$tmp/out"; }
err_empty() { test ! -s "$tmp/err"; }
has() { grep -q -- "$2" "$1"; } # file, then a grep pattern

finish() { # the summary line; exits 1 if a check failed
  echo "$(basename "$0"): $checks checks, $failed failed"
  exit $fail
}
