#!/usr/bin/env bash
# E8s' pipeline (scripts/reproduce-e8s, bao_analysis e8s): the smoke scale plays its few
# games and writes every table, verdict and figure; --from-raw on a copy of the committed
# results/E8s (with E8's raw games of the baseline beside it) re-creates its tables and
# verdicts byte for byte without playing a game; bad options and missing games are
# refused with a message. Usage: reproduce_e8s_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

mkdir -p "$tmp/smoke/E8/E8-vs-ab-material"
cp "$ROOT/results/E8/E8-vs-ab-material/games.jsonl.gz" "$tmp/smoke/E8/E8-vs-ab-material/"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e8s" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e8s --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv E8s.png E8s.pdf run.json configs/E8s-vs-ab-material.ini configs/E8s-check.ini \
         configs/E8s-iterations.ini E8s-vs-ab-material/games.jsonl.gz E8s-check/games.jsonl.gz \
         E8s-iterations/games.jsonl.gz; do
  check "  it wrote $f" test -s "$tmp/smoke/E8s/$f"
done
check "  four verdicts (H8s-a..d)" test "$(tail -n +2 "$tmp/smoke/E8s/verdicts.csv" | wc -l)" -eq 4
check "  the smoke run's 12 games" test "$(gzip -dc "$tmp"/smoke/E8s/E8s-*/games.jsonl.gz | wc -l)" -eq 12
check "  E8s-iterations names E8s-i's declaration" \
  grep -q "E8s-i: E8s at equal iterations" "$tmp/smoke/E8s/E8s-iterations/run.json"
check "  the baseline played again is E8's" grep -q "2 games, 2 of them E8's move for move" "$tmp/smoke/E8s/tables.md"

mkdir -p "$tmp/raw/E8/E8-vs-ab-material"
cp "$ROOT/results/E8/E8-vs-ab-material/games.jsonl.gz" "$tmp/raw/E8/E8-vs-ab-material/"
cp -r "$ROOT/results/E8s" "$tmp/raw/E8s"
rm -f "$tmp"/raw/E8s/*/games.jsonl
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e8s" --from-raw > "$tmp/log" 2>&1
check "reproduce-e8s --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E8s/*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E8s/$f" "$tmp/raw/E8s/$f"
done

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e8s" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/empty/E8s"
/usr/bin/python3 "$ROOT/scripts/analyse" e8s "$tmp/empty/E8s" > "$tmp/out" 2>&1
check "analyse e8s without games says which folder lacks them" \
  eval "grep -q 'E8s-vs-ab-material: no games.jsonl.gz' '$tmp/out'"
finish
