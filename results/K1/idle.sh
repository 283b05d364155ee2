#!/usr/bin/env bash
# The Kalah solver's speed on an idle machine (docs/solver.md, "Speed"): the solves that
# the K1 cells measured on a loaded machine, run one at a time with nothing else running,
# so that wall seconds are the solver's own.
#
# Each run appends its raw `bao solve` output to results/K1/idle/NAME.txt after a header
# (commit, whether the tree was clean, machine, load average before the run, start time)
# and the command; a run whose file already holds RUNS outputs is not run again
# (resumable). The endgame databases are built on first use in DB_DIR, each build a run of
# its own (a tiny solve that loads the database; its `endgame` line has the build time).
#
# Usage: results/K1/idle.sh [BAO] [DB_DIR] [RUNS]   (defaults: build/bao /tmp/kalah-endgame 3)
# ONLY="NAME ..." runs those runs alone; SUFFIX=S writes NAME-S.txt instead (a binary of
# another commit beside the first runs: ONLY="5-6-true-k20" SUFFIX=e4eae0a). The names:
#   db-CAP-kK            build the m = 6 database of K seeds (CAP true|false: empty capture)
#   6-4-CAP-kK           Kalah(6,4), database K (20, 22 or 24), --deepen 0 --etc 1, 2 GiB
#                        table (the K1 Kalah(6,4) cells' options), RUNS times
#   6-5-CAP-kK           Kalah(6,5), database K (22 or 24; 24 seeds take 2.5 GB), --etc 1
#                        and the default deepening (the K1 Kalah(6,5) cells' options),
#                        4 GiB table, 600 processor seconds (the cells' budget), once
#   5-6-CAP-k20          Kalah(5,6) as its K1 cell ran (m = 5 database of 20 seeds, built
#                        by the run, --etc 1, 2 GiB table, 600 processor seconds), once
set -u
BAO="${1:-build/bao}"; DB_DIR="${2:-/tmp/kalah-endgame}"; RUNS="${3:-3}"
here="$(cd "$(dirname "$0")" && pwd)"
[ -x "$BAO" ] || { echo "idle.sh: no bao at '$BAO' (build it, or give its path as the first argument)" >&2; exit 1; }
mkdir -p "$here/idle" "$DB_DIR"
# shellcheck source-path=SCRIPTDIR source=run-header.sh
source "$here/run-header.sh"

# run NAME TIMES ARGS...: runs `bao solve ARGS` until NAME's file holds TIMES outputs; a
# failed solve stops the script (the file keeps its header and the error).
run() {
  local name="$1" times="$2"; shift 2
  if [ -n "${ONLY:-}" ] && ! grep -qw -- "$name" <<< "$ONLY"; then return; fi
  local f="$here/idle/$name${SUFFIX:+-$SUFFIX}.txt"
  local cmd=("$BAO" solve "$@")
  local done_runs
  while done_runs=$(grep -c '^nodes ' "$f" 2>/dev/null); [ "${done_runs:-0}" -lt "$times" ]; do
    echo "$name: running" >&2
    { echo "$(run_header idle) load $(cut -d' ' -f1-3 /proc/loadavg) started $(date -u +%FT%TZ)"
      echo "command ${cmd[*]}"; } >> "$f"
    "${cmd[@]}" >> "$f" 2>&1 || { echo "$name: failed (see $f)" >&2; exit 1; }
    echo "$name: $(grep -E '^(value|cpu_seconds|seconds) ' "$f" | tail -n 3 | tr '\n' ' ')" >&2
  done
}

# six CAP K: the m = 6 database of K seeds, Kalah(6,4) with it RUNS times, and from 22
# seeds Kalah(6,5) once at the cells' budget.
six() {
  local cap="$1" k="$2" db=(--endgame-seeds "$2" --endgame-db "$DB_DIR/m6-$1-k$2.db")
  run "db-$cap-k$k" 1 "${db[@]}" --game "kalah(houses=6,seeds=1,empty_capture=$cap)" --tt-mb 64
  run "6-4-$cap-k$k" "$RUNS" "${db[@]}" --deepen 0 --etc 1 --tt-mb 2048 --game "kalah(houses=6,seeds=4,empty_capture=$cap)"
  [ "$k" -ge 22 ] || return 0
  run "6-5-$cap-k$k" 1 "${db[@]}" --etc 1 --tt-mb 4096 --limit-cpu-s 600 --progress-s 60 \
    --game "kalah(houses=6,seeds=5,empty_capture=$cap)"
}

for k in 20 22 24; do
  for cap in true false; do six "$cap" "$k"; done
done
for cap in true false; do
  run "5-6-$cap-k20" 1 --endgame-seeds 20 --endgame-db "$DB_DIR/m5-$cap-k20.db" --etc 1 --tt-mb 2048 \
    --limit-cpu-s 600 --progress-s 60 --game "kalah(houses=5,seeds=6,empty_capture=$cap)"
done
