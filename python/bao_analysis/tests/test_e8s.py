"""E8s (bao_analysis.e8s, e8s_budget) on records written here: the stopping rule keeps
the complete openings, the baseline comes from E8's games of those openings, the check
counts E8's games repeated, and the budget divides the measured times."""
import os

import pytest

from bao_analysis import e8s, e8s_budget
from bao_analysis.records import InputError


def e8s_tree(tmp_path, game, write_jsonl, e8s_games, e8_games, check_games):
    e8s_dir = tmp_path / "E8s"
    for sub, records in (("E8s/E8s-vs-ab-material", e8s_games), ("E8/E8-vs-ab-material", e8_games),
                         ("E8s/E8s-check", check_games)):
        os.makedirs(tmp_path / sub, exist_ok=True)
        write_jsonl(str(tmp_path / sub / "games.jsonl"), records)
    return str(e8s_dir)


def both(game, name, opening, points=(0, 0), moves=("A1L", "a1L")):
    return [game("opp", name, opening, 0, points[0], moves), game("opp", name, opening, 1, points[1], moves)]


def test_complete_openings_and_the_baseline_from_e8(tmp_path, game, write_jsonl):
    ours = []
    for o in range(2):
        for name in ("omms", "ommp", "omms_self"):
            ours += both(game, name, o)
    ours += [game("opp", "omms", 2, 0, 0)]  # opening 2 unfinished: left out
    e8 = both(game, "mcts_a05", 0, (1, 1)) + both(game, "mcts_a05", 1, (0, 0)) + both(game, "mcts_a05", 2)
    check = both(game, "mcts_a05", 0, (1, 1)) + [game("opp", "mcts_a05", 1, 0, 0, ("A2L",))]
    folder = e8s_tree(tmp_path, game, write_jsonl, ours, e8, check)
    g = e8s.load(folder)
    assert g.n == 2 and sorted(g.cells) == ["mcts_a05", "ommp", "omms", "omms_self"]
    assert g.games("mcts_a05") == 4 and g.score("mcts_a05")[0] == pytest.approx(0.5)
    assert e8s.same_games(folder) == (3, 2)  # the game with other moves is not E8's


def test_a_gap_in_the_openings_is_refused(tmp_path, game, write_jsonl):
    ours = [g for name in ("omms", "ommp", "omms_self") for g in both(game, name, 1)]
    ours += [game("opp", "omms", 0, 0, 0)]
    folder = e8s_tree(tmp_path, game, write_jsonl, ours, both(game, "mcts_a05", 0), [])
    with pytest.raises(InputError, match="not a prefix"):
        e8s.load(folder)


def test_the_budget_divides_the_measured_times(tmp_path, game, write_jsonl, capsys):
    # Each record: the first player South, 2 plies from an S opening (one move a side),
    # time_south 0.25 s, time_north 0.5 s, nodes_north 50 iterations.
    write_jsonl(str(tmp_path / "games.jsonl"), [game("opp", "x", 0, 0, 0), game("opp", "x", 1, 0, 0)])
    assert e8s_budget.main(["e8s-budget", str(tmp_path), "opp"]) == 0
    out = capsys.readouterr().out
    assert "opp: 2 moves, 250.00 ms a move" in out
    assert "x: 2 moves, 50 iterations a move, 10000.0 us an iteration: N = 20" in out
    assert e8s_budget.main(["e8s-budget", str(tmp_path), "nobody"]) == 1
