#!/usr/bin/env bash
# Tests of `bao bench --suite` and scripts/bench-compare: usage: bench_suite_test.sh BAO SOURCE_DIR
#
# The suite: a fast run (--repeat 1, one pass, small depths) as JSON with the expected
# keys and positive numbers, the table, --searchers, and every bad option refused by name.
# bench-compare: its refusals (arguments, a revision that is no commit or has no suite),
# all before any build, and its ratios on canned suite documents (--from-json). Building
# two commits takes minutes, so the real comparison runs only with
# BAO_BENCH_COMPARE_FULL=1 (HEAD against HEAD; docs/performance.md shows one by hand).
set -u
BAO="$1"; SRC="$2"
source "$(dirname "$0")/lib.sh"
COMPARE="$SRC/scripts/bench-compare"
SMALL=(--min-seconds 0 --depth 3 --om-depth 2 --perft-depths 5,4,4 --long-depth 2 --ratio-depth 2)
FAST=(--repeat 1 "${SMALL[@]}")
START='0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -'
KUJ_START='2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 -- -'

# --- The suite's JSON: keys, positive numbers, every line there.
run bench --suite --json "${FAST[@]}"
check "bench --suite --json exits 0" status_is 0
cp "$tmp/out" "$tmp/suite.json"
"$BAO" search --help > "$tmp/search-help"
check "the JSON has the expected keys and positive numbers" python3 - "$tmp/suite.json" "$SRC" "$tmp/search-help" <<'PY'
import json, os, sys
doc = json.load(open(sys.argv[1]))
assert doc["format"] == "bao bench --suite" and doc["version"] == 1, doc
assert doc["repeat"] == 1 and doc["eval"] == "default" and doc["min_seconds"] == 0
keys = {"name", "kind", "depth", "positions", "nodes", "seconds", "nodes_per_s", "speed", "speed_unit",
        "run_seconds", "run_passes"}
names = [l["name"] for l in doc["lines"]]
for l in doc["lines"]:
    missing = keys - set(l)
    assert not missing, (l["name"], missing)
    for k in ("depth", "positions", "nodes", "seconds", "nodes_per_s", "speed"):
        assert l[k] > 0, (l["name"], k, l[k])
    assert len(l["run_seconds"]) == 1 and l["run_seconds"][0] > 0 and l["run_passes"] == [1], l
    if l["kind"] == "search":
        assert l["leaf_evals"] > 0 and l["searcher"] and l["speed_unit"] == "1/s", l
        assert abs(l["speed"] * l["seconds"] - 1) < 1e-9, l
    else:
        assert l["kind"] == "perft" and l["speed_unit"] == "leaves/s" and l["speed"] == l["nodes_per_s"], l
assert names[:4] == ["perft kiswahili start", "perft kujifunza start", "perft kiswahili mtaji", "alphabeta bench"], names
by = {l["name"]: l for l in doc["lines"]}
assert [by[n]["nodes"] for n in names[:3]] == [405, 1902, 671], "perft counts changed"  # depths 5, 4, 4
assert by["alphabeta bench"]["positions"] == 38 and by["alphabeta bench"]["depth"] == 3
# The Lazy SMP line (--threads, default 2): the same positions and depth, more nodes (all threads').
t = by["alphabeta threads=2 bench"]
assert names[4] == "alphabeta threads=2 bench" and t["searcher"] == "alphabeta(threads=2)", names
assert t["positions"] == 38 and t["depth"] == 3 and t["nodes"] >= by["alphabeta bench"]["nodes"] // 2, t
# The strength mode as people get it: engine with td-long (models/strength_mode.h).
e = by["engine td-long bench"]
assert names[5] == "engine td-long bench" and e["searcher"] == "engine" and e["positions"] == 38 and e["depth"] == 3, e
for stem in ("long-moves", "long-move-set"):  # a line for each set the checkout has
    if os.path.exists(os.path.join(sys.argv[2], "tests/data", stem + ".txt")):
        assert by["alphabeta " + stem]["positions"] >= 3 and by["alphabeta " + stem]["depth"] == 2, stem
for s in ("om-plain", "om-beta", "om-probe", "om-bounded", "root-om", "prom-1p", "prom-plain", "prom-beta", "sp-prom"):
    assert any(n.startswith(s + "(") and by[n]["depth"] == 2 for n in names), s
assert all("name" in s and "reason" in s for s in doc["skipped"])
# The long-move ratio: exact / capped per position, their geometric means, the worst.
import math
r = doc["long_move_ratio"]
assert r["set"] == "long-move-set" and r["depth"] == 2 and r["limit"] == 100, r
ps = r["positions"]
assert len(ps) == 40 and {p["variant"] for p in ps} == {"kiswahili", "kujifunza"}, ps
for p in ps:
    assert p["exact_seconds"] > 0 and p["capped_seconds"] > 0 and p["node_ratio"] > 0, p
    assert abs(p["ratio"] - p["exact_seconds"] / p["capped_seconds"]) <= 1e-9 * p["ratio"], p
assert r["worst"] == 1 + max(range(40), key=lambda i: (ps[i]["ratio"], -i)), r["worst"]
gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
means = {m["over"]: m for m in r["means"]}
assert [m["over"] for m in r["means"]][-1] == "all" and set(means) == {"kiswahili", "kujifunza", "all"}, means
for over, m in means.items():
    mine = [p for p in ps if over == "all" or p["variant"] == over]
    assert m["positions"] == len(mine), m
    assert abs(m["ratio"] - gm([p["ratio"] for p in mine])) <= 1e-9 * m["ratio"], m
    assert abs(m["node_ratio"] - gm([p["node_ratio"] for p in mine])) <= 1e-9 * m["node_ratio"], m
    assert abs(m["per_node_ratio"] - m["ratio"] / m["node_ratio"]) <= 1e-9 * m["ratio"], m
# Every opponent-model searcher `bao search --help` knows has a line or says why not.
known = open(sys.argv[3]).read().split("known: ", 1)[1].split("(default", 1)[0]
skipped = [s["name"] for s in doc["skipped"]]
for s in (k.strip() for k in known.split(",")):
    if s and s not in ("minimax", "alphabeta", "random", "engine"):
        assert any(n.startswith(s + "(") for n in names) or s in skipped, s
PY
check "--json leaves stderr to one progress line per measure" \
  test "$(grep -c '^bench suite: ' "$tmp/err")" -eq "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["lines"]))' "$tmp/suite.json")"

run bench --suite "${FAST[@]}" --searchers none
check "bench --suite prints a table" eval "status_is 0 && out_has measure && out_has 'leaf evals' && out_has 'perft kiswahili start'"
check "  and the long-move ratio's means and worst position" \
  eval "out_has 'long-move ratio: alphabeta to depth 2 on long-move-set' && out_has 'geometric mean all:' && out_has '  worst: #'"
check "--searchers none: no searcher line" eval "! grep -q '^om-' '$tmp/out' && ! grep -q '^prom-' '$tmp/out'"
run bench --suite --json "${FAST[@]}" --searchers 'om-beta,om-bounded(model=material,bound=500)'
check "--searchers: a name with its defaults and a full spec, in order" python3 -c '
import json, sys
names = [l["name"] for l in json.load(open(sys.argv[1]))["lines"] if l["name"][:2] == "om"]
assert names == ["om-beta(model=material)", "om-bounded(model=material,bound=500)"], names' "$tmp/out"
printf '# both forms of a line\nkujifunza %s\n%s\n' "$KUJ_START" "$START" > "$tmp/set.txt"
run bench --suite --json "${SMALL[@]}" --repeat 3 --searchers none --long-moves "$tmp/set.txt" \
  --long-moves "$SRC/tests/data/long-moves.txt"
check "--repeat 3: three runs per line; --long-moves twice: a line per set, variants read" python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["repeat"] == 3 and all(len(l["run_seconds"]) == 3 for l in doc["lines"]), doc
by = {l["name"]: l for l in doc["lines"]}
assert by["alphabeta set"]["positions"] == 2 and by["alphabeta long-moves"]["positions"] == 3, by
assert "long_move_ratio" not in doc and any(s["name"] == "long-move ratio" for s in doc["skipped"]), doc["skipped"]' "$tmp/out"

# --- Bad options: refused naming the option (1: usage, 2: bad input), nothing on stdout.
refused() { # status, text the message must have, then bao bench arguments
  local status="$1" text="$2"; shift 2
  run bench "$@"
  check "bench $* is refused naming '$text'" eval "status_is $status && err_has \"\$text\" && out_empty"
}
# --- Another game (--game): the plain bench is deterministic and names its positions;
# `--game bao` is Bao's own bench; the suite's perft line counts what `bao perft` counts,
# its searcher lines use the game's evaluators, and a searcher the game cannot run is
# listed as skipped with a reason naming the game.
KALAH='kalah(houses=4,seeds=3)'
run bench --game "$KALAH" --depth 4
check "bench --game kalah exits 0" status_is 0
check "bench --game kalah: 16 positions of the game" err_has "kalah(houses=4,seeds=3,empty_capture=false,end=either): 16 positions, depth 4"
cp "$tmp/out" "$tmp/kalah-bench"
run bench --game "$KALAH" --depth 4
check "bench --game kalah: the same nodes again" eval 'grep "^nodes" "$tmp/out" | cmp -s - <(grep "^nodes" "$tmp/kalah-bench")'
run bench --game "$KALAH" --depth 4 --searcher 'om-beta(model=sides)'
check "bench --game kalah with om-beta exits 0" status_is 0
run bench --game bao --depth 3
cp "$tmp/out" "$tmp/bao-game"
run bench --depth 3
check "bench --game bao is Bao's bench" eval 'grep "^nodes" "$tmp/out" | cmp -s - <(grep "^nodes" "$tmp/bao-game")'
run perft --game "$KALAH" --depth 5
perft5=$(tail -n 1 "$tmp/out")
run bench --suite --json --game "$KALAH" --repeat 1 --min-seconds 0 --depth 3 --om-depth 2 --perft-depths 5
check "bench --suite --game exits 0" status_is 0
check "bench --suite --game: game, perft, searchers and skips" python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["game"].startswith("kalah(houses=4,seeds=3,"), doc["game"]
assert doc["eval"] == "stores", doc["eval"]
by = {l["name"]: l for l in doc["lines"]}
assert by["perft start"]["nodes"] == int(sys.argv[2]) and by["perft start"]["depth"] == 5, by["perft start"]
assert by["alphabeta bench"]["positions"] == 16 and by["alphabeta bench"]["nodes"] > 0
assert "om-beta(model=sides)" in by, sorted(by)
assert all("kalah(" in s["reason"] for s in doc["skipped"]), doc["skipped"]' "$tmp/out" "$perft5"
refused 1 "--long-depth measures Bao's long moves" --suite --game "$KALAH" --long-depth 3
refused 1 "--perft-depths takes one depth (from the start) with --game" --suite --game "$KALAH" --perft-depths 5,4,4
refused 2 "--eval: " --suite --game "$KALAH" --eval material
refused 2 "--searchers: " --suite --game "$KALAH" --searchers engine
refused 2 "unknown game" --game chess

refused 1 "--json needs --suite" --json
refused 1 "--repeat needs --suite" --repeat 2
refused 1 "--searchers needs --suite" --searchers om-beta
refused 1 "--repeat must be between 1 and 1000" --suite --repeat 0
refused 1 "--min-seconds must be between 0 and 60" --suite --min-seconds -1
refused 1 "--om-depth must be between 1 and 20" --suite --om-depth 0
refused 1 "--long-depth must be between 1 and 20" --suite --long-depth 21
refused 1 "--depth must be between 1 and 20" --suite --depth 0
refused 1 "--ratio-depth must be between 0 (no ratio) and 20" --suite --ratio-depth -1
refused 1 "--ratio-limit must be between 1 and 1000000" --suite --ratio-limit 0
refused 1 "--threads must be between 1 (no threaded line) and 256" --suite --threads 0
refused 1 "--threads needs --suite" --threads 2
over=$(( $(getconf _NPROCESSORS_ONLN) + 1 ))  # refused before the suite runs, not at its Lazy SMP line
refused 1 "--threads $over: more than the $(( over - 1 )) hardware threads of this machine" --suite --threads "$over"
refused 1 "--ratio-depth needs --suite" --ratio-depth 2
refused 1 "--perft-depths takes three depths" --suite --perft-depths 5,4
refused 2 "--perft-depths: " --suite --perft-depths 5,x,4
refused 2 "--perft-depths: " --suite --perft-depths 5,4,31
refused 1 "--searcher is plain bench's" --suite --searcher om-beta
refused 1 "--verbose is plain bench's" --suite --verbose
refused 1 "--searchers: an empty item" --suite --searchers om-beta,,prom-beta
refused 1 "--searchers: a '(' without its ')'" --suite --searchers 'om-beta(model=material'
refused 2 "--searchers: unknown searcher 'frob'" --suite --searchers frob
refused 2 "--searchers: 'om-beta(model=frob)': unknown evaluator 'frob'" --suite --searchers 'om-beta(model=frob)'
refused 2 "--eval: unknown evaluator 'frob'" --suite --eval frob
refused 2 "--long-moves: cannot open '$tmp/none.txt'" --suite --long-moves "$tmp/none.txt"
printf '# only a comment\n' > "$tmp/empty.txt"
refused 2 "no position in the long-move set" --suite --long-moves "$tmp/empty.txt"
printf 'not a position\n' > "$tmp/bad.txt"
refused 2 "--long-moves: $tmp/bad.txt:1: " --suite --long-moves "$tmp/bad.txt"
printf '# a comment\nfrob %s\n' "$START" > "$tmp/badvariant.txt"
refused 2 "--long-moves: $tmp/badvariant.txt:2: " --suite --long-moves "$tmp/badvariant.txt"
refused 1 "unrecognised option '--frob'" --suite --frob

# --- bench-compare: refusals, all before any build.
compare() { "$COMPARE" "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null; rc=$?; }
compare
check "bench-compare without arguments prints its usage" eval "status_is 1 && err_has 'usage: scripts/bench-compare REV_A REV_B'"
compare HEAD
check "bench-compare with one revision prints its usage" eval "status_is 1 && err_has usage:"
compare HEAD --repeat 3
check "bench-compare with an option for REV_B prints its usage" eval "status_is 1 && err_has usage:"
compare --help
check "bench-compare --help exits 0 and describes --suite-args" eval "status_is 0 && out_has --suite-args"
compare HEAD HEAD --repeat 0
check "bench-compare --repeat 0 is refused" eval "status_is 1 && err_has '--repeat must be a whole number from 1 to 100'"
compare HEAD HEAD --frob
check "bench-compare names an unknown argument" eval "status_is 1 && err_has \"unknown argument '--frob'\""
if git -C "$SRC" rev-parse --verify --quiet HEAD > /dev/null 2>&1; then
  compare no-such-revision-xyz HEAD
  check "bench-compare refuses a revision that is no commit" \
    eval "status_is 1 && err_has \"'no-such-revision-xyz' is not a commit\""
  root=$(git -C "$SRC" rev-list --max-parents=0 HEAD | tail -n 1)
  compare "$root" HEAD
  check "bench-compare refuses a revision without bench --suite, saying so" \
    eval "status_is 1 && err_has \"has no 'bao bench --suite'\""
else
  echo "skip bench-compare's revision checks: $SRC is not a git checkout"
fi

# --- bench-compare --from-json: the ratios on canned documents.
doc() { # file, then name:depth:nodes:speed:unit for each line
  local file="$1" sep="" l; shift
  { printf '{"format": "bao bench --suite", "version": 1, "lines": ['
    for l in "$@"; do
      IFS=: read -r n d k s u <<< "$l"
      printf '%s{"name": "%s", "depth": %s, "nodes": %s, "speed": %s, "speed_unit": "%s"}' "$sep" "$n" "$d" "$k" "$s" "$u"
      sep=", "
    done
    printf '], "skipped": []}\n'; } > "$file"
}
doc "$tmp/a1.json" "perft x:5:100:100:leaves/s" "search y:3:10:2:1/s"
doc "$tmp/b1.json" "perft x:5:100:110:leaves/s" "search y:3:20:4:1/s" "search z:3:10:1:1/s"
doc "$tmp/a2.json" "perft x:5:100:100:leaves/s" "search y:3:10:2:1/s"
doc "$tmp/b2.json" "perft x:5:100:90:leaves/s" "search y:3:20:3:1/s" "search z:3:10:1:1/s"
doc "$tmp/a3.json" "perft x:5:100:100:leaves/s" "search y:3:10:2:1/s"
doc "$tmp/b3.json" "perft x:5:100:100:leaves/s" "search y:3:20:5:1/s" "search z:3:10:1:1/s"
compare --from-json "$tmp/a1.json" "$tmp/b1.json" "$tmp/a2.json" "$tmp/b2.json" "$tmp/a3.json" "$tmp/b3.json"
check "--from-json exits 0" status_is 0
check "--from-json: perft ratio median 1.000, range 0.900-1.100, nodes 1.000" \
  grep -qE '^perft x +5 +0\.00 M/s +0\.00 M/s +1\.000 +0\.900-1\.100 +1\.000$' "$tmp/out"
check "--from-json: search ratio median 2.000, range 1.500-2.500 (seconds shown), nodes 2.000" \
  grep -qE '^search y +3 +0\.5000 s +0\.2500 s +2\.000 +1\.500-2\.500 +2\.000$' "$tmp/out"
check "--from-json: a line only in B is named" out_has "search z: only in B"
check "--from-json: the geometric mean of the medians" out_has "geometric mean of the 2 median ratios: 1.414"
doc "$tmp/deeper.json" "perft x:6:400:100:leaves/s" "search y:3:10:2:1/s"
compare --from-json "$tmp/a1.json" "$tmp/deeper.json"
check "--from-json: depths that differ are shown as A/B and said" \
  eval "grep -qE '^perft x +5/6 ' '$tmp/out' && out_has 'depth A/B: the suites searched to other depths'"
compare --from-json "$tmp/suite.json" "$tmp/suite.json"
check "--from-json: a suite document against itself gives 1.000 everywhere" python3 -c '
import re, sys
rows = [l for l in open(sys.argv[1]) if re.search(r" \d+\.\d{3} +\d+\.\d{3}-\d+\.\d{3} ", l)]
assert len(rows) >= 5, rows
assert all(re.search(r" 1\.000 +1\.000-1\.000 +1\.000$", r) for r in rows), rows' "$tmp/out"
compare --from-json "$tmp/a1.json"
check "--from-json refuses an odd number of files" eval "status_is 1 && err_has 'in pairs'"
compare --from-json "$tmp/none.json" "$tmp/a1.json"
check "--from-json names a missing file" eval "status_is 1 && err_has \"cannot read $tmp/none.json\""
echo '{"lines": []}' > "$tmp/other.json"
compare --from-json "$tmp/other.json" "$tmp/a1.json"
check "--from-json refuses a document that is not the suite's" eval "status_is 1 && err_has \"$tmp/other.json is not a\""
echo 'nodes 1' > "$tmp/text.json"
compare --from-json "$tmp/a1.json" "$tmp/text.json"
check "--from-json refuses text that is not JSON" eval "status_is 1 && err_has \"$tmp/text.json is not JSON\""
doc "$tmp/zero.json" "perft x:5:100:0:leaves/s"
compare --from-json "$tmp/a1.json" "$tmp/zero.json"
check "--from-json refuses a speed that is not positive" eval "status_is 1 && err_has 'not a positive number'"

# --- The real comparison (minutes: a build of HEAD, kept in build-compare/ for the next).
# A range over N pairs misses 1 with probability 2^(1-N) per line even without any
# difference, so the check asks most ranges (not all) to contain 1, and the geometric
# mean of the medians to be near 1.
if [ "${BAO_BENCH_COMPARE_FULL:-0}" = 1 ]; then
  compare HEAD HEAD --repeat 5 --suite-args --min-seconds 0.1
  check "bench-compare HEAD HEAD exits 0" status_is 0
  check "bench-compare HEAD HEAD: most B/A ranges contain 1, geometric mean within 0.9-1.1" python3 -c '
import re, sys
text = open(sys.argv[1]).read()
rows = [(float(a), float(b)) for a, b in re.findall(r" (\d+\.\d{3})-(\d+\.\d{3}) ", text)]
inside = sum(lo <= 1 <= hi for lo, hi in rows)
geo = float(re.search(r"median ratios: (\d+\.\d+)", text).group(1))
assert len(rows) >= 5 and inside >= 0.75 * len(rows) and 0.9 <= geo <= 1.1, (rows, geo)' "$tmp/out"
else
  echo "skip bench-compare HEAD HEAD (minutes): set BAO_BENCH_COMPARE_FULL=1 to run it"
fi
finish
