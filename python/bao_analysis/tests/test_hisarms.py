"""S2's hisarms arm (bao_analysis.hisarms): the tournament names paired with hisevals', and
the declared reading (explains, partly explains, does not explain, overshoots) with its
bound on constructed estimates, the arithmetic in the comments."""
import math

import pytest

from bao_analysis.hisarms import his_cfg, his_table_reading
from bao_analysis.records import InputError
from bao_analysis.stats import Est


def test_tournaments_pair_with_hisevals():
    assert his_cfg("S2-histable-vs-donkers-ga1") == "S2-hisevals-vs-donkers-ga1"
    assert his_cfg("S2-hisextend-vs-donkers-tdl2b") == "S2-hisevals-vs-donkers-tdl2b"
    for bad in ("S2-base-vs-td-long", "S2-histable-donkers-ga1"):
        with pytest.raises(InputError):
            his_cfg(bad)


BASE = Est(0.05, 0.038, 0.062)  # hisevals' root OM gain; his +0.081 lies above it


@pytest.mark.parametrize("gain, lo, hi, reading", [
    # Delta's interval excludes 0 upward; |0.075 - 0.081| = 0.006 <= sqrt(0.01^2 + 0.013^2) = 0.0164.
    (Est(0.075, 0.065, 0.085), 0.01, 0.04, "explains"),
    # Toward it, but |0.06 - 0.081| = 0.021 > 0.0164: short of it.
    (Est(0.06, 0.05, 0.07), 0.002, 0.018, "partly explains"),
    # Delta's interval contains 0: a game played move for move as hisevals' would land here.
    (Est(0.05, 0.038, 0.062), -0.004, 0.003, "does not explain"),
    # 0.11 - 0.081 = 0.029 > 0.0164 beyond his figure: overshoots.
    (Est(0.11, 0.10, 0.12), 0.04, 0.08, "does not explain (overshoots)"),
])
def test_readings_toward_a_figure_above(gain, lo, hi, reading):
    r = his_table_reading(BASE, gain, lo, hi, 0.081, 0.013)
    assert r[0] == reading
    assert r[1] == pytest.approx(hi)  # his figure above hisevals' gain: the bound is the upper end


def test_a_figure_below_and_missing_estimates():
    # hisevals' gain above his figure: moving down is toward it, the bound is the lower end.
    r = his_table_reading(Est(0.02, 0.01, 0.03), Est(-0.01, -0.02, 0.0), -0.04, -0.02, -0.012, 0.013)
    assert r == ("explains", pytest.approx(-0.04))
    assert his_table_reading(None, BASE, 0.0, 0.01, 0.081, 0.013) is None
    assert his_table_reading(BASE, Est(), 0.0, 0.01, 0.081, 0.013) is None
    assert his_table_reading(BASE, BASE, math.nan, math.nan, 0.081, 0.013) is None
