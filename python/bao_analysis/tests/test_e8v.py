"""E8v (bao_analysis.e8v) on records written here: the stopping rule keeps the complete
openings, alpha-beta at equal time joins on the openings both gauntlets played, the
predicted replies are counted against the moves that followed, and the verdicts follow
the intervals of the gains."""
import os

import pytest

from bao_analysis import e8v
from bao_analysis.records import InputError

CHALLENGERS = ("omms", "omms_self", "mcts_eq", "rootom6", "abd6")


def both(game, name, opening, points=(0, 0), moves=("A1L", "a1L")):
    return [game("opp6", name, opening, 0, points[0], moves), game("opp6", name, opening, 1, points[1], moves)]


def e8v_tree(tmp_path, write_jsonl, main, eq=None):
    folder = tmp_path / "E8v"
    for sub, records in (("E8v-vs-ab6", main), ("E8v-ab-eq", eq)):
        if records is None:
            continue
        os.makedirs(folder / sub, exist_ok=True)
        write_jsonl(str(folder / sub / "games.jsonl"), records)
    return str(folder)


def with_prediction(record, predicted):
    record = dict(record)
    record["predicted"] = list(predicted)
    return record


def test_complete_openings_and_alpha_beta_on_the_shared_ones(tmp_path, game, write_jsonl):
    main = [r for o in range(3) for name in CHALLENGERS for r in both(game, name, o)]
    main += [game("opp6", "omms", 3, 0, 0)]  # opening 3 unfinished: left out
    eq = [r for o in range(2) for r in both(game, "ab_eq", o, (1, 1))]
    folder = e8v_tree(tmp_path, write_jsonl, main, eq)
    g = e8v.load(folder)
    assert g.n == 3 and sorted(g.cells) == sorted(CHALLENGERS)
    shared = e8v.load_eq(folder, g)
    assert shared.n == 2 and shared.games("ab_eq") == 4 and shared.games("omms") == 4
    # first_points 0 everywhere: every challenger scored 1, ab_eq too (its points 1 are the opponent's).
    assert shared.score("ab_eq")[0] == pytest.approx(0.0) and shared.score("omms")[0] == pytest.approx(1.0)
    assert e8v.load_eq(e8v_tree(tmp_path / "noeq", write_jsonl, main), g) is None


def test_a_gap_in_the_openings_is_refused(tmp_path, game, write_jsonl):
    main = [r for name in CHALLENGERS for r in both(game, name, 1)] + [game("opp6", "omms", 0, 0, 0)]
    with pytest.raises(InputError, match="not a prefix"):
        e8v.load(e8v_tree(tmp_path, write_jsonl, main))


def test_predictions_are_compared_with_the_next_move(tmp_path, game, write_jsonl):
    # South (opp6 in game 0) moves first: plies 0 and 2 are opp6's, 1 and 3 omms'.
    moves = ("A1L", "a1L", "A2L", "a2L")
    g0 = with_prediction(game("opp6", "omms", 0, 0, 0, moves), ["x", "A2L", "", ""])
    g1 = with_prediction(game("opp6", "omms", 0, 1, 0, moves), ["a1L", "B1L", "y", ""])
    path = tmp_path / "games.jsonl"
    write_jsonl(str(path), [g0, g1])
    rates = e8v.predictions(str(path))
    # g0: omms (North) predicted A2L after a1L: a hit; its last move has none. g1: omms
    # (South) predicted a1L (hit) and y after A2L (a miss: a2L followed).
    assert rates["omms"] == [2, 3, 4]
    assert rates["opp6"] == [0, 2, 4]  # g0: "x" against a1L; g1: "B1L" against A2L: two misses
    assert e8v.predictions(str(path), openings={1}) == {}


def test_verdicts_follow_the_intervals(tmp_path, game, write_jsonl):
    # omms wins every game, mcts_eq and omms_self lose every one: both gains are +100 points.
    main = []
    for o in range(20):
        for name in CHALLENGERS:
            main += both(game, name, o, (0, 0) if name == "omms" else (1, 1))
    folder = e8v_tree(tmp_path, write_jsonl, main)
    rows = [e8v.verdict(h, what, e8v.load(folder), a, b) for h, a, b, what in e8v.HYPOTHESES]
    assert [(r[0], r[5]) for r in rows] == [("H8v-a", "gain"), ("H8v-b", "gain")]
    assert rows[0][2] == pytest.approx(1.0)
    # Reversed: omms loses every game, the others win every one.
    reversed_ = [dict(r, first_points=1 - r["first_points"]) for r in main]
    g = e8v.load(e8v_tree(tmp_path / "loss", write_jsonl, reversed_))
    assert e8v.verdict("H8v-a", "", g, "omms", "mcts_eq")[5] == "loss"
    # Equal: no gain either way, not decided.
    assert e8v.verdict("x", "", g, "omms_self", "mcts_eq")[5] == "not decided at this scale"


def test_the_time_check_joins_like_alpha_beta(tmp_path, game, write_jsonl):
    main = [r for o in range(2) for name in CHALLENGERS for r in both(game, name, o)]
    folder = e8v_tree(tmp_path, write_jsonl, main)
    os.makedirs(os.path.join(folder, e8v.TIME))
    write_jsonl(os.path.join(folder, e8v.TIME, "games.jsonl"), both(game, "mcts_t", 0, (1, 1)))
    timed = e8v.load_eq(folder, e8v.load(folder), e8v.TIME)
    assert timed.n == 1 and timed.gain("omms", "mcts_t")[0] == pytest.approx(1.0)
