#!/usr/bin/env bash
# Tests of the `bao` command line: usage: cli_test.sh BAO DATA_DIR
set -u
BAO="$1"; DATA="$2"
source "$(dirname "$0")/lib.sh"

# The 1994 game: --tsv reproduces the data file exactly.
"$BAO" replay --tsv "$DATA/game1994.txt" > "$tmp/g.tsv"
check "replay --tsv reproduces game1994-positions.tsv" diff -u "$DATA/game1994-positions.tsv" "$tmp/g.tsv"
"$BAO" replay --legal "$DATA/game1994.txt" > "$tmp/g.txt"
check "replay ends with the result" test "$(tail -n 1 "$tmp/g.txt")" = "result North wins (South resigns)"
check "replay --legal prints 46 plies and 46 legal lines" test "$(grep -c '^legal ' "$tmp/g.txt")" -eq 46

START='0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -'
KUJ_START='2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 -- -'
NORTH_ROW_EMPTY='8,8,8,8,8,8,8,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 -- -'

# --- Help and usage errors (exit 0 and 1).
for h in --help -h help; do
  run $h
  check "bao $h exits 0" status_is 0
  check "bao $h lists the commands" eval 'out_has show && out_has moves && out_has replay && out_has perft'
done
run
check "bao without a command exits 1" status_is 1
check "bao without a command prints the usage on stderr" err_has "usage: bao"
for sub in show moves replay perft; do
  run $sub --help
  check "bao $sub --help exits 0" status_is 0
  check "bao $sub --help prints its usage" out_has "usage: bao $sub"
  check "bao $sub --help lists --variant and --rule" eval 'out_has --variant && out_has --rule'
done
for sub in show moves perft; do
  run $sub --help
  check "bao $sub --help lists --position" out_has --position
done
run perft --help
check "bao perft --help lists --depth and --divide" eval 'out_has --depth && out_has --divide'
run replay --help
check "bao replay --help lists --legal, --tsv and --board" eval 'out_has --legal && out_has --tsv && out_has --board'

# A positional argument is listed as the synopsis writes it (CONFIG), not as an option.
run run --help
check "bao run --help lists CONFIG as an argument, as its usage line takes it" \
  eval "out_has 'usage: bao run CONFIG' && grep -q '^  CONFIG  ' '$tmp/out' && ! out_has '--config'"
run replay --help
check "bao replay --help lists FILE as an argument" eval "grep -q '^  FILE  ' '$tmp/out' && ! out_has '--file'"

# Every synopsis (the usage line of --help) names every option of the list below it.
for sub in show moves replay perft search bench run trees tree-games learn-eval learn-types play serve; do
  run $sub --help
  sed '/^$/q' "$tmp/out" > "$tmp/usage"
  opts=$(sed -n 's/^  \(--[a-z0-9-]*\).*/\1/p' "$tmp/out")
  missing=""
  for opt in $opts; do
    grep -qE -- "$opt([^a-z0-9-]|\$)" "$tmp/usage" || missing="$missing $opt"
  done
  check "bao $sub --help lists its options" test -n "$opts"
  check "bao $sub --help: the synopsis names every option${missing:+ (missing:$missing)}" test -z "$missing"
done

run frob
check "unknown command exits 1" status_is 1
check "unknown command is named on stderr" err_has "unknown command 'frob'"
# Arguments are quoted in messages with their control bytes escaped (\x1b), so that no
# argument can send an escape sequence to the terminal through stderr.
no_raw_esc() { ! grep -q $'\e' "$tmp/err"; }
run $'fr\e[31mob'
check "an unknown command with ESC exits 1, named escaped" eval "status_is 1 && err_has \"unknown command 'fr\\x1b[31mob'\""
check "  and no raw ESC on stderr" no_raw_esc
run search --depth 2 --searcher $'\e[31m'
check "search --searcher ESC exits 2, named escaped" eval "status_is 2 && err_has \"'\\x1b[31m': expected a name\""
check "  and no raw ESC on stderr" no_raw_esc
run search --depth 2 --variant $'\e'
check "search --variant ESC exits 2, named escaped" eval "status_is 2 && err_has \"found '\\x1b'\""
check "  and no raw ESC on stderr" no_raw_esc
run search --depth 2 $'--fr\eob'
check "an unknown option with ESC exits 1, named escaped" eval "status_is 1 && err_has \"'--fr\\x1bob'\""
check "  and no raw ESC on stderr" no_raw_esc
run replay "$tmp/"$'no\e[2Jsuch'
check "replay of a path with ESC: cannot open, named escaped" eval "status_is 2 && err_has \"cannot open '$tmp/no\\x1b[2Jsuch'\""
check "  and no raw ESC on stderr" no_raw_esc
for sub in show moves replay perft; do
  run $sub --frob
  check "bao $sub --frob exits 1" status_is 1
  check "bao $sub --frob names the option" err_has "frob"
done
run moves --position
check "option without its value exits 1" status_is 1
check "option without its value is named" err_has "position"
run perft
check "perft without --depth exits 1" status_is 1
check "perft without --depth names --depth" err_has "depth"
run perft --depth x
check "perft --depth x exits 1" status_is 1
run perft --depth 31
check "perft --depth 31 exits 1" status_is 1
run perft --depth -1
check "perft --depth -1 exits 1" status_is 1
check "perft --depth -1 says the range" err_has "between 0 and 30"
run replay
check "replay without a file exits 1" status_is 1
run replay a b
check "replay with two files exits 1" status_is 1
# A stray argument is a usage error, not silently ignored.
run moves stray
check "moves with a stray argument exits 1" status_is 1
run show stray
check "show with a stray argument exits 1" status_is 1
run perft --depth 1 stray
check "perft with a stray argument exits 1" status_is 1

# --- Bad input (exit 2, a message on stderr naming the problem, nothing on stdout).
run show --position "0,0"
check "show: malformed position exits 2" status_is 2
check "show: malformed position says 5 fields" err_has "5 fields"
check "show: malformed position prints nothing on stdout" out_empty
run moves --position "${START/22,22/22,21}"
check "moves: 63 seeds exits 2" status_is 2
check "moves: 63 seeds names the total" eval 'err_has 63 && err_has 64'
run perft --depth 1 --position "${START/ S / X }"
check "perft: bad side to move exits 2" status_is 2
check "perft: bad side to move names the field" eval 'err_has "field 2 (side to move)" && err_has "'"'X'"'"'
run moves --variant kujifunza --position "$START"
check "moves: kiswahili position read as kujifunza exits 2" status_is 2
check "moves: kiswahili position read as kujifunza says why" err_has kujifunza
run moves --position "${START/Aa -/Aa a3}"
check "moves: takasia mark of the other side exits 2" status_is 2
check "moves: takasia mark of the other side names field 5" eval "err_has 'field 5 (takasia)' && err_has a3"
run moves --variant bao
check "moves --variant bao exits 2" status_is 2
check "moves --variant bao names the value" err_has "'bao'"
# An empty --position (as `--position "$P"` with P unset gives) is refused, not read as
# the start position.
for cmd in show moves "perft --depth 1" "search --depth 1" play; do
  run $cmd --position ""
  check "$cmd --position '' exits 2" status_is 2
  check "$cmd --position '' says it is empty" err_has "--position: empty; leave the option out"
  check "$cmd --position '' prints nothing on stdout" out_empty
done
run replay --rule nonsense=1 "$DATA/game1994.txt"
check "replay --rule with an unknown key exits 2" status_is 2
check "replay --rule with an unknown key names it" err_has "nonsense"
run replay "$tmp/no-such-file.txt"
check "replay of a missing file exits 2" status_is 2
check "replay of a missing file names it" eval 'err_has "no-such-file.txt" && err_has "cannot open"'
check "replay of a missing file prints nothing on stdout" out_empty
mkdir "$tmp/dir"
run replay "$tmp/dir"
check "replay of a directory exits 2" status_is 2
check "replay of a directory names it" err_has "$tmp/dir"

# --- moves.
run moves
check "moves from the start exits 0" status_is 0
printf 'A6L*\nA6R*\nA7L*\nA7R*\n' > "$tmp/expected"
check "moves from the start prints A6L* A6R* A7L* A7R*, one per line" diff -u "$tmp/expected" "$tmp/out"
run moves --position "$START"
check "moves --position start prints the same" diff -u "$tmp/expected" "$tmp/out"
run moves --variant kujifunza
check "moves from the kujifunza start: 16 moves" test "$(wc -l < "$tmp/out")" -eq 16
check "moves from the kujifunza start: sorted canonical list" \
  test "$(tr '\n' ' ' < "$tmp/out")" = "A1R A2R A3L A3R A4L A4R A5L A5R A6L A6R A7L A8L B1L B2L B7R B8R "
# The position before 3N of the 1994 game: captures with the safari choice.
run moves --position "$(awk -F'\t' '$1 == "3S" { print $4 }' "$DATA/game1994-positions.tsv")"
check "moves before 3N of the 1994 game" test "$(tr '\n' ' ' < "$tmp/out")" = "a6L a6R a6R> a8R a8R> "
run moves --position "$NORTH_ROW_EMPTY"
check "moves of a finished game exits 0" status_is 0
check "moves of a finished game prints no move" out_empty
check "moves of a finished game says why on stderr" err_has "North's front row is empty"

# --- perft.
run perft --depth 3
check "perft --depth 3 exits 0" status_is 0
check "perft --depth 3: last stdout line is 38" test "$(tail -n 1 "$tmp/out")" = 38
run perft --depth 3 --divide
check "perft --depth 3 --divide: last line is 38" test "$(tail -n 1 "$tmp/out")" = 38
check "perft --depth 3 --divide: one line per legal move" \
  test "$(head -n -1 "$tmp/out" | cut -d' ' -f1 | tr '\n' ' ')" = "A6L* A6R* A7L* A7R* "
check "perft --depth 3 --divide: lines sum to the total" \
  test "$(head -n -1 "$tmp/out" | awk '{ s += $2 } END { print s }')" = "$(tail -n 1 "$tmp/out")"
run perft --depth 0
check "perft --depth 0 is 1" test "$(tail -n 1 "$tmp/out")" = 1
while IFS=$'\t' read -r variant depth count; do
  [ "$variant" = variant ] && continue
  [ "$depth" -gt 4 ] && continue
  run perft --variant "$variant" --depth "$depth"
  check "perft $variant depth $depth is $count" test "$(tail -n 1 "$tmp/out")" = "$count"
  run perft --variant "$variant" --depth "$depth" --divide
  check "perft $variant depth $depth --divide sums to $count" \
    test "$(head -n -1 "$tmp/out" | awk '{ s += $2 } END { print s + 0 }')" = "$count"
done < "$DATA/perft-start.tsv"
run perft --depth 2 --position "$NORTH_ROW_EMPTY"
check "perft of a finished game is 0" test "$(tail -n 1 "$tmp/out")" = 0

# --- show.
run show
check "show exits 0" status_is 0
check "show has rows b, a, A, B in that order" \
  test "$(grep -oE '^  [abAB] ' "$tmp/out" | tr -d ' \n')" = "baAB"
check "show prints the position string" out_has "position:     $START"
check "show marks the owned houses" out_has "[6]"
run show --variant kujifunza
check "show --variant kujifunza prints the kujifunza start" out_has "$KUJ_START"
run show --position "${START/ S / N }"
check "show --position with North to move" out_has "to move:      North"

# --- replay.
run_in "$(cat "$DATA/game1994.txt")" replay -
check "replay - reads standard input" status_is 0
check "replay - gives the result" test "$(tail -n 1 "$tmp/out")" = "result North wins (South resigns)"
check "replay - prints 46 plies" test "$(grep -cE '^[0-9]+[SN] ' "$tmp/out")" -eq 46
run_in $'1: A7L* a5R;\n2: A6L* a5R;\n' replay -
check "replay of an unfinished game" test "$(tail -n 1 "$tmp/out")" = "result unfinished (no result in the record)"
check "replay prints ply, move, position" out_has "1S A7L* 0,0,0,1,7,3,0,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 N 21,22 Aa -"
run replay --board "$DATA/game1994.txt"
check "replay --board ends with the final position" \
  test "$(tail -n 1 "$tmp/out")" = "position:     $(tail -n 1 "$DATA/game1994-positions.tsv" | cut -f4)"

printf 'South: x\n1: A7L* a5R;\n2: A8L* a5R;\n' > "$tmp/illegal.txt"
run replay "$tmp/illegal.txt"
check "replay of an illegal move exits 2" status_is 2
check "replay of an illegal move names the file and line" err_has "illegal.txt line 3"
check "replay of an illegal move names the move number" err_has "move 2S"
check "replay of an illegal move names the move" err_has "'A8L*'"
check "replay of an illegal move lists the legal moves" err_has "A6L* A6R*"
run_in $'1: A7L* a6R;\n' replay -
check "replay - of an illegal North move exits 2" status_is 2
check "replay - of an illegal North move names <stdin>, move and legal moves" \
  eval "err_has '<stdin> line 1' && err_has 'move 1N' && err_has \"'a6R'\" && err_has 'a5L a5R'"
run_in $'1: A7L* a5R;\n3: A6L* a5R;\n' replay -
check "replay of a wrong move number exits 2" status_is 2
check "replay of a wrong move number names it" eval "err_has 'line 2' && err_has 'expected move number 2'"
run_in $'1: A7L* a5R;\ndate: 1994\n' replay -
check "replay of a late header exits 2" status_is 2
check "replay of a late header names it" eval "err_has 'line 2' && err_has \"header 'date'\""
run_in $'winner: South\n1: A7L* a5R;\n2: resigns;\n' replay -
check "replay of a contradicted winner header exits 2" status_is 2
check "replay of a contradicted winner header says so" eval "err_has 'winner' && err_has 'North wins'"
run replay --variant kujifunza "$DATA/game1994.txt"
check "replay --variant contradicting the record exits 2" status_is 2
check "replay --variant contradicting the record names both" eval 'err_has kiswahili && err_has kujifunza'
run_in "position: $(awk -F'\t' '$1 == "1S" { print $4 }' "$DATA/game1994-positions.tsv")"$'\n1: ... a5R;\n2: A6L* resigns;\n' replay -
check "replay from a North-to-move position header" status_is 0
check "replay from a North-to-move position header: first ply 1N" test "$(head -n 1 "$tmp/out" | cut -d' ' -f1-2)" = "1N a5R"
check "replay from a North-to-move position header: result" test "$(tail -n 1 "$tmp/out")" = "result South wins (North resigns)"

# --- bao search and bao bench.
run search --depth 4
check "search exits 0" status_is 0
# With a depth limit alone alpha-beta iterates every third depth, ending at the limit.
check "search prints one info line per iteration (depths 1 and 4)" test "$(grep -oE '^info depth [0-9]+' "$tmp/err" | tr '\n' ,)" = "info depth 1,info depth 4,"
check "search info lines have value, nodes, nps and pv" \
  grep -qE '^info depth 4 value -?[0-9]+ nodes [0-9]+ nps [0-9]+ pv [ABab][1-8][LR]' "$tmp/err"
check "search prints the best move as the last line of stdout, a legal move" \
  eval "grep -qxF \"\$(tail -n 1 '$tmp/out')\" <(\"\$BAO\" moves)"
check "search's best move is the first move of the last pv" \
  test "$(tail -n 1 "$tmp/out")" = "$(grep '^info depth 4 ' "$tmp/err" | sed 's/.* pv //' | cut -d' ' -f1)"
run search --depth 4 --searcher 'alphabeta(id_step=1)'
check "search with id_step=1 iterates every depth" test "$(grep -c '^info depth ' "$tmp/err")" -eq 4
run search --depth 4 --searcher 'alphabeta(id_step=0)'
check "search refuses id_step=0" eval "status_is 2 && err_has id_step"
run search --searcher minimax --eval material --depth 3
check "search with minimax and material exits 0" status_is 0
run search --nodes 2000
check "search with a node limit exits 0" status_is 0
run search --time-ms 50 --variant kujifunza
check "search with a time limit exits 0" status_is 0
run search
check "search without a limit exits 1" status_is 1
check "search without a limit says what is missing" err_has "--depth"
run search --depth 0
check "search --depth 0 exits 1" status_is 1
run search --depth 3 --searcher alphabta
check "search with an unknown searcher exits 2" status_is 2
check "search with an unknown searcher names it and the known ones" eval "err_has alphabta && err_has 'known: minimax, alphabeta'"
run search --list
check "search --list exits 0" status_is 0
check "search --list prints the registry's table, every searcher in it" eval "out_has '| \`alphabeta\` |' && out_has '| \`ddom-ab\` |' && out_has '| \`root-om\` |'"
run trees --searchers root-om --depth 2 --trees 1
check "trees with a Bao-only searcher exits 2" status_is 2
check "trees with a Bao-only searcher says why it does not run on trees" err_has "does not run on random trees"
run search --depth 3 --searcher 'alphabeta(tt_mb=65537)'
check "search with a bad searcher parameter exits 2" status_is 2
check "search with a bad searcher parameter names it" err_has "tt_mb"
over=$(( $(getconf _NPROCESSORS_ONLN) + 1 ))
run search --time-ms 10 --searcher "alphabeta(threads=$over)"
check "search with more threads than the machine has exits 2" status_is 2
check "search with more threads than the machine has names the count" err_has "threads=$over, more than the $(( over - 1 )) hardware threads of this machine"
run search --game kalah --time-ms 10 --searcher "alphabeta(threads=$over)"
check "another game's search with more threads than the machine has exits 2" status_is 2
check "another game's search with more threads than the machine has names the count" err_has "threads=$over, more than the $(( over - 1 )) hardware threads of this machine"
run search --time-ms 10 --searcher "alphabeta(threads=$(( over - 1 )))"
check "search with the machine's thread count exits 0" status_is 0
run search --depth 3 --eval strong
check "search with an unknown evaluator exits 2" status_is 2
check "search with an unknown evaluator names it" err_has "'strong'"
run search --depth 3 --position "$NORTH_ROW_EMPTY"
check "search of a finished game exits 2" status_is 2
check "search of a finished game says why" err_has "front row is empty"
run bench --depth 3 --searcher 'alphabeta(id_step=1)'
check "bench exits 0" status_is 0
check "bench prints nodes and nps on stdout" eval "grep -qE '^nodes [0-9]+$' '$tmp/out' && grep -qE '^nps [0-9]+$' '$tmp/out'"
check "bench reports the branching factor and the table" eval "err_has EBF && err_has 'table:'"
# Depth 1 has no iteration before it: its branching factor is n/a, not 0.00.
check "bench prints n/a as the EBF of depth 1" grep -qE '^ +1 +[0-9]+ +n/a$' "$tmp/err"
check "bench prints the EBF of depths 2 and 3" test "$(grep -cE '^ +[23] +[0-9]+ +[0-9]+\.[0-9]{2}$' "$tmp/err")" -eq 2
run bench --depth 5
check "bench lists only the iterations run (depths 2 and 5)" test "$(grep -cE '^ +[0-9]+ +[0-9]+ +(n/a|[0-9.]+)$' "$tmp/err")" -eq 2
check "bench gives the EBF per ply between iterations" grep -qE '^ +5 +[0-9]+ +[0-9]+\.[0-9]{2}$' "$tmp/err"
run bench --depth 2 --verbose
check "bench --verbose prints a line per position on stderr" \
  test "$(grep -cE '^position [0-9]+ \(.*\): best .* value -?[0-9]+ nodes [0-9]+$' "$tmp/err")" -ge 30
check "bench --verbose leaves stdout to nodes and nps" test "$(wc -l < "$tmp/out")" -eq 2

# --- bao run on two games (one pair): the figures one pair cannot give print as n/a.
cat > "$tmp/tiny.ini" <<'INI'
seed = 3
openings = 1
players = a, b
threads = 1
[player.a]
searcher = alphabeta(tt_mb=1)
eval = default
depth = 1
[player.b]
searcher = alphabeta(tt_mb=1)
eval = material
depth = 1
INI
run run "$tmp/tiny.ini" --out "$tmp/tiny"
check "run of two games exits 0" status_is 0
check "run of two games: the score interval is n/a" out_has "% ± n/a |"
check "run of two games: no interval printed as 0 or inf" eval '! out_has "± 0.0%" && ! out_has "inf"'
check "run of two games: the summary says why n/a" out_has "n/a: not determined by these games"
check "run of two games: summary.csv has an empty score_ci95, no inf or nan" \
  eval "awk -F, 'NR == 2 && \$7 == \"\" { ok = 1 } END { exit !ok }' '$tmp/tiny/summary.csv' && ! grep -qE 'inf|nan' '$tmp/tiny/summary.csv'"

# --- bao trees and opponent-model searchers.
run trees --width 2,3 --depth 2-3 --bound 10 --trees 20 --threads 1
check "trees exits 0" status_is 0
check "trees prints the CSV header" test "$(head -n 1 "$tmp/out")" = "width,depth,bound,types,searcher,trees,leaf_evals_mean,leaf_evals_ci95,nodes_mean,ratio_to_alphabeta,agree_pct"
searchers=$(cut -d, -f5 "$tmp/out" | tail -n +2 | sort -u | wc -l)
check "trees runs the default searchers, sp-prom among them" grep -q ",sp-prom," "$tmp/out"
check "trees prints one row per cell and searcher" test "$(wc -l < "$tmp/out")" -eq $((1 + 2 * 2 * searchers))
cp "$tmp/out" "$tmp/trees1"
run trees --width 2,3 --depth 2-3 --bound 10 --trees 20 --threads 2
check "trees gives the same numbers with 2 threads" diff "$tmp/trees1" "$tmp/out"
run trees --width 2 --depth 3 --bound 10 --trees 5 --format md
check "trees --format md prints a markdown table" out_has "| width | depth | bound |"
run trees --searchers alphabeta,om-fancy
check "trees with an unknown searcher exits 2" status_is 2
check "trees with an unknown searcher names it" err_has "om-fancy"
run trees --depth 3-2
check "trees with a backwards range exits 2" status_is 2
run search --depth 3 --searcher 'root-om(model=material,manage_risk=true)'
check "search with root-om exits 0" status_is 0
run search --depth 3 --searcher 'prom-beta(types=material:0.5)'
check "search with prom-beta exits 0" status_is 0
run search --depth 3 --searcher 'om-bounded(model=material,bound=1)'
check "om-bounded with a broken bound exits 2" status_is 2
check "om-bounded with a broken bound says so" err_has "more than the bound B = 1"

run trees --bound 10,-1
check "trees with a negative bound exits 2 and says so" eval "status_is 2 && err_has '0 <= MIN'"
# A range is checked against its bounds before it is expanded: a huge one is refused at
# once instead of building billions of entries first.
run trees --depth 2-2147483647 --trees 1
check "trees with a huge depth range exits 2 naming the bounds" eval "status_is 2 && err_has '1 <= MIN <= MAX <= 30'"
run trees --max-leaves 1
check "trees with every cell skipped exits 2 and says so" eval "status_is 2 && err_has 'no cell left'"
run tree-games --own-noise 0,-5 --trees 5
check "tree-games with a negative noise exits 2" status_is 2
run tree-games --mcts -1 --trees 5
check "tree-games with a negative --mcts exits 2, naming it" eval "status_is 2 && err_has '--mcts: expected 0 (off) or a number of iterations, found -1'"
run tree-games --mcts 20000000 --trees 5
check "tree-games over the --mcts cap says the cap" eval "[ \$rc -ne 0 ] && err_has 'at most 10000000 iterations a move'"

# --- Games other than Bao (--game): the registry, text forms, perft, search, play.
run show --game kalah
check "show --game kalah draws both rows and stores" eval "status_is 0 && out_has '<- to move' && out_has '   4   4   4   4   4   4'"
run moves --game 'kalah(houses=6,seeds=4)'
check "moves --game kalah lists houses 1 to 6" test "$(tr '\n' ' ' < "$tmp/out")" = "1 2 3 4 5 6 "
run perft --game 'kalah(houses=6,seeds=4)' --depth 6
check "perft --game kalah depth 6 is 23233" test "$(tail -n 1 "$tmp/out")" = 23233
run perft --game checkers --depth 6
check "perft --game checkers depth 6 is 36768 (Bik's count)" test "$(tail -n 1 "$tmp/out")" = 36768
run perft --game checkers --depth 3 --divide
check "perft --game checkers --divide lists 7 first moves" test "$(grep -c -- '-' "$tmp/out")" -eq 7
run search --game kalah --depth 6 --searcher 'om-beta(model=sides)' --eval stores
check "search --game kalah with om-beta plays a house" eval "status_is 0 && grep -qE '^[1-6]$' '$tmp/out'"
run search --game kalah --position '4,4,0,5,5,5/4,4,4,4,4,4 1,0 S' --depth 4
check "search --game kalah after an extra move plays for South again" eval "status_is 0 && grep -qE '^[1-6]$' '$tmp/out'"
run search --game kalah --depth 2 --searcher 'safe-om(model=sides,eps=5)'
check "search --game kalah with safe-om plays a house" eval "status_is 0 && grep -qE '^[1-6]$' '$tmp/out'"
run search --game kalah --depth 2 --searcher engine
check "search --game kalah refuses engine naming the game and the concept" eval "status_is 2 && err_has 'does not run on kalah' && err_has 'ForwardPruningGame'"
run search --game 'trees(depth=5,types=3)' --depth 5 --searcher 'om-beta(model=v2)' --eval v0
check "search --game trees with om-beta plays a child" eval "status_is 0 && grep -qE '^[01]$' '$tmp/out'"
run search --game kalah --depth 2 --eval material
check "search --game kalah refuses Bao's evaluator, listing its own" eval "status_is 2 && err_has 'known: stores, sides'"
run show --game chess
check "an unknown game exits 2 listing the known ones" eval "status_is 2 && err_has 'known: bao, kalah, checkers'"
run show --game 'kalah(houses=9)'
check "a parameter out of range exits 2 naming it" eval "status_is 2 && err_has 'houses'"
run show --game kalah --variant kujifunza
check "Bao's --variant with another game exits 2" eval "status_is 2 && err_has \"Bao's options\""
run show --game kalah --position '4,4,4,4,4,4/4,4,4,4,4,4 0,1 S'
check "a Kalah position with a seed too many exits 2" eval "status_is 2 && err_has 'holds 49 seeds'"
run show --game 'bao(variant=kujifunza)'
check "show --game bao(variant=kujifunza) is Bao la Kujifunza's start" eval "status_is 0 && out_has '2    2    2    2    2    2    2    2'"
run_in $'3\n9\n1\nquit\n' play --game 'kalah(houses=6,seeds=4)' --depth 2
check "play --game kalah takes moves, refuses an illegal one, the engine answers" eval "status_is 0 && out_has 'is not legal here' && out_has 'North plays'"
run_in '' play --game checkers --side none --depth 1 --ply-cap 6
check "play --game checkers with two engines stops at the ply cap" eval "status_is 0 && out_has 'stopped at the ply cap (6)' && out_has 'White plays'"
run_in $'3 # an extra move: South again\n1 2\n' replay --game kalah -
check "replay --game kalah replays the moves, South twice after an extra move" \
  eval "status_is 0 && out_has '1 3 4,4,0,5,5,5/4,4,4,4,4,4 1,0 S' && out_has '3 2 ' && out_has 'result unfinished'"
run_in '3 3' replay --game kalah -
check "replay --game kalah refuses an illegal move naming line, ply and the legal moves" \
  eval "status_is 2 && err_has '<stdin>:1: ply 2:' && err_has 'legal: 1 2 4 5 6'"
run_in '11-15 23-19' replay --game checkers --position 'B:W21-32:B1-12' --legal --board -
check "replay --game checkers --legal --board from --position" \
  eval "status_is 0 && out_has 'legal 9-13 9-14 10-14 10-15 11-15 11-16 12-16' && out_has 'Black to move'"
run replay --position x "$DATA/game1994.txt"
check "replay of a Bao record refuses --position" eval "status_is 2 && err_has 'states its start in its headers'"
run search --list-games
check "search --list-games prints the games' table" eval "status_is 0 && out_has '| \`kalah\` |' && out_has '| \`checkers\` |'"

finish
