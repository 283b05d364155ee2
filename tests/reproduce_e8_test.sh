#!/usr/bin/env bash
# E8's pipeline (scripts/reproduce-e8, scripts/e8-analyse): the smoke scale plays its few
# games and writes every table, verdict and figure; --from-raw on a copy of the committed
# results/E8 re-creates its tables and verdicts byte for byte without playing a game; bad
# options and missing games are refused with a message. Usage: reproduce_e8_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e8" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e8 --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv trees.csv trees.md E8a.png E8b.png E8c.pdf E8t.png run.json configs/E8-vs-ab-material.ini \
         E8-vs-ab-default/games.jsonl.gz E8-vs-ab-material/summary.md; do
  check "  it wrote $f" test -s "$tmp/smoke/E8/$f"
done
check "  four verdicts (H8a-d)" test "$(tail -n +2 "$tmp/smoke/E8/verdicts.csv" | wc -l)" -eq 4
check "  the smoke run's 20 games" test "$(gzip -dc "$tmp"/smoke/E8/E8-vs-ab-*/games.jsonl.gz | wc -l)" -eq 20

cp -r "$ROOT/results/E8" "$tmp/E8copy"
rm -f "$tmp"/E8copy/*/games.jsonl
mkdir -p "$tmp/raw" && mv "$tmp/E8copy" "$tmp/raw/E8"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e8" --from-raw > "$tmp/log" 2>&1
check "reproduce-e8 --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E8/*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E8/$f" "$tmp/raw/E8/$f"
done

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e8" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/empty/E8"
/usr/bin/python3 "$ROOT/scripts/e8-analyse" "$tmp/empty/E8" > "$tmp/out" 2>&1
check "e8-analyse without games says which folder lacks them" \
  eval "grep -q 'E8-vs-ab-default: no games.jsonl.gz' '$tmp/out'"
finish
