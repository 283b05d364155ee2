#!/usr/bin/env bash
# E7d's pipeline (scripts/reproduce-e7d, e7d-analyse): the smoke scale plays its four small
# gauntlets and writes the tables and verdicts; --from-raw on a copy of the committed
# results/E7d re-creates its tables and verdicts byte for byte without playing a game; a
# bad scale and missing games are refused with a message.
# Usage: reproduce_e7d_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e7d" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e7d --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv run.json configs/E7d-ga-short-vs-ga-material-d1.ini \
         E7d-ga-long-vs-ga-short-d2/games.jsonl.gz E7d-ga-long-vs-ga-short-d2/summary.md; do
  check "  it wrote $f" test -s "$tmp/smoke/E7d/$f"
done
check "  two verdicts" test "$(tail -n +2 "$tmp/smoke/E7d/verdicts.csv" | wc -l)" -eq 2
check "  the smoke run's 64 games" test "$(gzip -dc "$tmp"/smoke/E7d/E7d-*/games.jsonl.gz | wc -l)" -eq 64
check "  the learner's types start at MAX's depth" \
  grep -q 'root-om-learn(types=ga-material@2+ga-material@1)' "$tmp/smoke/E7d/configs/E7d-ga-short-vs-ga-material-d1.ini"

cp -r "$ROOT/results/E7d" "$tmp/E7dcopy"
mkdir -p "$tmp/raw" && mv "$tmp/E7dcopy" "$tmp/raw/E7d"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e7d" --from-raw > "$tmp/log" 2>&1
check "reproduce-e7d --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E7d/*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E7d/$f" "$tmp/raw/E7d/$f"
done
BAO_RESULTS="$tmp/raw" /usr/bin/python3 "$ROOT/scripts/analyse" e7d --from-raw > /dev/null 2>&1
check "scripts/analyse e7d --from-raw finds results/E7d" cmp -s "$ROOT/results/E7d/tables.md" "$tmp/raw/E7d/tables.md"

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e7d" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/empty/E7d/E7d-a-vs-b-d4"
/usr/bin/python3 "$ROOT/scripts/e7d-analyse" "$tmp/empty/E7d" > "$tmp/out" 2>&1
check "e7d-analyse without games says which folder lacks them" eval "grep -q 'E7d-a-vs-b-d4: no games' '$tmp/out'"
finish
