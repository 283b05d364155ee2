#!/usr/bin/env bash
# bao learn-eval and bao learn-types end to end: tiny runs, files written, progress on
# stderr, exit codes (1 usage, 2 bad input). Usage: models_cli_test.sh BAO
set -u
BAO="$1"
source "$(dirname "$0")/lib.sh"

run learn-eval --method ga --population 3 --generations 2 --openings 1 --depth 1 --ply-cap 40 \
  --out "$tmp/ga.txt" --threads 2
check "ga exits 0" status_is 0
check "ga: progress on stderr" has "$tmp/err" "generation 2/2 best .* eta"
check "ga: the weights file" has "$tmp/ga.txt" "^hand "
check "ga: the command in the weights file" has "$tmp/ga.txt" "^#   bao learn-eval --method ga"
check "ga: the learning curve" has "$tmp/ga-curve.csv" "^generation,best,mean,seconds"
run search --eval "$tmp/ga.txt" --depth 2
check "ga: the weights file loads as an evaluator" status_is 0
run learn-eval --method tdleaf --games 2 --batch 2 --depth 1 --ply-cap 40 --test-openings 1 \
  --out "$tmp/td.txt" --curve "$tmp/td.csv"
check "td exits 0" status_is 0
check "td: progress on stderr" has "$tmp/err" "game 2/2 batch score"
check "td: the learning curve" has "$tmp/td.csv" "^games,batch_score,td_error,test_score,seconds"
run learn-eval --out "$tmp/x.txt"
check "learn-eval without --method exits 1" status_is 1
run learn-eval --method sa --out "$tmp/x.txt"
check "learn-eval with a bad --method exits 1" status_is 1
run learn-eval --method ga
check "learn-eval without --out exits 1" status_is 1
run learn-eval --method ga --init nope --out "$tmp/x.txt"
check "learn-eval with a bad --init exits 2" status_is 2
run learn-eval --method ga --out "$tmp/x.txt" --population-size 3
check "learn-eval with an unknown option exits 1" status_is 1
run learn-eval --method ga --out "$tmp/x.txt" --population 1
check "learn-eval with a population of 1 exits 2" status_is 2

run learn-types --offline --opponent material@1 --types material@1,default@1 --positions 5 --repeats 2
check "offline exits 0" status_is 0
check "offline: the table" has "$tmp/out" "^type mean stddev hit_rate"
check "offline: the real opponent's row" has "$tmp/out" "^material@1 "
check "offline: the PrOM spec" has "$tmp/out" "^prom-beta(types=material:"
run learn-types --online --opponent default@1 --types material@1,default@1 --games 1 \
  --ply-cap 20 --trace "$tmp/trace.csv"
check "online exits 0" status_is 0
check "online: the table" has "$tmp/out" "^type probability"
check "online: progress on stderr" has "$tmp/err" "^game 1/1:"
check "online: the trace" has "$tmp/trace.csv" "^game,ply,material@1,default@1"
run learn-types --offline --online --opponent material --types material
check "learn-types with --offline and --online exits 1" status_is 1
run learn-types --opponent material --types material
check "learn-types with neither exits 1" status_is 1
run learn-types --offline --opponent material
check "learn-types without --types exits 1" status_is 1
run learn-types --offline --opponent material --types nope
check "learn-types with a bad type exits 2" status_is 2
run learn-types --offline --opponent material@0 --types material
check "learn-types with a depth of 0 exits 2" status_is 2

finish
