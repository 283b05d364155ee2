"""S2 depths-q (bao_analysis.depths with the arm DEPTHS_Q): S2 depths' depth-8 part and
part (b) on their own folder, a family of three at 98.33%, the same rules, each measure's
power as it came out; its rows of verdicts.md, H6c's reading of A8q, B8's and B9's
readings of their replication; its command, s2depths-q."""
import os
import subprocess
import sys

import pytest
from conftest import write_gauntlet

from bao_analysis.depths import (DEPTHS, DEPTHS_Q, reading_entries, replication_readings, run_depths,
                                 two_level_entries, verdict_entries)
from bao_analysis.hypotheses import write_verdicts
from bao_analysis.readings import reading_h6c_depth8q

PYTHON = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Ctx:
    scale, resamples, seed = "test", 50, 17


def write_tournament(root, part, players, points, make):
    """opp_y against players in RESULTS/S2/depths-q/PART; points[player][opening] the
    challenger's points in each colour's game of that opening."""
    folder = os.path.join(root, "S2", "depths-q", part, f"S2-depthsq-{part}-vs-y")
    games = [make("opp_y", p, o, c, 1 - points[p][o]) for p in players for o in range(len(points[p]))
             for c in (0, 1)]
    write_gauntlet(folder, players, games)


def tiny_arm(root, make):
    """d8: one pair over three openings, G_8 = +0.5, 0, -0.5 (mean 0, sd 0.5); nodematch:
    one pair over two openings, omdD 1, ab 0, ab8 0.5, ab9 1 on both (B8q = +50 and B9q =
    0 exactly)."""
    write_tournament(root, "d8", ["ab_x", "p75_x"], {"ab_x": (0.5, 0.5, 0.5), "p75_x": (1, 0.5, 0)}, make)
    pts = {"ab_x": (0, 0), "omdD_x": (1, 1), "ab8_x": (0.5, 0.5), "ab9_x": (1, 1)}
    write_tournament(root, "nodematch", list(pts), pts, make)


def test_the_arm_is_depth_8_and_part_b_in_a_family_of_three():
    assert DEPTHS_Q.level == pytest.approx(1 - 0.05 / 3)
    assert [v[0] for v in DEPTHS_Q.verdicts] == ["A8q", "B8q", "B9q"]
    assert sorted(DEPTHS_Q.parts) == ["d8", "nodematch"] and DEPTHS_Q.folder == os.path.join("S2", "depths-q")
    # The same measures and players as S2 depths' rows, so that the rules cannot drift apart.
    assert [v[1:] for v in DEPTHS_Q.verdicts] == [v[1:] for v in DEPTHS.verdicts if v[0] in ("A8", "B8", "B9")]
    assert DEPTHS_Q.parts == {p: DEPTHS.parts[p] for p in ("d8", "nodematch")}
    assert DEPTHS_Q.reports_power and not DEPTHS.reports_power


def test_the_arm_worked_out_by_hand(tmp_path, game):
    tiny_arm(str(tmp_path), game)
    assert run_depths(str(tmp_path), Ctx()) is None  # S2 depths' own folder is not read
    res = run_depths(str(tmp_path), Ctx(), DEPTHS_Q)
    v = {r["id"]: r for r in res["verdicts"]}
    assert v["A8q"]["est"].est == pytest.approx(0.0) and v["A8q"]["verdict"] == "not decided"
    assert (v["B8q"]["est"].est, v["B8q"]["lo"], v["B8q"]["hi"]) == pytest.approx((0.5, 0.5, 0.5))
    assert v["B8q"]["verdict"] == "root OM beats the matched alpha-beta"
    assert (v["B9q"]["lo"], v["B9q"]["hi"]) == pytest.approx((0.0, 0.0)) and v["B9q"]["verdict"] == "not decided"
    # Power as it came out: sd 0.5 over 3 openings detects (2.394 + 0.842) 0.5 / sqrt(3)
    # = 0.934 and has power Phi(0.03 sqrt(3) / 0.5 - 2.394) = Phi(-2.290) = 0.011 for 3
    # points; B8q's sd is 0.
    power = {hid: rest for hid, *rest in res["power"]}
    assert power["A8q"] == pytest.approx([0.5, 3, 0.9342, 0.0110], abs=1e-4)
    assert power["B8q"][:3] == pytest.approx([0.0, 2, 0.0])
    text = (tmp_path / "S2" / "depths-q" / "tables.md").read_text(encoding="utf-8")
    assert text.startswith("# S2 depths-q: PrOM at depth 8 and node-matched alpha-beta at 3-point power\n")
    assert "98.33% percentile intervals (Bonferroni over three)" in text
    assert ("| B8q | root OM scored at d against alpha-beta matched in depth: omdD - ab8 | +50.0 [+50.0, +50.0] "
            "(2) |") in text
    assert "| A8q | 50.00 | 3 | 93.4 | 0.01 |" in text
    assert "G_8 - G_6" not in text  # depth 6 is not played
    assert "| ab8 - ab (two more plies) | +50.0 [+50.0, +50.0] (2) |" in text
    rows = verdict_entries(res, DEPTHS_Q)
    assert sorted(rows) == ["A8q", "B8q", "B9q"] and rows["B8q"][1] == "98.33% interval (Bonferroni over three)"
    assert two_level_entries(res, DEPTHS_Q) == {}  # one pair: nothing to resample
    reading = reading_entries(res)
    assert "gives exactly 0" in reading["A8q"]
    assert reading["B8q"].startswith("alpha-beta at d in root OM's place gives ab - ab8 = -50.0 points")
    assert "ab - ab9 = -100.0 points" in reading["B9q"]
    assert replication_readings(res, DEPTHS_Q) == {
        "B8": "; at 3-point power on other fresh openings (S2 depths-q, B8q, 98.33%): +50.0 [+50.0, +50.0] "
              "(2 openings), root OM beats the matched alpha-beta",
        "B9": "; at 3-point power on other fresh openings (S2 depths-q, B9q, 98.33%): +0.0 [+0.0, +0.0] "
              "(2 openings), not decided"}


def test_verdicts_md_has_the_arm_s_rows_outside_the_holm_family(tmp_path, game):
    write_verdicts(str(tmp_path), {}, Ctx(), [])
    text = (tmp_path / "verdicts.md").read_text(encoding="utf-8")
    assert "| B8q |" not in text and "S2 depths-q's rows" not in text
    tiny_arm(str(tmp_path), game)
    res = run_depths(str(tmp_path), Ctx(), DEPTHS_Q)
    write_verdicts(str(tmp_path), verdict_entries(res, DEPTHS_Q), Ctx(), [], two_level_entries(res, DEPTHS_Q),
                   reading_entries(res))
    text = (tmp_path / "verdicts.md").read_text(encoding="utf-8")
    assert "S2 depths-q's rows (A8q, B8q, B9q;" in text
    assert "| B8q | root OM scored at d beats alpha-beta matched in depth (S2 depths-q, fresh openings) |" in text
    assert ("| root OM beats the matched alpha-beta | outside the family (S2 depths-q's own family of three, "
            "Bonferroni at 98.33%) |") in text


def test_h6c_reads_the_half_at_depth_8_only_where_prom_beats_alpha_beta():
    def row(est, lo, hi, verdict):
        return ([est, lo, hi, "60", "4800", verdict, "—"], "", float("nan"))
    assert reading_h6c_depth8q({}) == ""
    text = reading_h6c_depth8q({"A8q": row("+2.5", "+0.4", "+4.6", "PrOM beats alpha-beta")})
    assert "(S2 depths-q, 98.33%): +2.5 [+0.4, +4.6] (60 openings) PrOM beats alpha-beta" in text
    assert text.endswith(": the half present at depth 8")
    text = reading_h6c_depth8q({"A8q": row("+0.5", "-1.5", "+2.5", "level within 3 points")})
    assert text.endswith("level within 3 points: the half not shown at depth 8")


def test_the_command_analyses_the_arm_and_refuses_a_missing_folder(tmp_path, game):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=PYTHON, MPLBACKEND="Agg")
    cmd = [sys.executable, "-m", "bao_analysis", "s2depths-q"]
    p = subprocess.run(cmd + [str(tmp_path)], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2 and f"{tmp_path}/S2/depths-q is not a folder" in p.stderr
    os.makedirs(tmp_path / "S2" / "depths-q")
    p = subprocess.run(cmd + [str(tmp_path)], capture_output=True, text=True, env=env, timeout=120)
    assert (p.returncode, p.stderr) == (2, f"s2depths-q: error: no games under {tmp_path}/S2/depths-q\n")
    tiny_arm(str(tmp_path), game)
    p = subprocess.run(cmd + [str(tmp_path), "--resamples", "50"], capture_output=True, text=True, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert "| B9q |" in (tmp_path / "S2" / "depths-q" / "tables.md").read_text(encoding="utf-8")
