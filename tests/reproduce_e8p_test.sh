#!/usr/bin/env bash
# E8p's pipeline (scripts/reproduce-e8p, bao_analysis e8p): the smoke scale plays E8v's
# smoke games (its baseline) and its own, and writes every table, verdict and figure, its
# run.json naming E8p's declaration; --from-raw on copies of the committed results/E8p
# and results/E8v re-creates E8p's tables and verdicts byte for byte without playing a
# game; a bad scale and a missing E8v are refused with a message.
# Usage: reproduce_e8p_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e8p" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e8p --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv E8p.png E8p.pdf run.json configs/E8p-vs-ab6.ini E8p-vs-ab6/games.jsonl.gz; do
  check "  it wrote $f" test -s "$tmp/smoke/E8p/$f"
done
check "  two verdicts (H8p-a, H8p-b)" test "$(tail -n +2 "$tmp/smoke/E8p/verdicts.csv" | wc -l)" -eq 2
check "  the smoke run's 12 games" test "$(gzip -dc "$tmp/smoke/E8p/E8p-vs-ab6/games.jsonl.gz" | wc -l)" -eq 12
check "  H8p-b is paired with E8v's smoke games" grep -q "2 shared with E8v-vs-ab6" "$tmp/smoke/E8p/tables.md"
check "  its run.json names E8p's declaration" \
  grep -q "E8p: PrOM in MCTS with the opponent's own program among its types" "$tmp/smoke/E8p/E8p-vs-ab6/run.json"

mkdir -p "$tmp/raw/E8v"
cp -r "$ROOT/results/E8p" "$tmp/raw/E8p"
cp -r "$ROOT/results/E8v/E8v-vs-ab6" "$ROOT/results/E8v/E8v-ab-eq" "$tmp/raw/E8v/"
rm -f "$tmp"/raw/E8*/*/games.jsonl
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e8p" --from-raw > "$tmp/log" 2>&1
check "reproduce-e8p --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E8p/E8p-*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E8p/$f" "$tmp/raw/E8p/$f"
done

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e8p" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/alone/E8p"
cp -r "$ROOT/results/E8p/E8p-vs-ab6" "$tmp/alone/E8p/"
/usr/bin/python3 "$ROOT/scripts/analyse" e8p "$tmp/alone/E8p" > "$tmp/out" 2>&1
check "analyse e8p without E8v beside it says which folder lacks games" \
  eval "grep -q 'E8v: no E8v games beside' '$tmp/out'"
finish
