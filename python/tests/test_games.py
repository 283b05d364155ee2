"""bao.game(spec): any registered game from Python, against `bao moves/perft/search --game`."""

import pytest

import bao

KALAH = "kalah(houses=6,seeds=4)"


def test_games_lists_the_registry():
    assert {"bao", "kalah"} <= set(bao.games())


def test_kalah_start_moves_and_play(cli):
    g = bao.game(KALAH)
    assert g.spec == "kalah(houses=6,seeds=4,empty_capture=false,end=either)"
    s = g.start()
    assert str(s) == "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S"
    assert s.legal_moves() == cli("moves", "--game", KALAH).stdout.split()
    t = s.play("3")  # the last seed in South's store: South moves again
    assert t.side == 0 and not t.over and t.winner is None
    assert g.state(str(t)) == t and hash(g.state(str(t))) == hash(t)
    assert s.perft(5) == int(cli("perft", "--game", KALAH, "--depth", "5").stdout.split()[-1])
    assert "<- to move" in t.show()


def test_search_on_kalah_matches_the_command(cli):
    s = bao.game(KALAH).start().play("3")
    r = bao.search(s, "alphabeta", depth=6)
    out = cli("search", "--game", KALAH, "--position", str(s), "--depth", "6")
    assert r["move"] == out.stdout.split()[-1]
    assert r["move"] in s.legal_moves() and r["pv"][0] == r["move"]
    om = bao.search(s, "om-beta(model=sides)", "stores", depth=4)
    assert om["move"] in s.legal_moves()


def test_bad_input_raises_bao_error():
    with pytest.raises(bao.Error, match="unknown game 'chess'"):
        bao.game("chess")
    with pytest.raises(bao.Error, match="houses"):
        bao.game("kalah(houses=0)")
    s = bao.game(KALAH).start()
    with pytest.raises(bao.Error, match="not legal"):
        s.play("9")
    with pytest.raises(bao.Error, match="does not run on kalah.*ForwardPruningGame"):
        bao.search(s, "engine", depth=2)
    assert bao.search(s, "safe-om(model=sides,eps=5)", "stores", depth=2)["move"] in s.legal_moves()
    with pytest.raises(bao.Error, match="give a limit"):
        bao.search(s, "alphabeta")


def test_bao_positions_still_search():
    r = bao.search(bao.Position.start(), "alphabeta", "material", depth=2)
    assert r.move in bao.Position.start().legal_moves()
