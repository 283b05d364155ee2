"""The named corrections for multiplicity (bao_analysis.multiplicity) against values
worked out by hand, and the quantiles each experiment's declaration printed."""
import math

import pytest

from bao_analysis.multiplicity import bonferroni_level, holm, z_power, z_two_sided


def test_bonferroni_splits_the_level_over_the_family():
    assert bonferroni_level(1) == 0.95
    assert bonferroni_level(3) == 1 - 0.05 / 3
    assert bonferroni_level(8) == pytest.approx(0.99375, abs=1e-12)
    assert bonferroni_level(4, alpha=0.1) == pytest.approx(0.975, abs=1e-12)


def test_a_family_has_a_verdict():
    with pytest.raises(ValueError, match="at least one verdict, not 0"):
        bonferroni_level(0)
    with pytest.raises(ValueError, match="at least one verdict, not -2"):
        z_two_sided(-2)


def test_the_quantiles_the_declarations_printed():
    # E11: 0.05 and 0.05/2; E12 and E12m: 0.05/6 (six places); E8: 0.05/3 and E9:
    # 0.05/8 (three places); the power of 80%.
    assert (z_two_sided(), z_two_sided(2), z_two_sided(6)) == (1.959964, 2.241403, 2.638257)
    assert (z_two_sided(3, places=3), z_two_sided(8, places=3), z_power()) == (2.394, 2.734, 0.842)


def test_holm_steps_down_and_keeps_the_adjusted_ps_monotone():
    # sorted: b 0.01 (x3 = 0.03), a 0.02 (x2 = 0.04), c 0.03 (x1 = 0.03 -> 0.04, monotone)
    adjusted = holm({"a": 0.02, "b": 0.01, "c": 0.03, "d": math.nan})
    assert adjusted == pytest.approx({"b": 0.03, "a": 0.04, "c": 0.04})
    assert "d" not in adjusted
    assert holm({"a": 0.6, "b": 0.5}) == {"b": 1.0, "a": 1.0}
