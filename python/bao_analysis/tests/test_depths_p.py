"""S2 depths-p (bao_analysis.depths with the arm DEPTHS_P): S2 depths' part (a) on its
own folder, its family of three at 98.33%, the same rules; its rows of verdicts.md and
H6c's reading of them; its command, s2depths-p."""
import os
import subprocess
import sys

import pytest
from conftest import write_gauntlet

from bao_analysis.depths import DEPTHS, DEPTHS_P, reading_entries, run_depths, two_level_entries, verdict_entries
from bao_analysis.hypotheses import write_verdicts
from bao_analysis.readings import reading_h6c_powered

PYTHON = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Ctx:
    scale, resamples, seed = "test", 50, 17


def write_tournament(root, part, players, points, make):
    """opp_y against players in RESULTS/S2/depths-p/PART; points[player][opening] the
    challenger's points in each colour's game of that opening."""
    folder = os.path.join(root, "S2", "depths-p", part, f"S2-depthsp-{part}-vs-y")
    games = [make("opp_y", p, o, c, 1 - points[p][o]) for p in players for o in range(len(points[p]))
             for c in (0, 1)]
    write_gauntlet(folder, players, games)


def tiny_arm(root, make):
    """d6: two pairs, p75 scores 1 and ab 0.5 on both openings (A6p = +50 exactly); d7:
    one pair, p75 0.5 and ab 1 (A7p = -50); d8 not played."""
    pts = {"ab_x1": (0.5, 0.5), "p75_x1": (1, 1), "ab_x2": (0.5, 0.5), "p75_x2": (1, 1)}
    write_tournament(root, "d6", list(pts), pts, make)
    write_tournament(root, "d7", ["ab_x", "p75_x"], {"ab_x": (1, 1), "p75_x": (0.5, 0.5)}, make)


def test_the_arm_is_part_a_alone_in_a_family_of_three():
    assert DEPTHS_P.level == pytest.approx(1 - 0.05 / 3)
    assert [v[0] for v in DEPTHS_P.verdicts] == ["A6p", "A7p", "A8p"]
    assert sorted(DEPTHS_P.parts) == ["d6", "d7", "d8"] and DEPTHS_P.folder == os.path.join("S2", "depths-p")
    # The same measures as S2 depths' A rows, so that the rules cannot drift apart.
    assert [v[1:] for v in DEPTHS_P.verdicts] == [v[1:] for v in DEPTHS.verdicts if v[0].startswith("A")]


def test_the_arm_worked_out_by_hand(tmp_path, game):
    tiny_arm(str(tmp_path), game)
    assert run_depths(str(tmp_path), Ctx()) is None  # S2 depths' own folder is not read
    res = run_depths(str(tmp_path), Ctx(), DEPTHS_P)
    v = {r["id"]: r for r in res["verdicts"]}
    assert (v["A6p"]["est"].est, v["A6p"]["lo"], v["A6p"]["hi"]) == pytest.approx((0.5, 0.5, 0.5))
    assert v["A6p"]["verdict"] == "PrOM beats alpha-beta"
    assert v["A7p"]["est"].est == pytest.approx(-0.5) and v["A7p"]["verdict"] == "alpha-beta beats PrOM"
    assert v["A8p"]["verdict"] == "no data"
    text = (tmp_path / "S2" / "depths-p" / "tables.md").read_text(encoding="utf-8")
    assert text.startswith("# S2 depths-p: PrOM at 6/7/8 at 3-point power on fresh openings\n")
    assert "98.33% percentile intervals (Bonferroni over three)" in text
    assert "| A7p | PrOM 0.75 against alpha-beta at depth 7: p75 - ab | -50.0 [-50.0, -50.0] (2) |" in text
    assert "hit rate" not in text and "nodematch" not in text  # part (b) is not played
    rows = verdict_entries(res, DEPTHS_P)
    assert sorted(rows) == ["A6p", "A7p"]
    assert rows["A6p"][1] == "98.33% interval (Bonferroni over three)"
    # The two-level interval resamples the pairs too: d7's one pair gives none.
    assert two_level_entries(res, DEPTHS_P) == {"A6p": ("[+50.0, +50.0] (98.33%)", "PrOM beats alpha-beta")}
    assert "gives exactly 0" in reading_entries(res)["A6p"]


def test_verdicts_md_has_the_arm_s_rows_outside_the_holm_family(tmp_path, game):
    write_verdicts(str(tmp_path), {}, Ctx(), [])
    assert "| A6p |" not in (tmp_path / "verdicts.md").read_text(encoding="utf-8")
    tiny_arm(str(tmp_path), game)
    res = run_depths(str(tmp_path), Ctx(), DEPTHS_P)
    write_verdicts(str(tmp_path), verdict_entries(res, DEPTHS_P), Ctx(), [], two_level_entries(res, DEPTHS_P),
                   reading_entries(res))
    text = (tmp_path / "verdicts.md").read_text(encoding="utf-8")
    assert ("| A6p | PrOM 0.75 at least as good as alpha-beta at depth 6 (S2 depths-p, fresh openings) |" in text)
    assert "| PrOM beats alpha-beta | outside the family (S2 depths-p's own family of three" in text
    assert "| A8p |" not in text  # its part has no games


def test_h6c_reads_the_half_present_only_where_prom_beats_alpha_beta():
    def row(est, lo, hi, verdict):
        return ([est, lo, hi, "56", "4480", verdict, "—"], "", float("nan"))
    assert reading_h6c_powered({}) == ""
    v = {"A6p": row("+0.5", "-1.5", "+2.5", "level within 3 points"),
         "A7p": row("+2.5", "+0.4", "+4.6", "PrOM beats alpha-beta")}
    text = reading_h6c_powered(v)
    assert "depth 6 +0.5 [-1.5, +2.5] (56 openings) level within 3 points" in text
    assert text.endswith(": the half present at depth 7")
    v["A7p"] = row("+1.5", "-0.4", "+3.6", "not decided")
    assert reading_h6c_powered(v).endswith(": the half not shown at any of these depths")


def test_the_command_analyses_the_arm_and_refuses_a_missing_folder(tmp_path, game):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=PYTHON, MPLBACKEND="Agg")
    cmd = [sys.executable, "-m", "bao_analysis", "s2depths-p"]
    p = subprocess.run(cmd + [str(tmp_path)], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2 and f"{tmp_path}/S2/depths-p is not a folder" in p.stderr
    os.makedirs(tmp_path / "S2" / "depths-p")
    p = subprocess.run(cmd + [str(tmp_path)], capture_output=True, text=True, env=env, timeout=120)
    assert (p.returncode, p.stderr) == (2, f"s2depths-p: error: no games under {tmp_path}/S2/depths-p\n")
    tiny_arm(str(tmp_path), game)
    p = subprocess.run(cmd + [str(tmp_path), "--resamples", "50"], capture_output=True, text=True, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert "| A6p |" in (tmp_path / "S2" / "depths-p" / "tables.md").read_text(encoding="utf-8")
