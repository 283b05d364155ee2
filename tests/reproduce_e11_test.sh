#!/usr/bin/env bash
# E11's pipeline (scripts/reproduce-e11, e11-leaves, e11-analyse): the smoke scale plays
# its few checkers games, measures the leaves and the budget, and writes every table,
# verdict and figure; --from-raw on a copy of the committed results/E11 re-creates its
# tables and verdicts byte for byte without playing a game; a bad scale and missing games
# are refused with a message. Usage: reproduce_e11_test.sh BAO ROOT (BAO_PYTHON_PATH: the
# build's Python module).
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e11" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e11 --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv E11.png E11.pdf run.json leaves.tsv depths.tsv budget.txt configs/E11-eq-abstar.ini \
         E11-mm/games.jsonl.gz E11-mstar/summary.md E11-eq-abstar/games.jsonl.gz E11-mstar-long/games.jsonl.gz; do
  check "  it wrote $f" test -s "$tmp/smoke/E11/$f"
done
check "  two verdicts (H11a, H11b)" test "$(tail -n +2 "$tmp/smoke/E11/verdicts.csv" | wc -l)" -eq 2
check "  the smoke run's 40 games" test "$(gzip -dc "$tmp"/smoke/E11/E11-*/games.jsonl.gz | wc -l)" -eq 40
check "  MM against OP is 50% exactly (the same program on both sides)" \
  eval "grep -q '| MM against OP, depth 4 | [0-9]* / [0-9]* / [0-9]* | 8 of 16 |' '$tmp/smoke/E11/tables.md'"
check "  the budget's configs name it" eval "grep -q \"nodes = \$(cat '$tmp/smoke/E11/budget.txt')\" '$tmp/smoke/E11/configs/E11-eq-ab.ini'"

cp -r "$ROOT/results/E11" "$tmp/E11copy"
mkdir -p "$tmp/raw" && mv "$tmp/E11copy" "$tmp/raw/E11"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e11" --from-raw > "$tmp/log" 2>&1
check "reproduce-e11 --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E11/*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E11/$f" "$tmp/raw/E11/$f"
done

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e11" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/empty/E11"
/usr/bin/python3 "$ROOT/scripts/e11-analyse" "$tmp/empty/E11" > "$tmp/out" 2>&1
check "e11-analyse without games says which folder lacks them" eval "grep -q 'E11-mm: no games' '$tmp/out'"
finish
