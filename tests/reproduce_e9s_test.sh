#!/usr/bin/env bash
# E9s's pipeline (scripts/reproduce-e9s, e9s-analyse): --from-raw on a copy of the
# committed results/E9s re-creates its tables and verdicts byte for byte without playing a
# game; the smoke scale (one opening at depth 2) writes every file; a bad scale and missing
# games are refused with a message.
# Usage: reproduce_e9s_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

mkdir -p "$tmp/raw" && cp -r "$ROOT/results/E9s" "$tmp/raw/E9s"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e9s" --from-raw > "$tmp/log" 2>&1
check "reproduce-e9s --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E9s/*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E9s/$f" "$tmp/raw/E9s/$f"
done

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e9s" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e9s --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv E9s.png E9s.pdf run.json configs/E9s-deeper.ini E9s-omaware/games.jsonl.gz; do
  check "  it wrote $f" test -s "$tmp/smoke/E9s/$f"
done
check "  nine verdicts" test "$(tail -n +2 "$tmp/smoke/E9s/verdicts.csv" | wc -l)" -eq 9
check "  the smoke run's 30 games" test "$(gzip -dc "$tmp"/smoke/E9s/E9s-*/games.jsonl.gz | wc -l)" -eq 30

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e9s" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/empty/E9s"
/usr/bin/python3 "$ROOT/scripts/e9s-analyse" "$tmp/empty/E9s" > "$tmp/out" 2>&1
check "e9s-analyse without games says which folder lacks them" eval "grep -q 'E9s-model: no games' '$tmp/out'"
finish
