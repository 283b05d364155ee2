#!/usr/bin/env bash
# bao solve and bao check-proof end to end: Bao la Kujifunza solved from the start with a
# proof that check-proof accepts; the proof with one move changed, cut short, or with a
# bad header rejected naming the failure; a budget that runs out; bad options refused;
# Kalah's margin against a brute force written in the script, and its proof (both bounds)
# accepted, with a move changed, a higher value or a bad header rejected.
# Usage: solver_cli_test.sh BAO DATA_DIR
set -u
BAO="$1"; DATA="$2"
source "$(dirname "$0")/lib.sh"

# --- Kujifunza from the start, with a proof.
run solve --variant kujifunza --proof "$tmp/k.proof" --progress-s 0
check "solve kujifunza: exit 0" status_is 0
check "solve kujifunza: the side to move wins" out_has "value win (South to move, South wins)"
check "solve kujifunza: a best move" eval 'grep -qE "^best A[1-8][LR]" "$tmp/out"'
check "solve kujifunza: nodes and seconds" eval 'grep -q "^nodes [1-9]" "$tmp/out" && grep -q "^seconds " "$tmp/out"'
check "solve kujifunza: the proof's size" out_has "proof $tmp/k.proof prover_positions"
run check-proof "$tmp/k.proof"
check "check-proof: the written proof accepted" status_is 0
check "check-proof: names the winner" out_has "accepted: South wins from"
# The committed proof (tests/data/kujifunza-start.proof) is the same file.
check "the committed proof is what solve writes" cmp -s "$tmp/k.proof" "$DATA/kujifunza-start.proof"

# --- One move changed: the first prover move replaced by another legal move of the start.
first=$(sed -n '/^body$/{n;p;q}' "$tmp/k.proof" | cut -d' ' -f1)
other=$("$BAO" moves --variant kujifunza | grep -vx -- "$first" | head -n 1)
sed "/^body\$/{n;s/^$first /$other /}" "$tmp/k.proof" > "$tmp/bad.proof"
check "the altered proof differs in one token" test "$(cmp -l "$tmp/k.proof" "$tmp/bad.proof" | wc -l)" -ge 1
run check-proof "$tmp/bad.proof"
check "check-proof: one move changed: exit 2" status_is 2
check "check-proof: one move changed: rejected naming a position" err_has "rejected: position "
# A move that is not legal where it stands.
sed "/^body\$/{n;s/^$first /a1L /}" "$tmp/k.proof" > "$tmp/bad2.proof"
run check-proof "$tmp/bad2.proof"
check "check-proof: an illegal move: exit 2" status_is 2
check "check-proof: an illegal move named" err_has "'a1L' is not a legal move here"
# Cut short, and a token too many.
head -n 11 "$tmp/k.proof" > "$tmp/short.proof"
run check-proof "$tmp/short.proof"
check "check-proof: cut short: exit 2" status_is 2
check "check-proof: cut short: says so" err_has "the proof ends before"
{ cat "$tmp/k.proof"; echo "A1L"; } > "$tmp/long.proof"
run check-proof "$tmp/long.proof"
check "check-proof: a token too many: rejected" err_has "more follows ('A1L')"
# Headers.
sed 's/^winner S/winner N/' "$tmp/k.proof" > "$tmp/w.proof"
run check-proof "$tmp/w.proof"
check "check-proof: the wrong winner: exit 2" status_is 2
sed 's/^winner S/winner X/' "$tmp/k.proof" > "$tmp/x.proof"
run check-proof "$tmp/x.proof"
check "check-proof: a bad winner field named" err_has "winner must be S or N, found 'X'"
printf 'not a proof\n' > "$tmp/n.proof"
run check-proof "$tmp/n.proof"
check "check-proof: not a proof file: exit 2" status_is 2
check "check-proof: not a proof file: says what it expected" err_has "expected 'bao-proof 1'"
run check-proof "$tmp/missing.proof"
check "check-proof: a missing file: exit 2" status_is 2
run check-proof
check "check-proof: no file: exit 1" status_is 1

# --- The exact distance on a position near the end of the 1994 game (North wins).
P='1,0,2,6,19,1,0,0/1,1,1,1,1,2,0,2/1,0,7,1,0,0,0,0/1,2,5,1,4,1,2,1 N 0,0 -- -'
run solve --position "$P" --mode exact --progress-s 0
check "solve --mode exact: a win for North" out_has "value win (North to move, North wins)"
check "solve --mode exact: an exact distance" eval 'grep -qE "^distance [0-9]+ \(exact\)" "$tmp/out"'
run solve --position "$P" --progress-s 0
check "solve (df-pn) agrees with the exact mode" out_has "value win (North to move, North wins)"

# --- A budget that runs out: the value is open, no proof is left behind.
run solve --limit-nodes 3 --proof "$tmp/open.proof" --progress-s 0
check "solve: budget out: exit 0" status_is 0
check "solve: budget out: value open" out_has "value open"
check "solve: budget out: no proof file" test ! -e "$tmp/open.proof"

# --- Bad input.
run solve --game chess
check "solve: unknown game: exit 2" status_is 2
check "solve: unknown game named" err_has "unknown game 'chess'"
run solve --mode fast
check "solve: bad mode: exit 1" status_is 1
run solve --limit-nodes 0
check "solve: --limit-nodes 0: exit 1" status_is 1
run solve --mode exact --proof "$tmp/p"
check "solve: --proof with --mode exact refused" err_has "--proof needs --mode dfpn"
run solve --max-path 2001
check "solve: --max-path above what check-proof replays: exit 1" status_is 1
run solve --position "1,2,3"
check "solve: a bad position: exit 2" status_is 2
run solve --variant kujifunza --proof /nonexistent-dir/p.proof --progress-s 0
check "solve: an unwritable proof file: exit 2" status_is 2

# --- Kalah's margin: bao solve against a brute-force minimax written here in Python,
# independently of the engine (seed by seed over a plain list; docs/kalah.md's rules).
kalah_brute() { # houses seeds empty_capture(0|1) end(either|mover) [position]
  python3 - "$@" <<'EOF'
import sys
from functools import lru_cache
m, n, empty, end = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
# board: South houses 0..m-1, South store m, North houses m+1..2m, North store 2m+1
def over(b, side):
    rows = [sum(b[0:m]), sum(b[m + 1:2 * m + 1])]
    return rows[side] == 0 if end == "mover" else min(rows) == 0
def final(b):
    return b[m] + sum(b[0:m]) - b[2 * m + 1] - sum(b[m + 1:2 * m + 1])
@lru_cache(maxsize=None)
def value(b, side):
    if over(b, side):
        return final(b)
    own = range(0, m) if side == 0 else range(m + 1, 2 * m + 1)
    store, skip = (m, 2 * m + 1) if side == 0 else (2 * m + 1, m)
    best = None
    for h in own:
        if b[h] == 0:
            continue
        x = list(b); k = x[h]; x[h] = 0; i = h
        while k:
            i = (i + 1) % (2 * m + 2)
            if i != skip:
                x[i] += 1; k -= 1
        nxt = side
        if i != store:
            nxt = 1 - side
            opp = 2 * m - i
            if i in own and x[i] == 1 and (x[opp] > 0 or empty):
                x[store] += 1 + x[opp]; x[i] = 0; x[opp] = 0
        v = value(tuple(x), nxt)
        if best is None or (v > best if side == 0 else v < best):
            best = v
    return best
print(value(tuple([n] * m + [0] + [n] * m + [0]), 0))
EOF
}
for spec in "2 2 0 either" "3 2 0 either" "2 3 1 either" "3 2 1 mover"; do
  set -- $spec
  cap=$([ "$3" = 1 ] && echo true || echo false)
  want=$(kalah_brute "$@")
  run solve --game "kalah(houses=$1,seeds=$2,empty_capture=$cap,end=$4)" --progress-s 0
  got=$(sed -n 's/^value \([-+0-9]*\) .*/\1/p' "$tmp/out")
  check "solve kalah($1,$2,$cap,$4): exit 0" status_is 0
  check "solve kalah($1,$2,$cap,$4): the brute force's margin ($want)" test "${got#+}" = "$want"
  check "solve kalah($1,$2,$cap,$4): a best move" eval 'grep -qE "^best [1-9]$" "$tmp/out"'
done
# North to move, by hand: whichever of its two seeds North sows first, South's last seed
# ends the game 11 to 13.
run solve --game 'kalah(houses=4,seeds=3)' --position '0,0,0,1/0,0,1,1 10,11 N' --progress-s 0
check "solve kalah position: North to move, its view" out_has "mover +2 (North to move, its view)"
check "solve kalah position: South's view" out_has "value -2 (South's seeds minus North's"
# The endgame database: built and written, then read back; the value unchanged. Its size
# is 2 C(k + 2m, 2m) = 2 C(18, 8) = 87516 positions.
run solve --game 'kalah(houses=4,seeds=3)' --progress-s 0
plain=$(sed -n 's/^value //p' "$tmp/out")
run solve --game 'kalah(houses=4,seeds=3)' --endgame-seeds 10 --endgame-db "$tmp/e.db" --progress-s 0
check "solve kalah --endgame-db: built and written" out_has "endgame seeds 10 positions 87516 built $tmp/e.db"
check "solve kalah --endgame-db: the same value" test "$(sed -n 's/^value //p' "$tmp/out")" = "$plain"
run solve --game 'kalah(houses=4,seeds=3)' --endgame-seeds 10 --endgame-db "$tmp/e.db" --progress-s 0
check "solve kalah --endgame-db: read back" out_has "positions 87516 loaded $tmp/e.db"
check "solve kalah --endgame-db: read back, the same value" test "$(sed -n 's/^value //p' "$tmp/out")" = "$plain"
run solve --game 'kalah(houses=4,seeds=3,empty_capture=true)' --endgame-seeds 10 --endgame-db "$tmp/e.db"
check "solve kalah --endgame-db: other rules: exit 2" status_is 2
check "solve kalah --endgame-db: other rules named" err_has "expected 'kalah-endgame 1 houses=4 empty_capture=true"
# The search options change the nodes, not the value.
for opts in "--deepen 0" "--deepen 5 --deepen-step 1" "--etc 1" "--table-min-seeds 6" "--deepen 0 --etc 1"; do
  # shellcheck disable=SC2086
  run solve --game 'kalah(houses=4,seeds=3)' $opts --progress-s 0
  check "solve kalah $opts: the same value" test "$(sed -n 's/^value //p' "$tmp/out")" = "$plain"
done
run solve --game 'kalah(houses=4,seeds=3)' --deepen 0 --progress-s 0
check "solve kalah --deepen 0: no iterations" out_has "iterations 0 (depth-limited"
check "solve kalah: its processor time" eval 'grep -qE "^cpu_seconds [0-9]+\.[0-9]+ \(user and system; nps on it [0-9]+\)$" "$tmp/out"'
run solve --game 'kalah(houses=4,seeds=3)' --deepen 255
check "solve kalah: --deepen 255: exit 1" status_is 1
check "solve kalah: --deepen 255 named" err_has "--deepen must be within 0 to 254"
run solve --game 'kalah(houses=4,seeds=3)' --deepen-step 0
check "solve kalah: --deepen-step 0 named" err_has "--deepen-step must be within 1 to 16"
run solve --game 'kalah(houses=4,seeds=3)' --etc -1
check "solve kalah: --etc -1 named" err_has "--etc must be within 0 to 255"
run solve --game 'kalah(houses=4,seeds=3)' --table-min-seeds 256
check "solve kalah: --table-min-seeds 256: exit 1" status_is 1
check "solve kalah: --table-min-seeds 256 named" err_has "--table-min-seeds must be within 0 to 255"
run solve --game 'kalah(houses=6,seeds=6)' --limit-cpu-s 0.2 --progress-s 0
check "solve kalah: --limit-cpu-s: value open" out_has "value open (South's margin within"
check "solve kalah: --limit-cpu-s: stopped near its limit" eval \
  'awk "/^cpu_seconds/ { exit !(\$2 >= 0.2 && \$2 < 5) }" "$tmp/out"'
# Resuming and the first guess: a run stopped early logs each finished test's proven
# bounds on stderr; a run given them (--lower/--upper) or any --guess ends at the same value.
run solve --game 'kalah(houses=4,seeds=3)' --deepen 0 --limit-nodes 5000 --progress-s 0
check "solve kalah: each finished test logged" eval 'grep -qE "^test beta [-+]?[0-9]+ (holds: at least|fails: at most) [-+]?[0-9]+ proven [-+]?[0-9]+ to [-+]?[0-9]+ nodes [0-9]+ cpu_seconds" "$tmp/err"'
lo=$(sed -n 's/.* proven \([-+0-9]*\) to .*/\1/p' "$tmp/err" | tail -n 1)
hi=$(sed -n 's/.* proven [-+0-9]* to \([-+0-9]*\) nodes.*/\1/p' "$tmp/err" | tail -n 1)
run solve --game 'kalah(houses=4,seeds=3)' --lower "${lo#+}" --upper "${hi#+}" --progress-s 0
check "solve kalah --lower/--upper from a stopped run: the same value" test "$(sed -n 's/^value //p' "$tmp/out")" = "$plain"
check "solve kalah --lower/--upper: recorded" out_has "given lower $lo upper $hi (taken as proven)"
for g in -40 0 6 30; do
  run solve --game 'kalah(houses=4,seeds=3)' --guess "$g" --progress-s 0
  check "solve kalah --guess $g: the same value" test "$(sed -n 's/^value //p' "$tmp/out")" = "$plain"
  check "solve kalah --guess $g: recorded" out_has "from --guess)"
done
v=$(sed -n 's/^value \([-+0-9]*\) .*/\1/p' "$tmp/out")
run solve --game 'kalah(houses=4,seeds=3)' --lower $((v + 2)) --progress-s 0
check "solve kalah: a --lower that does not hold: exit 2" status_is 2
check "solve kalah: a --lower that does not hold: named" err_has "--lower/--upper: "
run solve --game 'kalah(houses=4,seeds=3)' --lower 4 --upper 2
check "solve kalah: --lower above --upper: exit 1" status_is 1
check "solve kalah: --lower above --upper: named" err_has "--lower 4 is above --upper 2"
run solve --game 'kalah(houses=4,seeds=3)' --lower 99
check "solve kalah: --lower beyond the game: exit 2" status_is 2
check "solve kalah: --lower beyond the game: named" err_has "the game's own bounds"
# --table-file: a run stopped by SIGTERM saves its table and says so; the next run loads
# it and ends at the same value, also at another --tt-mb; a table of other rules or a
# malformed header is refused by name.
"$BAO" solve --game 'kalah(houses=6,seeds=4)' --deepen 0 --tt-mb 8 --table-file "$tmp/t.tab" --progress-s 0 \
  > "$tmp/out" 2> "$tmp/err" &
pid=$!
sleep 2
kill -TERM "$pid"
wait "$pid"
check "solve kalah --table-file: SIGTERM: exit 0" test $? = 0
check "solve kalah --table-file: SIGTERM: stopped, bounds given" eval 'grep -q "^stopped by a signal$" "$tmp/out" && grep -q "^value open" "$tmp/out"'
check "solve kalah --table-file: SIGTERM: table saved" eval 'grep -qE "^table saved $tmp/t.tab entries [1-9][0-9]* of " "$tmp/out"'
run solve --game 'kalah(houses=4,seeds=3)' --tt-mb 8 --table-file "$tmp/t43.tab" --progress-s 0
run solve --game 'kalah(houses=4,seeds=3)' --tt-mb 8 --table-file "$tmp/t43.tab" --progress-s 0
check "solve kalah --table-file: loaded" out_has "table loaded $tmp/t43.tab"
check "solve kalah --table-file: loaded, the same value" test "$(sed -n 's/^value //p' "$tmp/out")" = "$plain"
check "solve kalah --table-file: loaded, no node needed" out_has "nodes 0"
run solve --game 'kalah(houses=4,seeds=3)' --tt-mb 16 --table-file "$tmp/t43.tab" --progress-s 0
check "solve kalah --table-file: another --tt-mb: loaded" out_has "table loaded $tmp/t43.tab"
check "solve kalah --table-file: another --tt-mb: the same value" test "$(sed -n 's/^value //p' "$tmp/out")" = "$plain"
check "solve kalah --table-file: another --tt-mb: no node needed" out_has "nodes 0"
check "solve kalah --table-file: another --tt-mb: saved at the new size" eval 'head -c 200 "$tmp/t43.tab" | grep -q "buckets=262144"'
run solve --game 'kalah(houses=4,seeds=4)' --tt-mb 16 --table-file "$tmp/t43.tab" --progress-s 0
check "solve kalah --table-file: other rules: exit 2" status_is 2
check "solve kalah --table-file: other rules: named" err_has "(the same rules; any --tt-mb)"
head -n 1 "$tmp/t43.tab" | sed 's/buckets=[0-9]*/buckets=3/' > "$tmp/bad.tab"
run solve --game 'kalah(houses=4,seeds=3)' --tt-mb 16 --table-file "$tmp/bad.tab" --progress-s 0
check "solve kalah --table-file: a bucket count not a power of two: named" err_has "is not a power of two"
run solve --variant kujifunza --guess 1
check "solve bao --guess: refused" err_has "--guess is for Kalah"
run solve --game 'kalah(houses=4,seeds=3)' --limit-cpu-s 0
check "solve kalah: --limit-cpu-s 0 named" err_has "--limit-cpu-s must be above 0"
run solve --variant kujifunza --table-min-seeds 4
check "solve: --table-min-seeds for Bao named" err_has "--table-min-seeds is for Kalah"
run solve --variant kujifunza --deepen 4
check "solve: --deepen for Bao: exit 1" status_is 1
run solve --variant kujifunza --endgame-seeds 10
check "solve: --endgame-seeds for Bao: exit 1" status_is 1
run solve --game 'kalah(houses=4,seeds=3)' --endgame-seeds 0
check "solve kalah: --endgame-seeds 0: exit 1" status_is 1
run solve --game 'kalah(houses=6,seeds=6)' --limit-nodes 50 --progress-s 0
check "solve kalah: budget out: exit 0" status_is 0
check "solve kalah: budget out: value open with bounds" out_has "value open (South's margin within"
run solve --game 'kalah(houses=3,seeds=2)' --mode exact
check "solve kalah: --mode refused: exit 1" status_is 1
check "solve kalah: --mode refused: says why" err_has "--mode is for win/loss games"
run solve --game 'kalah(houses=3,seeds=2)' --max-path 10
check "solve kalah: --max-path refused" err_has "--max-path is for win/loss games"
run solve --game 'kalah(houses=9)'
check "solve kalah: houses out of range: exit 2" status_is 2
check "solve kalah: houses out of range named" err_has "houses"
run solve --game 'kalah(houses=3,seeds=2)' --position '1,1/1,1 0,0 S'
check "solve kalah: a bad position: exit 2" status_is 2
run solve --game 'kalah(houses=3,seeds=2)' --variant kujifunza
check "solve kalah: Bao's --variant refused: exit 2" status_is 2

# --- Kalah: the margin with a proof of both bounds (search/solver/kalah_proof_file.h).
run solve --game 'kalah(houses=3,seeds=3)' --proof "$tmp/k33.proof" --progress-s 0
check "solve kalah --proof: exit 0" status_is 0
check "solve kalah --proof: the proof's size" out_has "proof $tmp/k33.proof at_least_prover_positions"
value=$(sed -n 's/^value \([-+0-9]*\) .*/\1/p' "$tmp/out")
check "solve kalah --proof: the file names the value" eval 'grep -qx "value $value" "$tmp/k33.proof"'
run check-proof "$tmp/k33.proof"
check "check-proof kalah: accepted" status_is 0
check "check-proof kalah: names the margin" out_has "accepted: South's margin is $value from 3,3,3/3,3,3 0,0 S"
# One move of the at-least body changed to another house: rejected, naming the part.
first=$(sed -n '/^at-least$/{n;p;q}' "$tmp/k33.proof" | cut -d' ' -f1)
other=$([ "$first" = 1 ] && echo 2 || echo 1)
sed "/^at-least\$/{n;s/^$first /$other /}" "$tmp/k33.proof" > "$tmp/k33-bad.proof"
check "kalah proof: the altered proof differs" eval '! cmp -s "$tmp/k33.proof" "$tmp/k33-bad.proof"'
run check-proof "$tmp/k33-bad.proof"
check "check-proof kalah: one move changed: exit 2" status_is 2
check "check-proof kalah: one move changed: the part and a position named" err_has "rejected: at-least: position "
# A value one more than proven: the at-least body does not reach it.
sed "s/^value .*/value +$(( ${value#+} + 1 ))/" "$tmp/k33.proof" > "$tmp/k33-more.proof"
run check-proof "$tmp/k33-more.proof"
check "check-proof kalah: a value above the proof's: exit 2" status_is 2
sed "s/^value .*/value two/" "$tmp/k33.proof" > "$tmp/k33-text.proof"
run check-proof "$tmp/k33-text.proof"
check "check-proof kalah: a malformed value line: exit 2, named" eval 'test "$rc" = 2 && grep -q "expected '"'"'value V'"'"'" "$tmp/err"'
sed "s/^rule seeds=3/rule stones=3/" "$tmp/k33.proof" > "$tmp/k33-rule.proof"
run check-proof "$tmp/k33-rule.proof"
check "check-proof kalah: an unknown rule: named" err_has "unknown rule 'stones=3'"
run_in "$(cat "$tmp/k33.proof")" check-proof -
check "check-proof kalah: from standard input" out_has "accepted: South's margin is $value"
run check-proof "$DATA/kalah-4-4.proof"
check "check-proof kalah: the committed Kalah(4,4) proof accepted (+2)" out_has "accepted: South's margin is +2 from 4,4,4,4/4,4,4,4 0,0 S"
run solve --game 'kalah(houses=4,seeds=4)' --proof "$tmp/k44.proof" --progress-s 0
check "the committed Kalah(4,4) proof is what solve writes" cmp -s "$tmp/k44.proof" "$DATA/kalah-4-4.proof"
run solve --game 'kalah(houses=6,seeds=6)' --limit-nodes 50 --proof "$tmp/none.proof" --progress-s 0
check "solve kalah --proof: open value: no proof written" eval 'test ! -e "$tmp/none.proof" && grep -q "no proof written" "$tmp/err"'
run solve --game 'kalah(houses=3,seeds=3)' --proof "$tmp/x.proof" --lower 0
check "solve kalah --proof with --lower: refused" err_has "--proof proves the value from the rules alone"
finish
