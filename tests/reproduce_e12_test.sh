#!/usr/bin/env bash
# E12's pipeline (scripts/reproduce-e12, e12-analyse): the smoke scale plays its two small
# checkers gauntlets and writes every table, verdict and figure; --from-raw on a copy of
# the committed results/E12 re-creates its tables and verdicts byte for byte without
# playing a game; a bad scale and missing games are refused with a message.
# Usage: reproduce_e12_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e12" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e12 --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv E12.png E12.pdf run.json configs/E12-d4.ini configs/E12-d6.ini \
         E12-d4/games.jsonl.gz E12-d6/summary.md; do
  check "  it wrote $f" test -s "$tmp/smoke/E12/$f"
done
check "  twelve verdicts (E12, E12m)" test "$(tail -n +2 "$tmp/smoke/E12/verdicts.csv" | wc -l)" -eq 12
check "  the smoke run's 48 games" test "$(gzip -dc "$tmp"/smoke/E12/E12-*/games.jsonl.gz | wc -l)" -eq 48
check "  the alpha-beta control scores 50% at both depths" \
  test "$(grep -c '| alpha-beta (control) | [0-9]* / [0-9]* / [0-9]* | 50.0% |' "$tmp/smoke/E12/tables.md")" -eq 2

cp -r "$ROOT/results/E12" "$tmp/E12copy"
mkdir -p "$tmp/raw" && mv "$tmp/E12copy" "$tmp/raw/E12"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e12" --from-raw > "$tmp/log" 2>&1
check "reproduce-e12 --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E12/*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E12/$f" "$tmp/raw/E12/$f"
done

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e12" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/empty/E12"
/usr/bin/python3 "$ROOT/scripts/e12-analyse" "$tmp/empty/E12" > "$tmp/out" 2>&1
check "e12-analyse without games says which folder lacks them" eval "grep -q 'E12-d4: no games' '$tmp/out'"
finish
