#!/usr/bin/env bash
# Kalah(m, n) solved from the start for m, n = 1..6, both capture rules, the default end
# rule (either), each cell stopped at a time budget (docs/results.md, "Kalah solved").
#
# Resumable, one cell at a time: each finished cell's raw `bao solve` output goes to
# results/K1/cells/M-N-CAPTURE.txt (the command on its first line), written when the solve
# ends; a cell whose file exists is not run again (delete the file to rerun it). A cell
# is not tried when the one with a seed fewer a house (same m, same rule) ran out:
# positions only grow with n. results/K1/table.tsv is then made from the cell files, and
# from the logs of the uncapped Kalah(6,5) runs (results/K1/solve-6-5.sh) and the idle
# machine's solves (results/K1/idle.sh) that ended with a value, each a row of its own
# (its source column names the file).
# Cells run in the order of their size (seeds in play), so the small ones finish first.
#
# Each (m, capture rule) has an endgame database of every position with at most K(m)
# seeds in the houses (K = 12, 24, 30, 24, 20, 20 for m = 1..6; at most 451 MB each),
# built by the first cell that needs it and read by the others from $DB_DIR; its build
# time is on the cell's "endgame" line, and not in the cell's seconds.
#
# Usage: results/K1/reproduce.sh [BAO] [LIMIT_S] [TT_MB] [DB_DIR]
#   (defaults: build/bao 600 2048 /tmp/kalah-endgame)
# LIMIT_S is the solver's processor time (--limit-cpu-s): on a shared machine a cell's wall
# seconds are mostly other processes' turns. WALL_S in the environment adds a wall-clock
# limit (--limit-s) too; a cell stopped by either shows the bounds it reached.
# The table is TT_MB for 5 and 6 houses and 64 MiB below (allocating it is most of a
# small solve's time). SOLVE_OPTS: search options for every cell (default "--etc 1":
# enhanced transposition cut-off everywhere, with the default iterative deepening;
# docs/solver.md measures both; each cell file's command line shows the options it ran
# with). ENDGAME=0 in the environment: no databases. ONLY="M-N-CAPTURE ..."
# runs those cells alone (the table is still made from every file; ONLY=- makes the table
# alone).
set -u
BAO="${1:-build/bao}"; LIMIT="${2:-600}"; TT="${3:-2048}"; DB_DIR="${4:-/tmp/kalah-endgame}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$DB_DIR" "$here/cells"
# KS="K1 K2 K3 K4 K5 K6" in the environment: other database seeds for m = 1..6.
k_of() { local ks; read -r -a ks <<< "${KS:-12 24 30 24 20 20}"; echo "${ks[$(($1 - 1))]}"; }
cell_file() { echo "$here/cells/$1-$2-$3.txt"; }
value_of() { sed -n 's/^value \([-+0-9]*\) .*/\1/p; s/^value open (South.s margin within \(.*\))/open \1/p' "$1"; }
# last_of KEY FILE: the rest of the last line "KEY ..." of a log of several runs
# (last_of value: the last solved value; an open run's line does not match).
last_of() {
  if [ "$1" = value ]; then sed -n 's/^value \([-+0-9]*\) .*/\1/p' "$2"; else sed -n "s/^$1 //p" "$2"; fi | tail -n 1
}

# The cells by seeds in play (2mn), then m, then the rule.
cells=$(for cap in false true; do for m in 1 2 3 4 5 6; do for n in 1 2 3 4 5 6; do
  echo "$((2 * m * n)) $m $n $cap"; done; done; done | sort -n -k1,1 -k2,2 -k4,4 | cut -d' ' -f2-)

while read -r m n cap; do
  f=$(cell_file "$m" "$n" "$cap")
  [ -e "$f" ] && continue
  if [ -n "${ONLY:-}" ] && ! grep -qw -- "$m-$n-$cap" <<< "$ONLY"; then continue; fi
  prev=$(cell_file "$m" $((n - 1)) "$cap")
  if [ "$n" -gt 1 ] && { [ ! -e "$prev" ] || [[ "$(value_of "$prev")" == open* ]]; }; then
    continue  # not tried: the cell with a seed fewer is open or not yet run
  fi
  db=()
  [ "${ENDGAME:-1}" = 1 ] && db=(--endgame-seeds "$(k_of "$m")" --endgame-db "$DB_DIR/m$m-$cap-k$(k_of "$m").db")
  # shellcheck disable=SC2206  # SOLVE_OPTS is a list of words
  opts=(${SOLVE_OPTS---etc 1})
  cmd=("$BAO" solve "${db[@]}" "${opts[@]}" --game "kalah(houses=$m,seeds=$n,empty_capture=$cap)" --limit-cpu-s "$LIMIT"
       --tt-mb "$([ "$m" -ge 5 ] && echo "$TT" || echo 64)" --progress-s 60)
  [ -n "${WALL_S:-}" ] && cmd+=(--limit-s "$WALL_S")
  echo "kalah($m,$n) empty_capture=$cap: running (limit $LIMIT s)" >&2
  { echo "command ${cmd[*]}"; "${cmd[@]}"; } > "$f.part" || { rm -f "$f.part"; echo "kalah($m,$n): failed" >&2; exit 1; }
  mv "$f.part" "$f"
  echo "kalah($m,$n) empty_capture=$cap: $(value_of "$f") ($(sed -n 's/^nodes //p' "$f") nodes," \
       "$(sed -n 's/^seconds //p' "$f") s) $(grep '^endgame' "$f")" >&2
done <<< "$cells"

out="$here/table.tsv"
printf 'houses\tseeds\tempty_capture\tvalue\tbest\tnodes\tseconds\tsource\n' > "$out"
for cap in false true; do
  for m in 1 2 3 4 5 6; do
    for n in 1 2 3 4 5 6; do
      f=$(cell_file "$m" "$n" "$cap")
      if [ ! -e "$f" ]; then
        printf '%s\t%s\t%s\tnot tried\t-\t-\t-\t-\n' "$m" "$n" "$cap" >> "$out"
        continue
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\tcells/%s\n' "$m" "$n" "$cap" "$(value_of "$f")" "$(sed -n 's/^best //p' "$f")" \
        "$(sed -n 's/^nodes //p' "$f")" "$(sed -n 's/^seconds //p' "$f")" "$(basename "$f")" >> "$out"
    done
  done
done
# The uncapped Kalah(6,5) runs (solve-6-5.sh), beyond the cells' budget: one row per log
# whose last run ended with a value; nodes and seconds are summed over the log's runs (a
# run that loaded the table an earlier run saved goes on from it) and over the runs of the
# log named in LOG's .seeded-from file (a run started from another log's table with
# SEED_TABLE), seconds of processor time.
for f in "$here"/runs/6-5-*-k*.txt; do
  [ -e "$f" ] || continue
  last=$(last_of value "$f")
  [ -n "$last" ] || continue
  cap=$(basename "$f" | cut -d- -f3)
  logs=("$f")
  seed="${f%.txt}.seeded-from"
  [ -e "$seed" ] && logs+=("$here/runs/$(cat "$seed")")
  nodes=$(awk '/^nodes / {s += $2} END {printf "%.0f", s}' "${logs[@]}")
  cpu=$(awk '/^cpu_seconds / {s += $2} END {printf "%.2f", s}' "${logs[@]}")
  names=$(for l in "${logs[@]}"; do basename "$l"; done | paste -sd+)
  printf '6\t5\t%s\t%s\t%s\t%s\t%s\truns/%s (processor seconds, %s runs; beyond the cells'"'"' budget)\n' "$cap" "$last" \
    "$(last_of best "$f")" "$nodes" "$cpu" "$names" "$(cat "${logs[@]}" | grep -c '^run commit')" >> "$out"
done
# The solves of results/K1/idle.sh (the cells' options and budget on the idle machine)
# that ended with a value, one row each: a cell the loaded machine left open can be
# decided there within the same processor seconds.
for f in "$here"/idle/[56]-[456]-*.txt; do
  [ -e "$f" ] || continue
  last=$(last_of value "$f")
  [ -n "$last" ] || continue
  IFS=- read -r m n cap _ <<< "$(basename "$f" .txt)"
  runs=$(grep -c '^run commit' "$f")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\tidle/%s (idle machine, processor seconds; its last run of %s)\n' "$m" "$n" "$cap" \
    "$last" "$(last_of best "$f")" "$(last_of nodes "$f")" "$(last_of cpu_seconds "$f" | cut -d' ' -f1)" \
    "$(basename "$f")" "$runs" >> "$out"
done
