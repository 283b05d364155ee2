"""bao.Position, bao.Rules and game records: the 1994 game replayed, perft from both
starts, the board diagram against `bao show`, the array views."""

import csv
import pickle

import numpy as np
import pytest

import bao

KISWAHILI_START = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"
KUJIFUNZA_START = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 -- -"


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def test_starts_of_both_variants():
    assert str(bao.Position.start()) == KISWAHILI_START
    assert str(bao.Position()) == KISWAHILI_START
    assert str(bao.Position.start("kujifunza")) == KUJIFUNZA_START
    k = bao.Position(KUJIFUNZA_START, variant="kujifunza")
    assert k.variant == "kujifunza" and k.hands == (0, 0) and k.houses == (False, False)
    assert k == bao.Position.start(variant="kujifunza")
    assert len(k.legal_moves()) == 16


def test_start_state():
    p = bao.Position.start()
    assert p.side == bao.Side.South
    assert p.hands == (22, 22)
    assert p.houses == (True, True)
    assert p.takasia is None
    assert p.stage == "namua"
    assert p.legal_moves() == ["A6L*", "A6R*", "A7L*", "A7R*"]
    assert p.outcome() == bao.Outcome.Ongoing and not p.is_over() and p.outcome_reason() == ""
    assert repr(p) == f"bao.Position('{KISWAHILI_START}')"


def test_pits_match_the_position_string():
    p = bao.Position.start().play("A7L*", "a5R")
    rows = str(p).split()[0].split("/")
    expected = np.array([[int(x) for x in r.split(",")] for r in rows], dtype=np.uint8)
    assert p.pits.shape == (4, 8) and p.pits.dtype == np.uint8
    assert (p.pits == expected).all()
    assert p.pit("A5") == expected[0, 4] and p.pit("a8") == expected[2, 7] and p.pit("B1") == expected[1, 0]
    rings = p.rings
    assert rings.shape == (2, 16)
    assert rings[0, 4] == p.pit("A5") and rings[1, 15] == p.pit("b1") and rings[0, 8] == p.pit("B8")
    assert int(p.pits.sum()) + sum(p.hands) == 64


def test_game1994_replayed_with_every_position(data_dir):
    """Each canonical move of the table on the position before it: the legal moves
    before it and the position string after it as tests/data/game1994-positions.tsv has."""
    rows = read_tsv(data_dir / "game1994-positions.tsv")
    assert len(rows) == 47
    p = bao.Position(rows[0]["position_after"])
    for row in rows[1:]:
        assert " ".join(p.legal_moves()) == row["legal_before"], row["ply"]
        assert p.is_legal(row["move"])
        p = p.play(row["move"])
        assert str(p) == row["position_after"], row["ply"]
    assert p.outcome() == bao.Outcome.Ongoing  # South resigns here


def test_game1994_record_read_and_replayed_leniently(data_dir):
    """The record as de Voogt wrote it ('a2', 'a3R *'): read with bao.load_game, and its
    moves played one by one with Position.play's lenient reader."""
    rows = read_tsv(data_dir / "game1994-positions.tsv")
    g = bao.load_game(str(data_dir / "game1994.txt"))
    assert len(g) == 46
    assert g.result == bao.Outcome.NorthWins and g.reason == "South resigns"
    assert [str(q) for q in g.positions()] == [r["position_after"] for r in rows]
    assert [p.label for p in g.plies] == [r["ply"] for r in rows[1:]]
    assert g.moves() == [r["move"] for r in rows[1:]]
    assert [" ".join(p.legal) for p in g.plies] == [r["legal_before"] for r in rows[1:]]
    assert dict(g.headers)["South"] == "Maulidi"

    written = []
    for line in (data_dir / "game1994.txt").read_text().splitlines():
        if line[:1].isdigit() and "resigns" not in line:
            body = line.split(":", 1)[1].split(";")[0]
            tokens = []
            for t in body.split():
                if tokens and set(t) <= set("*>"):
                    tokens[-1] += t
                else:
                    tokens.append(t)
            written += tokens
    assert len(written) == 46
    p = bao.Position.start()
    for text, row in zip(written, rows[1:]):
        p = p.play(text)
        assert str(p) == row["position_after"], row["ply"]
    again = bao.read_game(g.write())
    assert [str(q) for q in again.positions()] == [str(q) for q in g.positions()]


def test_perft_from_both_starts(data_dir):
    for row in read_tsv(data_dir / "perft-start.tsv"):
        p = bao.Position.start(row["variant"])
        assert p.perft(int(row["depth"])) == int(row["count"]), row


def test_perft_divide_sums_to_perft(cli):
    p = bao.Position.start()
    divide = p.perft_divide(4)
    assert list(divide) == p.legal_moves()
    assert sum(divide.values()) == p.perft(4)
    out = cli("perft", "--depth", "4", "--divide").stdout.split("\n")
    assert [f"{m} {n}" for m, n in divide.items()] == out[: len(divide)]


def test_show_draws_as_the_cli(cli, capsys):
    p = bao.Position.start().play("A7L*", "a5R", "A6L*")
    assert p.board() == cli("show", "--position", str(p)).stdout
    p.show()
    assert capsys.readouterr().out == p.board()
    k = bao.Position.start("kujifunza")
    assert k.board() == cli("show", "--variant", "kujifunza").stdout


def test_children_and_play_agree():
    p = bao.Position.start()
    for move, child in p.children():
        assert p.play(move) == child
        assert child.side == bao.Side.North


def test_rules_options():
    r = bao.Rules()
    assert r.to_dict() == {
        "variant": "kiswahili",
        "long_move_limit": 0,
        "house_choice_any_count": False,
        "tax_any_lone_house": False,
        "house_lost_when_hand_empties": False,
        "takasia_after_namua": False,
    }
    assert set(bao.Rules.options) == set(r.to_dict()) - {"variant"}
    d = bao.Rules.donkers2002()
    assert d.long_move_limit == 100 and d.house_choice_any_count and d.takasia_after_namua
    assert d == bao.Rules(long_move_limit=100, house_choice_any_count=True, tax_any_lone_house=True,
                          house_lost_when_hand_empties=True, takasia_after_namua=True)
    assert r.replace(long_move_limit=7).long_move_limit == 7 and r.long_move_limit == 0
    r.takasia_after_namua = True
    r.set("long_move_limit", 50)
    assert r.takasia_after_namua and r.long_move_limit == 50
    assert "takasia_after_namua=1" in r.describe()
    assert eval(repr(r), {"bao": bao}) == r
    p = bao.Position.start(rules=d)
    assert p.rules == d
    assert bao.Position.start(rules={"long_move_limit": 100}).rules.long_move_limit == 100
    q = bao.Position(KISWAHILI_START, takasia_after_namua=True)
    assert q.rules.takasia_after_namua and "takasia_after_namua=True" in repr(q)
    assert eval(repr(q), {"bao": bao}) == q


def test_rules_change_the_game():
    """A long-move limit of 1 seed makes every sowing move longer than that illegal."""
    p = bao.Position.start("kujifunza")
    assert len(p.legal_moves()) > len(bao.Position.start("kujifunza", long_move_limit=1).legal_moves())


def test_values_pickle_and_hash():
    p = bao.Position.start(long_move_limit=100).play("A6R*")
    q = pickle.loads(pickle.dumps(p))
    assert q == p and hash(q) == hash(p) and q.rules.long_move_limit == 100
    assert len({p, q, bao.Position.start()}) == 2
    r = bao.Rules.donkers2002("kujifunza")
    assert pickle.loads(pickle.dumps(r)) == r


def test_game_end():
    north_row_empty = "8,8,8,8,8,8,8,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 -- -"
    p = bao.Position(north_row_empty, variant="kujifunza")
    assert p.outcome() == bao.Outcome.SouthWins and p.is_over()
    assert p.outcome_reason() == "North's front row is empty"
    assert p.legal_moves() == [] and p.perft(3) == 0


def test_random_opening_is_a_game_in_progress():
    p = bao.random_opening(seed=1, index=3)
    assert not p.is_over() and p == bao.random_opening(1, 3)
    assert p != bao.random_opening(1, 4)
    assert bao.random_opening(1, 0, 0, 0) == bao.Position.start()
    assert bao.random_opening(2, 0, variant="kujifunza").variant == "kujifunza"


def test_help_is_useful():
    import pydoc

    text = pydoc.render_doc(bao, renderer=pydoc.plaintext)
    for name in ("Position", "search", "RandomTree", "trees_grid", "run", "results", "Error", "legal_moves"):
        assert name in text
    for obj in (bao.Position, bao.Position.play, bao.search, bao.Rules, bao.run, bao.evaluate, bao.features,
                bao.RandomTree.search, bao.trees_grid, bao.results.load, bao.Error, bao.read_game):
        assert obj.__doc__ and len(obj.__doc__) > 20, obj
    assert bao.Position.__module__ == "bao" and bao.search.__module__ == "bao"
