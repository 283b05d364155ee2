"""bao.search against `bao search` (move, value, nodes and every iteration), OM and PrOM
searchers, the reusable Searcher, searching in threads, evaluation and features."""

import os
import re
import threading

import numpy as np
import pytest

import bao

MIDGAME = "0,0,0,0,7,3,0,0/0,0,0,0,0,0,0,0/0,0,0,0,7,2,2,1/0,0,0,0,0,0,0,0 S 21,21 Aa -"
INFO = re.compile(r"^info depth (\d+) value (-?\d+) nodes (\d+) nps \d+ pv ?(.*)$")


def cli_search(cli, position, searcher, eval_, limit):
    out = cli("search", "--position", str(position), "--searcher", searcher, "--eval", eval_, *limit)
    iterations = []
    for line in out.stderr.splitlines():
        m = INFO.match(line)
        assert m, line
        iterations.append({"depth": int(m[1]), "value": int(m[2]), "nodes": int(m[3]), "pv": m[4].split()})
    return out.stdout.split()[-1], iterations


CASES = [
    ("alphabeta", "default", ["--depth", "5"]),
    ("alphabeta(tt_mb=0,ordering=false)", "material", ["--depth", "4"]),
    ("minimax", "material", ["--depth", "3"]),
    ("alphabeta", "default", ["--nodes", "3000"]),
    ("om-plain(model=material)", "default", ["--depth", "3"]),
    ("om-beta(model=material)", "default", ["--depth", "4"]),
    ("om-probe(model=material)", "default", ["--depth", "3"]),
    ("root-om(model=material@2)", "default", ["--depth", "3"]),
    ("prom-plain(types=material:0.5)", "default", ["--depth", "3"]),
    ("prom-beta(types=material:0.25+default:0.25)", "default", ["--depth", "3"]),
    ("mcts(alpha=0.5)", "default", ["--nodes", "2000"]),
    ("om-mcts(model=material)", "default", ["--nodes", "2000"]),
    ("prom-mcts(types=material:0.5,rollout=3)", "default", ["--nodes", "1500"]),
]


@pytest.mark.parametrize("searcher,eval_,limit", CASES)
@pytest.mark.parametrize("position", [bao.Position.start(), bao.Position(MIDGAME)], ids=["start", "midgame"])
def test_search_equals_the_cli(cli, position, searcher, eval_, limit):
    move, iterations = cli_search(cli, position, searcher, eval_, limit)
    kwargs = {limit[0][2:].replace("-", "_"): int(limit[1])}
    r = bao.search(position, searcher, eval_, **kwargs)
    assert r.move == move
    got = [{k: it[k] for k in ("depth", "value", "nodes", "pv")} for it in r.iterations]
    assert got == iterations
    last = iterations[-1]
    assert (r.value, r.depth, r.pv) == (last["value"], last["depth"], last["pv"])
    if limit[0] == "--depth":
        assert r.nodes == last["nodes"]
    assert r.move == r.pv[0] and r.move in position.legal_moves()
    assert r.leaf_evals > 0 and r.seconds >= 0 and r.searcher and r.eval == eval_
    if "mcts" in searcher:  # nodes are iterations; the positions made are counted beside them
        assert r.nodes == int(limit[1]) and r.positions > r.nodes


def test_result_fields():
    r = bao.search(bao.Position.start(), depth=4)
    d = r.to_dict()
    assert set(d) == {"move", "value", "pv", "depth", "nodes", "positions", "leaf_evals", "tt_probes", "tt_hits",
                      "seconds", "searcher", "eval", "iterations"}
    # A depth limit alone: alpha-beta iterates every third depth, ending at it.
    assert d["depth"] == 4 and [i["depth"] for i in d["iterations"]] == [1, 4] and d["tt_probes"] >= d["tt_hits"]
    assert r.searcher.startswith("alphabeta(") and "bao.SearchResult move=" in repr(r)


def test_position_string_and_rules_arguments():
    a = bao.search(MIDGAME, depth=3)
    b = bao.search(bao.Position(MIDGAME), depth=3)
    assert (a.move, a.value, a.nodes) == (b.move, b.value, b.nodes)
    k = bao.search(bao.Position.start().__str__(), depth=2, rules={"long_move_limit": 100})
    assert k.move in bao.Position.start().legal_moves()
    kuj = bao.search(bao.Position.start("kujifunza"), "alphabeta", "material", time_ms=20)
    assert kuj.move in bao.Position.start("kujifunza").legal_moves()


def test_reused_searcher_gives_the_same_results():
    s = bao.Searcher("alphabeta(tt_mb=2)", eval="material")
    assert "tt_mb=2" in s.describe()
    p = bao.Position(MIDGAME)
    first, second = s.search(p, depth=4), s.search(p, depth=4)
    once = bao.search(p, "alphabeta(tt_mb=2)", "material", depth=4)
    assert (first.move, first.value, first.nodes) == (second.move, second.value, second.nodes)
    assert (first.move, first.value, first.nodes) == (once.move, once.value, once.nodes)


def test_searches_in_threads_match_sequential_ones():
    positions = [bao.random_opening(9, i) for i in range(4)]
    expected = [bao.search(p, depth=5) for p in positions]
    got = [None] * len(positions)

    def work(i):
        got[i] = bao.search(positions[i], depth=5)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(positions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [(r.move, r.value, r.nodes) for r in got] == [(r.move, r.value, r.nodes) for r in expected]


def test_a_threaded_alphabeta_has_the_one_thread_value():
    # Lazy SMP: the same value at the same depth, a legal move; its nodes are all threads'.
    for p in (bao.Position.start(), bao.Position(MIDGAME)):
        one = bao.search(p, "alphabeta", depth=7)
        two = bao.search(p, "alphabeta(threads=2)", depth=7)
        assert (two.value, two.depth) == (one.value, one.depth)
        assert two.move in p.legal_moves() and "threads=2" in two.searcher
    with pytest.raises(bao.Error, match="threads"):
        bao.search(bao.Position.start(), "alphabeta(threads=0)", depth=2)


def test_more_threads_than_the_machine_has_are_refused_for_bao_and_any_game():
    # Threads beyond the cores only take turns and outlast a time limit: the registry
    # refuses them for bao.search, bao.Searcher and another game's search alike.
    cores = os.cpu_count()
    over = cores + 1
    named = f"threads={over}, more than the {cores} hardware threads of this machine" if cores < 256 else "threads"
    for make in (lambda: bao.search(bao.Position.start(), f"alphabeta(threads={over})", time_ms=10),
                 lambda: bao.Searcher(f"engine(threads={over})"),
                 lambda: bao.search(bao.game("kalah").start(), f"alphabeta(threads={over})", time_ms=10)):
        with pytest.raises(bao.Error, match=re.escape(named)):
            make()
    if cores <= 256:
        kalah = bao.game("kalah").start()
        assert bao.search(kalah, f"alphabeta(threads={cores})", depth=2)["move"] in kalah.legal_moves()


def test_evaluate_is_zero_sum_and_per_side():
    p = bao.Position(MIDGAME)
    for e in ("material", "default"):
        south, north = bao.evaluate(p, e, side=bao.Side.South), bao.evaluate(p, e, side=1)
        assert south == -north
        assert bao.evaluate(p, e) == south  # South is to move
    assert bao.evaluate(bao.Position.start(), "material") == 0


def test_features():
    p = bao.Position(MIDGAME)
    f = bao.features(p)
    names = bao.feature_names()
    assert isinstance(f, np.ndarray) and f.dtype == np.float64 and f.shape == (len(names),)
    half = len(names) // 2
    assert names[0] == "hand" and names[half] == "opp_hand"
    assert f[0] == p.hands[0] and f[half] == p.hands[1]
    front = [names.index(f"front{k}") for k in range(1, 9)]
    assert list(f[front]) == list(p.pits[0])
    g = bao.features(p, side=bao.Side.North)
    assert list(g[:half]) == list(f[half:]) or g[0] == p.hands[1]
    assert g[0] == p.hands[1] and g[half] == p.hands[0]  # North's own half first


def test_registries():
    assert {"material", "default"} <= set(bao.evaluators())
    assert {"alphabeta", "minimax", "om-beta", "prom-beta", "root-om"} <= set(bao.searchers())
    assert set(bao.tree_searchers()) >= {"alphabeta", "om-bounded", "prom-plain"}


def test_searcher_info_is_the_registry_s(cli):
    # The same entries as `bao search --list`: every name has a summary; a parameter's
    # default reads back through a spec; a searcher off the trees says why.
    for name in bao.searchers():
        info = bao.searcher_info(name)
        assert info["name"] == name and info["summary"], info
        assert all(p["type"] in ("bool", "int", "text") for p in info["params"]), info
    ab = {p["name"]: p for p in bao.searcher_info("alphabeta")["params"]}
    assert ab["tt_mb"]["type"] == "int" and ab["tt_mb"]["default"] == "16" and ab["tt_mb"]["min"] == 0
    assert bao.searcher_info("alphabeta")["on_trees"] is True
    # The kind the registration states: plain searchers take no opponent model.
    assert bao.searcher_info("alphabeta")["kind"] == "plain"
    assert bao.searcher_info("om-beta")["kind"] == "opponent-model"
    assert bao.searcher_info("prom-mcts")["kind"] == "mcts"
    assert {bao.searcher_info(n)["kind"] for n in bao.searchers()} == {"plain", "opponent-model", "mcts"}
    assert isinstance(bao.searcher_info("root-om")["on_trees"], str)
    om = {p["name"]: p for p in bao.searcher_info("om-beta")["params"]}
    assert om["model"]["required"] is True and om["model"]["type"] == "text"
    listed = cli("search", "--list").stdout
    for name in bao.searchers():
        assert f"`{name}`" in listed, name
        assert bao.searcher_info(name)["summary"] in listed, name
    with pytest.raises(bao.Error, match="unknown searcher 'frob'"):
        bao.searcher_info("frob")
