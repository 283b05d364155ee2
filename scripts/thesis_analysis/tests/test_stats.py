"""The statistics of thesis_analysis against values worked out by hand: the percentile
bootstrap interval over a resample set small enough to list, the paired per-opening
gain of two players of the same opponent, and the decision rule's openings needed."""
import itertools
import math

import numpy as np
import pytest

from thesis_analysis.experiment import Experiment
from thesis_analysis.hypotheses import decide
from thesis_analysis.loading import check_game
from thesis_analysis.stats import NAN, Boot, Est, estimate, percentile_ci, pooled, unit_sums


def every_resample(n):
    """The n**n resamples of n openings (each an ordered draw of n indices) as counts."""
    return np.array([np.bincount(draw, minlength=n) for draw in itertools.product(range(n), repeat=n)])


def test_percentile_interval_over_every_resample_of_three_openings():
    # Scores 0, 0.5, 1 on three openings, one unit each. A resample drawing opening o c_o
    # times has mean (0.5 c_1 + c_2) / 3; over the 27 draws (multinomial counts):
    #   (3,0,0) 1 -> 0     (2,1,0) 3 -> 1/6   (2,0,1) 3, (1,2,0) 3 -> 1/3
    #   (0,3,0) 1, (1,1,1) 6 -> 1/2   (0,2,1) 3, (1,0,2) 3 -> 2/3   (0,1,2) 3 -> 5/6
    #   (0,0,3) 1 -> 1
    boot = Boot.from_counts(every_resample(3))
    num, den = np.array([0.0, 0.5, 1.0]), np.ones(3)
    means = np.sort(boot.ratio(num, den))
    expected = [0] + [1 / 6] * 3 + [1 / 3] * 6 + [1 / 2] * 7 + [2 / 3] * 6 + [5 / 6] * 3 + [1]
    assert means == pytest.approx(expected)
    # Percentiles with linear interpolation over the 27 sorted values (positions 0..26):
    # 2.5% at 0.65, between 0 and 1/6: 0.65 / 6; 97.5% at 25.35, between 5/6 and 1:
    # 5/6 + 0.35 / 6 = 5.35 / 6.
    e = estimate(boot, num, den, games=6)
    assert (e.est, e.lo, e.hi) == pytest.approx((0.5, 0.65 / 6, 5.35 / 6))
    assert (e.n, e.games) == (3, 6)


def test_percentile_interval_leaves_out_resamples_without_units():
    # NaN (a resample that drew only openings without games) is not a sample: the
    # interval of [NaN, 1, 3, 2] is that of [1, 2, 3]: 1 + 0.05 and 2 + 0.95.
    assert percentile_ci(np.array([NAN, 1.0, 3.0, 2.0])) == pytest.approx((1.05, 2.95))
    assert all(math.isnan(x) for x in percentile_ci(np.array([NAN, NAN])))


def test_seeded_resamples_draw_n_openings_each_and_repeat_with_the_seed():
    # 2,500 resamples cross the 1,000-row chunks the counts are made in.
    a, b, c = Boot(4, 2500, 17), Boot(4, 2500, 17), Boot(4, 2500, 18)
    assert a.W.shape == (2500, 4)
    assert (a.W.sum(axis=1) == 4).all()
    assert np.array_equal(a.W, b.W)
    assert not np.array_equal(a.W, c.W)
    x = np.array([1.0, 2.0, 3.0, 4.0])
    assert np.allclose(a.sums(x), a.W.astype(float) @ x)
    # Each opening is drawn a quarter of the time (4 x 2,500 draws; sd of a share ~0.004).
    assert np.allclose(a.W.sum(axis=0) / 10000, 0.25, atol=0.02)


CHALLENGER_POINTS = {
    # opening: (omd_td-long's points in games 0 and 1, ab_td-long's; None: not played)
    0: ((1, 0.5), (0, 0.5)),   # scores 0.75 and 0.25: gain +0.5
    1: ((0, 0), (1, 0)),       # 0 and 0.5: gain -0.5
    2: ((1, 1), (0.5, 0.5)),   # 1 and 0.5: gain +0.5
    3: ((0.5, 0.5), None),     # ab did not play opening 3: no unit for the gain
}


@pytest.fixture
def gauntlet(game):
    """E5-like experiment: omd_td-long and ab_td-long against opp_ga-short, one tournament."""
    exp = Experiment("E5", "unused")
    for o, (omd, ab) in CHALLENGER_POINTS.items():
        for player, points in (("omd_td-long", omd), ("ab_td-long", ab)):
            for g, pts in enumerate(points or ()):
                record = game("opp_ga-short", player, o, g, 1 - pts)
                check_game(record)
                exp.add("E5-t", record)
    exp.finish()
    return exp


def test_per_opening_scores_and_paired_sums(gauntlet):
    cells = gauntlet.cells()
    assert cells == [("E5-t", "opp_ga-short", "td-long")]
    assert np.allclose(gauntlet.stat("E5-t", "omd_td-long", "opp_ga-short").score(), [0.75, 0, 1, 0.5])
    num, den, games = unit_sums(gauntlet, cells, "omd", "ab")
    assert np.allclose(num, [0.5, -0.5, 0.5, 0]) and np.allclose(den, [1, 1, 1, 0])
    assert games == 12  # both players' games of the three paired openings


def test_paired_gain_and_its_interval(gauntlet):
    # Four hand-made resamples (counts per opening 0..3), with the paired gains
    # d = (+0.5, -0.5, +0.5, none):
    #   (1,1,1,1): (0.5 - 0.5 + 0.5) / 3 = 1/6
    #   (2,0,1,1): (1 + 0.5) / 3 = 1/2
    #   (0,0,0,4): only opening 3, no unit: NaN, left out
    #   (0,3,0,1): -1.5 / 3 = -1/2
    # Sorted -1/2, 1/6, 1/2: 2.5% at position 0.05: -1/2 + 0.05 (2/3) = -28/60; 97.5% at
    # 1.95: 1/6 + 0.95 (1/3) = 29/60. The estimate is the mean gain over the 3 units, 1/6.
    boot = Boot.from_counts([[1, 1, 1, 1], [2, 0, 1, 1], [0, 0, 0, 4], [0, 3, 0, 1]])
    e = pooled(gauntlet, boot, gauntlet.cells(), "omd", "ab")
    assert (e.est, e.lo, e.hi) == pytest.approx((1 / 6, -28 / 60, 29 / 60))
    assert (e.n, e.games) == (3, 12)
    # Unpaired, omd's own score counts all four openings: (0.75 + 0 + 1 + 0.5) / 4.
    assert pooled(gauntlet, boot, gauntlet.cells(), "omd").est == pytest.approx(2.25 / 4)


def test_decision_rule_and_openings_needed():
    assert decide(Est(0.05, 0.01, 0.09, n=10), 0.0, 1) == ("reproduced", "—")
    assert decide(Est(-0.05, -0.09, -0.01, n=10), 0.0, 1) == ("not reproduced", "—")
    assert decide(Est(0.05, 0.01, 0.09, n=1), 0.0, 1)[0].startswith("not decided")
    # se = (0.10 - -0.01) / (2 x 1.96) = 0.11 / 3.92; 10 ((1.96 + 0.84) se / 0.05)^2
    # = 10 x 1.5714^2 = 24.69: 25 openings.
    assert decide(Est(0.05, -0.01, 0.10, n=10), 0.0, 1) == ("not decided at this scale", "25")
