"""S2's hisevals arm (bao_analysis.arms, run_hisevals): his figures with their
half-widths, and the declared reading (no gap, explains, partly explains, does not
explain, overshoots) with Delta's interval and bound on constructed estimates, the
arithmetic in the comments."""
import math

import pytest

from bao_analysis.arms import his_reading, his_row_effect
from bao_analysis.stats import Est


def test_his_figures_and_half_widths():
    assert his_row_effect("omd") == pytest.approx((0.081, 0.013))
    assert his_row_effect("p80") == pytest.approx((0.046, 0.013))
    # A difference of two of his rows: sqrt(2) x 1.3 points.
    assert his_row_effect("omdr-omd") == pytest.approx((0.553 - 0.581, 0.013 * math.sqrt(2)))


OURS = Est(0.03, 0.01, 0.05)  # half-width 0.02; his +0.081 is 5.1 points away, beyond sqrt(0.02^2 + 0.013^2) = 0.024


@pytest.mark.parametrize("gain, reading", [
    # Delta = 0.04 +- sqrt(0.01^2 + 0.02^2) = 0.0224: [0.0176, 0.0624] excludes 0 upward; |0.07 - 0.081| = 0.011
    # <= sqrt(0.01^2 + 0.013^2) = 0.0164: his figure within the combined error.
    (Est(0.07, 0.06, 0.08), "explains"),
    # Delta = 0.03 in [0.0076, 0.0524]; |0.06 - 0.081| = 0.021 > 0.0164: short of it.
    (Est(0.06, 0.05, 0.07), "partly explains"),
    # Delta = 0.01 in [-0.0124, 0.0324]: does not exclude 0.
    (Est(0.04, 0.03, 0.05), "does not explain"),
    # Delta = 0.08 excludes 0; 0.11 - 0.081 = 0.029 > 0.0164 on the far side: overshoots.
    (Est(0.11, 0.10, 0.12), "does not explain (overshoots)"),
])
def test_readings_above_ours(gain, reading):
    r = his_reading(OURS, gain, 0.081, 0.013)
    assert r[0] == reading
    hw = math.hypot(0.01, 0.02)
    assert r[1:4] == pytest.approx((gain.est - 0.03, gain.est - 0.03 - hw, gain.est - 0.03 + hw))
    assert r[4] == pytest.approx(r[3])  # his figure lies above ours: the bound is the upper end


def test_no_gap_and_a_figure_below():
    # Ours -0.145 [-0.172, -0.118] against his -0.121: 0.024 <= sqrt(0.027^2 + 0.013^2) = 0.030.
    r = his_reading(Est(-0.145, -0.172, -0.118), Est(-0.16, -0.175, -0.145), -0.121, 0.013)
    assert r[0] == "no gap"
    # His figure below ours: moving down explains, and the bound is Delta's lower end.
    r = his_reading(Est(-0.05, -0.06, -0.04), Est(-0.11, -0.12, -0.10), -0.121, 0.013)
    assert r[0] == "explains"
    assert r[4] == pytest.approx(r[2])
    assert his_reading(None, Est(0.0, -0.01, 0.01), 0.081, 0.013) is None
    assert his_reading(OURS, Est(), 0.081, 0.013) is None
