"""S2 power2 (bao_analysis.power2): the declared family (22 bounds, Bonferroni), and a
tiny base arm with two arms of different lengths worked out by hand: each arm is paired
with the base arm on its own complete openings, and an arm that plays the base arm's
alpha-beta (ties) reads it from there."""
import os

import pytest
from conftest import write_gauntlet

from bao_analysis.arms import ARM_PLAYS
from bao_analysis.power2 import FAMILY, LEVEL, run_power2


class Ctx:
    scale, resamples, seed = "smoke", 200, 17


def test_the_family_is_the_declared_22_bounds():
    assert len(FAMILY) == 22
    assert [o for o, _, _ in FAMILY] == [3] + list(range(5, 26))
    assert len({(a, r) for _, a, r in FAMILY}) == 22
    assert all(arm in ARM_PLAYS and r in ARM_PLAYS[arm][1] for _, arm, r in FAMILY)
    assert LEVEL == pytest.approx(1 - 0.05 / 22)


def write_tournament(root, name, points, make, openings, short=None):
    """S2-<name>-vs-y with opp_y against the players of points (the challenger's points in
    its two games of every opening); short: (player, opening) whose second game is missing."""
    folder = os.path.join(root, "S2", "power2", name)
    games = [make("opp_y", p, o, c, 1 - points[p][c]) for p in points for o in range(openings) for c in (0, 1)
             if (p, o, c) != (*(short or ("", -1)), 1)]
    write_gauntlet(folder, points, games)


def test_each_arm_is_paired_on_its_own_openings(tmp_path, game):
    # Base (3 openings): ab 0.5, om 0.25, omd 0.5, omdr 0.5, p50 0.5.
    base = {"ab_x": (0.5, 0.5), "om_x": (0.5, 0.0), "omd_x": (0.5, 0.5), "omdr_x": (0.5, 0.5), "p50_x": (0.5, 0.5)}
    write_tournament(str(tmp_path), "S2-base-vs-y", base, game, 3)
    # ties (2 openings; its alpha-beta is the base arm's): omd 1 -> Delta +50, omdr 0.5 -> 0.
    write_tournament(str(tmp_path), "S2-ties-vs-y", {"omd_x": (1, 1), "omdr_x": (0.5, 0.5)}, game, 2)
    # rules (3 started, p50's third opening stopped after one game): om 0.5 -> Delta +25.
    rules = dict(base, om_x=(0.5, 0.5))
    write_tournament(str(tmp_path), "S2-rules-vs-y", rules, game, 3, short=("p50_x", 2))
    a = run_power2(str(tmp_path / "S2"), Ctx())
    assert a[("ties", "omd")]["n"] == 2 and a[("rules", "om")]["n"] == 2
    assert (a[("ties", "omd")]["delta"].est, a[("ties", "omd")]["lo"]) == pytest.approx((0.5, 0.5))
    assert a[("ties", "omd")]["base"].est == pytest.approx(0.0)  # the base arm's omd less its ab
    assert a[("rules", "om")]["delta"].est == pytest.approx(0.25)
    # omdr: Delta 0 exactly, his +5.3 above the base gain 0: does not explain, bound 0.
    assert a[("ties", "omdr")]["reading"] == ("does not explain", pytest.approx(0.0))
    # omd: toward his +8.1 but its gain +50 lies far beyond it.
    assert a[("ties", "omd")]["reading"][0] == "does not explain (overshoots)"
    assert ("evals", "p50") not in a  # an arm without games has no row
    with open(tmp_path / "S2" / "power2" / "tables.md", encoding="utf-8") as f:
        text = f.read()
    assert "| 3 | PrOM 0.5 | evals | — |" in text
    assert "| 20 | root OM at d | ties | 2 | +8.1 | +0.0 [+0.0, +0.0] | +50.0 [+50.0, +50.0] |" in text


def test_no_base_arm_is_an_error(tmp_path, game):
    from bao_analysis.records import InputError
    write_tournament(str(tmp_path), "S2-ties-vs-y", {"omd_x": (1, 1), "omdr_x": (0.5, 0.5)}, game, 2)
    with pytest.raises(InputError, match="base arm"):
        run_power2(str(tmp_path / "S2"), Ctx())
