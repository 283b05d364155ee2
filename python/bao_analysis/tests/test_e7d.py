"""E7d's analysis (bao_analysis.e7d) on gauntlets written here: the two verdicts' rules,
the degenerate endpoint, the openings kept to those finished everywhere, and the message
for a folder without games."""
import csv
import os

from bao_analysis import e7d

PLAYERS = ("ab", "omtrue", "omlearn", "om6")


def gauntlet(tmp_path, name, points, write_jsonl, game, openings=range(40)):
    """A gauntlet folder whose player p scores points[p](opening) in both games."""
    folder = tmp_path / name
    folder.mkdir()
    records = []
    for o in openings:
        for p in PLAYERS:
            for g in (0, 1):
                records.append(game("opp", p, o, g, 1 - points[p](o)))
    write_jsonl(str(folder / "games.jsonl"), records)


def verdicts(folder):
    with open(os.path.join(folder, "verdicts.csv")) as f:
        return {r["id"]: r["verdict"] for r in csv.DictReader(f)}


def test_learner_as_good_as_the_true_depth_and_above_alpha_beta(tmp_path, write_jsonl, game):
    # omtrue and omlearn win where ab loses on alternate openings: +50 points over ab.
    alt = lambda o: o % 2  # noqa: E731
    pts = {"ab": lambda o: 0, "omtrue": alt, "omlearn": alt, "om6": lambda o: 0}
    for d in (4, 6):
        gauntlet(tmp_path, f"E7d-x-vs-y-d{d}", pts, write_jsonl, game)
    assert e7d.main(["e7d", str(tmp_path)]) == 0
    assert verdicts(tmp_path) == {"H7d-NI": "non-inferior", "H7d-AB": "beats alpha-beta"}


def test_non_inferiority_that_alpha_beta_passes_too_is_degenerate(tmp_path, write_jsonl, game):
    same = lambda o: o % 2  # noqa: E731
    pts = {p: same for p in PLAYERS}
    gauntlet(tmp_path, "E7d-x-vs-y-d4", pts, write_jsonl, game)
    assert e7d.main(["e7d", str(tmp_path)]) == 0
    v = verdicts(tmp_path)
    assert v["H7d-NI"] == "non-inferior (degenerate: alpha-beta passes too)"
    assert v["H7d-AB"] == "not decided"


def test_a_learner_that_loses_the_gain_is_inferior(tmp_path, write_jsonl, game):
    pts = {"ab": lambda o: 0.5, "omtrue": lambda o: 1, "omlearn": lambda o: (o % 2) / 2, "om6": lambda o: 0.5}
    gauntlet(tmp_path, "E7d-x-vs-y-d6", pts, write_jsonl, game)
    assert e7d.main(["e7d", str(tmp_path)]) == 0
    assert verdicts(tmp_path) == {"H7d-NI": "inferior", "H7d-AB": "loses to alpha-beta"}


def test_units_are_the_openings_finished_in_every_gauntlet(tmp_path, write_jsonl, game):
    alt = lambda o: o % 2  # noqa: E731
    pts = {"ab": lambda o: 0, "omtrue": alt, "omlearn": alt, "om6": lambda o: 0}
    gauntlet(tmp_path, "E7d-x-vs-y-d4", pts, write_jsonl, game, openings=range(30))
    gauntlet(tmp_path, "E7d-x-vs-y-d8", pts, write_jsonl, game, openings=range(20))
    assert e7d.main(["e7d", str(tmp_path)]) == 0
    text = (tmp_path / "tables.md").read_text()
    assert "on the 20 openings finished in every gauntlet" in text
    assert "(40) | non-inferior |" in text  # 20 openings in each of the two gauntlets


def test_a_gauntlet_without_games_is_named(tmp_path, capsys):
    (tmp_path / "E7d-x-vs-y-d4").mkdir()
    assert e7d.main(["e7d", str(tmp_path)]) == 1
    assert "E7d-x-vs-y-d4: no games (run scripts/reproduce-e7d)" in capsys.readouterr().err
