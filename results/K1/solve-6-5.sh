#!/usr/bin/env bash
# Kalah(6,5) from the start without a budget, resumably (docs/results.md, "Kalah solved";
# docs/solver.md, "Resuming a long solve").
#
# Every run appends to results/K1/runs/6-5-CAPTURE-kK.txt: a header (commit, whether the
# tree was clean, machine, start time), the command, then the solver's stderr and stdout:
# a progress line every 60 s and one `test` line per finished null-window test with the
# bounds proven so far. The table is kept in DB_DIR/6-5-CAPTURE-kK-TT_MB.tab
# (--table-file): stop a run with SIGTERM (kill PID, not -9) and it saves the table, so the
# next run goes on with all it proved; the next run also takes the log's last proven bounds
# as --lower/--upper (LOWER/UPPER in the environment give them when the log has none yet,
# e.g. from a cell file's "open" line) and the same first guess. A run killed without
# saving loses only the test it was in (and its table, unless an earlier run saved one).
#
# Usage: results/K1/solve-6-5.sh CAPTURE K TT_MB GUESS [BAO] [DB_DIR]
#   CAPTURE true|false (empty_capture), K the endgame database's seeds (its file
#   DB_DIR/m6-CAPTURE-kK.db, built on first use), TT_MB the table, GUESS the first guess
#   (South's margin). Defaults: BAO build/bao, DB_DIR /tmp/kalah-endgame.
# SEED_TABLE in the environment: a table file saved by an earlier run with another TT_MB
# or K (the same CAPTURE), loaded when this run's own table file does not exist yet; its
# entries are placed in the new table (search/solver/margin_table_file.h) and the first
# save writes the new file beside it, leaving the old one as it was.
# DEEPEN in the environment: --deepen (default 16, as the K1 Kalah(6,5) cells: without the
# depth-limited iterations' move order Kalah(6,5)'s first test ran far longer).
# Run it under nice, one solve at a time: nohup nice -n 10 results/K1/solve-6-5.sh ... &
set -u
cap="$1"; k="$2"; tt="$3"; guess="$4"; BAO="${5:-build/bao}"; DB_DIR="${6:-/tmp/kalah-endgame}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$here/runs" "$DB_DIR"
log="$here/runs/6-5-$cap-k$k.txt"
bounds=()
last=$( [ -e "$log" ] && grep -E '^test beta .* proven ' "$log" | tail -n 1)
if [ -n "$last" ]; then
  lo=$(sed -E 's/.* proven ([-+]?[0-9]+) to .*/\1/' <<< "$last")
  hi=$(sed -E 's/.* proven [-+]?[0-9]+ to ([-+]?[0-9]+) .*/\1/' <<< "$last")
  bounds=(--lower "${lo#+}" --upper "${hi#+}")
else
  [ -n "${LOWER:-}" ] && bounds+=(--lower "$LOWER")
  [ -n "${UPPER:-}" ] && bounds+=(--upper "$UPPER")
fi
table="$DB_DIR/6-5-$cap-k$k-$tt.tab"
if [ ! -e "$table" ] && [ -n "${SEED_TABLE:-}" ]; then
  [ -f "$SEED_TABLE" ] || { echo "SEED_TABLE '$SEED_TABLE' is not a file" >&2; exit 2; }
  ln -s "$(realpath "$SEED_TABLE")" "$table"
  # The runs whose table this one goes on from, so that results/K1/reproduce.sh counts
  # their nodes and seconds in this log's row (a table file DIR/6-5-CAP-kK-TT.tab is kept
  # by the log runs/6-5-CAP-kK.txt).
  seed_log="$(basename "$SEED_TABLE" | sed -E 's/^(6-5-[a-z]+-k[0-9]+)-[0-9]+\.tab$/\1.txt/')"
  [ -e "$here/runs/$seed_log" ] && echo "$seed_log" > "${log%.txt}.seeded-from"
fi
cmd=("$BAO" solve --endgame-seeds "$k" --endgame-db "$DB_DIR/m6-$cap-k$k.db" --etc 1 --deepen "${DEEPEN:-16}" --guess "$guess"
     --table-file "$table" "${bounds[@]}" --game "kalah(houses=6,seeds=5,empty_capture=$cap)" --tt-mb "$tt" --progress-s 60)
# The tree's state before the log is written (the log itself is not counted: it is this
# run's output, committed as it grows).
# shellcheck source-path=SCRIPTDIR source=run-header.sh
source "$here/run-header.sh"
head_line="$(run_header "runs/$(basename "$log")") started $(date -u +%FT%TZ)"
printf '%s\ncommand %s\n' "$head_line" "${cmd[*]}" >> "$log"
"${cmd[@]}" >> "$log" 2>&1
rc=$?
echo "run ended $(date -u +%FT%TZ) exit $rc" >> "$log"
