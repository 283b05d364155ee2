#!/usr/bin/env bash
# bao solve and bao check-proof end to end: Bao la Kujifunza solved from the start with a
# proof that check-proof accepts; the proof with one move changed, cut short, or with a
# bad header rejected naming the failure; a budget that runs out; bad options refused.
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

finish
