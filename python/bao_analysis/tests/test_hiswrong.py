"""S2's hiswrong arm (bao_analysis.hiswrong): the declared reading of a wrong-model row
against his range of scores (no gap, explained, partly explained, not explained,
overshoots) with its bound, on constructed estimates; the arithmetic in the comments."""
import math

import numpy as np
import pytest

from bao_analysis.hiswrong import HIS_RANGE, OURS, complete_openings, wrong_model_reading
from bao_analysis.records import InputError

P50 = (0.43, 0.47)  # his PrOM 0.5 scores; ours 0.506 lies above them


@pytest.mark.parametrize("arm, c_lo, c_hi, reading", [
    # The change's interval [-0.09, -0.03] lies below 0 (toward his range) and the arm's
    # interval [0.44, 0.46] meets [0.43, 0.47].
    ((0.45, 0.44, 0.46), -0.09, -0.03, "explained"),
    # Toward it (C below 0), but the arm's interval [0.475, 0.495] stays above 0.47.
    ((0.485, 0.475, 0.495), -0.05, -0.01, "partly explained"),
    # C's interval contains 0: the arm does not move the row.
    ((0.50, 0.49, 0.51), -0.035, 0.023, "not explained"),
    # Moves away from his range (C above 0).
    ((0.55, 0.54, 0.56), 0.02, 0.07, "not explained"),
    # Past the range: the arm's interval [0.38, 0.40] lies wholly below 0.43.
    ((0.39, 0.38, 0.40), -0.15, -0.08, "not explained (overshoots)"),
])
def test_readings_toward_a_range_below(arm, c_lo, c_hi, reading):
    r = wrong_model_reading(0.506, arm, c_lo, c_hi, P50)
    assert r[0] == reading
    assert r[1] == pytest.approx(c_lo)  # his range below ours: the bound is C's lower end


def test_a_range_above_no_gap_and_missing_estimates():
    # Ours 0.20 below his [0.27, 0.36]: moving up is toward it, the bound is C's upper end.
    r = wrong_model_reading(0.20, (0.30, 0.28, 0.32), 0.05, 0.15, (0.27, 0.36))
    assert r == ("explained", pytest.approx(0.15))
    # Ours inside his range: nothing to move, whatever the arm does.
    assert wrong_model_reading(0.344, (0.40, 0.39, 0.41), 0.03, 0.09, (0.27, 0.36)) == ("no gap", None)
    assert wrong_model_reading(0.506, (math.nan,) * 3, math.nan, math.nan, P50) is None
    with pytest.raises(InputError):
        wrong_model_reading(0.506, (0.45, 0.44, 0.46), -0.09, -0.03, (0.47, 0.43))


def test_the_declared_rows():
    # The effect-size table's figures: his ranges, E6b's om and E6's p50 with the model wrong.
    assert HIS_RANGE == {"om": (0.27, 0.36), "p50": (0.43, 0.47)}
    assert OURS["om"][0] == pytest.approx(0.344) and OURS["p50"][0] == pytest.approx(0.506)
    assert wrong_model_reading(OURS["om"][0], OURS["om"], -0.01, 0.01, HIS_RANGE["om"])[0] == "no gap"


class _Stat:
    def __init__(self, games):
        self.games = np.array(games, float)


class _Exp:
    def __init__(self, n, stats):
        self.n, self.stats = n, stats


def test_the_stop_rule_keeps_openings_complete_in_every_tournament():
    # Opening 2 misses a game in one tournament, opening 3 in the other: neither counts.
    # The opponent's own rows and other experiments' tournaments do not decide.
    exp = _Exp(4, {
        ("S2-hiswrong-vs-a", "ab_b", "opp_a"): _Stat([2, 2, 1, 2]),
        ("S2-hiswrong-vs-a", "p50-c_b", "opp_a"): _Stat([2, 2, 2, 2]),
        ("S2-hiswrong-vs-c", "om-a_b", "opp_c"): _Stat([2, 2, 2, 0]),
        ("S2-hiswrong-vs-c", "opp_c", "om-a_b"): _Stat([0, 0, 0, 0]),
        ("S2-hisevals-vs-c", "ab_b", "opp_c"): _Stat([0, 0, 0, 0]),
    })
    assert complete_openings(exp).tolist() == [True, True, False, False]
