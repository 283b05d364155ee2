#!/usr/bin/env bash
# Every committed weight file is re-made by the command its header records: for each
# file named (default all five: td-short and td-long, 1 s and 6 s in a Release build on 2
# threads; ga-short, ga-material and ga-long, 1, 1 and 13 s), the command on the header's
# second line is run with --out in a temporary folder; its weight lines must equal the
# committed file's byte for byte, and its learning curve the committed curve in the
# columns the weights follow from (TD-Leaf: games, batch_score, td_error; GA: generation,
# best, mean). Fails when the learners' opening stream (play/openings.h,
# OpeningStream::kLearnersV1), their games or the learner's search drift. TD-Leaf's
# test-match column is not compared: no committed program re-makes it (docs/learning.md).
# Usage: weights_remake_test.sh BAO WEIGHTS_DIR [NAME ...]
set -u
BAO="$1"
WEIGHTS="$2"
shift 2
source "$(dirname "$0")/lib.sh"
[ $# -gt 0 ] || set -- td-short td-long ga-short ga-material ga-long

weight_lines() { grep -v '^#' "$1"; }
training_columns() { cut -d, -f1-3 "$1"; }

for name in "$@"; do
  committed="$WEIGHTS/$name.txt"
  # "#   bao learn-eval ... --out models/weights/NAME.txt"
  command=$(sed -n '2s/^#   bao //p' "$committed")
  check "$name: the header records a bao learn-eval command" test "${command%% *}" = learn-eval
  check "$name: the command names the v1 opening stream" grep -q -- "--opening-stream v1" <<< "$command"
  read -r -a args <<< "${command/--out models\/weights\/$name.txt/--out $tmp/$name.txt}"
  start=$SECONDS
  run "${args[@]}" --threads 2
  check "$name: the command exits 0" status_is 0
  echo "     $name: $((SECONDS - start)) s"
  check "$name: the weight lines are the committed ones" \
    diff <(weight_lines "$committed") <(weight_lines "$tmp/$name.txt")
  check "$name: the learning curve is the committed one" \
    diff <(training_columns "$WEIGHTS/$name-curve.csv") <(training_columns "$tmp/$name-curve.csv")
done
finish
