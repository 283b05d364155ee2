"""S2's sensitivity arms (bao_analysis.arms): the declared explains / accounts-for
rule on constructed estimates, the move-for-move share on tiny game files, and every
measure of a two-opening S2 with a base and a ties arm, worked out by hand."""
import os

import numpy as np
import pytest

from bao_analysis.arms import (analyse_arms, arm_of, base_cfg, his_effect, judge, run_arms, same_games,
                               tables_arms)
from bao_analysis.experiment import load_experiment
from bao_analysis.records import InputError
from bao_analysis.reference import UNMEASURED, explained_by
from bao_analysis.stats import Boot, Est

AB_MOVES = ("A1L", "a1L")
OTHER_MOVES = ("A2L", "a1L")


class Ctx:
    scale, resamples, seed = "test", 4, 17


def test_names_of_the_arms():
    assert arm_of("S2-ties-vs-td-long") == "ties"
    assert arm_of("S2-base-vs-ga-material") == "base"
    assert arm_of("E5-vs-td-long") is None
    assert base_cfg("S2-ties-vs-ga-material") == "S2-base-vs-ga-material"


def test_his_effects_in_score_fractions():
    assert his_effect("omd") == pytest.approx(0.081)
    assert his_effect("omdr-omd") == pytest.approx(0.553 - 0.581)
    assert his_effect("p50-om") == pytest.approx(0.526 - 0.379)


@pytest.mark.parametrize("effect, gain, expected", [
    ((0.02, 0.01, 0.05), (0.0, -0.05, 0.10), (True, True)),    # toward him, his +0.081 inside the gain's interval
    ((0.02, 0.01, 0.05), (0.0, -0.05, 0.05), (True, False)),   # toward him, his figure outside
    ((0.02, 0.0, 0.05), (0.0, -0.05, 0.10), (False, False)),   # the interval touches 0: does not exclude it
    ((-0.02, -0.05, -0.01), (0.0, -0.05, 0.10), (False, False)),  # excludes 0 away from his figure
])
def test_explains_and_accounts_for_above_the_base(effect, gain, expected):
    base = Est(-0.02, -0.04, 0.0)  # his +0.081 lies above: the effect must be positive
    assert judge(0.081, base, Est(*effect), Est(*gain)) == expected


def test_explains_below_the_base_and_without_estimates():
    base = Est(-0.05, -0.07, -0.03)  # his -0.121 lies below
    assert judge(-0.121, base, Est(-0.04, -0.06, -0.01), Est(-0.09, -0.13, -0.05)) == (True, True)
    assert judge(-0.121, base, Est(0.04, 0.01, 0.06), Est(-0.01, -0.03, 0.01)) == (False, False)
    assert judge(-0.121, base, Est(), Est(-0.09, -0.13, -0.05)) == (False, False)
    assert judge(-0.121, base, None, None) == (False, False)


def game(make, challenger, opening, colour, points, moves):
    """A game of challenger against opp_y; points are the challenger's."""
    return make("opp_y", challenger, opening, colour, 1 - points, moves)


def write_tournament(root, name, games, write):
    folder = os.path.join(root, "S2", name)
    os.makedirs(folder, exist_ok=True)
    write(os.path.join(folder, "games.jsonl"), games)
    return folder


def tiny_s2(root, make, write):
    """Two openings, one pair (x against model y). Challenger points per opening
    (both colours alike): base ab 0.5, 0.5; om 0, 0; p50 0.5, 0.5; omd 0.5, 0 with other
    moves than ab's; omdr 0.5, 0.5 with ab's moves. Ties: omd 1, 0.5 with ab's moves in
    opening 0 only; omdr 0.5, 0.5 with ab's moves."""
    base, ties = [], []
    for o in (0, 1):
        for c in (0, 1):
            base += [game(make, "ab_x", o, c, 0.5, AB_MOVES), game(make, "om_x", o, c, 0, OTHER_MOVES),
                     game(make, "p50_x", o, c, 0.5, OTHER_MOVES), game(make, "omd_x", o, c, (0.5, 0)[o], OTHER_MOVES),
                     game(make, "omdr_x", o, c, 0.5, AB_MOVES)]
            ties += [game(make, "omd_x", o, c, (1, 0.5)[o], (AB_MOVES, OTHER_MOVES)[o]),
                     game(make, "omdr_x", o, c, 0.5, AB_MOVES)]
    return write_tournament(root, "S2-base-vs-y", base, write), write_tournament(root, "S2-ties-vs-y", ties, write)


def every_resample_of_two():
    return Boot.from_counts(np.array([[2, 0], [1, 1], [1, 1], [0, 2]]))


def test_same_games_matches_by_opponent_opening_and_colour(tmp_path, game, write_jsonl):
    base, ties = tiny_s2(str(tmp_path), game, write_jsonl)
    assert same_games(base, base) == {"omd": [0, 4], "omdr": [4, 4]}
    assert same_games(ties, base) == {"omd": [2, 4], "omdr": [4, 4]}
    assert same_games(ties, str(tmp_path / "none")) == {"omd": [0, 0], "omdr": [0, 0]}


def test_same_games_counts_another_opening_position_as_another_game(tmp_path, game, write_jsonl):
    ab = game("opp_y", "ab_x", 0, 0, 0.5, AB_MOVES)
    omd = dict(game("opp_y", "omd_x", 0, 0, 0.5, AB_MOVES), opening="2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,3 S 10,10 - -")
    folder = write_tournament(str(tmp_path), "S2-base-vs-y", [ab, omd], write_jsonl)
    assert same_games(folder, folder)["omd"] == [0, 1]


def test_a_malformed_line_names_file_and_line(tmp_path, game, write_jsonl):
    base, _ = tiny_s2(str(tmp_path), game, write_jsonl)
    ties = write_tournament(str(tmp_path), "S2-ties-vs-y", [game("opp_y", "omd_x", 0, 0, 1, AB_MOVES), "{oops"],
                            write_jsonl)
    with pytest.raises(InputError, match=r"S2-ties-vs-y/games\.jsonl:2: not valid JSON"):
        same_games(ties, base)


def test_every_measure_of_a_base_and_a_ties_arm(tmp_path, game, write_jsonl):
    tiny_s2(str(tmp_path), game, write_jsonl)
    exp = load_experiment(str(tmp_path), "S2")
    res = analyse_arms(exp, every_resample_of_two())
    assert res["arms"] == ["base", "ties"]
    assert res["missing"] == ["openings", "rules", "evals", "riskmargin-k2", "riskmargin-k5", "riskmargin-k10",
                              "promorder", "search", "mtdf", "shuffle"]
    g = res["gain"]
    # Base: omd per opening 0 and -0.5 against ab; the resamples (o0 o0, o0 o1 twice, o1 o1).
    assert g[("base", "omd")].est == pytest.approx(-0.25)
    assert list(g[("base", "omd")].samples) == pytest.approx([0, -0.25, -0.25, -0.5])
    assert g[("base", "om")].est == pytest.approx(-0.5) and g[("base", "p50")].est == pytest.approx(0)
    assert g[("base", "omdr-omd")].est == pytest.approx(0.25) and g[("base", "p50-om")].est == pytest.approx(0.5)
    # Ties: its omd (1, 0.5) against the base arm's ab (0.5, 0.5); om and p50 are the base's.
    assert g[("ties", "omd")].est == pytest.approx(0.25)
    assert g[("ties", "om")] is None and g[("ties", "p50-om")] is None
    eff = res["effect"][("ties", "omd")]
    assert (eff.est, eff.lo, eff.hi) == pytest.approx((0.5, 0.5, 0.5))  # (0.5, 0.25, 0.25, 0) less the base's
    # His +8.1 lies above the base's -25; the ties gain's interval: percentiles of 0.5, 0.25,
    # 0.25, 0 at 2.5% (0.075 of the way from 0 to 0.25) and 97.5% contains +8.1.
    assert g[("ties", "omd")].lo == pytest.approx(0.01875) and g[("ties", "omd")].hi == pytest.approx(0.48125)
    assert res["judge"][("ties", "omd")] == (True, True)
    assert res["judge"][("ties", "omdr")] == (False, False)  # an effect of 0
    assert res["same"] == {"base": {"omd": (0, 4), "omdr": (4, 4)}, "ties": {"omd": (2, 4), "omdr": (4, 4)}}
    assert explained_by(res, "omd") == "ties: +50.0 [+50.0, +50.0], accounts for it"
    assert explained_by(res, "om") == "no data (no arm but the base)"
    assert explained_by(res, "omdr") == "no arm explains it (largest toward his figure: ties +0.0 [+0.0, +0.0])"
    assert explained_by(None, "omd") == UNMEASURED
    text = tables_arms(exp, res, Ctx())
    assert "No data (no games): openings, rules, evals, riskmargin-k2, riskmargin-k5, riskmargin-k10, " in text
    assert "| ties | 50.0% (2 of 4) | 100.0% (4 of 4) |" in text


def test_arms_of_one_player_take_the_rest_from_the_base_arm(tmp_path, game, write_jsonl):
    # riskmargin: omdrk2 scores 1, 1 with ab's moves in opening 0 only; promorder: p50swap 1, 0.
    base, _ = tiny_s2(str(tmp_path), game, write_jsonl)
    risk, swap = [], []
    for o in (0, 1):
        for c in (0, 1):
            risk.append(game("opp_y", "omdrk2_x", o, c, 0, (AB_MOVES, OTHER_MOVES)[o]))
            swap.append(game("opp_y", "p50swap_x", o, c, (0, 1)[o], OTHER_MOVES))
    write_tournament(str(tmp_path), "S2-riskmargin-vs-y", risk, write_jsonl)
    write_tournament(str(tmp_path), "S2-promorder-vs-y", swap, write_jsonl)
    res = analyse_arms(load_experiment(str(tmp_path), "S2"), every_resample_of_two())
    assert res["arms"] == ["base", "ties", "riskmargin-k2", "promorder"]
    g, e = res["gain"], res["effect"]
    assert g[("riskmargin-k2", "omdr")].est == pytest.approx(0.5)  # 1 less the base arm's ab 0.5
    assert e[("riskmargin-k2", "omdr")].est == pytest.approx(0.5)  # the base arm's omdr gains 0
    assert g[("riskmargin-k2", "omdr-omd")].est == pytest.approx(0.75)  # less the base arm's omd (0.5, 0)
    assert g[("riskmargin-k2", "omd")] is None and g[("riskmargin-k2", "p50")] is None
    assert g[("promorder", "p50")].est == pytest.approx(0) and g[("promorder", "p50-om")].est == pytest.approx(0.5)
    assert g[("promorder", "om")] is None
    assert res["same"]["riskmargin-k2"] == {"omd": (0, 0), "omdr": (2, 4)}
    assert res["score"][("promorder", "p50")].est == pytest.approx(0.5)
    assert res["score"][("promorder", "ab")] is None


def test_run_arms_writes_the_same_bytes_twice(tmp_path, game, write_jsonl):
    tiny_s2(str(tmp_path), game, write_jsonl)
    exps = {"S2": load_experiment(str(tmp_path), "S2")}
    assert run_arms({}, Ctx(), None) is None
    outputs = []
    for _ in range(2):
        run_arms(exps, Ctx(), None)
        outputs.append([open(tmp_path / "S2" / f, "rb").read() for f in ("tables.md", "S2.png", "S2.pdf")])
    assert outputs[0] == outputs[1]


def test_toward_his_figure_tells_overshoot_from_explanation():
    # His figure +8 points, the base arm's gain +3: an arm whose effect excludes 0 upward
    # (declared "explains") accounts for the gap when its gain's interval holds +8, falls
    # short below it, and overshoots when the whole interval lies above +8; an arm whose
    # effect does not exclude 0 is drawn as a plain gain.
    from bao_analysis.arms import toward
    res = {"judge": {("a", "omd"): (True, False), ("b", "omd"): (False, False)},
           "gain": {("base", "omd"): Est(0.03, 0.01, 0.05)}}
    assert toward(res, "a", "omd", 8.0, 6.0, 10.0) == "accounts"
    assert toward(res, "a", "omd", 8.0, 4.0, 7.0) == "partly"
    assert toward(res, "a", "omd", 8.0, 9.0, 12.0) == "overshoots"
    assert toward(res, "b", "omd", 8.0, 9.0, 12.0) == "none"
    assert toward(res, "base", "omd", 8.0, 1.0, 5.0) == "none"
    # His figure below the base arm's gain: overshooting lies below it.
    assert toward(res, "a", "omd", -2.0, -6.0, -3.0) == "overshoots"
