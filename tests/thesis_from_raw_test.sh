#!/usr/bin/env bash
# The committed standard-scale results follow from the committed raw games:
# scripts/reproduce-thesis --scale standard --from-raw on a copy of results/ re-creates
# results/verdicts.md|csv, every experiment's tables and figures byte for byte, without
# playing a game, and leaves every other file under results/ (run.json included: a
# --from-raw run records nothing) as it was, writing no file the results lack.
# Usage: thesis_from_raw_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"
cp -r "$ROOT/results" "$tmp/results"
# As a clean clone has them: the raw games compressed only.
rm -f "$tmp"/results/E*/*/games.jsonl
(cd "$tmp" && find results -type f | sort) > "$tmp/before"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/results" "$ROOT/scripts/reproduce-thesis" --scale standard --from-raw > "$tmp/log" 2>&1
check "reproduce-thesis --scale standard --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing (no games.jsonl written)" eval "! ls '$tmp'/results/E*/*/games.jsonl > /dev/null 2>&1"
for f in verdicts.md verdicts.csv E2/prom.md E4/tables.md E5/tables.md E5dd/tables.md E5m/tables.md E6/tables.md E7/tables.md \
         E1/E1.png E2/E2.png E3/E3.png E4/E4.png E5/E5.png E6/E6.png E7/E7.png; do
  check "  the committed $f" cmp -s "$ROOT/results/$f" "$tmp/results/$f"
done
differ=""
while read -r f; do cmp -s "$ROOT/$f" "$tmp/$f" || differ="$differ $f"; done < "$tmp/before"
check "  every file under results/ the same bytes, run.json included ($(wc -l < "$tmp/before") files)" \
  test -z "$differ" || echo "  differ:$differ" | cut -c 1-600
(cd "$tmp" && find results -type f | sort) > "$tmp/after"
check "  no file written that results/ lacks" cmp -s "$tmp/before" "$tmp/after" || comm -13 "$tmp/before" "$tmp/after" | head
check "docs/results.md quotes the committed verdict of H5a" \
  eval "grep -q '+6.5 \[+3.8, +9.1\]' '$ROOT/docs/results.md' && grep -q '^| H5a |.*| +6.5 | +3.8 | +9.1 |.*| reproduced |' '$ROOT/results/verdicts.md'"
finish
