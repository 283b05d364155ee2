#!/usr/bin/env bash
# bao play with scripted input: moves, undo, hint, moves, position, save (read back by
# bao replay), illegal input refused with a message, the end of input, engines on either
# side, watching two engines, a player from a config, bad options, a line past the cap.
# Usage: play_test.sh BAO CONFIG_DIR
set -u
BAO="$1"; CONFIGS="$2"
source "$(dirname "$0")/lib.sh"

play() { # input text, then bao play arguments...; as lib.sh's run_in, with a time limit
  local input="$1"; shift
  printf '%s' "$input" | timeout 120 "$BAO" play "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?
}
# The position string bao replay reaches after the moves of one record line "1: ...;".
replayed() { printf 'variant: kiswahili\n%s\n' "$1" | "$BAO" replay - | tail -n 2 | head -n 1 | cut -d' ' -f3-; }
# The last position the board showed.
last_board_position() { grep '^position:' "$tmp/out" | tail -n 1 | sed 's/^position: *//'; }

START='0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -'

# --- Two people: moves, the board after each, undo, illegal input, position, save.
play $'A6L*\na5R\nundo\na1\nA1\nXYZ\nposition\nmoves\na5R\nA3\nA3L\nsave '"$tmp/g.txt"$'\nposition\nquit\n' --side both
check "two people: exit 0" status_is 0
check "two people: the board as bao show draws it" eval '"$BAO" show | head -n 6 > "$tmp/show" && head -n 8 "$tmp/out" | grep -qF -- "$(sed -n 2p "$tmp/show")"'
check "two people: the legal moves listed" out_has "legal moves:  A6L* A6R* A7L* A7R*"
check "two people: the first move played" out_has "South plays A6L*"
check "two people: the board redrawn after it" test "$(grep -c '^position:' "$tmp/out")" -ge 4
check "two people: undo takes back one ply" out_has "undone: a5R"
check "two people: an illegal move refused with the legal moves" \
  out_has "illegal: move 1N: 'a1' matches no legal move (legal: a5L a5R a6L a6R)"
check "two people: the other side's pit refused" out_has "illegal: move 1N: 'A1' names a pit of South, but North is to move"
check "two people: text that is no move refused" out_has "illegal: move 1N: 'XYZ' is not a move"
after1=$(replayed '1: A6L*;')
check "two people: position prints the position after undo" grep -qxF -- "$after1" "$tmp/out"
check "two people: moves lists the legal moves" test "$(grep -c '^legal moves:  a5L a5R a6L a6R$' "$tmp/out")" -ge 2
check "two people: an ambiguous move refused" out_has "illegal: move 2S: 'A3' is ambiguous: it fits A3L A3R (write the direction)"
check "two people: save" out_has "saved $tmp/g.txt (3 plies)"
check "two people: the record names both players" eval 'grep -qx "South: human" "$tmp/g.txt" && grep -qx "North: human" "$tmp/g.txt"'
check "two people: bao replay reads the saved record" eval '"$BAO" replay "$tmp/g.txt" > /dev/null'
check "two people: ... and reaches the position played" test "$("$BAO" replay "$tmp/g.txt" | tail -n 2 | head -n 1 | cut -d' ' -f3-)" = "$(last_board_position)"
check "two people: ... which position printed" grep -qxF -- "$(last_board_position)" "$tmp/out"
check "two people: nothing on stderr" test ! -s "$tmp/err"
check "two people: input is echoed after the prompt" out_has "South to move> A6L*"

# --- End of input ends the game quietly.
play $'A6L*\n' --side both
check "end of input: exit 0" status_is 0
check "end of input: the move was played" out_has "South plays A6L*"
play '' --side both
check "empty input: exit 0" status_is 0

# --- A line past 64 KiB (kMaxLineBytes) ends the game at once, naming the cap; a move
# played before it is saved by --save (the line grew without bound: < /dev/zero filled
# memory).
start=$(date +%s)
{ printf 'A6L*\n'; head -c 200000 /dev/zero; } | timeout 20 "$BAO" play --side both --save "$tmp/long.txt" \
  > "$tmp/out" 2> "$tmp/err"; rc=$?
check "a 200000-byte line: exit 2" status_is 2
check "a 200000-byte line: the cap named" \
  err_has "standard input: a line longer than 65536 bytes (64 KiB), the most a line of this input may be"
check "a 200000-byte line: at once" test $(($(date +%s) - start)) -le 5
check "a 200000-byte line: the game before it saved" grep -q "^1: A6L\*" "$tmp/long.txt"
timeout 20 "$BAO" play --side both < /dev/zero > /dev/null 2> "$tmp/err"; rc=$?
check "< /dev/zero: exit 2 naming the cap" eval 'status_is 2 && err_has "a line longer than 65536 bytes"'

# --- Against an engine: it replies, shows its search, undo takes back both plies, hint.
play $'A6L*\nundo\nhint\nquit\n' --depth 3
check "engine: exit 0" status_is 0
check "engine: named, the strength mode by default" out_has "North: engine/td-long depth 3"
check "engine: shows its search while it thinks" out_has "thinking: depth 3"
check "engine: replies" grep -q '^North plays a[0-9][LR]' "$tmp/out"
check "engine: undo takes back the reply and the move" grep -q '^undone: A6L\* a[0-9][LR]' "$tmp/out"
best=$("$BAO" search --searcher engine --eval td-long --depth 3 --position "$START" 2> /dev/null)
check "engine: hint is bao search's move ($best)" eval 'grep "^hint: " "$tmp/out" | grep -qF "hint: $best  value "'
check "engine: hint shows the depth and the PV" grep -q "^hint: .*  depth 3  pv .* (engine/td-long depth 3)" "$tmp/out"

# --- A hint whose search stops itself (om-bounded past its bound) is said; the game goes on.
play $'A6L*\na5R\nhint\nposition\nquit\n' --side both --opponent 'om-bounded(model=material,bound=3)' --depth 6
check "hint that fails: exit 0" status_is 0
check "hint that fails: says why" out_has "no hint: om-bounded: the evaluations differ"
check "hint that fails: the game goes on" grep -qxF -- "$(replayed '1: A6L* a5R;')" "$tmp/out"

# --- An engine whose search stops itself: exit 2 with its message, the game so far saved.
play $'A6L*\n' --opponent 'om-bounded(model=material,bound=3)' --depth 6 --quiet --save "$tmp/f.txt"
check "engine that fails: exit 2" status_is 2
check "engine that fails: says why" err_has "om-bounded: the evaluations differ"
check "engine that fails: the game so far saved" eval 'out_has "saved $tmp/f.txt (1 plies)" && grep -qx "1: A6L\*;" "$tmp/f.txt"'

# --- The engine has South and moves first; --quiet hides its search.
play $'position\nquit\n' --side north --depth 2 --quiet
check "engine as South: moves first" grep -q '^South plays A[0-9][LR]' "$tmp/out"
check "engine as South: North to move" out_has "North to move>"
check "engine as South: --quiet hides the search" eval '! out_has "thinking:"'

# --- A player from an experiment config.
play $'quit\n' --opponent-config "$CONFIGS/default.ini" --player material --quiet
check "config player: exit 0" status_is 0
check "config player: named" out_has "North: material"
play $'quit\n' --opponent-config "$CONFIGS/default.ini" --player nobody
check "config player: an unknown player is refused (exit 2)" status_is 2
check "config player: ... naming the players" err_has "no player 'nobody' (players: default, material)"

# --- Two engines (watch): to the ply cap, saved, read back.
play '' --side none --depth 1 --ply-cap 12 --quiet --save "$tmp/w.txt"
check "watch: exit 0" status_is 0
check "watch: stops at the ply cap" out_has "stopped: ply cap (12 plies)"
check "watch: saved" out_has "saved $tmp/w.txt (12 plies)"
check "watch: bao replay reads it" eval '"$BAO" replay "$tmp/w.txt" | tail -n 1 | grep -qx "result unfinished (no result in the record)"'
play '' --side none --opponent alphabeta --opponent 'alphabeta(ordering=false)' --eval material --depth 1 --quiet \
  --save "$tmp/w2.txt"
check "watch: to the end" grep -q '^game over: \(South\|North\) wins' "$tmp/out"
check "watch: two engines named" eval 'out_has "South: alphabeta/material depth 1" && out_has "North: alphabeta(ordering=false)/material depth 1"'
check "watch: the record of a finished game has its winner" eval 'grep -q "^winner: " "$tmp/w2.txt" && "$BAO" replay "$tmp/w2.txt" > /dev/null'

# --- From a position with North to move, and at the end of a game.
pos=$(replayed '1: A6L*;')
play $'a5R\nsave '"$tmp/p.txt"$'\nquit\n' --side both --position "$pos"
check "from a position: saved with its position header" grep -qxF "position: $pos" "$tmp/p.txt"
check "from a position: North's first move numbered 1" grep -qx '1: ... a5R;' "$tmp/p.txt"
check "from a position: bao replay reads it" eval '"$BAO" replay "$tmp/p.txt" > /dev/null'
over=$("$BAO" replay "$tmp/w2.txt" | tail -n 2 | head -n 1 | cut -d' ' -f3-)
play $'moves\nhint\nA1L\nquit\n' --side both --position "$over"
check "game over: said" grep -q '^game over: \(South\|North\) wins' "$tmp/out"
check "game over: no moves" grep -q '^no legal moves: ' "$tmp/out"
check "game over: no hint" grep -q '^no hint: ' "$tmp/out"
check "game over: a move refused" grep -q "^illegal: move .*: the game is over" "$tmp/out"

# --- Bad options.
play '' --side west
check "--side west: exit 1" status_is 1
check "--side west: says why" err_has "--side: expected south, north, both or none, found 'west'"
play '' --opponent nosuch
check "unknown searcher: exit 2" status_is 2
check "unknown searcher: named" err_has "nosuch"
play '' --eval nosuch
check "unknown evaluator: exit 2" status_is 2
play '' --position 'xyz'
check "bad position: exit 2" status_is 2
check "bad position: the reader's message" err_has "position: expected 5 fields"
play '' --player x
check "--player without a config: exit 1" status_is 1
play '' --depth 0
check "--depth 0: exit 1" status_is 1
play $'A6L*\n' --depth 500
check "--depth 500: exit 2 before the game" eval 'status_is 2 && out_empty'
check "--depth 500: says why" err_has "depth must be at most 127"
play $'A6L*\n' --opponent minimax --time-ms 100
check "minimax without a depth: exit 2 before the game" eval 'status_is 2 && out_empty'
check "minimax without a depth: says why" err_has "give a depth"
play '' --opponent alphabeta --opponent minimax
check "two --opponent with a human side: exit 1" status_is 1
check "two --opponent with a human side: says why" err_has "only with --side none"

# --- A record that cannot be written: said at the prompt, an error for --save.
play $'quit\n' --side both --save "$tmp/nofolder/g.txt"
check "--save into a missing folder: exit 2 before the game" status_is 2
check "--save into a missing folder: says why" err_has "--save: '$tmp/nofolder' is not a folder"
mkdir "$tmp/dir"
play $'save '"$tmp/dir"$'\nquit\n' --side both --save "$tmp/dir"
check "save onto a folder: said at the prompt" out_has "save: cannot write '$tmp/dir'"
check "--save onto a folder: exit 2" status_is 2
check "--save onto a folder: says why" err_has "cannot write '$tmp/dir'"

finish
