"""S2's depths arm (bao_analysis.depths): the declared rule (above 0, below 0, level
within 3 points for PrOM, else not decided) at the family's 99%, the stop rule (only the
openings every challenger of every tournament completed), the family's measures of a
tiny arm worked out by hand, and its rows of verdicts.md with their readings."""
import math
import os

import pytest

from bao_analysis.depths import (LEVEL, complete_openings, load_parts, reading_entries, run_depths,
                                 two_level_entries, verdict_entries, verdict_of)
from bao_analysis.experiment import load_experiment
from bao_analysis.hypotheses import write_verdicts

WORDS = ("beats", "worse")


class Ctx:
    scale, resamples, seed = "test", 50, 17


def test_the_family_is_bonferroni_over_five():
    assert LEVEL == pytest.approx(0.99)


@pytest.mark.parametrize("lo, hi, margin, verdict", [
    (0.001, 0.05, 0.03, "beats"),  # above 0
    (-0.05, -0.001, 0.03, "worse"),  # below 0
    (-0.02, 0.025, 0.03, "level within 3 points"),  # contains 0, inside (-3, +3)
    (-0.02, 0.035, 0.03, "not decided"),  # contains 0, reaches past +3
    (-0.03, 0.01, 0.03, "not decided"),  # on the margin: not inside it
    (-0.02, 0.025, None, "not decided"),  # B's rule has no margin
    (0.0, 0.05, None, "not decided"),  # touches 0: not excluded
    (math.nan, math.nan, 0.03, "no data"),
])
def test_the_declared_rule(lo, hi, margin, verdict):
    assert verdict_of(lo, hi, WORDS, margin) == verdict


def write_part(root, part, tournament, players, points, make, write, openings=(0, 1), short=None):
    """One tournament of opp_y against players, points[player][opening] the challenger's
    points in each colour's game; short: (player, opening) whose second game is missing."""
    folder = os.path.join(root, "S2", "depths", part, tournament)
    os.makedirs(folder)
    with open(os.path.join(folder, "config.ini"), "w", encoding="utf-8") as f:
        f.write("players = " + ", ".join(["opp_y"] + players) + "\n")
    games = [make("opp_y", p, o, c, 1 - points[p][o]) for p in players for o in openings for c in (0, 1)
             if (p, o, c) != (*(short or ("", -1)), 1)]
    write(os.path.join(folder, "games.jsonl"), games)


def tiny_arm(root, make, write):
    """d6: two pairs, p75 scores 1 and ab 0.5 on both openings (A6 = +50 exactly).
    nodematch: one pair, ab 0, omdD 0.5, ab8 0.5, ab9 1 on both openings."""
    d6 = ["ab_x1", "p75_x1", "ab_x2", "p75_x2"]
    pts = {"ab_x1": (0.5, 0.5), "p75_x1": (1, 1), "ab_x2": (0.5, 0.5), "p75_x2": (1, 1)}
    write_part(root, "d6", "S2-depths-d6-vs-y", d6, pts, make, write)
    nm = ["ab_x", "omdD_x", "ab8_x", "ab9_x"]
    pts = {"ab_x": (0, 0), "omdD_x": (0.5, 0.5), "ab8_x": (0.5, 0.5), "ab9_x": (1, 1)}
    write_part(root, "nodematch", "S2-nodematch-vs-y", nm, pts, make, write)


def test_the_family_worked_out_by_hand(tmp_path, game, write_jsonl):
    tiny_arm(str(tmp_path), game, write_jsonl)
    res = run_depths(str(tmp_path), Ctx())
    v = {r["id"]: r for r in res["verdicts"]}
    # Every resample of constant per-opening differences gives the same value.
    assert (v["A6"]["est"].est, v["A6"]["lo"], v["A6"]["hi"]) == pytest.approx((0.5, 0.5, 0.5))
    assert v["A6"]["verdict"] == "PrOM beats alpha-beta" and v["A6"]["verdict2"] == "PrOM beats alpha-beta"
    assert v["B9"]["est"].est == pytest.approx(-0.5) and v["B9"]["verdict"] == "the matched alpha-beta is better"
    assert v["B8"]["est"].est == pytest.approx(0.0) and v["B8"]["verdict"] == "not decided"
    # B's two-level interval needs two pairs; nodematch has one.
    assert not v["B9"]["two"].ok() and v["B9"]["verdict2"] == "no data"
    assert v["A7"]["verdict"] == "no data" and v["A8"]["verdict"] == "no data"  # parts not played
    assert res["diff"][("ab9", "ab")].est == pytest.approx(1.0)
    assert res["nodes"][("nodematch", "ab")] == pytest.approx((50 + 100) / 2)
    with open(tmp_path / "S2" / "depths" / "tables.md", encoding="utf-8") as f:
        text = f.read()
    assert "| A6 | PrOM 0.75 against alpha-beta at depth 6: p75 - ab | +50.0 [+50.0, +50.0] (2) |" in text
    assert "| B9 | root OM scored at d against alpha-beta matched in nodes: omdD - ab9 | -50.0 [-50.0, -50.0] (2)" \
        in text
    rows = verdict_entries(res)
    assert sorted(rows) == ["A6", "B8", "B9"]
    assert rows["B9"][0][:3] == ["-50.0", "-50.0", "-50.0"] and rows["B9"][0][5] == "the matched alpha-beta is better"
    assert two_level_entries(res)["A6"] == ("[+50.0, +50.0] (99%)", "PrOM beats alpha-beta")
    reading = reading_entries(res)
    assert "gives exactly 0" in reading["A6"]
    assert "ab - ab9 = -100.0 points" in reading["B9"]


def test_a_part_stopped_early_keeps_the_openings_every_pair_completed(tmp_path, game, write_jsonl):
    pts = {"ab_x": (0.5, 0.5, 0.5), "p75_x": (1, 0, 1)}
    write_part(str(tmp_path), "d7", "S2-depths-d7-vs-y", ["ab_x", "p75_x"], pts, game, write_jsonl,
               openings=(0, 1, 2), short=("p75_x", 1))
    exp = load_experiment(str(tmp_path / "S2" / "depths"), "d7")
    assert exp.n == 3 and complete_openings(exp) == 1  # opening 1 lacks p75's second game
    parts = load_parts(str(tmp_path))
    assert parts["d7"].n == 1 and parts["d7"].games == 4  # opening 0's games only
    res = run_depths(str(tmp_path), Ctx())
    a7 = next(r for r in res["verdicts"] if r["id"] == "A7")
    assert a7["est"].est == pytest.approx(0.5) and a7["est"].n == 1


def test_a_challenger_without_games_leaves_its_part_out(tmp_path, game, write_jsonl):
    pts = {"ab_x": (0.5, 0.5)}
    write_part(str(tmp_path), "d8", "S2-depths-d8-vs-y", ["ab_x"], pts, game, write_jsonl)
    with open(tmp_path / "S2" / "depths" / "d8" / "S2-depths-d8-vs-y" / "config.ini", "w") as f:
        f.write("players = opp_y, ab_x, p75_x\n")  # p75_x named, not played yet
    assert load_parts(str(tmp_path)) == {}
    assert run_depths(str(tmp_path), Ctx()) is None


def test_verdicts_md_has_the_rows_only_with_the_arm_s_games(tmp_path, game, write_jsonl):
    write_verdicts(str(tmp_path), {}, Ctx(), [])
    text = (tmp_path / "verdicts.md").read_text(encoding="utf-8")
    assert "| H5a |" in text and "| A6 |" not in text  # reproduce-thesis does not play the arm
    tiny_arm(str(tmp_path), game, write_jsonl)
    res = run_depths(str(tmp_path), Ctx())
    write_verdicts(str(tmp_path), verdict_entries(res), Ctx(), [], two_level_entries(res), reading_entries(res))
    text = (tmp_path / "verdicts.md").read_text(encoding="utf-8")
    assert "| A6 | PrOM 0.75 at least as good as alpha-beta at depth 6 (S2 depths) |" in text
    assert "| +50.0 | +50.0 | +50.0 | 2 | 16 | PrOM beats alpha-beta | outside the family" in text
    assert "| A7 |" not in text  # its part has no games
