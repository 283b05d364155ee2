#!/usr/bin/env bash
# The code checks catch what they are for: scripts/check-layers refuses an include of a
# higher layer, scripts/check-function-length a long function without a reason and
# accepts it with one. Each check runs on a small tree made here.
# Usage: code_checks_test.sh REPO_ROOT
set -u
root="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0
expect() { # description, expected exit status, command...
  local what="$1" want="$2"
  shift 2
  "$@" > "$tmp/out" 2>&1
  local got=$?
  if [ "$got" -eq "$want" ]; then passed=$((passed + 1)); echo "ok   $what"; else
    failed=$((failed + 1)); echo "FAIL $what (exit $got, expected $want)"; cat "$tmp/out"; fi
}
mkdir -p "$tmp/engine" "$tmp/search" "$tmp/cli"
printf '#include "engine/position.h"\n' > "$tmp/search/ok.h"
expect "layers: an include of a lower layer passes" 0 python3 "$root/scripts/check-layers" "$tmp"
printf '#include "cli/common.h"\n' > "$tmp/engine/bad.h"
expect "layers: engine/ including cli/ fails" 1 python3 "$root/scripts/check-layers" "$tmp"
grep -q "engine/bad.h:1" "$tmp/out" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL layers names the file"; }
rm "$tmp/engine/bad.h"

body() { for i in $(seq "$1"); do echo "  x += $i;"; done; }
{ echo "int short_one(int x) {"; body 10; echo "  return x;"; echo "}"; } > "$tmp/engine/a.cpp"
expect "length: a 13-line function passes" 0 python3 "$root/scripts/check-function-length" "$tmp"
{ echo "int long_one(int x) {"; body 90; echo "  return x;"; echo "}"; } > "$tmp/engine/b.cpp"
expect "length: a 93-line function fails" 1 python3 "$root/scripts/check-function-length" "$tmp"
grep -q "engine/b.cpp:1: 93 lines" "$tmp/out" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL length names file, line and length"; cat "$tmp/out"; }
{ echo "// long function: one table of cases"; echo "int long_one(int x) {"; body 90; echo "  return x;"; echo "}"; } > "$tmp/engine/b.cpp"
expect "length: the same with a reason passes" 0 python3 "$root/scripts/check-function-length" "$tmp"
{ echo "struct S {"; echo "  int f(int x) const {"; body 90; echo "    return x;"; echo "  }"; echo "};"; } > "$tmp/engine/c.h"
expect "length: a long member function in a class fails" 1 python3 "$root/scripts/check-function-length" "$tmp"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
