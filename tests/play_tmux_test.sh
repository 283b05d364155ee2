#!/usr/bin/env bash
# bao play on a real terminal: runs it in a detached tmux session (its own server
# socket), types with send-keys and checks with capture-pane what a person sees: the
# board, the legal moves, the engine's search while it thinks, its reply, undo, hint
# (on a line of its own after its search), help (what a move's L, R, * and > mean),
# a refused move, and quit ending the program. On a terminal the screen is redrawn in
# place: one board on the screen, the last two moves' pits marked (reverse video and
# underline), the engine's iterations on one line; --plain draws each board below the
# last as piped output does (tests/play_test.sh checks that output). Without tmux it fails: scripts/test
# installs it (TEST_PACKAGES in scripts/_setup.sh).
# Usage: play_tmux_test.sh BAO
set -u
BAO="$1"
command -v tmux > /dev/null || { echo "play_tmux_test: FAIL: no tmux (Debian: tmux; scripts/test installs it)"; exit 1; }
source "$(dirname "$0")/lib.sh"
sock="bao-play-test-$$"
cleanup() { tmux -L "$sock" kill-server 2> /dev/null; lib_cleanup; }
trap cleanup EXIT
t() { tmux -L "$sock" -f /dev/null "$@"; }
screen() { t capture-pane -p -t play -S -200 2> /dev/null; }
# What the pane shows now (no history), with -e its ANSI attributes too.
visible() { t capture-pane -p "$@" -t play 2> /dev/null; }
# Waits up to 20 s until the screen shows the fixed text $1 ($2 times at least).
wait_for() {
  local i
  for i in $(seq 1 200); do
    [ "$(screen | grep -cF -- "$1")" -ge "${2:-1}" ] && return 0
    sleep 0.1
  done
  echo "--- screen while waiting for '$1':"; screen | tail -n 30; echo "---"
  return 1
}

t new-session -d -s play -x 120 -y 60 "'$BAO' play --depth 4; echo bao-exited-\$?; sleep 30"
check "the board is drawn" wait_for "  A       0    0    0    0  [6]    2    2    0"
north_row=$(screen | grep -n "^  b " | head -n 1 | cut -d: -f1)
south_row=$(screen | grep -n "^  A " | head -n 1 | cut -d: -f1)
check "North's rows on top, as bao show draws them" test "${north_row:-99}" -lt "${south_row:-0}"
check "the legal moves are listed" wait_for "legal moves:  A6L* A6R* A7L* A7R*"
check "the prompt waits for South" wait_for "South to move>"

t send-keys -t play "A6L*" Enter
check "the move is played" wait_for "South plays A6L*"
check "the engine shows its search" wait_for "thinking: depth 4"
check "the engine replies" wait_for "North plays a"
check "the board is redrawn" wait_for "to move:      South"
check "typed input shows once, after the prompt" \
  eval 'test "$(screen | grep -cx "South to move> A6L\*")" -eq 1 && ! screen | grep -qx "A6L\*"'
wait_for "last moves:   South A6L* (underlined), North a" > /dev/null
check "redrawn in place: one board on the screen" test "$(visible | grep -c '^  b ')" -eq 1
check "the last two moves are named under the board" eval 'visible | grep -q "^last moves:   South A6L\* (underlined), North a5. (reversed)$"'
# A6 (now empty) underlined, the reply's pit a5 (North's house, drawn [n]) reversed.
check "A6, the move before the last, is underlined" eval "visible -e | grep '^  A ' | grep -qF \$'\\e[4m0\\e[0m'"
check "the last move's pit is reversed" eval "visible -e | grep '^  a ' | grep -qF \$'\\e[7m['"
check "the engine's iterations took one line (depth 1, then 4 over it)" \
  eval 'test "$(visible | grep -c "thinking: depth")" -eq 1 && visible | grep -q "thinking: depth 4"'
check "what happened stays under the board" eval 'visible | grep -qx "South plays A6L\*" && visible | grep -q "^North plays a"'

t send-keys -t play "a1" Enter
check "a move of the wrong side is refused" wait_for "illegal: move 2S: 'a1' names a pit of North"
check "typed input shows once, after the prompt, on the redrawn screen" \
  eval 'test "$(visible | grep -cx "South to move> a1")" -eq 1 && ! visible | grep -qx "a1"'

t send-keys -t play "hint" Enter
check "hint" wait_for "hint: A"
# The hint's search rewrites one line without ending it; the hint starts a line of its own.
check "the hint is a line of its own, not the end of the search's line" \
  eval 'screen | grep -q "^hint: A" && ! screen | grep -q "thinking: .*hint:"'

t send-keys -t play "help" Enter
check "help explains a move's > (safari)" wait_for "on a capture that reaches the house: go on and sow the house (safari);"
check "help explains a move's *" wait_for "a move that captures nothing (takasa)"

t send-keys -t play "undo" Enter
check "undo takes back the reply and the move" wait_for "undone: A6L* a"
check "the start again" wait_for "legal moves:  A6L* A6R* A7L* A7R*" 2

t send-keys -t play "quit" Enter
check "quit ends bao play with status 0" wait_for "bao-exited-0"

# --plain on the same terminal: boards one below the other, every iteration on its line.
t kill-session -t play
t new-session -d -s play -x 120 -y 60 "'$BAO' play --depth 4 --plain; echo bao-exited-\$?; sleep 30"
check "--plain: the board is drawn" wait_for "legal moves:  A6L* A6R* A7L* A7R*"
t send-keys -t play "A6L*" Enter
check "--plain: the engine replies" wait_for "North plays a"
check "--plain: the boards follow one another" test "$(visible | grep -c '^  b ')" -ge 2
check "--plain: one line per iteration" test "$(visible | grep -c 'thinking: depth')" -eq 2
check "--plain: no ANSI attributes" eval '! visible -e | grep -q $'"'"'\e\['"'"
t send-keys -t play "quit" Enter
check "--plain: quit ends it" wait_for "bao-exited-0"

finish
