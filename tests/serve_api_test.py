#!/usr/bin/env python3
"""tests/serve_api_test.py BAO: the JSON API of `bao serve` (docs/serve.md), every
endpoint with good and bad input. Errors must be 400s carrying the message the CLI prints
for the same input; the server must survive malformed HTTP, oversized and malformed
bodies, many clients at once, a client that sends nothing, and silent or trickling
connections at and over the connection cap. Also the command's own options: --port 0, a
port in use, a missing results folder.
Runs a small tournament with `bao run` for a results folder.
"""
import http.client
import json
import os
import pathlib
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time

BAO = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "bao"
START = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"
KUJ_START = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 -- -"
NORTH_ROW_EMPTY = "8,8,8,8,8,8,8,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 -- -"
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


class Server:
    def __init__(self, *args, preexec_fn=None):
        self.log = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([BAO, "serve", "--port", "0", *args], stdout=subprocess.PIPE, stderr=self.log,
                                     text=True, preexec_fn=preexec_fn)
        line = self.proc.stdout.readline()
        if not line.startswith("listening on http://127.0.0.1:"):
            raise SystemExit(f"bao serve did not start: {line!r}")
        self.port = int(line.strip().rstrip("/").rsplit(":", 1)[1])

    def request(self, method, path, body=None, raw=None, timeout=30):
        """(status, parsed JSON or text, content type)."""
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        data = raw if raw is not None else (json.dumps(body) if body is not None else None)
        c.request(method, path, body=data,
                  headers={"Content-Type": "application/json"} if data is not None or method == "POST" else {})
        r = c.getresponse()
        text = r.read().decode("utf-8")
        ctype = r.getheader("Content-Type", "")
        c.close()
        return r.status, (json.loads(text) if ctype.startswith("application/json") else text), ctype

    def post(self, path, body=None, raw=None):
        s, j, _ = self.request("POST", path, body, raw)
        return s, j

    def get(self, path):
        s, j, _ = self.request("GET", path)
        return s, j

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def cli_error(*args):
    """The message `bao ARGS` prints on stderr, without its 'bao CMD: ' prefix."""
    r = subprocess.run([BAO, *args], capture_output=True, text=True)
    return r.stderr.strip().split(": ", 1)[1]


def cli_out(*args, stdin=None):
    return subprocess.run([BAO, *args], capture_output=True, text=True, input=stdin, check=True).stdout


def record_text(moves, start=None):
    """A game record of the moves from start (South's and North's move on each line)."""
    text = "variant: kiswahili\n" + (f"position: {start}\n" if start else "")
    plies = list(moves)
    if start and start.split(" ")[1] == "N":
        plies.insert(0, "...")
    for i in range(0, len(plies), 2):
        text += f"{i // 2 + 1}: {' '.join(plies[i:i + 2])};\n"
    return text


def replay_final(moves, start=None):
    lines = cli_out("replay", "-", stdin=record_text(moves, start)).strip().split("\n")
    return lines[-2].split(" ", 2)[2] if len(lines) > 1 else (start or START)


def make_results(tmp):
    res = tmp / "res"
    cfg = tmp / "t.ini"
    cfg.write_text("variant = kiswahili\nschedule = pairing\nplayers = a, b\nopenings = 2\nopening_plies = 4-8\n"
                   f"seed = 7\nply_cap = 300\nthreads = 1\nout = {res}\n"
                   "[player.a]\nsearcher = alphabeta(tt_mb=1)\neval = default\ndepth = 2\n"
                   "[player.b]\nsearcher = alphabeta(tt_mb=1)\neval = material\ndepth = 2\n")
    subprocess.run([BAO, "run", str(cfg)], check=True, capture_output=True)
    bare = tmp / "bare"  # games only: no config.ini, no summary
    bare.mkdir()
    (bare / "games.jsonl").write_text((res / "games.jsonl").read_text().split("\n")[0] + "\n")
    broken = tmp / "broken"  # a bad line before the last: not the trace of a kill
    broken.mkdir()
    (broken / "games.jsonl").write_text("{not json\n" + (res / "games.jsonl").read_text())
    return res, bare, broken


def test_static(s):
    st, body, ctype = s.request("GET", "/")
    check(st == 200 and ctype.startswith("text/html") and 'id="play-board"' in body, "GET / is the page")
    web = pathlib.Path(__file__).resolve().parent.parent / "web"
    kinds = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
    files = sorted(p for p in web.iterdir() if p.is_file())
    check(len(files) >= 4 and any(p.name == "main.js" for p in files), f"web/ holds the page and its modules: {len(files)} files")
    for path in files:
        st, body, ctype = s.request("GET", "/" + path.name)
        check(st == 200 and ctype.startswith(kinds[path.suffix]) and body == path.read_text(),
              f"GET /{path.name} serves web/{path.name}")
    st, j = s.get("/nothing")
    check(st == 404 and "no such page" in j["error"], "an unknown path is a 404 with a message")
    st, j = s.get("/../../etc/passwd")
    check(st == 404, "no path outside the page's files")
    st, j = s.post("/")
    check(st == 405 and "use GET" in j["error"], "POST / is a 405")
    st, j = s.get("/api/play")
    check(st == 405 and j["error"] == "use POST for /api/play, not GET", "GET /api/play is a 405 naming the method")


def test_info(s):
    st, j = s.get("/api/info")
    check(st == 200, "GET /api/info")
    check({"alphabeta", "minimax", "om-plain", "prom-beta"} <= set(j["searchers"]), "info lists the searchers")
    check({"default", "material", "td-long"} <= set(j["evaluators"]), "info lists the evaluators")
    check(not any("/" in e or " " in e for e in j["evaluators"]), "info lists no weights-file form")
    check(j["limits"]["max_depth"] == 6 and j["limits"]["max_time_ms"] == 3000, "info gives the caps")
    check([f["name"] for f in j["results"]] == ["res", "bare", "broken"], "info lists the results folders")
    check(j["variants"] == ["kiswahili", "kujifunza"] and "long_move_limit" in j["rules"], "info: variants, rules")


def test_position(s):
    st, j = s.post("/api/position", {})
    state = j["state"]
    check(st == 200 and j["start"] == START and state["position"] == START, "position: the start by default")
    check([m["move"] for m in state["legal"]] == ["A6L*", "A6R*", "A7L*", "A7R*"], "position: the legal moves")
    check(state["legal"][0] == {"move": "A6L*", "pit": "A6", "dir": "L", "takasa": True, "safari": False,
                                "after": replay_final(["A6L*"])}, "position: a legal move's fields")
    check(state["board"] == cli_out("show"), "position: the board text is bao show's")
    rows = state["rows"]
    check([r["row"] for r in rows] == ["b", "a", "A", "B"], "position: rows top to bottom b, a, A, B")
    check([p["pit"] for p in rows[0]["pits"]] == [f"b{k}" for k in range(8, 0, -1)], "position: North's pits 8..1")
    check([p["pit"] for p in rows[2]["pits"]] == [f"A{k}" for k in range(1, 9)], "position: South's pits 1..8")
    check(rows[2]["pits"][4] == {"pit": "A5", "side": "South", "seeds": 6, "house": True, "owned": True,
                                 "takasia": False}, "position: the house A5")
    check(state["hands"] == {"South": 22, "North": 22} and state["to_move"] == "South" and
          state["stage"] == "namua" and state["takasia"] is None and state["outcome"] == "ongoing",
          "position: hands, side to move, stage, takasia, outcome")
    st, j = s.post("/api/position", {"moves": ["A6L *", "a5R"], "all": True})
    check(st == 200 and j["moves"] == ["A6L*", "a5R"], "position: moves read leniently, canonical back")
    check(j["state"]["position"] == replay_final(["A6L*", "a5R"]), "position: after the moves, as bao replay")
    check(len(j["states"]) == 3 and j["states"][0]["position"] == START and "board" not in j["states"][0],
          "position: all states on request")
    st, j = s.post("/api/position", {"variant": "kujifunza"})
    check(st == 200 and j["state"]["position"] == KUJ_START, "position: kujifunza")
    st, j = s.post("/api/position", {"rules": {"long_move_limit": 100, "takasia_after_namua": True}})
    check(st == 200, "position: rules options")
    st, j = s.post("/api/position", {"position": NORTH_ROW_EMPTY})
    check(st == 200 and j["state"]["outcome"] == "South" and j["state"]["legal"] == [] and
          j["state"]["result"] == "South wins (North's front row is empty)", "position: a finished game")
    bad = [
        ({"position": "xyz"}, cli_error("show", "--position", "xyz")),
        ({"variant": "x"}, cli_error("show", "--variant", "x")),
        ({"rules": {"nosuch": 1}}, cli_error("show", "--rule", "nosuch=1")),
        ({"rules": {"long_move_limit": "many"}}, cli_error("show", "--rule", "long_move_limit=many")),
        ({"moves": ["A1"]}, "move 1S: 'A1' matches no legal move (legal: A6L* A6R* A7L* A7R*)"),
        ({"moves": ["A6L*", "A1"]}, "move 1N: 'A1' names a pit of South, but North is to move (legal: a5L a5R a6L a6R)"),
        ({"moves": "A6L*"}, "'moves' must be a list of strings, found \"A6L*\""),
        ({"moves": [1]}, "'moves' must be a list of strings, found 1 in it"),
        ({"position": 5}, "'position' must be a string, found 5"),
        ({"rules": [1]}, "'rules' must be an object of rules options, found [1]"),
    ]
    for body, msg in bad:
        st, j = s.post("/api/position", body)
        check(st == 400 and j["error"] == msg, f"position: {json.dumps(body)} -> 400 {msg!r}")
    st, j = s.post("/api/position", raw="[1,2")
    check(st == 400 and j["error"].startswith("the request body is not JSON: parse error"), "position: bad JSON")
    st, j = s.post("/api/position", raw="[1,2]")
    check(st == 400 and j["error"] == "the request body must be a JSON object, found [1,2]", "position: not an object")
    st, j = s.post("/api/position", raw='{"moves": 1e999}')
    check(st == 400 and j["error"].startswith("the request body is not JSON: number overflow parsing '1e999'"),
          f"position: a number beyond a double -> 400, found {st} {j}")


def test_play(s):
    st, j = s.post("/api/play", {"move": "A7L *"})
    check(st == 200 and j["move"] == "A7L*" and j["before"] == START and j["moves"] == ["A7L*"],
          "play: a move read leniently, canonical back")
    check(j["state"]["position"] == replay_final(["A7L*"]) and j["state"]["to_move"] == "North", "play: the position")
    st, j = s.post("/api/play", {"moves": ["A6L*"], "move": "a5R"})
    check(st == 200 and j["moves"] == ["A6L*", "a5R"] and j["before"] == replay_final(["A6L*"]), "play: after moves")
    st, j = s.post("/api/play", {"position": replay_final(["A6L*"]), "move": "a5R"})
    check(st == 200 and j["state"]["position"] == replay_final(["A6L*", "a5R"]), "play: from a position")
    # The same message as bao play prints after "illegal: ".
    r = subprocess.run([BAO, "play", "--side", "both"], input="A3\n", capture_output=True, text=True)
    play_msg = next(l for l in r.stdout.split("\n") if l.startswith("illegal: "))[len("illegal: "):]
    st, j = s.post("/api/play", {"move": "A3"})
    check(st == 400 and j["error"] == play_msg, f"play: an illegal move -> 400 with bao play's message: {play_msg}")
    st, j = s.post("/api/play", {"move": "A6"})
    check(st == 400 and "ambiguous" in j["error"], "play: an ambiguous move")
    st, j = s.post("/api/play", {})
    check(st == 400 and j["error"].startswith("'move' is missing"), "play: no move")
    st, j = s.post("/api/play", {"position": NORTH_ROW_EMPTY, "move": "A1R"})
    check(st == 400 and j["error"] == "move 1S: the game is over (North's front row is empty)", "play: after the end")
    st, j = s.post("/api/play", {"move": "A6L\u00e9\u0000"})
    check(st == 400 and j["error"] == "'move' must not contain control characters (CR, LF, NUL, ...), found "
          "\"A6L\u00e9\\x00\"", f"play: odd characters: {j}")
    st, j = s.post("/api/play", {"move": "A6L\u00e9"})
    check(st == 400 and j["error"].startswith("move 1S: 'A6L\u00e9'"), f"play: a letter beyond ASCII: {j}")
    st, j = s.post("/api/play", raw=b'{"move": "A6\xff\xfe"}')
    check(st == 400 and "error" in j, "play: invalid UTF-8 is a 400 with valid JSON")


def no_files(searcher):
    return f"searcher '{searcher}': weights files are not available through the server; use evaluator names"


# Positions of the 1994 game (tests/data/game1994-positions.tsv): after 23N South is to
# move and loses in 4 plies, after 23S North is to move and wins in 5 (docs/results.md).
AFTER_23N = "1,0,0,0,0,0,0,0/1,1,1,1,1,2,0,2/3,1,4,3,6,5,4,4/0,7,2,1,8,5,0,1 S 0,0 -- -"
AFTER_23S = "1,0,2,6,19,1,0,0/1,1,1,1,1,2,0,2/1,0,7,1,0,0,0,0/1,2,5,1,4,1,2,1 N 0,0 -- -"


def test_solve(s):
    st, j = s.post("/api/solve", {"position": AFTER_23N})
    check(st == 200 and j["status"] == "proven" and j["value"] == "loss" and j["winner"] == "North"
          and j["to_move"] == "South", f"solve: after 23N South loses ({j})")
    check(j.get("distance") == 4 and j.get("distance_exact") is True, f"solve: loss in exactly 4 plies ({j})")
    st, j = s.post("/api/solve", {"position": AFTER_23S, "time_ms": 2000})
    check(st == 200 and j["value"] == "win" and j["winner"] == "North" and j["distance"] == 5
          and j["distance_exact"] is True and j["best"] == "b3L", f"solve: after 23S North wins in 5 with b3L ({j})")
    st, j = s.post("/api/solve", {"time_ms": 1})
    check(st == 200 and j["status"] == "open" and j["nodes"] >= 0, f"solve: the start is open within 1 ms ({j})")
    st, j = s.post("/api/solve", {"position": NORTH_ROW_EMPTY})
    check(st == 200 and j["status"] == "over" and j["result"], f"solve: a finished game says so ({j})")
    for body, what in (({"time_ms": 999999}, "time_ms"), ({"depth": 3}, "depth"),
                       ({"game": "kalah"}, "bao solve --game"), ({"position": "1,2"}, "position")):
        st, j = s.post("/api/solve", body)
        check(st == 400 and what in j.get("error", ""), f"solve: {body} refused naming {what} ({st} {j})")


def test_search(s):
    best = cli_out("search", "--searcher", "engine", "--eval", "td-long", "--depth", "3").strip()
    st, j = s.post("/api/search", {"depth": 3})
    check(st == 200 and j["best"] == best, f"search: bao search's move at depth 3 ({best})")
    check(j["pv"][0] == best and j["depth"] == 3 and len(j["iterations"]) == 3 and isinstance(j["value"], int),
          "search: value, depth, PV and the iterations")
    check(j["searcher"].startswith("engine(") and j["eval"] == "td-long", "search: names what searched, the strength mode by default")
    st, j = s.post("/api/search", {"moves": ["A6L*"], "searcher": "om-plain(model=material)", "eval": "td-long",
                                   "depth": 3})
    check(st == 200 and j["best"].startswith("a"), "search: an opponent-model searcher for North")
    st, j = s.post("/api/search", {"searcher": "mstar-1p(models=material+default~3)", "depth": 2})
    check(st == 200, "search: a noisy copy of a built-in evaluator is one")
    st, j = s.post("/api/search", {"searcher": "root-om(model=td-short@2)", "depth": 2})
    check(st == 200, "search: root-om's model EVAL@DEPTH with a learned evaluator")
    st, j = s.post("/api/search", {"searcher": "minimax", "depth": 4})
    check(st == 200, "search: minimax")
    _, one = s.post("/api/search", {"depth": 4})
    st, j = s.post("/api/search", {"searcher": "alphabeta(threads=2)", "depth": 4})
    check(st == 200 and j["value"] == one["value"] and "threads=2" in j["searcher"],
          "search: Lazy SMP within the thread cap, alpha-beta's value at depth 4")
    mid = replay_final(["A7L*", "a5R", "A6L*", "a5R", "A2R", "a6L"])
    t0 = time.time()
    st, j = s.post("/api/search", {"position": mid, "depth": 6, "time_ms": 50})
    check(st == 200 and time.time() - t0 < 5, f"search: a time limit ({time.time() - t0:.2f} s)")
    bad = [
        ({"depth": 7}, "'depth' must be from 1 to 6, found 7"),
        ({"depth": 0}, "'depth' must be from 1 to 6, found 0"),
        ({"depth": "x"}, "'depth' must be a whole number, found \"x\""),
        ({"depth": "5"}, "'depth' must be a whole number, found \"5\""),
        ({"depth": 2.5}, "'depth' must be a whole number, found 2.5"),
        ({"time_ms": 0}, "'time_ms' must be from 1 to 3000, found 0"),
        ({"time_ms": 999999}, "'time_ms' must be from 1 to 3000, found 999999"),
        ({"depth": 2**64 - 1}, "'depth' must be from 1 to 6, found 18446744073709551615"),
        ({"time_ms": 99999999999}, "'time_ms' must be from 1 to 3000, found 99999999999"),
        ({"time_ms": "100"}, "'time_ms' must be a whole number, found \"100\""),
        ({"depth": 2, "dpeth": 3}, "unknown key 'dpeth' (this endpoint takes: variant, rules, position, moves, "
                                   "searcher, eval, depth, time_ms)"),
        ({"searcher": "nosuch"}, cli_error("search", "--searcher", "nosuch", "--depth", "1")),
        ({"searcher": "alphabeta(nosuch=1)"}, cli_error("search", "--searcher", "alphabeta(nosuch=1)", "--depth", "1")),
        ({"searcher": "alphabeta(tt_mb=513)"}, "searcher 'alphabeta(tt_mb=513)': tt_mb must be at most 512 on this server"),
        ({"searcher": "alphabeta(threads=3)"}, "searcher 'alphabeta(threads=3)': threads must be at most 2 on this server"),
        ({"searcher": "om-plain(model=/tmp/w.txt)"}, no_files("om-plain(model=/tmp/w.txt)")),
        ({"searcher": "om-beta(model=w.txt)"}, no_files("om-beta(model=w.txt)")),
        ({"searcher": "om-plain(model=/etc/passwd)"}, no_files("om-plain(model=/etc/passwd)")),
        ({"searcher": "om-plain(model=w.txt~5)"}, no_files("om-plain(model=w.txt~5)")),
        ({"searcher": "root-om(model=w.txt@3)"}, no_files("root-om(model=w.txt@3)")),
        ({"searcher": "mstar-1p(models=default+w.txt)"}, no_files("mstar-1p(models=default+w.txt)")),
        ({"searcher": "prom-beta(types=material:0.25+/etc/passwd:0.25)"},
         no_files("prom-beta(types=material:0.25+/etc/passwd:0.25)")),
        ({"eval": "nosuch"}, "unknown evaluator 'nosuch' (known: material, default, donkers-default, donkers-material, "
                             "donkers-ga1, donkers-ga3, donkers-tdl2b, ga-long, ga-material, ga-short, td-long, td-short)"),
        ({"eval": "/etc/passwd"}, None),
        ({"position": NORTH_ROW_EMPTY}, cli_error("search", "--depth", "1", "--position", NORTH_ROW_EMPTY)),
    ]
    for body, msg in bad:
        st, j = s.post("/api/search", body)
        check(st == 400 and (msg is None or j["error"] == msg), f"search: {json.dumps(body)} -> 400 {j['error']!r}")


def test_record(s, tmp):
    st, j = s.post("/api/record", {"moves": ["A6L*", "a5R", "A3L"], "south": "me", "north": "you"})
    check(st == 200 and j["plies"] == 3 and j["result"] == "", "record: made")
    check(j["record"].startswith("South: me\nNorth: you\nvariant: kiswahili\n"), "record: headers")
    path = tmp / "rec.txt"
    path.write_text(j["record"])
    lines = cli_out("replay", str(path)).strip().split("\n")
    check(lines[-2].split(" ", 2)[2] == replay_final(["A6L*", "a5R", "A3L"]), "record: bao replay reads it")
    pos = replay_final(["A6L*"])
    st, j = s.post("/api/record", {"position": pos, "moves": ["a5R"]})
    check(st == 200 and f"position: {pos}\n" in j["record"] and "1: ... a5R;" in j["record"], "record: from a position")
    st, j = s.post("/api/record", {"moves": ["A6L*", "zz"]})
    check(st == 400 and j["error"].startswith("move 1N: 'zz' is not a move"), "record: a bad move")
    # A name is a header line: a line break in it would add headers or moves to the record.
    for key, name, shown in (("south", "me\nNorth: x", "me\\nNorth: x"), ("north", "you\r\n1: A1L;", "you\\r\\n1: A1L;"),
                             ("south", "a\x01b", "a\\x01b"), ("north", "a\x7fb", "a\\x7fb")):
        st, j = s.post("/api/record", {"moves": ["A6L*"], key: name})
        check(st == 400 and j.get("error") == f"'{key}' must not contain control characters (CR, LF, NUL, ...), "
              f"found \"{shown}\"", f"record: a {key} name with a control byte: 400 {j.get('error')!r}")
    # The record reader trims a header's value: a name it would not read back is refused.
    for key, name in (("south", " me"), ("north", "you "), ("south", "\ufeffme"), ("north", "you\ufeff")):
        st, j = s.post("/api/record", {key: name})
        check(st == 400 and j.get("error") == f"'{key}' must not begin or end with a space or a byte order mark, "
              f"found \"{name}\"", f"record: a {key} name {name!r} the record would trim: 400 {j.get('error')!r}")
    st, j = s.post("/api/record", {"south": "Ana \u00c9mile", "north": "x"})
    check(st == 200 and j["record"].startswith("South: Ana \u00c9mile\nNorth: x\n"), "record: a name beyond ASCII")


def test_results(s, res, bare):
    st, j = s.get("/api/results")
    check(st == 200 and [f["folder"] for f in j["results"]] == [0, 1, 2], "results: listed")
    check(j["results"][0]["has_summary"] and not j["results"][1]["has_summary"], "results: which have summaries")
    records = [json.loads(l) for l in (res / "games.jsonl").read_text().split("\n") if l]
    st, j = s.get("/api/games?folder=0")
    check(st == 200 and j["total"] == len(records) == len(j["games"]), f"games: all {len(records)} listed")
    g = j["games"][0]
    check({k: g[k] for k in ("pairing", "south", "north", "result", "plies", "opening", "first_points")} ==
          {k: records[0][k] for k in ("pairing", "south", "north", "result", "plies", "opening", "first_points")},
          "games: a row's fields are the record's")
    st, j = s.get("/api/games?folder=0&result=south")
    check(st == 200 and all(x["result"] == "south" for x in j["games"]) and
          len(j["games"]) == sum(r["result"] == "south" for r in records), "games: filtered by result")
    st, j = s.get("/api/games?folder=0&player=a")
    check(st == 200 and len(j["games"]) == len(records), "games: filtered by player")
    st, j = s.get("/api/games?folder=0&pairing=x%20vs%20y")
    check(st == 200 and j["games"] == [], "games: filtered by pairing (URL-decoded)")
    for q, msg in (("", "give the results folder"), ("?folder=3", "folder: expected a number from 0 to 2"),
                   ("?folder=x", "found 'x'"), ("?folder=-1", "found '-1'")):
        st, j = s.get("/api/games" + q)
        check(st == 400 and msg in j["error"], f"games{q}: 400 {j['error']!r}")
    st, j = s.get("/api/games?folder=2")
    check(st == 400 and "games.jsonl:1: not a game record" in j["error"], f"games: a broken file named: {j['error']}")

    st, j = s.get("/api/game?folder=0&index=0")
    r = records[0]
    check(st == 200 and j["moves"] == r["moves"] and len(j["states"]) == r["plies"] + 1, "game: moves and states")
    check(j["states"][0]["position"] == r["opening"], "game: starts at the opening")
    check(j["states"][-1]["position"] == replay_final(r["moves"], r["opening"]), "game: ends where bao replay ends")
    check(j["variant"] == "kiswahili" and j["rules_options"]["long_move_limit"] == 0, "game: the folder's rules")
    st, j = s.get("/api/game?folder=1&index=0")
    check(st == 200, "game: a folder without config.ini (default rules)")
    # A game appended (as a running bao run appends) shows at once.
    st, j = s.get("/api/games?folder=1")
    before = j["total"]
    with open(bare / "games.jsonl", "a") as f:
        f.write((res / "games.jsonl").read_text().split("\n")[1] + "\n")
    st, j = s.get("/api/games?folder=1")
    check(st == 200 and before == 1 and j["total"] == 2, f"games: a game appended is listed ({before} -> {j['total']})")
    st, j = s.get("/api/game?folder=1&index=1")
    check(st == 200 and j["moves"] == records[1]["moves"], "game: ... and opens")
    for q in ("?folder=0&index=99", "?folder=0&index=x", "?folder=0", "?index=0"):
        st, j = s.get("/api/game" + q)
        check(st == 400 and j["error"], f"game{q}: 400 {j['error']!r}")

    st, j = s.get("/api/summary?folder=0")
    check(st == 200 and j["markdown"] == (res / "summary.md").read_text() and
          j["csv"] == (res / "summary.csv").read_text(), "summary: summary.md and summary.csv")
    st, j = s.get("/api/summary?folder=1")
    check(st == 200 and j["markdown"] is None and j["csv"] is None, "summary: none in a folder without")
    st, j = s.get("/api/summary?folder=9")
    check(st == 400, "summary: a bad folder")


def test_strict(s):
    """Unknown keys and wrongly typed values are refused, naming them, not ignored."""
    game = "variant, rules, position, moves"
    bad = [
        ("/api/position", {"movs": ["A6L*"]}, f"unknown key 'movs' (this endpoint takes: {game}, all)"),
        ("/api/position", {"all": "yes"}, "'all' must be true or false, found \"yes\""),
        ("/api/position", {"all": 1}, "'all' must be true or false, found 1"),
        ("/api/play", {"move": "A6L*", "moves ": []}, f"unknown key 'moves ' (this endpoint takes: {game}, move)"),
        ("/api/record", {"South": "me"}, f"unknown key 'South' (this endpoint takes: {game}, south, north)"),
        ("/api/position", {"rules": {"long_move_limit": [1]}},
         "'rules': 'long_move_limit' must be a number, true, false or a string, found [1]"),
        ("/api/position", {"mo\u0000ves": []}, f"unknown key 'mo\\x00ves' (this endpoint takes: {game}, all)"),
    ]
    for path, body, msg in bad:
        st, j = s.post(path, body)
        check(st == 400 and j.get("error") == msg, f"{path} {json.dumps(body)} -> 400 {j.get('error')!r}")
    st, j = s.post("/api/position", {"all": False, "rules": {"long_move_limit": "100", "takasia_after_namua": True}})
    check(st == 200 and "states" not in j, "position: all false, rules as strings (the page's) and booleans")
    for path, msg in (
            ("/api/games?folder=0&result=bogus", "result: expected south, north or capped, found 'bogus'"),
            ("/api/games?folder=0&reslt=north",
             "unknown query parameter 'reslt' (this endpoint takes: folder, player, result, pairing)"),
            ("/api/game?folder=0&index=0&x=1", "unknown query parameter 'x' (this endpoint takes: folder, index)"),
            ("/api/summary?folder=0&md=1", "unknown query parameter 'md' (this endpoint takes: folder)"),
            ("/api/info?x", "unknown query parameter 'x' (this endpoint takes none)")):
        st, j = s.get(path)
        check(st == 400 and j.get("error") == msg, f"{path} -> 400 {j.get('error')!r}")
    st, j = s.post("/api/position?debug=1", {})
    check(st == 400 and "unknown query parameter 'debug'" in j.get("error", ""), "a POST takes no query")


def test_messages(s):
    """A control byte of the request is shown escaped: raw, a NUL would cut the message short."""
    st, j = s.get("/api/games?folder=0%00x")
    check(st == 400 and j.get("error") == "folder must not contain control characters (CR, LF, NUL, ...), "
          "found \"0\\x00x\"", f"a NUL in a query value: the whole message ({j.get('error')!r})")
    st, j = s.post("/api/position", {"position": START + "\u0000 tail"})
    check(st == 400 and j.get("error", "").endswith("Aa -\\x00 tail\""),
          f"a NUL in a position: the whole message ({j.get('error')!r})")
    st, j = s.post("/api/play", {"move": "A6\tL"})
    check(st == 400 and "\\t" in j.get("error", "") and "\t" not in j.get("error", ""), "a tab is shown as \\t")
    st, j = s.get("/api/games?folder=0&player=a%0Ab")
    check(st == 400 and j.get("error", "").startswith("player must not contain control characters"),
          "a line break in a filter: a 400")


def get_within(s, path, timeout):
    """(status, JSON) or (None, the exception) when no answer comes within timeout."""
    try:
        st, j, _ = s.request("GET", path, timeout=timeout)
        return st, j
    except Exception as e:  # a hang (socket.timeout) is a failed check, not a broken run
        return None, {"error": f"no answer: {type(e).__name__}: {e}"}


def test_folder_files(tmp, res):
    """Files of a results folder that are not what a bao run writes: each one refused with
    a 403 naming it, at once."""
    kinds = {}
    for name in ("fifo_md", "fifo_csv", "fifo_games", "big", "link_out", "link_in", "games_out", "config_out"):
        kinds[name] = tmp / name
        kinds[name].mkdir()
    os.mkfifo(kinds["fifo_md"] / "summary.md")
    os.mkfifo(kinds["fifo_csv"] / "summary.csv")
    os.mkfifo(kinds["fifo_games"] / "games.jsonl")
    (kinds["big"] / "summary.md").write_text("|" * (5 << 20))
    (kinds["link_out"] / "summary.md").symlink_to("/etc/passwd")
    (kinds["link_in"] / "real.csv").write_text("a,b\n")
    (kinds["link_in"] / "summary.csv").symlink_to("real.csv")
    (kinds["games_out"] / "games.jsonl").symlink_to("/etc/passwd")
    (kinds["config_out"] / "games.jsonl").write_text((res / "games.jsonl").read_text())
    (kinds["config_out"] / "config.ini").symlink_to("/etc/passwd")
    folders = list(kinds.values())
    s = Server("--results", *map(str, folders))
    try:
        def expect(path, what, sub):
            t0 = time.time()
            st, j = get_within(s, path, 5)
            check(st == 403 and sub in j.get("error", "") and time.time() - t0 < 2,
                  f"{what}: a 403 at once ({st}, {time.time() - t0:.1f} s, {j.get('error')!r})")
        for i, name in ((0, "summary.md"), (1, "summary.csv")):
            expect(f"/api/summary?folder={i}", f"a FIFO {name}",
                   f"'{folders[i] / name}' is not a regular file (a folder, FIFO, device or socket); not read")
        expect("/api/games?folder=2", "a FIFO games.jsonl", "is not a regular file")
        # A request blocked on a FIFO would hold its connection for good, and enough of them
        # would stop the server.
        answered = sum(get_within(s, "/api/summary?folder=0", 5)[0] == 403 for _ in range(40))
        st, _ = get_within(s, "/api/info", 5)
        check(answered == 40 and st == 200, f"40 requests on a FIFO: all answered ({answered}), still serving ({st})")
        t0 = time.time()
        st, j = get_within(s, "/api/summary?folder=3", 10)
        check(st == 403 and "is larger than 4 MiB" in j.get("error", "") and len(json.dumps(j)) < 1000,
              f"a 5 MiB summary.md: a short 403 ({st}, {time.time() - t0:.1f} s, {j.get('error')!r:.200})")
        expect("/api/summary?folder=4", "a link summary.md -> /etc/passwd",
               f"'{folders[4] / 'summary.md'}' leads out of the results folder '{folders[4]}'; not read")
        st, j = get_within(s, "/api/summary?folder=5", 5)
        check(st == 200 and j.get("csv") == "a,b\n", "a link inside the folder is read")
        expect("/api/games?folder=6", "a link games.jsonl -> /etc/passwd", "leads out of the results folder")
        expect("/api/game?folder=7&index=0", "a link config.ini -> /etc/passwd", "leads out of the results folder")
        # The folder list calls present only what it would serve.
        st, j = s.get("/api/results")
        listed = {r["folder"]: r for r in j.get("results", [])} if st == 200 else {}
        check(st == 200 and not any(listed[i]["has_summary"] for i in (0, 1, 4)) and listed[5]["has_summary"],
              f"results: a FIFO or a link out is no summary, a link inside is ({[listed.get(i) for i in (0, 1, 4, 5)]})")
        check(st == 200 and not listed[2]["has_games"] and not listed[6]["has_games"] and listed[7]["has_games"],
              "results: a FIFO or a link out is no games.jsonl")
        check(s.alive(), "the server survived the folder files")
    finally:
        s.stop()


def raw_exchange(port, data, timeout=5):
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as c:
        try:
            c.sendall(data)
            c.shutdown(socket.SHUT_WR)
        except OSError:  # the server may answer and stop reading early
            pass
        out = b""
        while True:
            chunk = c.recv(65536)
            if not chunk:
                return out
            out += chunk


def test_robustness(s):
    out = raw_exchange(s.port, b"NONSENSE\r\n\r\n")
    check(out.startswith(b"HTTP/1.1 400"), "malformed HTTP: a 400")
    big = b"x" * (2 << 20)
    out = raw_exchange(s.port, b"POST /api/position HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(big) + big)
    check(out.startswith(b"HTTP/1.1 413"), "a body over 1 MiB: a 413")
    st, j = s.post("/api/position", raw="[" * 100000 + "]" * 100000)
    check(st == 400 and "deeper than 32 levels" in j["error"], "deeply nested JSON: a 400")
    st, j = s.post("/api/record", raw='{"south": "' + "[" * 1000 + '"}')
    check(st == 200, "brackets inside a string are no nesting")
    st, j = s.post("/api/position", raw='{"moves": [' + ",".join(['"A6L*"'] * 5000) + "]}")
    check(st == 400 and ("matches no legal move" in j["error"] or "names a pit" in j["error"]), "5000 moves: a 400")
    # A client that connects and sends nothing does not hold the others up.
    idle = socket.create_connection(("127.0.0.1", s.port))
    st, _ = s.get("/api/info")
    check(st == 200, "a silent client holds no one up")
    idle.close()
    # Keep-alive: several requests on one connection.
    c = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
    ok = True
    for _ in range(3):
        c.request("POST", "/api/position", body="{}", headers={"Content-Type": "application/json"})
        r = c.getresponse()
        ok &= r.status == 200 and json.loads(r.read())["start"] == START
    c.close()
    check(ok, "three requests on one connection")
    # Many clients at once.
    results = []

    def client(i):
        for k in range(4):
            body = {"moves": ["A6L*"]} if k % 2 else {"depth": 2}
            st, _ = s.post("/api/position" if k % 2 else "/api/search", body)
            results.append(st)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check(results.count(200) == 64, f"16 clients at once: {results.count(200)} of 64 answered")
    check(s.alive(), "the server is still up")


def test_command(tmp, port_in_use):
    r = subprocess.run([BAO, "serve", "--port", "70000"], capture_output=True, text=True)
    check(r.returncode == 1 and "--port: expected 0 to 65535" in r.stderr, "--port 70000: exit 1")
    r = subprocess.run([BAO, "serve", "--results", str(tmp / "nope")], capture_output=True, text=True)
    check(r.returncode == 2 and "is not a folder" in r.stderr, "--results of a missing folder: exit 2")
    r = subprocess.run([BAO, "serve", "--port", str(port_in_use)], capture_output=True, text=True, timeout=10)
    check(r.returncode == 2 and f"cannot listen on 127.0.0.1:{port_in_use}" in r.stderr, "a port in use: exit 2")
    r = subprocess.run([BAO, "serve", "--help"], capture_output=True, text=True)
    check(r.returncode == 0 and "--port" in r.stdout and "--results" in r.stdout, "--help")
    r = subprocess.run([BAO, "serve", "--max-depth", "0"], capture_output=True, text=True)
    check(r.returncode == 1, "--max-depth 0: exit 1")
    # At --max-connections: a 503 once the open connections stay, served again when one
    # closes (a connection ending meanwhile is waited for, up to five seconds).
    s = Server("--max-connections", "2")
    try:
        held = [socket.create_connection(("127.0.0.1", s.port)) for _ in range(2)]
        time.sleep(0.3)
        st, j = s.get("/api/info")
        check(st == 503 and j["error"] == "server is busy", f"over --max-connections: a 503 ({st})")
        held[0].close()
        st, _ = s.get("/api/info")
        check(st == 200, f"a connection closed: served again ({st})")
        # A connection that ends while the next waits: served, not refused (before, a 503
        # at once, which 16 busy clients met when their old connections closed late).
        time.sleep(0.3)  # the last request's connection has ended
        held[0] = socket.create_connection(("127.0.0.1", s.port))
        time.sleep(0.3)
        threading.Timer(0.3, held[0].close).start()
        st, _ = s.get("/api/info")
        check(st == 200, f"a connection ending within the wait: served ({st})")
        # Connections over the cap wait side by side: waiting one after another, five seconds
        # each, would give the eighth its 503 after forty.
        time.sleep(0.5)  # the timer's close and the last request's connection have ended
        held[0] = socket.create_connection(("127.0.0.1", s.port))
        time.sleep(0.3)
        waits = []

        def over_cap():
            t0 = time.time()
            try:
                out = raw_exchange(s.port, b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % s.port, timeout=10)
                waits.append((out.startswith(b"HTTP/1.1 503"), time.time() - t0))
            except OSError:
                waits.append((False, time.time() - t0))

        threads = [threading.Thread(target=over_cap) for _ in range(8)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        worst = max(w for _, w in waits)
        check(len(waits) == 8 and all(ok for ok, _ in waits) and worst < 5,
              f"8 connections over the cap: each a 503 within 5 s ({sum(ok for ok, _ in waits)} of 8, "
              f"the last after {worst:.1f} s)")
        for h in held:
            h.close()
    finally:
        s.stop()
    # Out of file descriptors (60 connections, a limit of 40): it waits, then serves again.
    s = Server("--max-connections", "1000", preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (40, 40)))
    try:
        clients = [socket.create_connection(("127.0.0.1", s.port)) for _ in range(60)]
        time.sleep(0.5)
        alive = s.alive()
        for c in clients:
            c.close()
        time.sleep(1.5)
        st, _ = s.get("/api/info")
        check(alive and s.alive() and st == 200, f"out of file descriptors: still up, then serves ({st})")
    finally:
        s.stop()
    # Without the page's folder the copy built into the binary serves.
    s = Server("--web", str(tmp / "nope"))
    try:
        web = pathlib.Path(__file__).resolve().parent.parent / "web"
        for path in sorted(p for p in web.iterdir() if p.is_file()):
            st, body, _ = s.request("GET", "/" + path.name)
            check(st == 200 and body == path.read_text(), f"the built-in {path.name} is web/{path.name}")
    finally:
        s.stop()


def start_slow_connections():
    """Slow connections against --max-connections 4. The cap is held by two silent and two
    trickling connections (a byte a second of a header that never ends); ten silent and
    four trickling connections over the cap each get a 503 within 5 s (2 s of waiting for
    a slot, or at once), a normal request its 503 within 5 s, and once a held connection
    closes a request is served. Returns a function that checks the held connections were closed by the idle
    timeout (30 s after they opened, trickling or not): the other tests run meanwhile."""
    s = Server("--max-connections", "4")
    try:
        opened = time.time()
        held = [socket.create_connection(("127.0.0.1", s.port)) for _ in range(4)]
        closed_after = {}

        def trickle(c):
            try:
                for b in b"GET /api/info HTTP/1.1\r\nX-Slow: " + b"a" * 60:
                    c.sendall(bytes([b]))
                    time.sleep(1)
            except OSError:  # closed by the server
                pass

        def watch(i, c):
            c.settimeout(60)
            try:
                while c.recv(65536):
                    pass
            except OSError:  # a reset (unread trickled bytes) or no close within 60 s
                pass
            closed_after[i] = time.time() - opened

        watchers = [threading.Thread(target=watch, args=(i, c), daemon=True) for i, c in enumerate(held)]
        for c in held[2:]:
            threading.Thread(target=trickle, args=(c,), daemon=True).start()
        for w in watchers:
            w.start()
        time.sleep(0.3)
        t0 = time.time()
        over = [socket.create_connection(("127.0.0.1", s.port), timeout=10) for _ in range(14)]
        for c in over[:2] + over[-2:]:  # two among those that wait for a slot, two refused at once
            threading.Thread(target=trickle, args=(c,), daemon=True).start()
        st, took = None, None
        try:
            out = raw_exchange(s.port, b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % s.port, timeout=10)
            st, took = out[9:12], time.time() - t0
        except OSError as e:
            st = repr(e)
        check(st in (b"503", b"200") and took is not None and took < 5,
              f"the cap held by slow connections, 14 slow ones over it: a request answered within 5 s "
              f"({st!r} after {took if took is None else round(took, 1)} s)")
        answers = []
        for c in over:
            try:
                answers.append((c.recv(12) == b"HTTP/1.1 503", time.time() - t0))
            except OSError:
                answers.append((False, time.time() - t0))
            c.close()
        worst = max(w for _, w in answers)
        check(all(ok for ok, _ in answers) and worst < 5,
              f"10 silent and 4 trickling connections over the cap: each a 503 within 5 s "
              f"({sum(ok for ok, _ in answers)} of 14, "
              f"the last after {worst:.1f} s)")
        held[0].shutdown(socket.SHUT_RDWR)  # ends its watcher's recv too, which close would not
        held[0].close()
        time.sleep(0.3)
        st, _ = s.get("/api/info")
        check(st == 200, f"a held connection closed: a request served ({st})")

        def finish():
            for w in watchers[1:]:
                w.join(45)
            late = {i: round(closed_after.get(i, -1), 1) for i in (1, 2, 3)}
            check(all(25 <= t <= 40 for t in late.values()),
                  f"a silent and two trickling connections within the cap: closed by the 30 s idle timeout "
                  f"(after {late[1]}, {late[2]} and {late[3]} s)")
            check(s.alive(), "the server survived the slow connections")
            s.stop()
    except BaseException:
        s.stop()
        raise
    return finish


def test_analysis(tmp, s):
    """/api/game's predicted replies and players, /api/curve, /api/sprt; bad input named."""
    om = tmp / "om"
    cfg = tmp / "om.ini"
    cfg.write_text("players = om, ab\nopenings = 2\nseed = 3\nply_cap = 120\nthreads = 1\n"
                   "[player.om]\nsearcher = om-beta(model=material)\ndepth = 3\n"
                   "[player.ab]\nsearcher = alphabeta(tt_mb=1)\neval = material\ndepth = 2\n"
                   "[sprt]\nelo0 = 0\nelo1 = 100\n")
    subprocess.run([BAO, "run", str(cfg), "--out", str(om)], check=True, capture_output=True)
    games = [json.loads(line) for line in (om / "games.jsonl").read_text().splitlines()]
    a = Server("--results", str(om), "--max-depth", "6", "--max-time-ms", "3000")
    try:
        st, j = a.get("/api/game?folder=0&index=0")
        g = games[0]
        check(st == 200 and j["predicted"] == g["predicted"], "game: the record's predicted replies")
        pairs = [(k, p) for k, p in enumerate(g["predicted"]) if p and k + 1 < len(g["moves"])]
        hits = sum(1 for k, p in pairs if p == g["moves"][k + 1])
        misses = [k + 2 for k, p in pairs if p != g["moves"][k + 1]]
        p = j["prediction"]
        check(p["tries"] == len(pairs) and p["hits"] == hits and p["misses"] == misses,
              f"game: hits {p['hits']} of {p['tries']}, misses at plies {p['misses'][:5]}...")
        south = sum(1 for k, q in pairs if k % 2 == 0 and q == g["moves"][k + 1])
        check(p["South"]["hits"] == south and p["South"]["tries"] + p["North"]["tries"] == len(pairs),
              "game: the hits per side (the side that moved and predicted the reply)")
        check(j["players"]["South"] == {"name": "om", "searcher": "om-beta(model=material)", "eval": "default",
                                        "depth": 3}, f"game: the players from config.ini: {j['players']['South']}")
        st, j = a.get("/api/games?folder=0")
        check(all(r["prediction"]["tries"] > 0 for r in j["games"]), "games: each row's prediction counts")
        st, j = s.get("/api/game?folder=1&index=0")
        check(st == 200 and j["players"] == {"South": None, "North": None}, "game: no players without config.ini")

        # The curve: a point per position, values from South's view, the last one the end.
        q = "/api/curve?folder=0&index=0&searcher=alphabeta&eval=material&depth=3"
        st, c = a.get(q)
        check(st == 200 and len(c["points"]) == len(g["moves"]) + 1 and not c["cached"],
              f"curve: {len(c['points'])} points for {len(g['moves'])} plies, computed")
        last = c["points"][-1]
        check(last["value"] is None and last["winner"] == "South", "curve: the final position is the winner's")
        st, r = a.post("/api/search", {"position": g["opening"], "searcher": "alphabeta", "eval": "material",
                                        "depth": 3})
        sign = 1 if g["opening"].split(" ")[1] == "S" else -1
        first = c["points"][0]
        check(first["best"] == r["best"] and first["value"] == sign * r["value"] and first["pit"] == r["best"][:2]
              and first["dir"] == r["best"][2], f"curve: ply 0 is /api/search's best {r['best']} and value")
        st, c2 = a.get(q)
        check(st == 200 and c2["cached"] and c2["points"] == c["points"], "curve: asked again, the cached curve")
        for query, sub in (("index=0&depth=0", "depth: expected a number from 1 to 6, found '0'"),
                           ("index=0&depth=7", "depth: expected a number from 1 to 6, found '7'"),
                           ("index=0&depth=x", "depth: expected a number from 1 to 6, found 'x'"),
                           ("", "index: expected a game number from 0 to 3, found ''"),
                           ("index=4", "index: expected a game number from 0 to 3, found '4'"),
                           ("index=0&eval=nope", "unknown evaluator 'nope'"),
                           ("index=0&searcher=nope", "unknown searcher 'nope'"),
                           ("index=0&searcher=om-beta(model=w.txt)", "weights files are not available"),
                           ("index=0&dept=3", "unknown query parameter 'dept'")):
            st, e = a.get(f"/api/curve?folder=0&{query}")
            check(st == 400 and sub in e.get("error", ""), f"curve?{query}: 400, {e.get('error')}")
        st, e = a.get("/api/curve?index=0")
        check(st == 400 and "give the results folder" in e["error"], "curve without folder: 400")
        st, e = a.post("/api/curve", {})
        check(st == 405 and "use GET for /api/curve" in e["error"], "curve by POST: 405")

        # The SPRT track: its last LLR is the summary's, the bounds the test's.
        st, t = a.get("/api/sprt?folder=0")
        rows = (om / "summary.csv").read_text().splitlines()
        llr = float(rows[1].split(",")[rows[0].split(",").index("llr")])
        track = t["pairings"][0]["track"]
        check(st == 200 and [x["pairs"] for x in track] == [1, 2] and abs(track[-1]["llr"] - llr) < 1e-3,
              f"sprt: LLR per pair {[round(x['llr'], 3) for x in track]}, the summary's {llr} at the end")
        check(abs(t["sprt"]["upper"] - 2.944439) < 1e-5 and abs(t["sprt"]["lower"] + 2.944439) < 1e-5
              and t["sprt"]["elo1"] == 100, "sprt: the bounds log((1-beta)/alpha) and log(beta/(1-alpha))")
        st, t = s.get("/api/sprt?folder=0")
        check(st == 200 and t["sprt"] is None and t["pairings"] == [], "sprt: null for a run without one")
        for query, sub in (("", "give the results folder"), ("folder=9", "folder: expected a number from 0 to 0"),
                           ("folder=0&x=1", "unknown query parameter 'x'")):
            st, e = a.get(f"/api/sprt?{query}")
            check(st == 400 and sub in e.get("error", ""), f"sprt?{query}: 400, {e.get('error')}")
        check(a.alive(), "the analysis server survived")
    finally:
        a.stop()
    # A curve past the time cap (3 x --max-time-ms; minimax ignores time limits) stops
    # after the position that ends past it, says so, and is not kept.
    quick = Server("--results", str(om), "--max-depth", "6", "--max-time-ms", "1")
    try:
        q = "/api/curve?folder=0&index=0&searcher=minimax&depth=6"
        st, c = quick.get(q)
        check(st == 200 and not c["complete"] and 1 <= len(c["points"]) < len(games[0]["moves"]) + 1,
              f"curve over the time cap: {len(c['points'])} of {len(games[0]['moves']) + 1} points, complete false")
        st, c = quick.get(q)
        check(st == 200 and not c["cached"], "curve over the time cap: not kept")
    finally:
        quick.stop()


def exchange(port, method, path, headers, body=b""):
    """(status, parsed JSON) of one request with exactly these headers."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for k, v in headers.items():
        c.putheader(k, v)
    if method == "POST":
        c.putheader("Content-Length", str(len(body)))
    c.endheaders(body if method == "POST" else None)
    r = c.getresponse()
    text = r.read().decode("utf-8")
    c.close()
    return r.status, (json.loads(text) if r.getheader("Content-Type", "").startswith("application/json") else text)


def test_origin(s):
    """A page of another site cannot use the server through the visitor's browser: a Host
    that is not the server's address (DNS rebinding), a cross-origin Origin and a POST
    body not declared JSON (what a cross-origin form or a simple fetch sends) are refused."""
    here = f"127.0.0.1:{s.port}"
    body = json.dumps({"depth": 1}).encode()
    json_type = {"Content-Type": "application/json"}
    st, j = exchange(s.port, "GET", "/api/info", {"Host": f"evil.example:{s.port}"})
    check(st == 403 and f"Host 'evil.example:{s.port}' is not this server ({here})" in j.get("error", ""),
          f"origin: a foreign Host (DNS rebinding) is refused ({st}, {j})")
    st, j = exchange(s.port, "GET", "/", {"Host": "127.0.0.1:1"})
    check(st == 403, f"origin: the right address with another port is refused ({st})")
    for host in (here, f"localhost:{s.port}", f"LOCALHOST:{s.port}"):
        st, _ = exchange(s.port, "GET", "/api/info", {"Host": host})
        check(st == 200, f"origin: Host {host} is served ({st})")
    st, j = exchange(s.port, "POST", "/api/search", {"Host": here, "Origin": "http://evil.example", **json_type}, body)
    check(st == 403 and "a page of another origin ('http://evil.example') may not use this server" in j.get("error", ""),
          f"origin: a search from a foreign page is refused ({st}, {j})")
    for origin in ("null", f"https://{here}", f"http://evil.example:{s.port}"):
        st, _ = exchange(s.port, "GET", "/api/games?folder=0", {"Host": here, "Origin": origin})
        check(st == 403, f"origin: Origin {origin} is refused on a results request ({st})")
    st, j = exchange(s.port, "POST", "/api/search", {"Host": here, "Origin": f"http://{here}", **json_type}, body)
    check(st == 200 and "best" in j, f"origin: the page's own origin searches ({st})")
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"Host": here} | ({"Content-Type": ctype} if ctype else {})
        st, j = exchange(s.port, "POST", "/api/search", headers, body)
        check(st == 415 and "a POST body must be JSON: send Content-Type: application/json" in j.get("error", ""),
              f"origin: a POST of {ctype} is refused with a 415 ({st}, {j})")
    st, _ = exchange(s.port, "POST", "/api/position", {"Host": here, "Content-Type": "Application/JSON; charset=utf-8"},
                     b"{}")
    check(st == 200, f"origin: JSON with a charset is JSON ({st})")


def test_caps(s):
    """Every cost parameter of every searcher is capped, read from the registry: the
    nested depths (model_depth, rollout) at --max-depth, each table and pool
    (Param::Cost::Memory) and the searcher's whole memory at --max-memory-mb, and a search
    with the costliest depth allowed ends at its time limit."""
    # Each memory parameter by its mark, whichever searcher declares it.
    for spec, key in (("mcts(pool_mb=30000)", "pool_mb"), ("mcts(pool_mb=513)", "pool_mb"),
                      ("om-mcts(model=material,pool_mb=513)", "pool_mb"),
                      ("prom-mcts(types=material:0.5,pool_mb=513)", "pool_mb"),
                      ("engine(tt_mb=513)", "tt_mb"), ("om-beta(model=material,tt_mb=513)", "tt_mb"),
                      ("prom-beta(types=material:0.5,tt_mb=513)", "tt_mb"),
                      ("safe-om(model=material,tt_mb=513)", "tt_mb"), ("alphabeta(tt_mb=x)", "tt_mb")):
        st, j = s.post("/api/search", {"searcher": spec, "depth": 2, "time_ms": 100})
        msg = f"searcher '{spec}': {key} must be at most 512 on this server"
        check(st == 400 and j.get("error") == msg, f"caps: {spec} -> 400 {j.get('error')!r}")
    for spec in ("alphabeta(tt_mb=65)", "mcts(pool_mb=512)"):  # a pool grows as the search needs it
        st, j = s.post("/api/search", {"searcher": spec, "depth": 2, "time_ms": 100})
        check(st == 200 and "best" in j, f"caps: {spec} within the cap searches ({st}, {j.get('error')!r})")
    # The whole memory: a pool at the cap plus the weights of the types beside it.
    st, j = s.post("/api/search", {"searcher": "om-mcts(model=material,pool_mb=512)", "depth": 2, "time_ms": 100})
    check(st == 400 and "MiB of tables and pools, more than 512 MiB on this server" in j.get("error", ""),
          f"caps: a pool at the cap with its model's weights is over the whole cap ({j.get('error')!r})")
    for spec, msg in (
            ("om-mcts(model=material,model_depth=20)",
             "searcher 'om-mcts(model=material,model_depth=20)': model_depth must be at most 6 on this server"),
            ("prom-mcts(types=material:0.5,model_depth=32)",
             "searcher 'prom-mcts(types=material:0.5,model_depth=32)': model_depth must be at most 6 on this server"),
            ("mcts(rollout=100)", "searcher 'mcts(rollout=100)': rollout must be at most 6 on this server"),
            ("root-om(model=material,model_depth=20)",
             "searcher 'root-om(model=material,model_depth=20)': model_depth must be at most 6 on this server"),
            ("ddom-ab(model=material,model_depth=9)",
             "searcher 'ddom-ab(model=material,model_depth=9)': model_depth must be at most 6 on this server")):
        st, j = s.post("/api/search", {"searcher": spec, "depth": 2, "time_ms": 100})
        check(st == 400 and j.get("error") == msg, f"caps: {spec} -> 400 {j.get('error')!r}")
    st, j = s.get("/api/info")
    check(st == 200 and j["limits"].get("max_memory_mb") == 512, "caps: /api/info gives max_memory_mb")
    mid = replay_final(["A7L*", "a5R", "A6L*", "a5R", "A2R", "a6L"])
    # Without the solver the time decides (a 6-ply horizon can be solved at once).
    for spec in ("om-mcts(model=material,model_depth=6,solver=false)",
                 "prom-mcts(types=material:0.3+default:0.3,model_depth=6,solver=false)"):
        t0 = time.time()
        st, j = s.post("/api/search", {"searcher": spec, "position": mid, "time_ms": 200})
        took = time.time() - t0
        check(st == 200 and took < 200 / 1000 * 15, f"caps: {spec} at 200 ms answers within 15x ({took:.2f} s)")


def test_client_gone(tmp):
    """A search whose client has gone ends: with one search slot, a search of 10 s whose
    client closes after 0.3 s leaves the slot to the next request at once."""
    s = Server("--max-searches", "1", "--max-time-ms", "10000")
    try:
        body = json.dumps({"searcher": "mcts(solver=false)", "time_ms": 10000}).encode()
        c = socket.create_connection(("127.0.0.1", s.port), timeout=10)
        c.sendall(b"POST /api/search HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n" % (s.port, len(body)) + body)
        time.sleep(0.3)
        c.close()
        t0 = time.time()
        st, _ = s.post("/api/search", {"depth": 2})
        took = time.time() - t0
        check(st == 200 and took < 4, f"client gone: its search ended, the next one answered in {took:.1f} s, "
                                      "not after the 10 s the search had")
    finally:
        s.stop()


def test_swapped_files(tmp):
    """Files swapped while requests read them (a link out and a FIFO put in place of
    summary.md, then the file again, over and over): no answer holds what lies outside the
    folder, and no request blocks on the FIFO."""
    folder = tmp / "swapped"
    folder.mkdir()
    secret = tmp / "secret.txt"
    secret.write_text("SECRET-OUTSIDE-THE-FOLDER\n")
    (folder / "summary.csv").write_text("a,b\n")
    s = Server("--results", str(folder))
    stop = threading.Event()

    def swap():
        n = 0
        while not stop.is_set():
            n += 1
            tmpname = folder / f".swap{n}"
            kind = n % 3
            if kind == 0:
                tmpname.write_text("| the summary |\n")
            elif kind == 1:
                tmpname.symlink_to(secret)
            else:
                os.mkfifo(tmpname)
            os.replace(tmpname, folder / "summary.md")
    swapper = threading.Thread(target=swap, daemon=True)
    try:
        swapper.start()
        leaked, unanswered, served = 0, 0, 0
        for _ in range(600):
            st, j = get_within(s, "/api/summary?folder=0", 5)
            if st is None:
                unanswered += 1
                if unanswered == 3:  # requests blocked for good: each next one would wait its 5 s
                    break
            elif "SECRET" in json.dumps(j):
                leaked += 1
            elif st == 200:
                served += 1
        stop.set()
        swapper.join()
        st, _ = get_within(s, "/api/info", 5)
        check(leaked == 0 and unanswered == 0 and served > 0 and st == 200,
              f"swapped files: {leaked} answers held the file outside, {unanswered} unanswered, {served} served")
    finally:
        stop.set()
        s.stop()


def main():
    with tempfile.TemporaryDirectory() as t:
        tmp = pathlib.Path(t)
        res, bare, broken = make_results(tmp)
        s = Server("--results", str(res), str(bare), "--results", str(broken), "--max-depth", "6",
                   "--max-time-ms", "3000")
        slow_done = None
        try:
            try:  # first, so that its 30 s of waiting for the idle timeout overlap the rest
                slow_done = start_slow_connections()
            except Exception as e:
                check(False, f"slow connections: {type(e).__name__}: {e}")
            for name, test in (("static", lambda: test_static(s)), ("info", lambda: test_info(s)),
                               ("position", lambda: test_position(s)), ("play", lambda: test_play(s)),
                               ("search", lambda: test_search(s)), ("solve", lambda: test_solve(s)),
                               ("record", lambda: test_record(s, tmp)),
                               ("results", lambda: test_results(s, res, bare)), ("strict", lambda: test_strict(s)),
                               ("messages", lambda: test_messages(s)),
                               ("analysis", lambda: test_analysis(tmp, s)),
                               ("folder files", lambda: test_folder_files(tmp, res)),
                               ("robustness", lambda: test_robustness(s)),
                               ("origin", lambda: test_origin(s)), ("caps", lambda: test_caps(s)),
                               ("client gone", lambda: test_client_gone(tmp)),
                               ("swapped files", lambda: test_swapped_files(tmp)),
                               ("command", lambda: test_command(tmp, s.port))):
                try:
                    test()
                except Exception as e:  # a failed expectation that broke the rest of its group
                    check(False, f"{name}: {type(e).__name__}: {e}")
            check(s.alive(), "the server survived every request")
            if slow_done:
                slow_done()
        finally:
            s.stop()
    if failures:
        print(f"serve_api_test: {len(failures)} FAILED")
        return 1
    print("serve_api_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
