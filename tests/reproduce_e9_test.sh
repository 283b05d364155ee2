#!/usr/bin/env bash
# E9's pipeline (scripts/reproduce-e9, scripts/e9-analyse): the smoke scale plays its few
# games and seeds and writes every table, verdict and figure; --from-raw on a copy of the
# committed results/E9 re-creates its tables and verdicts byte for byte without playing a
# game; bad options, missing games and a broken prediction table are refused with a
# message. Usage: reproduce_e9_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e9" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e9 --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv prediction.tsv E9a.png E9a.pdf E9b.png E9b.pdf run.json configs/E9-noise-32.ini \
         E9-noise-0/games.jsonl.gz E9-other-material/summary.md; do
  check "  it wrote $f" test -s "$tmp/smoke/E9/$f"
done
check "  15 verdict rows (H9a 4 x 2, H9b 3 x 2, H9c)" test "$(tail -n +2 "$tmp/smoke/E9/verdicts.csv" | wc -l)" -eq 15
check "  the smoke run's 9 x 32 games" test "$(gzip -dc "$tmp"/smoke/E9/E9-*/games.jsonl.gz | wc -l)" -eq 288
check "  4 estimators x 2 seeds x 3 opponents predicted" \
  test "$(tail -n +2 "$tmp/smoke/E9/prediction.tsv" | wc -l)" -eq 24
check "  the opponent of noise 32 is td-short~32" grep -qx 'eval = td-short~32' "$tmp/smoke/E9/configs/E9-noise-32.ini"

cp -r "$ROOT/results/E9" "$tmp/E9copy"
rm -f "$tmp"/E9copy/*/games.jsonl
mkdir -p "$tmp/raw" && mv "$tmp/E9copy" "$tmp/raw/E9"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e9" --from-raw > "$tmp/log" 2>&1
check "reproduce-e9 --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing" eval "! ls '$tmp'/raw/E9/*/games.jsonl > /dev/null 2>&1"
for f in tables.md verdicts.csv; do
  check "  the committed $f" cmp -s "$ROOT/results/E9/$f" "$tmp/raw/E9/$f"
done

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e9" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" eval "grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
mkdir -p "$tmp/empty/E9"
/usr/bin/python3 "$ROOT/scripts/e9-analyse" "$tmp/empty/E9" > "$tmp/out" 2>&1
check "e9-analyse without games says which folder lacks them" \
  eval "grep -q 'E9-noise-0: no games.jsonl.gz' '$tmp/out'"
sed -i '3s/\t0\.[0-9]*\t/\tabc\t/' "$tmp/smoke/E9/prediction.tsv"
/usr/bin/python3 "$ROOT/scripts/e9-analyse" "$tmp/smoke/E9" > "$tmp/out" 2>&1
check "a log-loss that is not a number is named with its line" eval "grep -q \"prediction.tsv:3: log_loss 'abc'\" '$tmp/out'"
finish
