"""E9s's measures (bao_analysis.e9s) on records written here: the declared stop rule (the
first K openings complete in every gauntlet), the share of games identical to alpha-beta's,
and the decision rules at their boundaries."""
import pytest

from bao_analysis import e9s
from bao_analysis.gauntlet import Gauntlet

NAMES = ["ab"] + [n for n, _ in e9s.CHALLENGERS]


def records(game, openings, partial=None):
    """Every challenger with both colours on `openings` openings; on opening `partial` only
    ab's first game. omd plays other moves than ab in opening 0's first game."""
    out = []
    for o in range(openings):
        for n in NAMES:
            for g in (0, 1):
                moves = ("A2L", "a1L") if (n == "omd" and o == 0 and g == 0) else ("A1L", "a1L")
                out.append(game("opp", n, o, g, 0.5, moves))
    if partial is not None:
        out.append(game("opp", "ab", partial, 0, 0.5))
    return out


def test_only_openings_complete_for_every_challenger_count(tmp_path, game, write_jsonl):
    write_jsonl(str(tmp_path / "games.jsonl"), records(game, 3, partial=3))
    g = Gauntlet(str(tmp_path), seed=1, rerun="nothing", resamples=20)
    assert (g.n, e9s.complete_openings(g)) == (4, 3)
    e9s.truncate(g, 2)
    assert g.n == 2 and max(o for c in g.cells.values() for o in c) == 1 and g.boot.W.shape == (e9s.RESAMPLES, 2)


def test_identical_games_are_counted_move_for_move(tmp_path, game, write_jsonl):
    write_jsonl(str(tmp_path / "games.jsonl"), records(game, 2))
    assert e9s.identical_share(str(tmp_path), "omd", 2) == (pytest.approx(3 / 4), 4)
    assert e9s.identical_share(str(tmp_path), "bank", 1) == (1.0, 2)


def test_the_decision_rules_at_their_bounds():
    assert e9s.g_verdict(0.001, 0.1) == "gains" and e9s.g_verdict(0.0, 0.1) == "not decided"
    assert e9s.g_verdict(-0.2, -0.001) == "loses"
    assert e9s.l_verdict(-0.03, 0.1) == "bounded" and e9s.l_verdict(-0.031, 0.1) == "not decided"
    assert e9s.l_verdict(-0.2, -0.031) == "not bounded"
