#!/usr/bin/env python3
"""tests/serve_any_game_test.py BAO: the API of `bao serve` for any registered game
(cli/serve_any_game.h), checked against the command line on the same game.

  * GET /api/registry lists the games of `bao show --help`'s registry with their default
    specs, parameters and evaluators;
  * Kalah through "game": the start and its legal moves are `bao moves --game`'s, each
    legal move's resulting position is the one `/api/play` reaches, a sowing into one's
    own store keeps the side to move; moves replayed with "all" give one state per ply;
  * a search's best move and value are `bao search --game`'s at the same depth; an OM
    search whose model is one of Kalah's evaluators plays a legal move, a weights file as a
    model is refused;
  * /api/evaluate: a point per position, values from South's view, a finished game's
    point with its winner;
  * bad input: an unknown game, a bad parameter, an illegal move, a malformed position,
    an unknown evaluator, an unknown key: each a 400 whose message names it;
  * Bao's own endpoints without "game" answer as before (the state with its rows);
  * a results folder of Kalah games (`bao run` with `game = kalah(...)`): listed; a game
    with its spec and its states (the moves replayed through /api/position); its curve by
    the game's first evaluator, a Bao evaluator refused; the SPRT track ending at the
    summary's LLR;
  * a Kalah record with predicted replies where South moves twice in a row: the hits and
    misses counted by the side that moved (the list's as the game's).
"""
import http.client
import json
import os
import pathlib
import subprocess
import sys
import tempfile

BAO = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "bao"
KALAH = "kalah(houses=6,seeds=4)"
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def cli(*args):
    return subprocess.run([BAO, *args], check=True, capture_output=True, text=True).stdout


class Server:
    def __init__(self, *args):
        self.proc = subprocess.Popen([BAO, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        if not line.startswith("listening on http://127.0.0.1:"):
            raise SystemExit(f"bao serve did not start: {line!r}")
        self.port = int(line.strip().rstrip("/").rsplit(":", 1)[1])

    def request(self, method, path, body=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        c.request(method, path, body=None if body is None else json.dumps(body),
                  headers={"Content-Type": "application/json"} if method == "POST" else {})
        r = c.getresponse()
        data = json.loads(r.read().decode())
        c.close()
        return r.status, data

    def post(self, path, body):
        return self.request("POST", path, body)

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def test_registry(s):
    st, r = s.request("GET", "/api/registry")
    names = [g["name"] for g in r["games"]]
    check(st == 200 and {"bao", "kalah", "checkers"} <= set(names), f"the registry lists its games: {names}")
    kalah = next(g for g in r["games"] if g["name"] == "kalah")
    check(kalah["spec"].startswith("kalah(houses=6,seeds=4") and [p["name"] for p in kalah["params"]][:2] ==
          ["houses", "seeds"], f"kalah's default spec and parameters: {kalah['spec']}")
    check(kalah["evaluators"] and kalah["sides"] == ["South", "North"], "kalah's evaluators and sides")
    st, p = s.post("/api/position", {"game": kalah["spec"]})
    check(kalah["start"] == p["start"], f"kalah's start is the game's: {kalah['start']}")


def test_kalah(s):
    st, r = s.post("/api/position", {"game": KALAH})
    legal = [m["move"] for m in r["state"]["legal"]]
    check(st == 200 and legal == cli("moves", "--game", KALAH).split(), f"the start's legal moves are bao moves': {legal}")
    check(r["state"]["to_move"] == "South" and r["state"]["outcome"] == "ongoing" and "board" in r["state"],
          "the start: South to move, ongoing, drawn")
    for m in r["state"]["legal"]:
        st2, p = s.post("/api/play", {"game": KALAH, "move": m["move"]})
        if st2 != 200 or p["state"]["position"] != m["after"]:
            check(False, f"move {m['move']} leads where the legal list says")
            break
    else:
        check(True, "every legal move leads where the legal list says")
    # A sowing whose last seed falls into one's own store: the same side moves again.
    extra = [m for m in r["state"]["legal"] if m["after"].endswith(" S")]
    check(extra, "the start has a move that ends in South's store")
    st, p = s.post("/api/play", {"game": KALAH, "move": extra[0]["move"]})
    check(st == 200 and p["state"]["to_move"] == "South" and p["moves"] == [extra[0]["move"]],
          "after it South moves again")
    after = p["state"]["position"]
    check(p["state"]["position"] == after and [m["move"] for m in p["state"]["legal"]] ==
          cli("moves", "--game", KALAH, "--position", after).split(), "the legal moves there are bao moves'")
    moves = [extra[0]["move"], p["state"]["legal"][0]["move"]]
    st, a = s.post("/api/position", {"game": KALAH, "moves": moves, "all": True})
    check(st == 200 and len(a["states"]) == 3 and a["states"][1]["position"] == after and
          a["states"][2]["position"] == a["state"]["position"], "moves replayed with all: a state per ply")


def test_search(s):
    st, r = s.post("/api/search", {"game": KALAH, "searcher": "alphabeta", "depth": 6})
    run = subprocess.run([BAO, "search", "--game", KALAH, "--searcher", "alphabeta", "--depth", "6"], check=True,
                         capture_output=True, text=True)
    best = run.stdout.strip()
    value = int(run.stderr.split(" value ")[-1].split()[0])  # the last iteration's info line
    check(st == 200 and r["best"] == best and r["value"] == value,
          f"the search's best move and value are bao search's: {r.get('best')} {r.get('value')}, {best} {value}")
    check(r["pv"] and r["pv"][0] == r["best"] and r["depth"] == 6, "its PV starts with the best move")
    evals = [e["name"] for e in next(g for g in s.request("GET", "/api/registry")[1]["games"]
                                     if g["name"] == "kalah")["evaluators"]]
    spec = f"om-plain(model={evals[-1]})"
    st, r = s.post("/api/search", {"game": KALAH, "searcher": spec, "eval": evals[0], "depth": 4})
    legal = cli("moves", "--game", KALAH).split()
    check(st == 200 and r["best"] in legal and r["searcher"].startswith(spec[:-1]),
          f"an OM search with a model of Kalah's evaluators: {r.get('best')} ({r.get('error', r.get('searcher'))})")
    st, r = s.post("/api/search", {"game": KALAH, "searcher": "om-plain(model=w.txt)", "eval": evals[0]})
    check(st == 400 and "weights files are not available" in r["error"], "a weights file as a model: 400")


def test_evaluate(s):
    st, r = s.post("/api/position", {"game": "kalah(houses=2,seeds=1)"})
    # Kalah(2,1) from its start to its end, always the first legal move.
    moves, state = [], r["state"]
    while state["outcome"] == "ongoing":
        moves.append(state["legal"][0]["move"])
        state = s.post("/api/play", {"game": "kalah(houses=2,seeds=1)", "moves": moves[:-1], "move": moves[-1]})[1][
            "state"]
    st, c = s.post("/api/evaluate", {"game": "kalah(houses=2,seeds=1)", "moves": moves, "depth": 4})
    check(st == 200 and len(c["points"]) == len(moves) + 1 and c["complete"], f"a point per position: {len(moves)} plies")
    last = c["points"][-1]
    check(last["value"] is None and last["winner"] in ("South", "North", "draw"), f"the end has its winner: {last}")
    first = c["points"][0]
    st, r = s.post("/api/search", {"game": "kalah(houses=2,seeds=1)", "depth": 4})
    check(first["value"] == r["value"] and first["best"] == r["best"], "the start's point is the search's (South to move)")


def test_errors(s):
    for body, what, words in (
            ({"game": "nope"}, "an unknown game", ["'game'", "nope", "kalah"]),
            ({"game": "kalah(houses=99)"}, "a bad parameter", ["houses", "99"]),
            ({"game": KALAH, "moves": ["7"]}, "an illegal move", ["move 1", "7", "legal"]),
            ({"game": KALAH, "position": "1,2/3"}, "a malformed position", ["'position'"]),
            ({"game": KALAH, "moves": "3"}, "moves not a list", ["'moves'", "list"]),
            ({"game": KALAH, "variant": "kujifunza"}, "a Bao key with a game", ["unknown key 'variant'"]),
            ({"game": ""}, "an empty game", ["'game' is missing"])):
        st, r = s.post("/api/position", body)
        check(st == 400 and all(w in r.get("error", "") for w in words), f"{what}: 400 ({r.get('error')})")
    st, r = s.post("/api/search", {"game": KALAH, "eval": "td-long"})
    check(st == 400 and "unknown evaluator 'td-long'" in r["error"], f"a Bao evaluator for Kalah: 400 ({r['error']})")
    st, r = s.post("/api/search", {"game": KALAH, "depth": 99})
    check(st == 400 and "'depth'" in r["error"], f"a depth past the cap: 400 ({r['error']})")
    st, r = s.post("/api/play", {"game": KALAH})
    check(st == 400 and "'move' is missing" in r["error"], "play without a move: 400")


def test_bao_unchanged(s):
    st, r = s.post("/api/position", {})
    rows = r["state"].get("rows", [])
    check(st == 200 and [len(x["pits"]) for x in rows] == [8, 8, 8, 8] and "stage" in r["state"],
          "Bao without 'game': its own state form, four rows of eight pits")
    st, g = s.post("/api/position", {"game": "bao"})
    check(st == 200 and g["start"] == r["start"] and "rows" not in g["state"] and
          [m["move"] for m in g["state"]["legal"]] == [m["move"] for m in r["state"]["legal"]],
          "Bao through 'game': the same start and moves in the generic form")


KALAH_RUN = """game = kalah(houses=4,seeds=3)
schedule = pairing
players = ab, om
openings = 2
seed = 1
opening_plies = 2-4
threads = 1
[player.ab]
searcher = alphabeta
eval = stores
depth = 3
[player.om]
searcher = om-plain(model=stores)
eval = sides
depth = 3
[sprt]
elo0 = 0
elo1 = 100
"""


def test_results(s):
    """A results folder of Kalah games (bao run with game = SPEC): listed, each game replayed
    with generic states, its curve by the game's evaluators, the SPRT track."""
    st, games = s.request("GET", "/api/games?folder=0")
    records = [json.loads(line) for line in (s.results / "games.jsonl").read_text().splitlines()]
    check(st == 200 and len(games["games"]) == len(records) == 4, f"the Kalah run's games listed: {len(records)}")
    r = records[1]
    st, g = s.request("GET", "/api/game?folder=0&index=1")
    check(st == 200 and g["game_spec"] == r["game_spec"] and g["game"] == r["game"] and g["moves"] == r["moves"],
          f"a Kalah game: its spec, its place in the pair and its moves ({g.get('error', g.get('game_spec'))})")
    replayed = s.post("/api/position", {"game": r["game_spec"], "position": r["opening"], "moves": r["moves"],
                                        "all": True})[1]
    check([x["position"] for x in g["states"]] == [x["position"] for x in replayed["states"]] and
          g["states"][-1]["outcome"] != "ongoing", "its states are the moves replayed, to the end")
    st, c = s.request("GET", "/api/curve?folder=0&index=1&depth=3")
    evals = next(x for x in s.request("GET", "/api/registry")[1]["games"] if x["name"] == "kalah")["evaluators"]
    check(st == 200 and c["eval"] == evals[0]["name"] and len(c["points"]) == len(r["moves"]) + 1 and c["complete"],
          f"its curve, by the game's first evaluator: {len(c.get('points', []))} points")
    check(c["points"][-1]["value"] is None and c["points"][0]["best"] in [m["move"] for m in g["states"][0]["legal"]],
          "the curve's start has a legal best move and its end the result")
    st, e = s.request("GET", "/api/curve?folder=0&index=1&eval=default")
    check(st == 400 and "unknown evaluator 'default'" in e["error"], "Bao's evaluator on a Kalah game: 400")
    st, t = s.request("GET", "/api/sprt?folder=0")
    rows = (s.results / "summary.csv").read_text().splitlines()
    llr = float(rows[1].split(",")[rows[0].split(",").index("llr")])
    check(st == 200 and abs(t["pairings"][0]["llr"] - llr) < 1e-3, f"the SPRT track ends at the summary's LLR {llr}")


def make_predicted_record(folder, s):
    """A results folder of one Kalah record with predicted replies, written as bao run
    writes records: South sows into its store first, so it plays twice in a row."""
    start = s.post("/api/position", {"game": KALAH})[1]["state"]
    extra = next(m["move"] for m in start["legal"] if m["after"].endswith(" S"))
    second = s.post("/api/play", {"game": KALAH, "move": extra})[1]["state"]
    again = next(m["move"] for m in second["legal"] if m["after"].endswith(" N"))
    third = s.post("/api/play", {"game": KALAH, "moves": [extra], "move": again})[1]["state"]
    reply = third["legal"][0]["move"]
    moves = [extra, again, reply]
    other = next(m["move"] for m in third["legal"] if m["move"] != reply)
    record = {
        "pairing": "a vs b", "first": "a", "second": "b", "opening_index": 0, "game": 0, "south": "a", "north": "b",
        "opening": "", "moves": moves, "result": "capped", "winner": "", "reason": "ply cap", "plies": 3,
        "first_points": 0.5, "nodes_south": 0, "nodes_north": 0, "time_south": 0, "time_north": 0,
        # South, after its first move, expected its own next move (a hit); after its
        # second, a reply North did not play (a miss).
        "predicted": [again, other, ""], "game_spec": s.post("/api/position", {"game": KALAH})[1]["game"],
    }
    (folder / "games.jsonl").write_text(json.dumps(record, separators=(",", ":")) + "\n")
    return record


def test_predictions(s, record):
    """Predictions of a Kalah record counted by the side that moved, not by alternation."""
    states = s.post("/api/position", {"game": KALAH, "moves": record["moves"], "all": True})[1]["states"]
    movers = [x["to_move"] for x in states[:-1]]
    tries = {"South": 0, "North": 0}
    hits = {"South": 0, "North": 0}
    misses = []
    for k in range(len(record["moves"]) - 1):
        if record["predicted"][k]:
            tries[movers[k]] += 1
            if record["predicted"][k] == record["moves"][k + 1]:
                hits[movers[k]] += 1
            else:
                misses.append(k + 2)
    st, g = s.request("GET", "/api/game?folder=1&index=0")
    p = g.get("prediction", {})
    check(st == 200 and movers[:2] == ["South", "South"] and
          all(p[side]["tries"] == tries[side] and p[side]["hits"] == hits[side] for side in tries) and
          p["misses"] == misses, f"predictions counted by the side that moved: {p} ({movers})")
    st, listed = s.request("GET", "/api/games?folder=1")
    check(st == 200 and listed["games"][0]["prediction"] == p, "the list counts them the same")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        ini = pathlib.Path(tmp) / "kalah.ini"
        ini.write_text(KALAH_RUN)
        out = pathlib.Path(tmp) / "kalah"
        subprocess.run([BAO, "run", str(ini), "--out", str(out)], check=True, capture_output=True)
        predicted = pathlib.Path(tmp) / "predicted"  # its record is written once the server can make it
        predicted.mkdir()
        s = Server("--results", str(out), str(predicted))
        s.results = out
        try:
            for test in (test_registry, test_kalah, test_search, test_evaluate, test_errors, test_bao_unchanged,
                         test_results):
                test(s)
            test_predictions(s, make_predicted_record(predicted, s))
        finally:
            s.stop()
    if failures:
        print(f"serve_any_game_test: {len(failures)} failed")
        return 1
    print("serve_any_game_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
