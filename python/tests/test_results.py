"""bao.run and bao.results.load on a tiny tournament (2 openings, depth 1 and 2), checked
against the same tournament run by `bao run`."""

import json
import os

import pandas as pd
import pytest

import bao


def test_run_and_load(tmp_path, tiny_config):
    out = tmp_path / "run"
    rep = bao.run(str(tiny_config), out=str(out), threads=2)
    assert rep.out == str(out) and rep.played == 4 and rep.total == 4 and rep.skipped == 0
    assert rep.summary_path == str(out / "summary.csv") and (out / "summary.md").exists()
    assert "deep vs shallow" in rep.summary_markdown and "played=4/4" in repr(rep)

    games, summary = bao.results.load(out)
    assert len(games) == 4
    for column in bao.results.GAME_COLUMNS + ["first_colour", "move_count"]:
        assert column in games.columns
    assert set(games.pairing) == {"deep vs shallow"}
    assert sorted(zip(games.opening_index, games.game)) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert (games.move_count == games.plies).all()
    assert set(games.result) <= {"south", "north", "capped"}
    assert list(summary.pairing) == ["deep vs shallow"]
    row = summary.iloc[0]
    assert row.games == 4 and row.wins + row.losses + row.capped == 4
    assert row.points == pytest.approx(games.first_points.sum())
    assert row.score == pytest.approx(games.first_points.mean())

    table = bao.results.opening_table(games)
    assert table.shape == (2, 1) and table.loc[0, "deep vs shallow"] == pytest.approx(
        games[games.opening_index == 0].first_points.mean())

    # The openings are bao.random_opening(seed, k, 4, 6) and each game replays.
    for g in games.itertuples():
        opening = bao.random_opening(5, g.opening_index, 4, 6)
        assert g.opening == str(opening)
        p = opening.play(*g.moves)
        if g.result != "capped":
            assert p.outcome() == (bao.Outcome.SouthWins if g.result == "south" else bao.Outcome.NorthWins)
            assert p.outcome_reason() == g.reason

    again = bao.run(tiny_config, out=out)  # resumed: nothing left to play
    assert again.played == 0 and again.total == 4


def test_same_games_as_the_cli(cli, tmp_path, tiny_config):
    bao.run(tiny_config, out=tmp_path / "py", overrides={"player.deep.depth": 3, "openings": 1})
    cli("run", tiny_config, "--out", tmp_path / "cli", "--set", "player.deep.depth=3", "--set", "openings=1")

    def content(folder):
        games = bao.results.load(folder).games.drop(columns=["time_south", "time_north"])
        return games.sort_values(["opening_index", "game"]).reset_index(drop=True)

    pd.testing.assert_frame_equal(content(tmp_path / "py"), content(tmp_path / "cli"))
    assert (tmp_path / "py" / "config.ini").read_text() == (tmp_path / "cli" / "config.ini").read_text()
    py_summary = bao.results.load(tmp_path / "py").summary
    cli_summary = bao.results.load(tmp_path / "cli").summary
    pd.testing.assert_frame_equal(py_summary, cli_summary)


def test_overrides_as_a_list_and_load_config(tmp_path, tiny_config):
    c = bao.load_config(tiny_config, ["openings=3", "player.shallow.eval=default"])
    assert bao.load_config(os.fsencode(tiny_config), ["openings=3", "player.shallow.eval=default"]) == c  # bytes
    assert c["openings"] == "3" and c["out"] == "results/tiny" and c["threads"] == "1"
    assert any(v == "default" for k, v in c.items() if k.startswith("player.shallow"))
    rep = bao.run(tiny_config, out=tmp_path / "o", overrides=["openings=1"], threads=1)
    assert rep.total == 2


def test_load_skips_a_torn_last_line_and_duplicates(tmp_path, tiny_config):
    out = tmp_path / "run"
    bao.run(tiny_config, out=out)
    lines = (out / "games.jsonl").read_text().splitlines(keepends=True)
    (out / "games.jsonl").write_text("".join(lines + [lines[0], lines[1][:20]]))
    games, summary = bao.results.load(out)
    assert len(games) == 4
    (out / "games.jsonl").write_text("".join([lines[0], "{broken\n"] + lines[1:]))
    with pytest.raises(bao.Error, match=r"games.jsonl:2: not a game record"):
        bao.results.load(out)
    (out / "games.jsonl").write_text("".join(lines + ["{broken\n"]))  # complete: no torn line
    with pytest.raises(bao.Error, match=rf"games.jsonl:{len(lines) + 1}: not a game record"):
        bao.results.load(out)
    (out / "summary.csv").unlink()
    (out / "games.jsonl").write_text("".join(lines[:2]))
    games, summary = bao.results.load(out)
    assert len(games) == 2 and summary is None


def test_empty_results_have_the_columns(tmp_path):
    (tmp_path / "summary.csv").write_text("pairing,games\n")
    games, summary = bao.results.load(tmp_path)
    assert len(games) == 0 and "first_points" in games.columns and len(summary) == 0
    assert json.loads(json.dumps(list(games.columns)))  # plain names
    assert list(games.columns) == bao.results.GAME_COLUMNS + ["first_colour", "move_count"]
