"""The statistics of the thesis analysis (bao_analysis.stats, hypotheses) against values worked out by hand: the percentile
bootstrap interval over a resample set small enough to list, the paired per-opening
gain of two players of the same opponent, the decision rule's openings needed, the BCa
interval, the p-values that invert the verdicts' interval rules, Holm's step-down
adjustment (the normal quantiles from Python's statistics.NormalDist, the rest written
out beside each test)."""
import itertools
import math

import numpy as np
import pytest

from bao_analysis.experiment import Experiment
from bao_analysis.design import FAMILY
from bao_analysis.e6 import h6b_p
from bao_analysis.hypotheses import decide, family_ps, holm_verdict
from bao_analysis.records import check_game
from bao_analysis.multiplicity import holm
from bao_analysis.stats import (NAN, Boot, Est, bca_ci, bca_constants, bootstrap_p, estimate, jackknife, tost,
                                percentile_ci, pooled, share_below, unit_sums, within_variant)


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


# ---------------------------------------------------------------- BCa, p-values, Holm

# 10,001 samples evenly spread over [0, 1]: numpy's linear-interpolation percentile at
# q percent is q / 100 exactly, so the interval ends read off as the levels themselves.
GRID = np.linspace(0.0, 1.0, 10001)


def test_acceleration_from_jackknife_values_by_hand():
    # Jackknife values 1, 1, 1, 5: mean 2, d = mean - value = 1, 1, 1, -3;
    # sum d^3 = 3 - 27 = -24, sum d^2 = 12: a = -24 / (6 x 12^1.5) = -0.0962250.
    # The grid's samples below 0.5: 5,000, one equal (half): share 0.5, z0 = 0.
    z0, a = bca_constants(GRID, 0.5, [1, 1, 1, 5])
    assert z0 == pytest.approx(0.0, abs=1e-12)
    assert a == pytest.approx(-24 / (6 * 12 ** 1.5)) and a == pytest.approx(-0.0962250, abs=1e-7)


def test_bca_interval_with_acceleration_by_hand():
    # z0 = 0, a = -0.0962250 (above). With z = -+1.959964:
    #   low:  z / (1 - a z) = -1.959964 / 0.811402 = -2.415527, Phi = 0.0078562
    #   high: 1.959964 / 1.188598 = 1.648972, Phi = 0.9504233
    # so the ends are the grid's 0.78562% and 95.04233% points.
    lo, hi = bca_ci(GRID, 0.5, [1, 1, 1, 5])
    assert (lo, hi) == pytest.approx((0.0078562, 0.9504233), abs=2e-7)


def test_bca_bias_correction_by_hand():
    # Samples 0.00005, 0.00015, ..., 0.99995 (10,000); estimate 0.6: 6,000 below, so
    # z0 = Phi^-1(0.6) = 0.2533471; no acceleration (constant jackknife values). Levels
    # Phi(2 z0 -+ 1.959964) = Phi(-1.453270) = 0.0730754 and Phi(2.466658) = 0.9931807;
    # numpy's percentile at level q over these samples is 0.00005 + q x 0.9999.
    samples = (np.arange(10000) + 0.5) / 10000
    z0, a = bca_constants(samples, 0.6, [2.0, 2.0, 2.0])
    assert (z0, a) == pytest.approx((0.2533471, 0.0), abs=1e-7)
    lo, hi = bca_ci(samples, 0.6, [2.0, 2.0, 2.0])
    assert lo == pytest.approx(0.00005 + 0.0730754 * 0.9999, abs=1e-6)
    assert hi == pytest.approx(0.00005 + 0.9931807 * 0.9999, abs=1e-6)


def test_bca_is_the_percentile_interval_without_bias_or_acceleration():
    lo, hi = bca_ci(GRID, 0.5, [3.0, 3.0])
    assert (lo, hi) == pytest.approx((0.025, 0.975))


def test_bca_moves_the_interval_towards_the_samples_below_a_biased_estimate():
    # An estimate near the top of its bootstrap distribution (as H5g's pooled rho): the
    # percentile interval lies mostly below it; BCa shifts it up.
    rng = np.random.Generator(np.random.PCG64(3))
    samples = 0.68 - np.abs(rng.normal(0, 0.03, 5000))
    lo, hi = bca_ci(samples, 0.67, np.full(10, 0.67))
    plo, phi = np.percentile(samples, [2.5, 97.5])
    assert lo > plo and hi > phi


def test_share_below_counts_ties_half():
    assert share_below(np.array([0.0, 1.0, 1.0, 2.0, NAN]), 1.0) == pytest.approx(0.5)
    assert math.isnan(share_below(np.array([NAN]), 0.0))


def test_p_value_inverts_the_percentile_interval():
    # 2% of the grid lies below 0.02 (200 of 10,001, the one at 0.02 half): p = 2 x 0.02.
    assert bootstrap_p(GRID, 0.02) == pytest.approx(2 * 200.5 / 10001)
    assert bootstrap_p(GRID, 0.5) == pytest.approx(1.0)
    assert bootstrap_p(GRID, -1.0) == 0.0 and bootstrap_p(GRID, 2.0) == 0.0
    # At 1 - p the percentile interval's end lies at the null.
    p = bootstrap_p(GRID, 0.03)
    assert np.percentile(GRID, 100 * p / 2) == pytest.approx(0.03, abs=1e-4)


def test_p_value_inverts_the_bca_interval():
    # With z0 and a from the hand case above, the BCa interval at level 1 - p has its
    # lower end at the null.
    z0, a = bca_constants(GRID, 0.5, [1, 1, 1, 5])
    for null in (0.01, 0.05, 0.2):
        p = bootstrap_p(GRID, null, z0, a)
        lo, _ = bca_ci(GRID, 0.5, [1, 1, 1, 5], level=1 - p)
        assert lo == pytest.approx(null, abs=1e-4)
    # By hand for null 0.05: the share below is 500.5 / 10001 = 0.0500450, w = Phi^-1 of
    # it = -1.644418; q = Phi(w / (1 + a w)) = Phi(-1.644418 / 1.158234) = Phi(-1.419763)
    # = 0.0778384; p = 2q.
    assert bootstrap_p(GRID, 0.05, z0, a) == pytest.approx(2 * 0.0778384, abs=2e-6)


def test_holm_step_down_by_hand():
    # m = 4, p sorted 0.01 (A), 0.02 (C), 0.03 (B), 0.2 (D):
    #   A: 4 x 0.01 = 0.04; C: max(0.04, 3 x 0.02 = 0.06) = 0.06;
    #   B: max(0.06, 2 x 0.03 = 0.06) = 0.06; D: max(0.06, 1 x 0.2) = 0.2.
    # At alpha 0.05 only A is rejected (C's 0.02 > 0.05 / 3 stops the steps).
    adj = holm({"A": 0.01, "B": 0.03, "C": 0.02, "D": 0.2, "E": NAN})
    assert adj == pytest.approx({"A": 0.04, "C": 0.06, "B": 0.06, "D": 0.2})
    assert holm({"A": 0.6, "B": 0.7}) == {"A": 1.0, "B": 1.0}


def test_jackknife_leaves_one_opening_out():
    jk = jackknife(3)
    num = np.array([1.0, 2.0, 6.0])
    assert np.allclose(jk.ratio(num, np.ones(3)), [4.0, 3.5, 1.5])


# ---------------------------------------------------------------- H5g's fixed effects

def test_within_variant_removes_the_variants_levels():
    # Two variants whose levels differ in the other direction from their slopes (a
    # pooled correlation is negative): A hit 0.7, 0.8, 0.9 gain -3, -2, -1; B hit 0.1,
    # 0.2, 0.3 gain 10, 11, 12. Less each variant's means both are hit -0.1, 0, +0.1 and
    # gain -1, 0, +1: correlation 1, slope 2 / 0.02 = 10 points of gain per unit of hit.
    hit = np.array([0.7, 0.8, 0.9, 0.1, 0.2, 0.3])
    gain = np.array([-3.0, -2.0, -1.0, 10.0, 11.0, 12.0])
    groups = ["A"] * 3 + ["B"] * 3
    assert np.corrcoef(gain, hit)[0, 1] < -0.9
    corr, slope = within_variant(gain, hit, groups)
    assert (corr[0], slope[0]) == pytest.approx((1.0, 10.0))


def test_within_variant_correlation_and_slope_by_hand():
    # A: hit 1, 2, 3 gain 1, 3, 2 -> less the means (2, 2): h -1, 0, 1, g -1, 1, 0.
    # B: hit 5, 6, 7 gain 0, 0, 3 -> less (6, 1): h -1, 0, 1, g -1, -1, 2.
    # sum gh = 1 + 0 + 0 + 1 + 0 + 2 = 4, sum h^2 = 4, sum g^2 = 2 + 6 = 8:
    # correlation 4 / sqrt(32) = 0.7071068, slope 4 / 4 = 1. The second row repeats the
    # first with B's last point missing (NaN): B's means become (5.5, 0), h -0.5, 0.5,
    # g 0, 0: sum gh = 1, sum h^2 = 2.5, sum g^2 = 2: 1 / sqrt(5), slope 0.4.
    hit = np.array([[1, 2, 3, 5, 6, 7], [1, 2, 3, 5, 6, NAN]], dtype=float)
    gain = np.array([[1, 3, 2, 0, 0, 3], [1, 3, 2, 0, 0, 3]], dtype=float)
    corr, slope = within_variant(gain, hit, ["A"] * 3 + ["B"] * 3)
    assert corr == pytest.approx([1 / math.sqrt(2), 1 / math.sqrt(5)])
    assert slope == pytest.approx([1.0, 0.4])
    # No spread within the variants: no correlation.
    corr, slope = within_variant(np.array([1.0, 1.0, 2.0, 2.0]), np.array([1.0, 1.0, 3.0, 3.0]), ["A", "A", "B", "B"])
    assert math.isnan(corr[0]) and math.isnan(slope[0])


# ---------------------------------------------------------------- the Holm family

def verdict_entry(verdict, p):
    return (["+1.0", "+0.5", "+1.5", "80", "800", verdict, "—"], "", p)


def test_holm_over_the_family_and_h5g_by_intersection_union():
    # Sixteen members: fourteen with p 0.001, H6a-right with 0.03 and H7b-count with 0.2.
    # H5g's member takes the larger of its two parts' p, 0.001. H7b-NI (an amendment after
    # its data) is outside the family, whatever its p.
    v = {hid: verdict_entry("reproduced", 0.001) for hid in FAMILY}
    v["H6a-right"] = verdict_entry("reproduced", 0.03)
    v["H7b-count"] = verdict_entry("not decided at this scale", 0.2)
    v["H5g"] = verdict_entry("reproduced", 0.0)
    v["H5g-within"] = verdict_entry("reproduced", 0.001)
    v["H5f-om"] = verdict_entry("differs from 0 (negative)", 0.0)
    v["H7b-NI"] = verdict_entry("reproduced", 0.0001)
    ps = family_ps(v)
    assert len(ps) == 16 and ps["H5g"] == 0.001 and "H7b-NI" not in ps
    adjusted = holm(ps)
    # Sorted: fourteen at 0.001 (Holm 16 x 0.001 = 0.016 for all fourteen, the running
    # maximum), then H6a-right: max(0.016, 2 x 0.03 = 0.06) = 0.06 > 0.05: not decided
    # after Holm; H7b-count: max(0.06, 0.2) = 0.2.
    assert adjusted["H5a"] == pytest.approx(0.016) and adjusted["H6a-right"] == pytest.approx(0.06)
    assert holm_verdict("H7b-NI", v, adjusted).startswith("outside the family")
    assert holm_verdict("H5a", v, adjusted) == "reproduced"
    assert holm_verdict("H6a-right", v, adjusted) == "not decided after Holm"
    assert holm_verdict("H7b-count", v, adjusted) == "not decided at this scale"
    assert holm_verdict("H5g", v, adjusted) == "reproduced"
    assert holm_verdict("H5f-om", v, adjusted).startswith("exploratory")
    # H5g's within-variant part not decided: H5g is not either, whatever its pooled rho.
    v["H5g-within"] = verdict_entry("not decided at this scale", 0.4)
    assert holm_verdict("H5g", v, holm(family_ps(v))).startswith("not decided")


def test_h6b_p_is_its_declared_one_sided_rule():
    # 960 of 1,000 resamples put the best p above 0.5, 30 at 0.5, 10 below: the share not
    # strictly above is 0.04 (reproduced at 5%, as the rule's 96% >= 95%).
    samples = np.array([0.9] * 960 + [0.5] * 30 + [0.25] * 10)
    assert h6b_p(Est(0.9, 0.65, 0.9, n=120, samples=samples)) == pytest.approx(0.04)


def test_h6b_interior_rule_and_its_intersection_union_p():
    # H6b' (E6b, declared before its games): reproduced only when both differences of the
    # best interior p, to p = 0 and to p = 1, have intervals above 0; its p is the larger
    # of theirs; an end of the axis beating p* with an interval below 0 contradicts it.
    from bao_analysis.e6 import argmax_to_ends
    from bao_analysis.e6 import h6b_interior_entry

    def diff(est, lo, hi, below):
        e = Est(est, lo, hi, 120, 1000)
        # 1,000 samples, `below` of them under 0: the inverted p is 2 min(q, 1 - q)
        e.samples = np.where(np.arange(1000) < below, -1.0, 1.0)
        return e

    h = {"star": "p75", "argmax": "p75", "interior": 0.9, "share": {}}
    row, note, p = h6b_interior_entry(dict(h, d0=diff(0.10, 0.05, 0.15, 2), d1=diff(0.02, 0.001, 0.04, 20)))
    assert row[5] == "reproduced" and p == pytest.approx(0.04) and row[0] == "+2.0" and "p* = 0.75" in note
    row, _, p = h6b_interior_entry(dict(h, d0=diff(0.10, 0.05, 0.15, 2), d1=diff(0.02, -0.01, 0.04, 100)))
    assert row[5] == "not decided at this scale" and p == pytest.approx(0.2)
    row, _, p = h6b_interior_entry(dict(h, d0=diff(0.10, 0.05, 0.15, 2), d1=diff(-0.03, -0.05, -0.01, 990)))
    assert row[5] == "not reproduced" and p == pytest.approx(0.02) and row[0] == "-3.0"
    # Ties for the highest score go to the ends of the grid (against an interior optimum).
    assert argmax_to_ends([0.5, 0.6, 0.6, 0.5]).tolist() == 1
    assert argmax_to_ends([[0.6, 0.6, 0.5], [0.5, 0.6, 0.6], [0.5, 0.7, 0.6]]).tolist() == [0, 2, 1]


def test_tost_equivalence_by_hand():
    # 1,000 samples: 30 at or beyond +3 points (0.031), none below -3: the larger one-sided
    # share is 0.03 (p), and the 90% interval (5% and 95% percentiles) lies inside (-3, 3).
    samples = np.array([0.0] * 900 + [0.02] * 70 + [0.031] * 30)
    equivalent, p = tost(samples, 0.0, 0.03)
    assert equivalent and p == pytest.approx(0.03)
    # 100 of 1,000 beyond +3: the 95% percentile is past the margin, not equivalent.
    equivalent, p = tost(np.array([0.0] * 900 + [0.04] * 100), 0.0, 0.03)
    assert not equivalent and p == pytest.approx(0.1)


def test_h6b_interior_amended_by_tost():
    # d0 above 0, d1 = 0 with samples inside +-3 points: the declared rule leaves H6b' not
    # decided; the amendment reads it as not reproduced (equivalent), its p the TOST p.
    from bao_analysis.e6 import h6b_interior_entry
    from bao_analysis.hypotheses import AMENDED
    d0 = Est(0.14, 0.12, 0.16, 120, 1000, np.full(1000, 0.14))
    d1 = Est(0.0, -0.01, 0.009, 120, 1000, np.array([0.0] * 990 + [0.035] * 10))
    h = {"d0": d0, "d1": d1, "star": "p90", "argmax": "ab", "interior": 0.6}
    amended = {}
    cells, note, p = h6b_interior_entry(h, amended)
    assert cells[5] == "not decided at this scale" and cells[6] == "—"
    assert amended["H6b'"].startswith("not reproduced") and p == pytest.approx(0.01)
    assert "TOST" in note
    v = {"H6b'": (cells, note, p), AMENDED: amended}
    assert holm_verdict("H6b'", v, {"H6b'": 0.02}).startswith("not reproduced (p* level with alpha-beta")


def test_two_level_bootstrap_by_hand():
    # Two pairs (clusters) x two openings; one resample draws pair 0 twice and opening 1
    # twice: the gain is pair 0's opening-1 value, 0.3; the other draws each once: the
    # mean of the four units, (0.1 + 0.3 + 0.5 + 0.7) / 4 = 0.4.
    from bao_analysis.two_level import TwoLevel
    boot = Boot.from_counts([[0, 2], [1, 1]])
    tl = TwoLevel(boot, 2, 17)
    tl.Wc = np.array([[2.0, 0.0], [1.0, 1.0]])
    num = np.array([[0.1, 0.3], [0.5, 0.7]])
    assert tl.ratio(num, np.ones((2, 2))) == pytest.approx([0.3, 0.4])
    # The seeded cluster draws: every row draws two clusters, the same for one seed.
    again = TwoLevel(Boot(2, 50, 5), 2, 17)
    assert (again.Wc.sum(1) == 2).all() and (again.Wc == TwoLevel(Boot(2, 50, 5), 2, 17).Wc).all()


def test_pair_mean_of_e11_and_e12_by_hand():
    from bao_analysis.stats import pair_mean
    # pair scores 0.75, 0 and 1 (opening 3 has one game: left out); mean 7/12, sample
    # variance ((1/6)^2 + (7/12)^2 + (5/12)^2) / 2 = 13/48
    m, se, n = pair_mean({0: [1, 0.5], 1: [0, 0], 2: [1, 1], 3: [0.5]})
    assert (n, m) == (3, pytest.approx(7 / 12))
    assert se == pytest.approx(math.sqrt(13 / 48 / 3))
    assert pair_mean({5: [1, 0]}) == (0.5, 0.0, 1)
