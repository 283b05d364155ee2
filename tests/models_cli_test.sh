#!/usr/bin/env bash
# bao learn-eval and bao learn-types end to end: tiny runs, files written, progress on
# stderr, exit codes (1 usage, 2 bad input).
set -u
bao="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check NAME EXPECTED_STATUS COMMAND...
  local name="$1" want="$2"
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -ne "$want" ]; then
    echo "FAIL $name: exit $got, expected $want"; cat "$tmp/err"; fail=1
  fi
}
has() {  # has NAME FILE PATTERN
  grep -q -- "$3" "$2" || { echo "FAIL $1: '$3' not in $2"; cat "$2"; fail=1; }
}

check ga 0 "$bao" learn-eval --method ga --population 3 --generations 2 --openings 1 --depth 1 --ply-cap 40 \
  --out "$tmp/ga.txt" --threads 2
has ga-progress "$tmp/err" "generation 2/2 best .* eta"
has ga-weights "$tmp/ga.txt" "^hand "
has ga-command "$tmp/ga.txt" "^#   bao learn-eval --method ga"
has ga-curve "$tmp/ga-curve.csv" "^generation,best,mean,seconds"
check ga-load 0 "$bao" search --eval "$tmp/ga.txt" --depth 2
check td 0 "$bao" learn-eval --method tdleaf --games 2 --batch 2 --depth 1 --ply-cap 40 --test-openings 1 \
  --out "$tmp/td.txt" --curve "$tmp/td.csv"
has td-progress "$tmp/err" "game 2/2 batch score"
has td-curve "$tmp/td.csv" "^games,batch_score,td_error,test_score,seconds"
check no-method 1 "$bao" learn-eval --out "$tmp/x.txt"
check bad-method 1 "$bao" learn-eval --method sa --out "$tmp/x.txt"
check no-out 1 "$bao" learn-eval --method ga
check bad-init 2 "$bao" learn-eval --method ga --init nope --out "$tmp/x.txt"
check bad-option 1 "$bao" learn-eval --method ga --out "$tmp/x.txt" --population-size 3
check bad-pop 2 "$bao" learn-eval --method ga --out "$tmp/x.txt" --population 1

check offline 0 "$bao" learn-types --offline --opponent material@1 --types material@1,default@1 --positions 5 --repeats 2
has offline-table "$tmp/out" "^type mean stddev hit_rate"
has offline-real "$tmp/out" "^material@1 "
has offline-prom "$tmp/out" "^prom-beta(types=material:"
check online 0 "$bao" learn-types --online --opponent default@1 --types material@1,default@1 --games 1 \
  --ply-cap 20 --trace "$tmp/trace.csv"
has online-table "$tmp/out" "^type probability"
has online-progress "$tmp/err" "^game 1/1:"
has online-trace "$tmp/trace.csv" "^game,ply,material@1,default@1"
check both 1 "$bao" learn-types --offline --online --opponent material --types material
check neither 1 "$bao" learn-types --opponent material --types material
check no-types 1 "$bao" learn-types --offline --opponent material
check bad-type 2 "$bao" learn-types --offline --opponent material --types nope
check bad-depth 2 "$bao" learn-types --offline --opponent material@0 --types material
exit $fail
