#!/usr/bin/env bash
# The whole thesis pipeline at a tiny scale (scripts/reproduce-thesis --scale smoke):
# random-tree tables, every Bao tournament with its raw games and run.json, the learners,
# the verdicts of every declared hypothesis, the figures (PNG and PDF); --from-raw
# re-creates every table, verdict and figure from the raw games without playing
# (byte-identical), --replay plays them again (the same games and tables), and bad
# arguments or missing raw games are refused. Usage: reproduce_smoke_test.sh BAO ROOT
set -u
BAO="$1"; ROOT="$2"
source "$(dirname "$0")/lib.sh"
R="$tmp/r"
thesis() { BAO_BIN="$BAO" BAO_RESULTS="$1" "$ROOT/scripts/reproduce-thesis" --scale smoke "${@:2}"; }

thesis "$R" > "$tmp/log" 2>&1
check "reproduce-thesis --scale smoke exits 0" test $? -eq 0 || tail -n 20 "$tmp/log"
header='width,depth,bound,types,searcher,trees,leaf_evals_mean,leaf_evals_ci95,nodes_mean,ratio_to_alphabeta,agree_pct'
check "E1 table has the grid columns" test "$(head -n 1 "$R/E1/trees.csv")" = "$header"
check "E1: exact OM and PrOM agree on every tree (agree_pct 100)" \
  awk -F, 'NR > 1 && $11 != "100.0" { exit 1 } END { exit NR < 10 }' "$R/E1/trees.csv"
check "E2 covers 2, 3, 4 and 8 types" test "$(cut -d, -f4 "$R/E2/prom.csv" | tail -n +2 | sort -un | tr '\n' ' ')" = "2 3 4 8 "
check "E3: minimax's gain over itself is 0, intervals are >= 0" \
  awk -F, 'NR > 1 && (($4 == "minimax" && $8 != "0.00") || $7 < 0 || $9 < 0) { exit 1 }' "$R/E3/truth.csv"
for e in E1 E2 E3 E4 E5 E6 E6b E7; do
  check "$e: a figure, PNG and PDF" test -s "$R/$e/$e.png" -a -s "$R/$e/$e.pdf"
  check "  the PNG is a PNG, the PDF a PDF" \
    eval "head -c 8 '$R/$e/$e.png' | grep -q PNG && head -c 5 '$R/$e/$e.pdf' | grep -q '%PDF'"
done
# Every results folder carries run.json; every tournament its raw games.
n=0; bad=""
for d in "$R"/E1 "$R"/E2 "$R"/E3 "$R"/E7/learned "$R"/E7b/learned "$R"/E[4-7]* "$R"/E[4-7]*/*-*/ "$R"/D8 "$R"/D8/*-*/ \
         "$R"/S2 "$R"/S2/*-*/; do
  n=$((n + 1))
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]+'/run.json'))['runs']; assert r and all(x['commit'] and x['command'] and x['wall_seconds'] >= 0 for x in r)" "$d" 2>/dev/null || bad="$bad $d"
done
check "every results folder ($n) has a run.json with commit, command and times" test -z "$bad" -a "$n" -eq 101
tour=$(ls -d "$R"/E4/E4-* "$R"/E5/E5-* "$R"/E5dd/E5dd-* "$R"/E5m/E5m-* "$R"/E6/E6-* "$R"/E6b/E6b-* "$R"/E6c/E6c-* "$R"/E7/E7-* \
       "$R"/E5s/E5s-* "$R"/E5sd/E5sd-* "$R"/E5g/E5g-* "$R"/D8/D8-* "$R"/S2/S2-* "$R"/E7b/E7b-* | wc -l)
check "the tournaments: 1 E4, 3 E5, 3 E5dd, 3 E5m, 4 E6, 8 E6b, 6 E6c, 4 E7, 3 E5s, 3 E5sd, 3 E5g, 3 D8, 30 S2, 8 E7b ($tour)" \
  test "$tour" -eq 82
check "E7b: the on-line learner's repeats, each a PrOM spec" \
  eval "test \$(grep -l '^prom-beta(' '$R'/E7b/learned/*-online-*.txt | wc -l) -eq 8"
check "S2's tie-rule arm plays root OM with Donkers' tie rule" \
  eval "grep -q 'ties=pessimistic' '$R/S2/S2-ties-vs-ga-short/config.ini'"
check "S2's mtdf and shuffle arms play alpha-beta with MTD(f), resp. the move-order rotation" \
  eval "grep -q 'mtdf=true' '$R/S2/S2-mtdf-vs-ga-short/config.ini' && grep -q 'shuffle=1' '$R/S2/S2-shuffle-vs-ga-short/config.ini'"
check "E6c: PrOM 0.8's score and gain over alpha-beta(X) in its tables" \
  eval "grep -qE '^\| PrOM \{X: 0.8, Y: 0.2\} \(p80\) \| [0-9.]+% ' '$R/E6c/tables.md'"
check "E5m: each equal-nodes OM player against the use-matched alpha-beta" \
  eval "test \$(grep -cE '^\| eq(ab|omd|omd1|omdr|om) \| [+-][0-9]' '$R/E5m/tables.md') -eq 5"
check "every tournament keeps its raw games, gzipped, all games played" \
  python3 - "$R" <<'PY'
import configparser, glob, gzip, json, sys
for d in glob.glob(sys.argv[1] + "/E[4-7]*/E*-*/") + glob.glob(sys.argv[1] + "/D8/D8-*/") + glob.glob(sys.argv[1] + "/S2/S2-*/"):
    games = [json.loads(l) for l in gzip.open(d + "games.jsonl.gz", "rt")]
    cfg = dict(l.split(" = ", 1) for l in open(d + "config.ini").read().splitlines() if " = " in l)
    n = len(cfg["players"].split(",")); o = int(cfg["openings"])
    pairings = n * (n - 1) // 2 if cfg["schedule"].strip() == "round-robin" else n - 1
    assert len(games) == pairings * o * 2, (d, len(games))
    # predicted replies logged at every ply, one per move (a game of one move, won at
    # once from its opening, has no reply to predict and no "predicted")
    assert all(len(g["predicted"]) == len(g["moves"]) for g in games if len(g["moves"]) > 1), d
PY
check "E5 root OM at d with the opponent as model: every predicted reply hits" \
  python3 - "$R" <<'PY'
import glob, gzip, json, sys
hits = tries = 0
for f in glob.glob(sys.argv[1] + "/E5/E5-*/games.jsonl.gz"):
    for g in map(json.loads, gzip.open(f, "rt")):
        first_south = g["opening"].split()[1] == "S"
        for k in range(len(g["moves"]) - 1):
            mover = g["south"] if (k % 2 == 0) == first_south else g["north"]
            if mover.startswith("omd_") and g["predicted"][k]:
                tries += 1; hits += g["predicted"][k] == g["moves"][k + 1]
assert tries > 50 and hits == tries, (hits, tries)
PY
check "verdicts: every declared hypothesis has a row" \
  eval "for h in H4 H5a H5b H5c H5d H5e H5f H5g H6a-right H6a-wrong H6b H7a-count H7b-count; do grep -q \"^| \$h |\" '$R/verdicts.md' || exit 1; done"
check "  each verdict is one of the declared ones" \
  python3 -c "
import csv,sys
ok=('reproduced','not reproduced','not decided at this scale','differs from 0','reported')
rows=list(csv.DictReader(open(sys.argv[1])))
assert len(rows) >= 13 and all(r['verdict'].startswith(ok) for r in rows), [r['verdict'] for r in rows]" "$R/verdicts.csv"
for e in E4 E5 E6 E6b E7; do check "$e: tables.md" test -s "$R/$e/tables.md"; done

# --from-raw: nothing played, the same bytes.
cp -r "$R" "$tmp/raw"
rm -f "$tmp/raw"/E*/*/games.jsonl "$tmp/raw"/verdicts.* "$tmp/raw"/E*/tables.md "$tmp/raw"/E*/E*.png "$tmp/raw"/E*/E*.pdf
thesis "$tmp/raw" --from-raw > "$tmp/log2" 2>&1
check "--from-raw exits 0" test $? -eq 0 || tail -n 20 "$tmp/log2"
check "  it played nothing (no uncompressed games, run.json unchanged)" \
  eval "! ls '$tmp/raw'/E*/*/games.jsonl > /dev/null 2>&1 && cmp -s '$R/E5/E5-vs-ga-short/run.json' '$tmp/raw/E5/E5-vs-ga-short/run.json'"
same=1
for f in verdicts.md verdicts.csv E4/tables.md E5/tables.md E5dd/tables.md E5m/tables.md E6/tables.md E6b/tables.md E7/tables.md \
         E5/E5.png E6/E6.pdf E6b/E6b.pdf; do
  cmp -s "$R/$f" "$tmp/raw/$f" || { same=0; echo "  differs: $f"; }
done
check "  the same verdicts, tables and figures" test "$same" = 1
rm "$tmp/raw/E6/E6-right-1/games.jsonl.gz"
thesis "$tmp/raw" --from-raw > "$tmp/log3" 2>&1; st=$?
check "--from-raw without a tournament's raw games: refused, naming the file" \
  eval "test $st -ne 0 && grep -q 'no raw games .*E6-right-1/games.jsonl.gz' '$tmp/log3'"

# --replay: the games played again give the same tables.
cp -r "$R" "$tmp/replay"
# A folder started with other weights (as after a weight file is learned again): --replay
# starts it afresh instead of stopping at bao run's "different config".
sed -i 's/^\(player\.[^ ]*\.weights_fnv1a = \).*/\10123456789abcdef/' "$tmp/replay/E5/E5-vs-ga-short/config.ini"
thesis "$tmp/replay" --replay --only E5,E6 > "$tmp/log4" 2>&1
check "--replay exits 0" test $? -eq 0 || tail -n 20 "$tmp/log4"
check "  it played again (run.json holds the replay alone)" \
  python3 -c "import json,sys; assert len(json.load(open(sys.argv[1]))['runs']) == 1" "$tmp/replay/E5/E5-vs-ga-short/run.json"
check "  the same E5 and E6 tables" eval "cmp -s '$R/E5/tables.md' '$tmp/replay/E5/tables.md' && cmp -s '$R/E6/tables.md' '$tmp/replay/E6/tables.md'"

# Bad arguments are refused with the reason.
BAO_BIN="$BAO" BAO_RESULTS="$tmp/x" "$ROOT/scripts/reproduce-thesis" --scale quick > "$tmp/log5" 2>&1; st=$?
check "--scale quick: refused, saying it was replaced" eval "test $st -ne 0 && grep -q 'replaced by standard' '$tmp/log5'"
BAO_BIN="$BAO" BAO_RESULTS="$tmp/x" "$ROOT/scripts/reproduce-thesis" --only E9 > "$tmp/log6" 2>&1; st=$?
check "--only E9: refused" eval "test $st -ne 0 && grep -q \"found 'E9'\" '$tmp/log6'"
check "thesis-configs --estimate prints the CPU-hours of full" \
  eval "python3 '$ROOT/scripts/thesis-configs' full --estimate --results '$R' | grep -q 'CPU-hours'"
# bao record (run.json of the folders no bao run writes): the command's status, no entry
# for a failed command, a missing folder named.
mkdir "$tmp/rec"
"$BAO" record "$tmp/rec" -- sh -c 'exit 3' 2> /dev/null; st=$?
check "bao record: the command's exit status, and no run.json for a failed command" \
  eval "test $st -eq 3 && test ! -e '$tmp/rec/run.json'"
"$BAO" record "$tmp/rec" --threads 1 -- sh -c 'exit 0' > /dev/null
check "  an entry with the command, quoted as a shell reads it back, and threads" \
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['runs']; assert r[0]['command'] == \"sh -c 'exit 0'\" and r[0]['threads'] == 1, r[0]['command']" "$tmp/rec/run.json"
"$BAO" record "$tmp/nope" -- true 2> "$tmp/rec/err"; st=$?
check "  a missing folder: exit 2, named" eval "test $st -eq 2 && grep -q \"no folder '$tmp/nope'\" '$tmp/rec/err'"
# The declaration a run tests (BAO_DECLARATION, its SHA-256) and, for a build with
# uncommitted changes, their diff's SHA-256.
mkdir "$tmp/decl"
sha=$(python3 "$ROOT/scripts/declaration-hash" "$ROOT/docs/results.md" "D8: the depth-8 check" 2> "$tmp/decl/err"); st=$?
check "declaration-hash: a heading used twice is refused, counted" eval "test $st -eq 2 && grep -q \"2 headings 'D8\" '$tmp/decl/err'"
sha=$(python3 "$ROOT/scripts/declaration-hash" "$ROOT/docs/results.md" "Second pass: arms declared before the data > D8: the depth-8 check")
check "  named by its path: a SHA-256" eval "[[ '$sha' =~ ^[0-9a-f]{64}$ ]]"
check "  it hashes the section: the hash of its text, heading to the next heading" python3 - "$ROOT/docs/results.md" "$sha" <<'PY'
import hashlib, sys
text = open(sys.argv[1], encoding="utf-8").read()
start = text.index("### D8: the depth-8 check", text.index("## Second pass: arms declared before the data"))
end = text.index("\n#", start + 1)
assert hashlib.sha256((text[start:end].rstrip("\n") + "\n").encode()).hexdigest() == sys.argv[2]
PY
BAO_DECLARATION="docs/results.md#D8" BAO_DECLARATION_SHA256="$sha" "$BAO" record "$tmp/decl" -- true
check "bao record: the entry names the declaration and its hash" python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]
assert r['declaration'] == {'section': 'docs/results.md#D8', 'sha256': sys.argv[2]}, r.get('declaration')
assert r['commit'].endswith('+dirty') == ('diff_sha256' in r), r['commit']" "$tmp/decl/run.json" "$sha"
BAO_DECLARATION="docs/results.md#D8" BAO_DECLARATION_SHA256=abc "$BAO" record "$tmp/decl" -- true 2> "$tmp/decl/err"; st=$?
check "  a hash that is not 64 hex digits: exit 2, named" \
  eval "test $st -eq 2 && grep -q \"BAO_DECLARATION_SHA256 must be 64 lower-case hex digits\" '$tmp/decl/err'"
BAO_DECLARATION_SHA256="$sha" "$BAO" record "$tmp/decl" -- true 2> "$tmp/decl/err"; st=$?
check "  a hash without its section: exit 2, named" eval "test $st -eq 2 && grep -q 'BAO_DECLARATION (the section' '$tmp/decl/err'"
check "  the smoke run's tournaments name E5's declaration" python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))['runs'][-1]
assert r['declaration']['section'].endswith('#Depth 6: hypotheses and decision rules, declared before the data'), r" \
  "$R/E5/E5-vs-ga-short/run.json"
finish
