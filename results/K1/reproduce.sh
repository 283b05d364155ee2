#!/usr/bin/env bash
# Kalah(m, n) solved from the start for m, n = 1..6, both capture rules, the default end
# rule (either), each cell stopped at a time budget: results/K1/table.tsv, one line a
# cell (docs/results.md, "Kalah solved"). A cell is not tried when the one with a seed
# fewer a house (same m, same rule) ran out: positions only grow with n.
# Each (m, capture rule) has an endgame database of every position with at most K(m)
# seeds in the houses (K = 12, 24, 30, 24, 20, 16 for m = 1..6: at most 61 MB each), built
# by the first cell and read by the others from $DB_DIR; its build time is in the log.
# Usage: results/K1/reproduce.sh [BAO] [LIMIT_S] [TT_MB] [DB_DIR]
#   (defaults: build/bao 120 1024 /tmp/kalah-endgame)
# The table is TT_MB for 5 and 6 houses and 64 MiB below (allocating it is most of a small
# solve's time). ENDGAME=0 in the environment: no databases.
set -u
BAO="${1:-build/bao}"; LIMIT="${2:-120}"; TT="${3:-1024}"; DB_DIR="${4:-/tmp/kalah-endgame}"
mkdir -p "$DB_DIR"
k_of() { case "$1" in 1) echo 12 ;; 2) echo 24 ;; 3) echo 30 ;; 4) echo 24 ;; 5) echo 20 ;; *) echo 16 ;; esac; }
out="$(dirname "$0")/table.tsv"
printf 'houses\tseeds\tempty_capture\tvalue\tbest\tnodes\tseconds\n' > "$out"
for cap in false true; do
  for m in 1 2 3 4 5 6; do
    open=0
    for n in 1 2 3 4 5 6; do
      if [ "$open" = 1 ]; then
        printf '%s\t%s\t%s\tnot tried\t-\t-\t-\n' "$m" "$n" "$cap" >> "$out"
        continue
      fi
      db=()
      [ "${ENDGAME:-1}" = 1 ] && db=(--endgame-seeds "$(k_of "$m")" --endgame-db "$DB_DIR/m$m-$cap-k$(k_of "$m").db")
      r=$("$BAO" solve "${db[@]}" --game "kalah(houses=$m,seeds=$n,empty_capture=$cap)" --limit-s "$LIMIT" \
            --tt-mb "$([ "$m" -ge 5 ] && echo "$TT" || echo 64)" --progress-s 0)
      value=$(sed -n 's/^value \([-+0-9]*\) .*/\1/p; s/^value open (South.s margin within \(.*\))/open \1/p' <<< "$r")
      best=$(sed -n 's/^best //p' <<< "$r")
      nodes=$(sed -n 's/^nodes //p' <<< "$r")
      secs=$(sed -n 's/^seconds //p' <<< "$r")
      case "$value" in open*) open=1 ;; esac
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$n" "$cap" "$value" "$best" "$nodes" "$secs" >> "$out"
      echo "kalah($m,$n) empty_capture=$cap: $value ($nodes nodes, $secs s) $(grep '^endgame' <<< "$r")" >&2
    done
  done
done
