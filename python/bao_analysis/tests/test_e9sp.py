"""E9s-p's analysis (bao_analysis.e9sp) on records written here: the per-opening sd the
openings were sized from, the distance a size decides, the family's level, E9s' L rule
with its uninformative case, the openings not among E9s' positions, and the command's
files and refusals."""
import csv
import math

import pytest

from bao_analysis import e9s, e9sp
from bao_analysis.gauntlet import Gauntlet

NAMES = ["ab"] + [n for n, _ in e9s.CHALLENGERS]


def records(game, points, positions=None):
    """Both colours of every challenger on each opening o; points[o][name] is the
    challenger's points in each of its two games (so the opponent's first_points is 1 -
    it); ab scores 0.5 unless given. positions[o] is opening o's position."""
    out = []
    for o, cell in enumerate(points):
        for n in NAMES:
            for g in (0, 1):
                r = game("opp", n, o, g, 1.0 - cell.get(n, 0.5))
                if positions:
                    r["opening"] = positions[o]
                out.append(r)
    return out


def write_folder(path, write_jsonl, recs):
    path.mkdir(parents=True)
    write_jsonl(str(path / "games.jsonl"), recs)


def test_the_per_opening_sd_is_that_of_the_paired_differences(tmp_path, game, write_jsonl):
    # safe4 less ab per opening: +0.5, 0, -0.5: sd 0.5 (n - 1); omd always ab's: sd 0.
    write_folder(tmp_path / "g", write_jsonl, records(game, [{"safe4": 1.0}, {}, {"safe4": 0.0}]))
    g = Gauntlet(str(tmp_path / "g"), seed=1, rerun="nothing", resamples=20)
    assert e9sp.opening_sd(g, "safe4") == pytest.approx(0.5)
    assert e9sp.opening_sd(g, "omd") == 0.0
    e9s.truncate(g, 1)
    assert math.isnan(e9sp.opening_sd(g, "safe4"))


def test_the_family_level_and_the_declared_distances():
    assert e9sp.LEVEL == pytest.approx(1 - 0.05 / 3)
    # The declaration's figures: bank's sd 0.355 on 5,200 openings decides 1.59 points from
    # the margin, safe4's 0.2933 1.32 points (2.394 + 0.842 = 3.236).
    assert e9sp.decides(0.355, 5200) == pytest.approx(3.236 * 0.355 / math.sqrt(5200), abs=1e-5)
    assert round(100 * e9sp.decides(0.355, 5200), 2) == 1.59
    assert round(100 * e9sp.decides(0.2933, 5200), 2) == 1.32


def row(lo, hi):
    return (0.0, (lo, hi), (lo, hi), (lo, hi), (0.0, 0), 0.0)


def test_the_l_rule_and_its_uninformative_case():
    rows = {"omd": row(-0.05, 0.02), "safe4": row(-0.03, 0.01), "bank": row(-0.031, 0.01), "safe16": row(-0.2, -0.031)}
    assert [e9sp.verdict(rows, n) for n in ("safe4", "bank", "safe16")] == ["bounded", "not decided", "not bounded"]
    rows["omd"] = row(-0.03, 0.02)
    assert e9sp.verdict(rows, "safe4") == "bounded, uninformative"


def test_restrict_renumbers_the_openings_and_redraws_the_bootstrap(tmp_path, game, write_jsonl):
    write_folder(tmp_path / "g", write_jsonl, records(game, [{"bank": 1.0}, {}, {"bank": 0.0}, {}]))
    g = e9sp.restrict(Gauntlet(str(tmp_path / "g"), seed=1, rerun="nothing", resamples=20), [2, 0])
    assert g.n == 2 and g.cells["bank"] == {0: [2.0, 2], 1: [0.0, 2]}
    assert g.boot.W.shape == (e9s.RESAMPLES, 2)
    assert g.gain("bank")[0] == pytest.approx(0.0)


def test_the_command_writes_three_verdicts_and_the_openings_not_among_e9s(tmp_path, game, write_jsonl):
    # Four openings; positions 0 and 2 are E9s' (its deeper gauntlet played them).
    pos = [f"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S {10 + i},10 - -" for i in range(4)]
    pts = [{"safe4": 1.0}, {"safe16": 0.0}, {}, {"bank": 1.0}]
    write_folder(tmp_path / "E9s-p" / e9sp.FOLDER, write_jsonl, records(game, pts, pos))
    write_folder(tmp_path / "E9s" / "E9s-deeper", write_jsonl, records(game, [{}, {}], [pos[0], pos[2]]))
    with open(tmp_path / "E9s" / "verdicts.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "verdict"])
        w.writerows([["HsG-bank", "gains"], ["HsL-bank-omaware", "bounded, uninformative"]])
    assert e9sp.main(["e9sp", str(tmp_path / "E9s-p")]) == 0
    with open(tmp_path / "E9s-p" / "verdicts.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["id"] for r in rows] == ["HsLp-safe4-deeper", "HsLp-safe16-deeper", "HsLp-bank-deeper"]
    assert {r["level"] for r in rows} == {"0.9833"} and {r["n"] for r in rows} == {"4"}
    assert [float(r["estimate"]) for r in rows] == [0.125, -0.125, 0.125]
    text = (tmp_path / "E9s-p" / "tables.md").read_text()
    assert "the first 4 complete (every challenger, both colours) of 4 started and 5200 declared" in text
    assert "## On the 2 of the 4 openings whose positions are not among E9s' deeper openings" in text
    # On openings 1 and 3 alone: safe16 -0.5 on one of two openings (-25.0 points), bank +25.0.
    assert "| safe-om on root OM, eps 16 | -25.0 |" in text and "| safe-om on root OM, banked gifts | +25.0 |" in text
    # bank gains (E9s) and is bounded on both: supported, its bounds uninformative (omd level).
    assert ("| safe-om on root OM, banked gifts | supported (E9s' G gains; L deeper bounded, uninformative, E9s' "
            "OM-aware bounded, uninformative) |") in text


def test_the_command_refuses_missing_and_too_few_games(tmp_path, game, write_jsonl, capsys):
    assert e9sp.main(["e9sp", str(tmp_path / "E9s-p")]) == 2
    assert "E9s-p-deeper: no games.jsonl.gz or games.jsonl (run scripts/reproduce-e9sp)" in capsys.readouterr().err
    write_folder(tmp_path / "E9s-p" / e9sp.FOLDER, write_jsonl, records(game, [{}]))
    assert e9sp.main(["e9sp", str(tmp_path / "E9s-p")]) == 2
    assert "1 opening(s) complete, two are needed" in capsys.readouterr().err
    assert e9sp.main(["e9sp"]) == 2


def test_the_verdicts_md_rows_come_from_the_merged_games_alone(tmp_path, game, write_jsonl):
    assert e9sp.thesis_entries(str(tmp_path)) == ({}, {}, {})
    write_folder(tmp_path / "E9s-p" / e9sp.FOLDER, write_jsonl, records(game, [{"bank": 0.0}, {}, {"bank": 1.0}]))
    v, two, reading = e9sp.thesis_entries(str(tmp_path))
    assert list(v) == ["HsLp-safe4-deeper", "HsLp-safe16-deeper", "HsLp-bank-deeper"]
    cells, note, p = v["HsLp-bank-deeper"]
    # bank: -0.5, 0, +0.5 on three openings (12 games with ab's): its interval spans -3 points.
    assert cells[:6] == ["+0.0", cells[1], cells[2], "3", "12", "not decided"] and float(cells[1]) < -3
    assert note == "98.33% interval (Bonferroni over three)" and math.isnan(p)
    assert two["HsLp-safe4-deeper"][1] == "one opponent and one evaluator pair: openings only"
    assert "alpha-beta at d has G = 0 and passes this rule" in reading["HsLp-safe4-deeper"]
