#!/usr/bin/env bash
# bao solve --children and bao moves --children (cli/solve_children.h, cli/cmd_moves.cpp),
# the pieces experiment E10 stands on: every child's value agrees with `bao solve` of that
# child alone, seen from the parent's mover (Kalah's margin negated when the side changes,
# Bao's winner), the position's value is its best child's, a budget too small leaves
# children open, and the options it cannot take are refused by name.
# Usage: solve_children_test.sh BAO
set -u
BAO="$1"
source "$(dirname "$0")/lib.sh"

# --- moves --children: the same moves as bao moves, each with a position that parses.
for where in "--game kalah(houses=4,seeds=3)" "--variant kujifunza"; do
  # shellcheck disable=SC2086
  "$BAO" moves --children $where > "$tmp/kids" 2> "$tmp/err"
  check "moves --children $where: exit 0" test $? -eq 0
  # shellcheck disable=SC2086
  "$BAO" moves $where | sort > "$tmp/plain"
  check "  the moves of bao moves" eval 'cut -f1 "$tmp/kids" | sort | cmp -s - "$tmp/plain"'
  ok=1
  while IFS=$'\t' read -r move pos; do
    # shellcheck disable=SC2086
    "$BAO" show $where --position "$pos" > /dev/null 2>&1 || ok=0
  done < "$tmp/kids"
  check "  every child position parses back" test "$ok" -eq 1
done
"$BAO" moves --children --game 'kalah(houses=4,seeds=3)' --position '0,0,0,0/3,3,3,3 12,0 N' > "$tmp/kids" 2> "$tmp/err"
check "moves --children of a finished Kalah game: no child" eval '! test -s "$tmp/kids"'

# --- Kalah: each child's margin against a solve of the child alone.
G='kalah(houses=4,seeds=3)'
P='3,0,4,4/3,3,3,3 1,0 N'
run solve --children --game "$G" --position "$P" --progress-s 0
check "solve --children kalah: exit 0" status_is 0
check "  one line per legal move" test "$(grep -c '^child' "$tmp/out")" -eq "$("$BAO" moves --game "$G" --position "$P" | wc -l)"
cp "$tmp/out" "$tmp/kalah"
agree=1 best=-999
while IFS=$'\t' read -r tag move value nodes pos; do
  [ "$tag" = child ] || continue
  south=$("$BAO" solve --game "$G" --position "$pos" --progress-s 0 | sed -n 's/^value \([+-]\{0,1\}[0-9]*\) .*/\1/p')
  # The parent's mover is North: its view of South's margin is the negation.
  [ "$((-south))" -eq "$((value))" ] || agree=0
  [ "$((value))" -gt "$best" ] && best=$((value))
done < "$tmp/kalah"
check "  every child's value is its own solve's, the mover's view" test "$agree" -eq 1
parent=$("$BAO" solve --game "$G" --position "$P" --progress-s 0 | sed -n 's/^mover \([+-]\{0,1\}[0-9]*\) .*/\1/p')
check "  the value line is the best child's" test "$(sed -n 's/^value\t//p' "$tmp/kalah")" -eq "$best"
check "  and the position's own solve" test "$parent" -eq "$best"

# --- Bao la Kujifunza from the start: South wins, so some child wins; each child's winner
# agrees with a solve of the child alone.
run solve --children --variant kujifunza --progress-s 0
check "solve --children kujifunza: exit 0" status_is 0
check "  the start is a win" eval 'grep -qx "value	win" "$tmp/out"'
check "  A3R, the solver's best move, wins" eval 'grep -q "^child	A3R	win	" "$tmp/out"'
cp "$tmp/out" "$tmp/bao"
agree=1
while IFS=$'\t' read -r tag move value nodes pos; do
  [ "$tag" = child ] || continue
  alone=$("$BAO" solve --variant kujifunza --position "$pos" --progress-s 0 | sed -n 's/^value .*, \(South\|North\) wins)$/\1/p')
  want=$([ "$value" = win ] && echo South || echo North)
  [ "$alone" = "$want" ] || agree=0
done < "$tmp/bao"
check "  every child's value is its own solve's, South's view" test "$agree" -eq 1

run solve --children --variant kujifunza --limit-nodes 1 --progress-s 0
check "a budget of one node: children open" out_has "	open	"
check "  and the value open" eval 'grep -qx "value	open" "$tmp/out"'

# --- Refused.
run solve --children --variant kujifunza --proof "$tmp/p"
check "--children with --proof: exit 1" status_is 1
check "  naming it" err_has "--children solves each child by df-pn and writes no proof"
run solve --children --variant kujifunza --mode exact
check "--children with --mode exact: exit 1" status_is 1
finish
