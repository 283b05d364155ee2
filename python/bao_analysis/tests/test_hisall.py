"""S2's hisall arm (bao_analysis.hisall): the family's level (Bonferroni over five rows),
Delta's interval widened to it from the 95% half-widths, and the joint reading in the
declaration's words on constructed estimates, the arithmetic in the comments."""
import math

import pytest

from bao_analysis.hisall import LEVEL, ROWS, SCALE, beside_hisevals, joint_reading
from bao_analysis.stats import Est


def test_family_level_is_bonferroni_over_five_rows():
    assert ROWS == ["om", "omd", "omdr", "p50", "p80"]
    assert LEVEL == pytest.approx(0.99)
    # z_0.995 / z_0.975 = 2.5758 / 1.9600
    assert SCALE == pytest.approx(2.5758 / 1.9600, abs=1e-4)


OURS = Est(0.03, 0.01, 0.05)  # half-width 0.02; his +0.081 lies beyond sqrt(0.02^2 + 0.013^2) = 0.024


@pytest.mark.parametrize("gain, reading", [
    # Delta = 0.05 +- 1.314 x sqrt(0.01^2 + 0.02^2) = 0.0294: excludes 0 upward; |0.08 - 0.081| <= 0.0164.
    (Est(0.08, 0.07, 0.09), "explained jointly"),
    # Delta = 0.03 in [0.0006, 0.0594] at 99%: excludes 0; |0.06 - 0.081| = 0.021 > 0.0164: short of it.
    (Est(0.06, 0.05, 0.07), "partly explained"),
    # Delta = 0.025: its 95% interval [0.0026, 0.0474] would exclude 0, its 99% one [-0.0044, 0.0544] does not.
    (Est(0.055, 0.045, 0.065), "not explained"),
    # Delta = 0.08 excludes 0; 0.11 - 0.081 = 0.029 > 0.0164 on the far side.
    (Est(0.11, 0.10, 0.12), "not explained (overshoots)"),
])
def test_joint_readings_at_the_family_level(gain, reading):
    r = joint_reading(OURS, gain, 0.081, 0.013)
    assert r[0] == reading
    hw = SCALE * math.hypot(0.01, 0.02)
    assert r[1:4] == pytest.approx((gain.est - 0.03, gain.est - 0.03 - hw, gain.est - 0.03 + hw))
    assert r[4] == pytest.approx(r[3])  # his figure lies above ours: the bound is the upper end


def test_no_gap_when_ours_is_his_already():
    # |-0.145 - (-0.121)| = 0.024 <= sqrt(0.027^2 + 0.013^2) = 0.030
    r = joint_reading(Est(-0.145, -0.172, -0.118), Est(-0.20, -0.25, -0.15), -0.121, 0.013)
    assert r[0] == "no gap"
    assert r[4] == pytest.approx(r[3])  # his -12.1 lies above ours -14.5


def test_missing_estimates_give_no_reading():
    assert joint_reading(None, Est(0.05, 0.04, 0.06), 0.081, 0.013) is None
    assert beside_hisevals(Est(0.05, 0.04, 0.06), None) is None


def test_beside_hisevals_combines_the_95_half_widths():
    # 0.048 - 0.050 = -0.002 +- sqrt(0.015^2 + 0.012^2) = 0.0192
    d, lo, hi = beside_hisevals(Est(0.048, 0.033, 0.063), Est(0.050, 0.038, 0.062))
    assert (d, lo, hi) == pytest.approx((-0.002, -0.0212, 0.0172), abs=1e-4)
