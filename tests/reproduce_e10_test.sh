#!/usr/bin/env bash
# E10's pipeline (scripts/reproduce-e10, e10-collect, e10-analyse): --from-raw on a copy
# of the committed results/E10 re-makes its tables and verdicts byte for byte and its
# figure, collecting nothing; the smoke scale collects one position a game through `bao`
# and writes every output; a bad scale, missing raw data and a raw line that contradicts
# itself are refused with a message. Usage: reproduce_e10_test.sh BAO ROOT.
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

mkdir -p "$tmp/raw/E10" && cp -r "$ROOT/results/E10/raw" "$tmp/raw/E10/"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/raw" "$ROOT/scripts/reproduce-e10" --from-raw > "$tmp/log" 2>&1
check "reproduce-e10 --from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv; do
  check "  the committed $f, byte for byte" cmp -s "$ROOT/results/E10/$f" "$tmp/raw/E10/$f"
done
check "  the figure" test -s "$tmp/raw/E10/E10.png"
check "  it collected nothing (the raw files unchanged)" diff -r "$ROOT/results/E10/raw" "$tmp/raw/E10/raw"
check "  eight verdicts" test "$(tail -n +2 "$tmp/raw/E10/verdicts.csv" | wc -l)" -eq 8

BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e10" --scale smoke > "$tmp/log" 2>&1
check "reproduce-e10 --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
for f in tables.md verdicts.csv E10.png run.json raw/kalah43.jsonl.gz raw/kalah53.jsonl.gz raw/kujifunza.jsonl.gz; do
  check "  it wrote $f" test -s "$tmp/smoke/E10/$f"
done
check "  one position a game" test "$(gzip -dc "$tmp"/smoke/E10/raw/*.jsonl.gz | wc -l)" -eq 3
check "  run.json names the declaration" grep -q 'E10 declaration (before the data)' "$tmp/smoke/E10/run.json"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/smoke" "$ROOT/scripts/reproduce-e10" --scale smoke > "$tmp/log" 2>&1
check "  run again, it resumes: still one position a game" \
  test "$(gzip -dc "$tmp"/smoke/E10/raw/*.jsonl.gz | wc -l)" -eq 3

BAO_BIN="$BAO" "$ROOT/scripts/reproduce-e10" --scale huge > "$tmp/out" 2>&1
check "an unknown scale is refused, named" grep -q "takes standard or smoke, found 'huge'" "$tmp/out"
mkdir -p "$tmp/empty/E10"
/usr/bin/python3 "$ROOT/scripts/e10-analyse" "$tmp/empty/E10" > "$tmp/out" 2>&1
check "e10-analyse without raw data exits 2" test $? -eq 2
check "  and names the file it lacks" grep -q 'raw/kalah43.jsonl.gz: no raw data' "$tmp/out"
# A position whose value is not its best child's is refused by name.
mkdir -p "$tmp/bad/E10/raw" && cp "$tmp"/smoke/E10/raw/*.gz "$tmp/bad/E10/raw/"
gzip -dc "$tmp/bad/E10/raw/kalah43.jsonl.gz" | /usr/bin/python3 -c '
import json, sys
for line in sys.stdin:
    r = json.loads(line)
    r["value"] = "+99"
    print(json.dumps(r, sort_keys=True))' > "$tmp/bad/E10/raw/kalah43.jsonl"
rm "$tmp/bad/E10/raw/kalah43.jsonl.gz"
/usr/bin/python3 "$ROOT/scripts/e10-analyse" "$tmp/bad/E10" > "$tmp/out" 2>&1
check "a raw line whose value is not its best child's exits 2" test $? -eq 2
check "  naming the position" grep -q 'kalah43 index 0: value' "$tmp/out"
finish
