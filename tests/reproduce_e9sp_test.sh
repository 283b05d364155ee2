#!/usr/bin/env bash
# E9s-p's pipeline (scripts/reproduce-e9sp, scripts/analyse e9sp): --from-raw on a copy of
# the committed results/E9s-p (and E9s) re-creates its tables and verdicts byte for byte
# without playing; the smoke scale (two openings at depth 2, two shards merged) writes
# every file with three verdicts; a bad scale, a bad stop time and missing games are
# refused with a message.
# Usage: reproduce_e9sp_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

mkdir -p "$tmp/raw" && cp -r "$ROOT/results/E9s-p" "$ROOT/results/E9s" "$tmp/raw/"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e9sp" --from-raw > "$tmp/log" 2>&1
check "reproduce-e9sp --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
check "  it played nothing (no games.jsonl written)" test -z "$(find "$tmp/raw/E9s-p" -name games.jsonl)"
for f in tables.md verdicts.csv configs/E9s-p-deeper.ini; do
  check "  the committed $f" cmp -s "$ROOT/results/E9s-p/$f" "$tmp/raw/E9s-p/$f"
done

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e9sp" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e9sp --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv run.json configs/E9s-p-deeper.ini E9s-p-deeper/games.jsonl.gz \
  E9s-p-deeper/shard-1/run.json E9s-p-deeper/shard-2/run.json; do
  check "  it wrote $f" test -s "$tmp/smoke/E9s-p/$f"
done
check "  three verdicts" test "$(tail -n +2 "$tmp/smoke/E9s-p/verdicts.csv" | wc -l)" -eq 3
check "  the two shards' 20 games, merged" test "$(gzip -dc "$tmp/smoke/E9s-p/E9s-p-deeper/games.jsonl.gz" | wc -l)" -eq 20
check "  the shards' own games removed once merged" test -z "$(find "$tmp/smoke/E9s-p/E9s-p-deeper" -path '*shard-*' -name 'games.jsonl*')"
check "  E9s' seed left for seed 2091" has "$tmp/smoke/E9s-p/configs/E9s-p-deeper.ini" '^seed = 2091$'

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e9sp" --scale huge > "$tmp/out" 2>&1
rc=$?
check "an unknown scale is refused (exit 2), named" eval "test $rc -eq 2 && grep -q \"takes standard or smoke, found 'huge'\" '$tmp/out'"
BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e9sp" --until 25:00 > "$tmp/out" 2>&1
rc=$?
check "a bad stop time is refused (exit 2), named" eval "test $rc -eq 2 && grep -q \"needs a time HH:MM (UTC), found '25:00'\" '$tmp/out'"
mkdir -p "$tmp/empty/E9s-p"
/usr/bin/python3 "$ROOT/scripts/analyse" e9sp "$tmp/empty/E9s-p" > "$tmp/out" 2>&1
rc=$?
check "the analysis without games says which folder lacks them (exit 2)" eval "test $rc -eq 2 && grep -q 'E9s-p-deeper: no games' '$tmp/out'"
finish
