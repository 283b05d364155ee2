"""S2 power (bao_analysis.power): the family's level, the re-reading of hisevals against
the powered base arm (the hisevals rule on an interval scaled to the family's level), and
a tiny base and openings arm worked out by hand, with a stopped tournament."""
import math
import os

import pytest
from conftest import write_gauntlet

from bao_analysis.power import LEVEL, level_z, reread, run_power
from bao_analysis.stats import Est


class Ctx:
    scale, resamples, seed = "smoke", 200, 17


def test_the_family_is_bonferroni_over_three():
    assert LEVEL == pytest.approx(1 - 0.05 / 3)
    assert level_z(0.95) == pytest.approx(1.96, abs=1e-3)
    assert level_z(LEVEL) == pytest.approx(2.394, abs=1e-3)


OURS = Est(-0.011, -0.027, 0.005)  # the base arm's PrOM 0.5 gain, half-width 0.016; his +0.026 above


@pytest.mark.parametrize("gain, reading", [
    # Delta = 0.02 - (-0.011) = 0.031; hw = 1.2215 x hypot(0.01, 0.016) = 0.0230: lo = +0.008 > 0;
    # |0.02 - 0.026| = 0.006 <= hypot(0.01, 0.013) = 0.0164: explains.
    (Est(0.02, 0.01, 0.03), "explains"),
    # Delta = 0.009 - (-0.011) = 0.020 < hw 0.023: the interval holds 0.
    (Est(0.009, -0.001, 0.019), "does not explain"),
    # Delta = 0.005 - (-0.011) = 0.016 < hw = 1.2215 x hypot(0.005, 0.016) = 0.0205: holds 0.
    (Est(0.005, 0.0, 0.01), "does not explain"),
    # Delta = 0.071, far beyond his +0.026: overshoots.
    (Est(0.06, 0.05, 0.07), "does not explain (overshoots)"),
])
def test_the_hisevals_rule_on_the_scaled_interval(gain, reading):
    r = reread(OURS, gain, 0.026, 0.013, LEVEL)
    assert r[0] == reading
    hw = level_z(LEVEL) / level_z(0.95) * math.hypot((gain.hi - gain.lo) / 2, 0.016)
    assert (r[1], r[2], r[3]) == pytest.approx((gain.est + 0.011, gain.est + 0.011 - hw, gain.est + 0.011 + hw))
    assert r[4] == pytest.approx(r[3])  # his figure above ours: the bound is the upper end


def test_partly_no_gap_and_missing():
    # Delta = 0.05 - 0.0 = 0.05 > hw; |0.05 - 0.081| = 0.031 > hypot(0.005, 0.013): short of it.
    assert reread(Est(0.0, -0.01, 0.01), Est(0.05, 0.045, 0.055), 0.081, 0.013, LEVEL)[0] == "partly explains"
    # Ours within hypot(0.016, 0.013) = 0.0206 of his figure: no gap, whatever the arm shows.
    assert reread(Est(0.01, -0.006, 0.026), Est(0.05, 0.04, 0.06), 0.026, 0.013, LEVEL)[0] == "no gap"
    assert reread(None, OURS, 0.026, 0.013, LEVEL) is None
    assert reread(OURS, Est(), 0.026, 0.013, LEVEL) is None


def write_tournament(root, name, points, make, openings, short=None):
    """S2-<name>-vs-y with opp_y against ab_x, om_x, omd_x, p50_x; points[player] the
    challenger's points in its two games (one a colour) of every opening; short: (player, opening) whose
    second game is missing (a stopped run)."""
    folder = os.path.join(root, "S2", "power", name)
    players = ["ab_x", "om_x", "omd_x", "p50_x"]
    games = [make("opp_y", p, o, c, 1 - points[p][c]) for p in players for o in range(openings) for c in (0, 1)
             if (p, o, c) != (*(short or ("", -1)), 1)]
    write_gauntlet(folder, players, games)


def test_a_tiny_power_arm_worked_out_by_hand(tmp_path, game):
    # Base: ab 0.5, om 0.25, omd 0.5, p50 0.5. Openings: ab 0.5, om 0.5, omd 1, p50 0.5.
    # Deltas (constant over openings, so every resample gives them): om +25, omd +50, p50 0.
    base = {"ab_x": (0.5, 0.5), "om_x": (0.5, 0.0), "omd_x": (0.5, 0.5), "p50_x": (0.5, 0.5)}
    arm = {"ab_x": (0.5, 0.5), "om_x": (0.5, 0.5), "omd_x": (1, 1), "p50_x": (0.5, 0.5)}
    write_tournament(str(tmp_path), "S2-base-vs-y", base, game, 3)
    # The openings arm's third opening lacks omd's second game: the stop rule keeps two.
    write_tournament(str(tmp_path), "S2-openings-vs-y", arm, game, 3, short=("omd_x", 2))
    a = run_power(str(tmp_path / "S2"), Ctx())
    rows = a["rows"]
    assert rows["omd"]["delta"].n == 2  # two openings complete in both tournaments
    assert (rows["om"]["delta"].est, rows["om"]["lo"], rows["om"]["hi"]) == pytest.approx((0.25, 0.25, 0.25))
    assert rows["omd"]["delta"].est == pytest.approx(0.5)
    assert rows["p50"]["delta"].est == pytest.approx(0.0)
    # p50: Delta 0 exactly, his +2.6 above the base gain 0: does not explain, bound 0.
    assert rows["p50"]["reading"] == ("does not explain", pytest.approx(0.0))
    # om: base gain -25 below his -12.1; the arm gains 0, beyond his figure: overshoots.
    assert rows["om"]["reading"][0] == "does not explain (overshoots)"
    assert rows["om"]["detect"] == pytest.approx(0.0)  # no variance over the openings
    assert a["reread"] == {}  # no hisevals games here
    with open(tmp_path / "S2" / "power" / "tables.md", encoding="utf-8") as f:
        text = f.read()
    assert "2 openings a pair complete in every tournament (of 3 started" in text
    assert "| OM search (om) | -12.1 | -25.0 [-25.0, -25.0] | +0.0 [+0.0, +0.0] | +25.0 [+25.0, +25.0] |" in text
