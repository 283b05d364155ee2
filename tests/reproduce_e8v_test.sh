#!/usr/bin/env bash
# E8v's pipeline (scripts/reproduce-e8v, bao_analysis e8v): the smoke scale plays its few
# games and writes every table, verdict and figure, its run.json naming E8v's
# declaration; --from-raw on a copy of the committed results/E8v (with E8s' raw games
# beside it, for their prediction rate) re-creates its tables and verdicts byte for byte
# without playing a game; bad options and missing games are refused with a message.
# Usage: reproduce_e8v_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e8v" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e8v --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv E8v.png E8v.pdf run.json configs/E8v-vs-ab6.ini configs/E8v-ab-eq.ini \
         configs/E8v-time.ini E8v-vs-ab6/games.jsonl.gz E8v-ab-eq/games.jsonl.gz E8v-time/games.jsonl.gz; do
  check "  it wrote $f" test -s "$tmp/smoke/E8v/$f"
done
check "  two verdicts (H8v-a, H8v-b)" test "$(tail -n +2 "$tmp/smoke/E8v/verdicts.csv" | wc -l)" -eq 2
check "  the smoke run's 26 games" test "$(gzip -dc "$tmp"/smoke/E8v/E8v-*/games.jsonl.gz | wc -l)" -eq 26
check "  its run.json names E8v's declaration" \
  grep -q "E8v: OM in MCTS with a model that is the opponent's own program" "$tmp/smoke/E8v/E8v-vs-ab6/run.json"
check "  E8v-time names E8v-t's declaration" grep -q "E8v-t: mcts(alpha=0.5) at omms' measured time" \
  "$tmp/smoke/E8v/E8v-time/run.json"
check "  the model is the opponent's program: every reply predicted" \
  grep -q "matched the opponent's 100.0% of the time" "$tmp/smoke/E8v/tables.md"

mkdir -p "$tmp/raw/E8s/E8s-vs-ab-material"
cp "$ROOT/results/E8s/E8s-vs-ab-material/games.jsonl.gz" "$tmp/raw/E8s/E8s-vs-ab-material/"
cp -r "$ROOT/results/E8v" "$tmp/raw/E8v"
rm -f "$tmp"/raw/E8v/*/games.jsonl
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e8v" --from-raw > "$tmp/log" 2>&1
check "reproduce-e8v --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E8v/E8v-*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E8v/$f" "$tmp/raw/E8v/$f"
done

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e8v" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/empty/E8v"
/usr/bin/python3 "$ROOT/scripts/analyse" e8v "$tmp/empty/E8v" > "$tmp/out" 2>&1
check "analyse e8v without games says which folder lacks them" \
  eval "grep -q 'E8v-vs-ab6: no games.jsonl.gz' '$tmp/out'"
finish
