#!/usr/bin/env bash
# Smoke test of scripts/reproduce-thesis: every experiment at a tiny scale; the tables
# exist with the expected columns and sane values. Usage: reproduce_smoke_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"

BAO_BIN="$BAO" BAO_RESULTS="$tmp" "$ROOT/scripts/reproduce-thesis" --scale smoke > "$tmp/log" 2>&1
check "reproduce-thesis --scale smoke exits 0" test $? -eq 0
header='width,depth,bound,types,searcher,trees,leaf_evals_mean,leaf_evals_ci95,nodes_mean,ratio_to_alphabeta,agree_pct'
check "E1 table has the grid columns" test "$(head -n 1 "$tmp/E1/trees.csv")" = "$header"
check "E1 has rows" test "$(wc -l < "$tmp/E1/trees.csv")" -gt 10
check "E1: exact OM and PrOM agree on every tree (agree_pct 100)" \
  awk -F, 'NR > 1 && $11 != "100.0" { exit 1 }' "$tmp/E1/trees.csv"
check "E1: om-plain and prom-plain cost at least alpha-beta (ratio >= 1)" \
  awk -F, 'NR > 1 && ($5 == "om-plain" || $5 == "prom-plain") && $10 < 1 { exit 1 }' "$tmp/E1/trees.csv"
check "E2 table has the grid columns" test "$(head -n 1 "$tmp/E2/prom.csv")" = "$header"
check "E2 covers 2, 3, 4 and 8 types" test "$(cut -d, -f4 "$tmp/E2/prom.csv" | tail -n +2 | sort -un | tr '\n' ' ')" = "2 3 4 8 "
check "E2: plain PrOM (every leaf, every type) costs at least alpha-beta" \
  awk -F, 'NR > 1 && $5 == "prom-plain" && $10 < 1 { exit 1 }' "$tmp/E2/prom.csv"
check "E3 table has its columns" test "$(head -n 1 "$tmp/E3/truth.csv")" = \
  "own_noise,opp_noise,model_error,method,trees,true_value_mean,true_value_ci95,gain_vs_minimax,gain_ci95"
check "E3: minimax's gain over itself is 0, intervals are >= 0" \
  awk -F, 'NR > 1 && (($4 == "minimax" && $8 != "0.00") || $7 < 0 || $9 < 0) { exit 1 }' "$tmp/E3/truth.csv"
summary='pairing,games,wins,losses,capped,score,score_ci95,elo,elo_ci95,los'
for t in E4/thesis-E4-smoke E5/thesis-E5-smoke-vs-ga-material E5/thesis-E5-smoke-vs-td-long E5/thesis-E5-smoke-wrong-model \
         E6/thesis-E6-smoke E6/thesis-E6-smoke-2 E7/games; do
  check "$t: summary with the tournament columns" test "$(head -n 1 "$tmp/$t.csv" | cut -d, -f1-10)" = "$summary"
  check "$t: every pairing played, scores and LOS in [0, 1]" \
    awk -F, 'NR > 1 && ($2 < 1 || $6 < 0 || $6 > 1 || $10 < 0 || $10 > 1) { bad = 1 } END { exit bad || NR < 2 }' "$tmp/$t.csv"
done
check "E5: every ordered pair of the five evaluators, four OM variants each (80 cells)" \
  eval "test \$(grep -cE '^\| (ga|td)-' '$tmp/E5/pairs.md') -eq 20 && test \$(grep -cE '^\| (om|rootom)' '$tmp/E5/pairs.md') -eq 4"
check "E4: a round robin of the five evaluators (10 pairings)" test "$(tail -n +2 "$tmp/E4/thesis-E4-smoke.csv" | wc -l)" -eq 10
check "E7: learned type probabilities in [0, 1] summing to 1" \
  awk 'NR > 1 && NF == 4 && $1 ~ /@/ { if ($2 < 0 || $2 > 1) bad = 1; sum += $2 } END { exit bad || sum < 0.999 || sum > 1.001 }' \
  "$tmp/E7/offline-ga-material.txt"
check "E7: on-line probabilities in [0, 1]" \
  awk 'NR > 1 && NF == 2 && $1 ~ /@/ { if ($2 < 0 || $2 > 1) bad = 1; n++ } END { exit bad || n != 3 }' "$tmp/E7/online-ga-material.txt"
finish
