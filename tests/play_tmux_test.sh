#!/usr/bin/env bash
# bao play on a real terminal: runs it in a detached tmux session (its own server
# socket), types with send-keys and checks with capture-pane what a person sees: the
# board, the legal moves, the engine's search while it thinks, its reply, undo, hint,
# a refused move, and quit ending the program. Without tmux it fails: scripts/test
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

t send-keys -t play "a1" Enter
check "a move of the wrong side is refused" wait_for "illegal: move 2S: 'a1' names a pit of North"

t send-keys -t play "hint" Enter
check "hint" wait_for "hint: A"

t send-keys -t play "undo" Enter
check "undo takes back the reply and the move" wait_for "undone: A6L* a"
check "the start again" wait_for "legal moves:  A6L* A6R* A7L* A7R*" 2

t send-keys -t play "quit" Enter
check "quit ends bao play with status 0" wait_for "bao-exited-0"

finish
