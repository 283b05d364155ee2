"""E8p (bao_analysis.e8p) on records written here: H8p-a is decided on E8p's complete
openings, H8p-b on those it shares with E8v's gauntlet beside it (whose mcts_eq is the
baseline), the degenerate check compares mcts_eq with prom-beta, and a missing E8v is
refused with the folder it looked in."""
import os

import pytest

from bao_analysis import e8p
from bao_analysis.records import InputError

E8P = ("promms", "promb_eq", "promb6")
E8V = ("omms", "omms_self", "mcts_eq", "rootom6", "abd6")


def both(game, name, opening, points=(0, 0)):
    # points are the opponent's (first_points): 0 is a win of the challenger.
    return [game("opp6", name, opening, 0, points[0]), game("opp6", name, opening, 1, points[1])]


def tree(tmp_path, write_jsonl, e8p_records, e8v_records):
    for sub, records in (("E8p/E8p-vs-ab6", e8p_records), ("E8v/E8v-vs-ab6", e8v_records)):
        if records is None:
            continue
        os.makedirs(tmp_path / sub, exist_ok=True)
        write_jsonl(str(tmp_path / sub / "games.jsonl"), records)
    return str(tmp_path / "E8p")


def test_h8p_b_pairs_with_e8v_on_the_shared_openings(tmp_path, game, write_jsonl):
    # E8p has 5 complete openings, E8v 3: H8p-a on 5, H8p-b on 3. promms wins every game,
    # promb_eq loses every one, mcts_eq wins on openings 0-2 (E8v), so H8p-a is +100 points
    # and H8p-b 0.
    mine = [r for o in range(5) for name in E8P for r in both(game, name, o, (1, 1) if name == "promb_eq" else (0, 0))]
    mine += [game("opp6", "promms", 5, 0, 0)]  # opening 5 unfinished: left out
    theirs = [r for o in range(3) for name in E8V for r in both(game, name, o)]
    folder = tree(tmp_path, write_jsonl, mine, theirs)
    g = e8p.load(folder)
    shared, ab = e8p.load_shared(folder)
    assert (g.n, shared.n, ab) == (5, 3, None)
    assert shared.games("mcts_eq") == 6 and shared.games("promms") == 6
    assert g.gain("promms", "promb_eq")[0] == pytest.approx(1.0)
    assert shared.gain("promms", "mcts_eq")[0] == pytest.approx(0.0)


def test_the_verdicts_and_the_degenerate_check(tmp_path, game, write_jsonl):
    # 20 openings: promms and mcts_eq win every game, promb_eq loses every one: H8p-a is a
    # gain, H8p-b not decided (0), and mcts_eq passes H8p-a's rule too (the degenerate
    # reading the declaration names).
    mine = [r for o in range(20) for name in E8P for r in both(game, name, o, (1, 1) if name == "promb_eq" else (0, 0))]
    theirs = [r for o in range(20) for name in E8V for r in both(game, name, o)]
    folder = tree(tmp_path, write_jsonl, mine, theirs)
    rows = e8p.analyse(folder)
    assert [(r[0], r[5]) for r in rows] == [("H8p-a", "gain"), ("H8p-b", "not decided at this scale")]
    with open(os.path.join(folder, "tables.md")) as f:
        tables = f.read()
    assert "mcts(alpha=0.5) passes H8p-a's rule" in tables
    with open(os.path.join(folder, "verdicts.csv")) as f:
        assert f.read().splitlines()[1].startswith("H8p-a,")


def test_without_e8v_beside_it_the_folder_is_named(tmp_path, game, write_jsonl):
    folder = tree(tmp_path, write_jsonl, [r for name in E8P for r in both(game, name, 0)], None)
    with pytest.raises(InputError, match=r"E8v: no E8v games beside"):
        e8p.load_shared(folder)
