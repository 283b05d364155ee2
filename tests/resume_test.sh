#!/usr/bin/env bash
# `bao run` end to end: usage: resume_test.sh BAO CONFIGS_DIR
# A run killed with SIGKILL mid-run (plus a torn last line, as a kill during a write
# would leave) resumes to the full game count with no record duplicated or broken; a
# record that contradicts its moves and a different config are refused; config errors
# and usage errors give exit 2 and 1; the example configs are valid.
set -u
BAO="$1"; CONFIGS="$2"
source "$(dirname "$0")/lib.sh"

cat > "$tmp/r.ini" <<'INI'
seed = 11
openings = 40
players = a, b
threads = 2
[player.a]
searcher = alphabeta(tt_mb=1)
eval = default
depth = 6
[player.b]
searcher = alphabeta(tt_mb=1)
eval = material
depth = 5
INI
total=80
out="$tmp/results"
games="$out/games.jsonl"

# Start a run and kill it once a few games are recorded.
"$BAO" run "$tmp/r.ini" --out "$out" > "$tmp/run1.out" 2> "$tmp/run1.err" &
pid=$!
for _ in $(seq 1 1200); do
  [ -f "$games" ] && [ "$(wc -l < "$games")" -ge 5 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
if kill -0 "$pid" 2>/dev/null; then
  kill -9 "$pid"; wait "$pid" 2>/dev/null; pid=""
  n=$(wc -l < "$games")
  echo "killed after $n games"
  check "the killed run left fewer games than the total" test "$n" -lt "$total"
else
  wait "$pid"; pid=""
  echo "note: the run ended before it could be killed; resume is still checked"
fi
check "config.ini was written at the start" test -s "$out/config.ini"
# A kill in the middle of a write would leave part of a line: simulate one.
printf '{"pairing":"a vs b","first":"a","sec' >> "$games"

run run "$tmp/r.ini" --out "$out"
check "the resumed run exits 0" status_is 0
check "the torn line is reported" err_has "torn last line"
check "the resumed run has all $total games" test "$(wc -l < "$games")" -eq "$total"
check "every line is a whole record" test "$(grep -c '^{"pairing":.*}$' "$games")" -eq "$total"
ids() { sed -E 's/^\{"pairing":"([^"]*)".*"opening_index":([0-9]+),"game":([0-9]).*/\1\/\2\/\3/' "${1:-$games}"; }
check "no game is recorded twice" test "$(ids | sort -u | wc -l)" -eq "$total"
check "no id is malformed" test "$(ids | grep -vc '^a vs b/[0-9]*/[01]$')" -eq 0
check "summary.csv has the header and one row" test "$(wc -l < "$out/summary.csv")" -eq 2
check "summary.csv has the required columns" grep -q '^pairing,games,wins,losses,capped,score,score_ci95,elo,elo_ci95,los' "$out/summary.csv"
check "summary.csv counts $total games" grep -q "^a vs b,$total," "$out/summary.csv"
check "the summary is printed" out_has "| a vs b | $total |"
check "summary.md is written" grep -q "pairs 0-0.5-1-1.5-2" "$out/summary.md"

# A third run has nothing to do and leaves the records alone.
cp "$games" "$tmp/before"
run run "$tmp/r.ini" --out "$out" --threads 1
check "a finished folder reruns with exit 0" status_is 0
check "a finished folder plays nothing" err_has "nothing left to play"
check "a finished folder's records are unchanged" cmp -s "$games" "$tmp/before"

# A record whose plies, result, winner or first_points contradicts its moves (replayed
# from its opening under the config's rules and ply cap) is refused, naming the file,
# line and field, and the records are left alone.
tamper() { # sed expression on line 2, the field it changes
  sed "2$1" "$tmp/before" > "$games"
  cp "$games" "$tmp/tampered"
  run run "$tmp/r.ini" --out "$out"
  check "a record with a contradicting $2 exits 2, naming file:line and the field" \
    eval "status_is 2 && err_has \"$games:2: game \" && err_has \"contradicts its moves: field '$2'\""
  check "a record with a contradicting $2 is left as it is" cmp -s "$games" "$tmp/tampered"
}
tamper 's/"plies":\([0-9]*\)/"plies":1\1/' plies
case "$(sed -n 2p "$tmp/before")" in
  *'"result":"south"'*) tamper 's/"result":"south"/"result":"north"/' result ;;
  *'"result":"north"'*) tamper 's/"result":"north"/"result":"south"/' result ;;
  *) tamper 's/"result":"capped"/"result":"south"/' result ;;
esac
tamper 's/"winner":"[ab]*"/"winner":"x"/' winner
case "$(sed -n 2p "$tmp/before")" in
  *'"first_points":0.5,'*) tamper 's/"first_points":0.5,/"first_points":1,/' first_points ;;
  *) tamper 's/"first_points":[01],/"first_points":0.5,/' first_points ;;
esac
cp "$tmp/before" "$games"

# A different config into the same folder is refused, naming the difference.
run run "$tmp/r.ini" --out "$out" --set player.a.depth=3
check "a different config exits 2" status_is 2
check "a different config names what differs" err_has "player.a.depth: was 6, now 3"
check "the differences stand on lines of their own, not escaped" grep -qx "  player.a.depth: was 6, now 3" "$tmp/err"
check "a refused run leaves the records alone" cmp -s "$games" "$tmp/before"

# Two runs on one folder: the second is refused at once (exit 2, naming the folder)
# while the first holds it, and the first plays every game once. Before the lock both
# played every game, so each was recorded twice.
out2="$tmp/shared"
games2="$out2/games.jsonl"
"$BAO" run "$tmp/r.ini" --out "$out2" > "$tmp/first.out" 2> "$tmp/first.err" < /dev/null &
pid=$!
for _ in $(seq 1 1200); do
  [ -s "$games2" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
# Stopped (the signal is the test of life), the first run holds the folder however fast
# the machine: it cannot finish, and write its own summary, while the second is checked.
if kill -STOP "$pid" 2>/dev/null; then
  run run "$tmp/r.ini" --out "$out2"
  check "a second run on a folder in use exits 2" status_is 2
  check "a second run says another bao run uses the folder, naming it" \
    err_has "results folder '$out2' is in use by another bao run (pid $pid)"
  check "a refused second run writes no summary" test ! -e "$out2/summary.csv"
  check "a refused second run plays no game" test "$(grep -c . "$tmp/err")" -eq 1
  # --check neither takes nor needs the lock.
  run run "$tmp/r.ini" --out "$out2" --check
  check "--check on a folder in use exits 0" eval "status_is 0 && out_has 'config ok'"
  kill -CONT "$pid"
  wait "$pid"; first_rc=$?; pid=""
  check "the first run ends with exit 0" test "$first_rc" -eq 0
  check "the first run has all $total games" test "$(wc -l < "$games2")" -eq "$total"
  check "no game is recorded twice by the two runs" test "$(ids "$games2" | sort | uniq -d | wc -l)" -eq 0
  check "the first run's summary counts $total games" grep -q "^a vs b,$total," "$out2/summary.csv"
  # The lock goes with the process: the folder resumes (nothing left) and locks again.
  run run "$tmp/r.ini" --out "$out2"
  check "the folder reruns after the first run ends" eval "status_is 0 && err_has 'nothing left to play'"
else
  wait "$pid"; pid=""
  check "the first run was still running when the second started (the config is too fast)" false
fi

# Errors: bad input exits 2, bad usage 1, with the file, line and key named.
printf 'seed = 1\nopenings = 2\nplayers = a, b\nfrob = 3\n' > "$tmp/bad.ini"
run run "$tmp/bad.ini" --out "$tmp/bad"
check "an unknown key exits 2" status_is 2
check "an unknown key is named with file and line" err_has "bad.ini:4: key 'frob': unknown key"
run run "$tmp/r.ini" --out "$tmp/x" --set openings=zero
check "a bad --set value exits 2" status_is 2
check "a bad --set value is named" err_has "key 'openings'"
run run "$tmp/missing.ini"
check "a missing config exits 2" status_is 2
check "a missing config is named" err_has "missing.ini"
run run
check "no config exits 1" status_is 1
run run "$tmp/r.ini" --threads x
check "a bad --threads exits 1" status_is 1
run run --help
check "bao run --help exits 0 and lists --set" eval 'status_is 0 && out_has --set'
mkdir "$tmp/folder.ini"
run run "$tmp/folder.ini" --check
check "a folder as config exits 2 and says so" eval "status_is 2 && err_has 'folder.ini' && err_has 'is a directory'"

# --check reads the config, says what it would run, and writes nothing.
run run "$tmp/r.ini" --out "$tmp/checked" --check
check "--check exits 0 and counts the games" \
  eval "status_is 0 && out_has 'config ok: 1 pairing(s) x 40 openings x 2 colours = 80 games into $tmp/checked'"
check "--check writes no results folder" test ! -e "$tmp/checked"
# --check never searches: a player whose first iteration alone would take hours (a
# model searched 40 plies deep) is checked at once (before, the check ran a search).
sed 's/^searcher = alphabeta(tt_mb=1)$/searcher = root-om(model=material@40)/' "$tmp/r.ini" > "$tmp/deep.ini"
timeout -s KILL 60 "$BAO" run "$tmp/deep.ini" --check > "$tmp/out" 2> "$tmp/err" < /dev/null; rc=$?
check "--check with a deep root-om player ends (no search) and passes" eval "status_is 0 && out_has 'config ok'"
# A folder where games.jsonl belongs is named as such.
mkdir -p "$tmp/dirgames/games.jsonl"
run run "$tmp/r.ini" --out "$tmp/dirgames"
check "games.jsonl as a folder: exit 2 naming it" eval "status_is 2 && err_has 'games.jsonl' && err_has 'is a folder, not a file'"
# --check makes the openings: a range no game reaches is refused there, not by the run.
run run "$tmp/r.ini" --set opening_plies=1000 --check
check "--check refuses openings no random walk reaches" eval "status_is 2 && err_has 'no random opening of 1000 to 1000 plies'"

# The example configs are valid.
for f in "$CONFIGS"/*.ini; do
  run run "$f" --check
  check "$(basename "$f") is a valid config" status_is 0
done

finish
