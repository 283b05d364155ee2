"""S2's controls and noisyopp arms (bao_analysis.arms, run_controls): the declared
rule (above 0, below 0, not decided at each family's Bonferroni level) on constructed
intervals, the level's percentiles, every family measure of two-opening arms worked out
by hand (noisyopp's gain paired with the controls' by opening), and arms on other
openings refused."""
import os

import numpy as np
import pytest

from bao_analysis.arms import (CTL_LEVEL, NOISY_LEVEL, analyse_controls, analyse_noisyopp, ctl_verdict, level_ci,
                                  run_controls, tables_controls)
from bao_analysis.experiment import Experiment, load_experiment
from bao_analysis.loading import InputError
from bao_analysis.stats import Boot

WORDS = ("adds", "loses")


class Ctx:
    scale, resamples, seed = "test", 4, 17


def test_the_family_is_bonferroni_over_three():
    assert CTL_LEVEL == pytest.approx(1 - 0.05 / 3)


@pytest.mark.parametrize("lo, hi, verdict", [
    (0.001, 0.05, "adds"),  # the whole interval above 0
    (-0.05, -0.001, "loses"),  # the whole interval below 0
    (-0.01, 0.05, "not decided"),  # contains 0
    (0.0, 0.05, "not decided"),  # touches 0: not excluded
    (float("nan"), float("nan"), "no data"),
])
def test_the_declared_rule(lo, hi, verdict):
    assert ctl_verdict(lo, hi, WORDS) == verdict


def test_level_ci_is_the_two_sided_percentile_interval():
    s = np.arange(0, 1001, dtype=float)  # percentiles equal their value in tenths
    lo, hi = level_ci(s, CTL_LEVEL)
    assert lo == pytest.approx(1000 * 0.05 / 6) and hi == pytest.approx(1000 * (1 - 0.05 / 6))
    # A narrower level gives a narrower interval, on the same samples.
    lo95, hi95 = level_ci(s, 0.95)
    assert lo < lo95 and hi > hi95
    assert np.isnan(level_ci(np.array([np.nan]), 0.95)[0])


def tiny_controls(root, make, write):
    """One pair (x against model y), two openings, both colours alike. Challenger points
    per opening: ab 0.5, 0.5; abplus 1, 0.5; omd 1, 0.5; omdown 0, 0.5."""
    points = {"ab_x": (0.5, 0.5), "abplus_x": (1, 0.5), "omd_x": (1, 0.5), "omdown_x": (0, 0.5)}
    games = [make("opp_y", p, o, c, 1 - pts[o]) for p, pts in points.items() for o in (0, 1) for c in (0, 1)]
    folder = os.path.join(root, "S2", "controls", "S2-controls-vs-y")
    os.makedirs(folder)
    write(os.path.join(folder, "games.jsonl"), games)


def test_every_family_measure_by_hand(tmp_path, game, write_jsonl):
    tiny_controls(str(tmp_path), game, write_jsonl)
    exp = load_experiment(str(tmp_path / "S2"), "controls")
    # Every resample of two openings: (0, 0), (0, 1), (1, 0), (1, 1).
    c = analyse_controls(exp, Boot.from_counts(np.array([[2, 0], [1, 1], [1, 1], [0, 2]])))
    v = {cid: (e, lo, hi, verdict) for cid, _, e, lo, hi, verdict in c["verdicts"]}
    # C1 omd - omdown: per opening 1, 0 -> 0.5; resamples sorted 0, 0.5, 0.5, 1. numpy's
    # percentile at q sits at position 3q: 3 x 0.05/6 = 0.025 -> 0.0125, 3 x (1 - 0.05/6) =
    # 2.975 -> 0.9875. Above 0: knowledge adds.
    assert v["C1"][0].est == pytest.approx(0.5)
    assert v["C1"][1:3] == pytest.approx((0.0125, 0.9875))
    assert v["C1"][3] == "knowledge adds"
    # C2 omdown - ab: per opening -0.5, 0 -> -0.25.
    assert v["C2"][0].est == pytest.approx(-0.25)
    # C3 omd - abplus: 0 in both openings: exactly 0, not decided.
    assert (v["C3"][0].est, v["C3"][1], v["C3"][2], v["C3"][3]) == (0.0, 0.0, 0.0, "not decided")
    assert c["pairs"] == 1
    assert c["exploratory"][1][1].est == pytest.approx(0.25)  # abplus - ab: 0.5, 0
    assert c["score"]["omdown"].est == pytest.approx(0.25)
    assert c["nodes"]["ab"] == pytest.approx((50 + 100) / 2)  # the records' nodes, one move a side
    text = tables_controls(exp, c, Ctx())
    assert "| C2 | the search shape: omdown - ab | -25.0" in text


def test_a_decided_verdict_and_the_written_tables(tmp_path, game, write_jsonl):
    tiny_controls(str(tmp_path), game, write_jsonl)
    exp = load_experiment(str(tmp_path / "S2"), "controls")
    # Only the resample of both openings: C2's -0.25 has the interval [-0.25, -0.25], below 0.
    c = analyse_controls(exp, Boot.from_counts(np.array([[1, 1]])))
    assert [verdict for *_, verdict in c["verdicts"]] == ["knowledge adds", "shape loses", "not decided"]
    s2 = load_experiment(str(tmp_path), "S2")
    assert run_controls(s2, Ctx()) is not None
    with open(tmp_path / "S2" / "controls" / "tables.md", encoding="utf-8") as f:
        text = f.read()
    assert "| C3 | one more ply: omd - abplus | +0.0 [+0.0, +0.0] (2) | not decided |" in text
    assert run_controls(Experiment("S2", str(tmp_path / "empty")), Ctx()) is None  # no controls folder


def tiny_noisyopp(root, make, write, openings=(0, 1)):
    """The rotating opponent's arm on tiny_controls' pair. Challenger points per opening:
    ab 0.5, 0; omd 0.5, 0.5; omdown 0.5, 0."""
    points = {"ab_x": (0.5, 0), "omd_x": (0.5, 0.5), "omdown_x": (0.5, 0)}
    games = [make("opp_y", p, o, c, 1 - pts[o]) for p, pts in points.items() for o in openings for c in (0, 1)]
    folder = os.path.join(root, "S2", "noisyopp", "S2-noisyopp-vs-y")
    os.makedirs(folder)
    write(os.path.join(folder, "games.jsonl"), games)


def test_noisyopp_pairs_its_gain_with_the_controls_by_opening(tmp_path, game, write_jsonl):
    tiny_controls(str(tmp_path), game, write_jsonl)
    tiny_noisyopp(str(tmp_path), game, write_jsonl)
    ctl = load_experiment(str(tmp_path / "S2"), "controls")
    noisy = load_experiment(str(tmp_path / "S2"), "noisyopp")
    n = analyse_noisyopp(noisy, ctl, Boot.from_counts(np.array([[2, 0], [1, 1], [1, 1], [0, 2]])))
    v = {cid: (e, lo, hi, verdict) for cid, _, e, lo, hi, verdict in n["verdicts"]}
    # G = omd - ab: per opening 0, 0.5 -> 0.25; G_det (controls) per opening 0.5, 0 -> 0.25.
    assert v["N1"][0].est == pytest.approx(0.25) and n["g_det"].est == pytest.approx(0.25)
    # D per resample from the same openings: (0,0): 0 - 0.5, (0,1) twice: 0, (1,1): 0.5 - 0.
    # Sorted -0.5, 0, 0, 0.5: positions 3 x 0.0125 = 0.0375 and 2.9625: [-0.48125, +0.48125].
    assert v["N2"][0].est == pytest.approx(0.0)
    assert v["N2"][1:3] == pytest.approx((-0.48125, 0.48125))
    assert v["N2"][3] == "not decided"
    assert n["knowledge"].est == pytest.approx(0.25)  # omd - omdown: 0, 0.5
    assert NOISY_LEVEL == pytest.approx(1 - 0.05 / 2)
    # Had each resample drawn opening 1 twice only, G = 0.5 and D = +0.5: decided.
    n = analyse_noisyopp(noisy, ctl, Boot.from_counts(np.array([[0, 2]])))
    assert [verdict for *_, verdict in n["verdicts"]] == ["root OM gains", "the gain grows"]


def test_noisyopp_on_other_openings_is_refused(tmp_path, game, write_jsonl):
    tiny_controls(str(tmp_path), game, write_jsonl)
    tiny_noisyopp(str(tmp_path), game, write_jsonl, openings=(0,))
    ctl = load_experiment(str(tmp_path / "S2"), "controls")
    noisy = load_experiment(str(tmp_path / "S2"), "noisyopp")
    with pytest.raises(InputError, match="noisyopp has 1 openings and S2 controls 2"):
        analyse_noisyopp(noisy, ctl, Boot.from_counts(np.array([[1, 1]])))
