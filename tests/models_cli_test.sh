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
run learn-eval --method ga --out "$tmp/x.txt" --opening-stream v2
check "learn-eval with an unknown --opening-stream exits 1" status_is 1
check "learn-eval --opening-stream v2: both streams named" err_has "expected tournament or v1, found 'v2'"
run learn-eval --method tdleaf --out "$tmp/x.txt" --learner-search v2
check "learn-eval with an unknown --learner-search exits 1" status_is 1
run learn-types --offline --opponent default@1 --types default@1,material@1 --positions 4 --repeats 1 \
  --opening-stream v2
check "learn-types with an unknown --opening-stream exits 1" status_is 1
run learn-types --offline --opponent default@1 --types default@1,material@1 --positions 4 --repeats 1 \
  --opening-stream v1
check "learn-types --opening-stream v1 exits 0" status_is 0

# Numbers out of range (including inf and nan) and output paths that cannot be written
# are refused before any game is played (no progress line), naming the option and the
# value, and nothing is written: such options would make -inf/nan weights, and a bad
# --out would otherwise be found only after training.
no_progress() { ! grep -q "^generation \|^game " "$tmp/err"; }
ga_small=(--method ga --population 3 --generations 1 --openings 1 --depth 1 --ply-cap 20)
td_small=(--method tdleaf --games 1 --batch 1 --depth 1 --ply-cap 20 --test-every 0)
run learn-eval "${ga_small[@]}" --mutation-sigma inf --out "$tmp/bad.txt"
check "--mutation-sigma inf exits 2" status_is 2
check "--mutation-sigma inf: named with its value" err_has "--mutation-sigma must be a number in [0, 10], found inf"
check "--mutation-sigma inf: before training" no_progress
check "--mutation-sigma inf: no weights file" test ! -e "$tmp/bad.txt"
check "--mutation-sigma inf: no curve" test ! -e "$tmp/bad-curve.csv"
run learn-eval "${ga_small[@]}" --mutation-rate nan --out "$tmp/bad.txt"
check "--mutation-rate nan exits 2" status_is 2
check "--mutation-rate nan: named with its value" err_has "--mutation-rate must be a number in [0, 1], found nan"
run learn-eval "${td_small[@]}" --beta inf --out "$tmp/bad.txt"
check "--beta inf exits 2" status_is 2
check "--beta inf: named with its value" err_has "--beta must be a number in (0, 10], found inf"
check "--beta inf: before training" no_progress
check "--beta inf: no weights file" test ! -e "$tmp/bad.txt"
run learn-eval "${td_small[@]}" --alpha -inf --out "$tmp/bad.txt"
check "--alpha -inf exits 2" status_is 2
check "--alpha -inf: named with its value" err_has "--alpha must be a number in [0, 1000], found -inf"
run learn-eval "${td_small[@]}" --lambda nan --out "$tmp/bad.txt"
check "--lambda nan exits 2" status_is 2
check "--lambda nan: named" err_has "--lambda"
run learn-eval "${ga_small[@]}" --beta nan --out "$tmp/bad.txt"
check "an option of the other method is checked too (ga --beta nan) exits 2" status_is 2
run learn-eval "${td_small[@]}" --test-openings 0 --out "$tmp/bad.txt"
check "--test-openings 0 exits 2" status_is 2
check "--test-openings 0: named with its value" err_has "--test-openings must be 1 to 10000, found 0"
# Weights near the largest double (finite, but beyond the weights reader's +-62.5) are
# refused as --init, naming the file, line and bound, before any training; nothing is
# written.
awk '!/^#/ {print $1, "1e308"}' "$tmp/ga.txt" > "$tmp/huge.txt"
run learn-eval "${td_small[@]}" --init "$tmp/huge.txt" --out "$tmp/huge-td.txt"
check "td: an --init weight beyond the bound exits 2" status_is 2
check "td: an --init weight beyond the bound: named with file, line and bound" \
  err_has "$tmp/huge.txt:1: weight '1e308' of 'hand' is beyond +-62.5"
check "td: an --init weight beyond the bound: no weights file" test ! -e "$tmp/huge-td.txt"
check "td: an --init weight beyond the bound: no curve" test ! -e "$tmp/huge-td-curve.csv"
run learn-eval "${ga_small[@]}" --mutation-rate 1 --mutation-sigma 10 --init "$tmp/huge.txt" --out "$tmp/huge-ga.txt"
check "ga: an --init weight beyond the bound exits 2" status_is 2
check "ga: an --init weight beyond the bound: named" err_has "is beyond +-62.5, the largest a weight may be"
check "ga: an --init weight beyond the bound: no weights file" test ! -e "$tmp/huge-ga.txt"
run learn-eval "${ga_small[@]}" --out "$tmp/no-such-folder/w.txt"
check "--out in a missing folder exits 2" status_is 2
check "--out in a missing folder: named" err_has "--out: '$tmp/no-such-folder' is not a folder"
check "--out in a missing folder: before training" no_progress
mkdir "$tmp/dir.txt"
run learn-eval "${ga_small[@]}" --out "$tmp/dir.txt"
check "--out naming a folder exits 2" status_is 2
check "--out naming a folder: named" err_has "--out: '$tmp/dir.txt' is a folder"
check "--out naming a folder: before training" no_progress
check "--out naming a folder: no curve beside it" test ! -e "$tmp/dir-curve.csv"
run learn-eval "${ga_small[@]}" --out /proc/bao-learn-eval-test.txt
check "--out where nothing can be written exits 2" status_is 2
check "--out where nothing can be written: named" err_has "--out: cannot write in '/proc'"
check "--out where nothing can be written: before training" no_progress
if [ "$(id -u)" != 0 ]; then  # root writes in a read-only folder
  mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
  run learn-eval "${ga_small[@]}" --out "$tmp/ro/w.txt"
  check "--out in a read-only folder exits 2" status_is 2
  check "--out in a read-only folder: before training" no_progress
fi
run learn-eval "${td_small[@]}" --out "$tmp/ok.txt" --curve "$tmp/no-such-folder/c.csv"
check "--curve in a missing folder exits 2" status_is 2
check "--curve in a missing folder: named" err_has "--curve: '$tmp/no-such-folder' is not a folder"
check "--curve in a missing folder: before training" no_progress
check "--curve in a missing folder: no weights file" test ! -e "$tmp/ok.txt"

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
# Another game (--game): Kalah's evaluators as types; the opponent's own type draws the
# most mass, the same numbers on one thread and two, and what only Bao computes refused.
KALAH=(--game 'kalah(houses=4,seeds=3)')
run learn-types "${KALAH[@]}" --offline --opponent stores@2 --types stores@2,sides@2 --positions 30 --repeats 2 \
  --threads 1
check "kalah offline exits 0" status_is 0
cp "$tmp/out" "$tmp/kalah1"
check "kalah offline: the opponent's own type has the larger mean" python3 - "$tmp/kalah1" <<'PY'
import sys
rows = {l.split()[0]: float(l.split()[1]) for l in open(sys.argv[1]) if l.startswith(("stores@2 ", "sides@2 "))}
assert rows["stores@2"] > rows["sides@2"], rows
PY
run learn-types "${KALAH[@]}" --offline --opponent stores@2 --types stores@2,sides@2 --positions 30 --repeats 2 \
  --threads 2
check "kalah offline: the same on two threads" cmp -s "$tmp/out" "$tmp/kalah1"
run learn-types "${KALAH[@]}" --online --opponent sides@2 --types stores@2,sides@2 --games 2 --ply-cap 40
check "kalah online exits 0" status_is 0
check "kalah online: the table" has "$tmp/out" "^type probability"
check "kalah online: the PrOM spec" has "$tmp/out" "^prom-beta(types=stores:"
run learn-types "${KALAH[@]}" --offline --opponent stores@2 --types stores@2,default@2
check "kalah: an evaluator the game lacks exits 2" status_is 2
check "kalah: the error names the game's evaluators" err_has "its evaluators: stores"
run learn-types "${KALAH[@]}" --offline --opponent stores@2 --types stores@2,sides@2 --estimator bayes
check "kalah: bayes exits 2" status_is 2
check "kalah: bayes is Bao's, named" err_has "computed for Bao only"
run learn-types "${KALAH[@]}" --offline --opponent stores@2 --types stores@2 --opening-stream v1
check "kalah: --opening-stream refused" status_is 1
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

# --estimator count|em: the published count beside EM (the default), refused values
# named with the allowed ones, and the count's error when no position tells types apart.
count_run=(learn-types --offline --opponent material@1 --types material@1,default@1 --positions 30 --repeats 2)
run "${count_run[@]}" --estimator count
check "--estimator count exits 0" status_is 0
check "--estimator count: the real opponent gets everything" out_has "material@1 1.0000 0.0000 1.0000"
check "--estimator count: the ambiguous share" has "$tmp/out" "^ambiguous 0\.[0-9]\{4\}$"
check "--estimator count: the PrOM spec" has "$tmp/out" "^prom-beta(types=material:0.5000"
run "${count_run[@]}"
cp "$tmp/out" "$tmp/default.out"
run "${count_run[@]}" --estimator em
check "--estimator em is the default" cmp -s "$tmp/out" "$tmp/default.out"
check "--estimator em: no ambiguous line" eval '! out_has "ambiguous"'
run "${count_run[@]}" --estimator median
check "--estimator median exits 1" status_is 1
check "--estimator median: named with the allowed values" err_has "--estimator must be count, em, bayes (off-line) or epsilon, bayes (on-line), found 'median'"
run "${count_run[@]}" --estimator count --iterations 5
check "--estimator count with --iterations exits 1" status_is 1
check "--estimator count with --iterations: named" err_has "--estimator count has none"
run learn-types --offline --opponent material@1 --types material@1,material@1 --positions 4 --repeats 1 --estimator count
check "--estimator count with twin types exits 2" status_is 2
check "--estimator count with twin types: why" err_has "no position where exactly one type predicts"

# --estimator bayes: off-line and on-line, the held-out prediction table, and the options
# of one estimator refused beside another.
run "${count_run[@]}" --estimator bayes --held-out 10
check "--estimator bayes exits 0" status_is 0
check "--estimator bayes: more for the real opponent" has "$tmp/out" "^material@1 0\.[6-9][0-9]\{3\} "
check "--held-out: the table" has "$tmp/out" "^estimator log_loss top1 samples$"
for e in count em bayes uniform; do check "--held-out: $e's row" has "$tmp/out" "^$e [0-9.]* [0-9.]* 2$"; done
run learn-types --offline --opponent material@1 --types material@1,material@1 --positions 4 --repeats 1 --held-out 5
check "--held-out: count without an estimate" has "$tmp/out" "^count - - 0$"
run "${count_run[@]}" --estimator bayes --tau 2 --prior 1,3
check "--estimator bayes with --tau and --prior exits 0" status_is 0
run learn-types --online --opponent default@1 --types material@1,default@1 --games 1 --ply-cap 20 --estimator bayes
check "online --estimator bayes exits 0" status_is 0
check "online --estimator bayes: the table" has "$tmp/out" "^type probability"
run "${count_run[@]}" --estimator bayes --tau 0
check "--tau 0 exits 2" status_is 2
check "--tau 0: named" err_has "--tau must be a finite number > 0"
run "${count_run[@]}" --estimator bayes --prior 1,-1
check "a negative --prior exits 2" status_is 2
check "a negative --prior: named" err_has "--prior: each concentration must be a number from 1e-06 to 1e+09, found '-1'"
run "${count_run[@]}" --estimator bayes --prior 1e308
check "--prior 1e308 exits 2" status_is 2
check "--prior 1e308: named, no NaN spec" err_has "--prior: each concentration must be a number from 1e-06 to 1e+09, found '1e308'"
run "${count_run[@]}" --estimator bayes --prior 6e8
check "--prior whose sum passes 1e9 exits 2" status_is 2
check "--prior whose sum passes 1e9: named" err_has "sum to 1.2e+09, more than 1e+09"
run "${count_run[@]}" --estimator bayes --prior 1,1,1
check "a --prior per type of the wrong count exits 2" status_is 2
run "${count_run[@]}" --prior 2
check "--prior without bayes exits 1" status_is 1
run "${count_run[@]}" --tau 2
check "--tau without bayes or --held-out exits 1" status_is 1
run "${count_run[@]}" --estimator bayes --iterations 3
check "--iterations with bayes exits 1" status_is 1
run "${count_run[@]}" --estimator epsilon
check "--estimator epsilon off-line exits 1" status_is 1
check "--estimator epsilon off-line: why" err_has "epsilon is an on-line belief"
run learn-types --online --opponent default@1 --types material@1,default@1 --games 1 --estimator em
check "--estimator em on-line exits 1" status_is 1
run learn-types --online --opponent default@1 --types material@1,default@1 --games 1 --estimator bayes --epsilon 0.1
check "--epsilon with bayes exits 1" status_is 1
run learn-types --online --opponent default@1 --types material@1,default@1 --games 1 --held-out 5
check "--held-out on-line exits 1" status_is 1
run "${count_run[@]}" --held-out-games 2 --tau 2
check "--held-out-games (with --tau) exits 0" status_is 0
check "--held-out-games: the games and their positions" has "$tmp/out" "^held_out_games 2 positions [1-9][0-9]*$"
for e in count em bayes uniform; do check "--held-out-games: $e's row" has "$tmp/out" "^$e [0-9.]* [0-9.]* 2$"; done
run learn-types --online --opponent default@1 --types material@1,default@1 --games 1 --held-out-games 2
check "--held-out-games on-line exits 1" status_is 1
check "--held-out-games on-line: why" err_has "--held-out and --held-out-games are --offline options"

finish
