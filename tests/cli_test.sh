#!/usr/bin/env bash
# Tests of the `bao` command line: usage: cli_test.sh BAO DATA_DIR
set -u
BAO="$1"; DATA="$2"
fail=0
check() { # description, then a command that must succeed
  local what="$1"; shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fail=1; fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# The 1994 game: --tsv reproduces the data file exactly.
"$BAO" replay --tsv "$DATA/game1994.txt" > "$tmp/g.tsv"
check "replay --tsv reproduces game1994-positions.tsv" diff -u "$DATA/game1994-positions.tsv" "$tmp/g.tsv"
"$BAO" replay --legal "$DATA/game1994.txt" > "$tmp/g.txt"
check "replay ends with the result" test "$(tail -n 1 "$tmp/g.txt")" = "result North wins (South resigns)"
check "replay --legal prints 46 plies and 46 legal lines" test "$(grep -c '^legal ' "$tmp/g.txt")" -eq 46

exit $fail
