#!/usr/bin/env bash
# Kalah(m, n) solved from the start for m, n = 1..6, both capture rules, the default end
# rule (either), each cell stopped at a time budget: results/K1/table.tsv, one line a
# cell (docs/results.md, "Kalah solved"). A cell is not tried when the one with a seed
# fewer a house (same m, same rule) ran out: positions only grow with n.
# Usage: results/K1/reproduce.sh [BAO] [LIMIT_S] [TT_MB]   (defaults: build/bao 120 1024)
# The table is TT_MB for 5 and 6 houses and 64 MiB below (allocating it is most of a small
# solve's time).
set -u
BAO="${1:-build/bao}"; LIMIT="${2:-120}"; TT="${3:-1024}"
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
      r=$("$BAO" solve --game "kalah(houses=$m,seeds=$n,empty_capture=$cap)" --limit-s "$LIMIT" \
            --tt-mb "$([ "$m" -ge 5 ] && echo "$TT" || echo 64)" --progress-s 0)
      value=$(sed -n 's/^value \([-+0-9]*\) .*/\1/p; s/^value open (South.s margin within \(.*\))/open \1/p' <<< "$r")
      best=$(sed -n 's/^best //p' <<< "$r")
      nodes=$(sed -n 's/^nodes //p' <<< "$r")
      secs=$(sed -n 's/^seconds //p' <<< "$r")
      case "$value" in open*) open=1 ;; esac
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$n" "$cap" "$value" "$best" "$nodes" "$secs" >> "$out"
      echo "kalah($m,$n) empty_capture=$cap: $value ($nodes nodes, $secs s)" >&2
    done
  done
done
