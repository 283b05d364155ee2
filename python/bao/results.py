"""bao.results: a tournament's results folder (what `bao run` and bao.run write) as pandas
DataFrames. games.jsonl is read by the runner's own reader; pandas is imported on first
use.

    games, summary = bao.results.load("results/default")
    games.groupby("pairing").first_points.mean()

DIR/games.jsonl holds one JSON object per finished game (experiments/records.h):
pairing, first, second, opening_index, game (0: the first player had South), south,
north, opening (position string), moves (list), result ("south", "north", "draw",
"capped"), winner, reason, plies, first_points (1, 0.5 or 0), nodes_south, nodes_north,
time_south, time_north, and game_spec for a game other than Bao (its sides 0 and 1 are
written south and north; Bao's records have no game_spec and no draws). DIR/summary.csv holds one row per pairing (experiments/summary.h):
pairing, games, wins, losses, capped, score, score_ci95, elo, elo_ci95, los, first,
second, points, penta_*, sprt, llr.
"""

import json
import os
from typing import NamedTuple

GAME_COLUMNS = [
    "pairing", "first", "second", "opening_index", "game", "south", "north", "opening", "moves", "result",
    "winner", "reason", "plies", "first_points", "nodes_south", "nodes_north", "time_south", "time_north",
]


class Results(NamedTuple):
    """The games (one row per game) and the summary (one row per pairing, or None when the
    folder has no summary.csv yet: a run still going or killed)."""

    games: "pandas.DataFrame"
    summary: "pandas.DataFrame"


def _error(message):
    from ._bao import Error

    return Error(message)


def _check_regular(path):
    """Refuses a path that is not a regular file (a folder, FIFO, device or socket) before
    it is opened, as the C++ readers (engine/text_input.h) do: pandas would wait on a FIFO
    for a writer, and read a device such as /dev/zero until memory runs out."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise _error(f"cannot read '{path}': {e.strerror}") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file (a device, FIFO or socket)"
        raise _error(f"cannot read '{path}': {kind}; not read")


def read_games(path):
    """The records of a games.jsonl file as a list of dicts, in file order, read by the
    tournament runner's own reader (experiments::load_records) as `bao run` reads them when
    it resumes, but without changing the file: a torn last line (no newline at the end) is
    left out, a record whose game (pairing/opening/game) appeared before is skipped; a
    complete line that is not a record (the last one included), or a record with a
    missing or ill-typed field, raises bao.Error naming the file and line."""
    from ._bao import _read_records

    path = os.fspath(path)
    if not os.path.exists(path):
        raise _error(f"results: no file '{path}'")
    return [json.loads(line) for line in _read_records(path)]


def games_frame(records):
    """Game records (dicts) as a DataFrame with the columns of games.jsonl, plus
    `first_colour` ("south" or "north": the first player's colour) and `move_count`."""
    import pandas as pd

    columns = GAME_COLUMNS + (["game_spec"] if any("game_spec" in r for r in records) else [])
    df = pd.DataFrame.from_records(records, columns=columns)
    df["first_colour"] = df["game"].map({0: "south", 1: "north"})
    df["move_count"] = df["moves"].map(len)
    return df


def load(directory):
    """Loads a results folder: Results(games, summary), both pandas DataFrames (summary
    None when DIR/summary.csv is missing). Raises bao.Error when the folder does not
    exist, holds neither games.jsonl nor summary.csv, or holds one that is not a regular
    file (a FIFO would hang the read), naming the path."""
    import pandas as pd

    directory = os.fspath(directory)
    if not os.path.isdir(directory):
        raise _error(f"results: no folder '{directory}'")
    games_path = os.path.join(directory, "games.jsonl")
    summary_path = os.path.join(directory, "summary.csv")
    if not os.path.exists(games_path) and not os.path.exists(summary_path):
        raise _error(f"results: '{directory}' holds neither games.jsonl nor summary.csv (is it a `bao run` folder?)")
    games = games_frame(read_games(games_path) if os.path.exists(games_path) else [])
    summary = None
    if os.path.exists(summary_path):
        _check_regular(summary_path)
        try:
            summary = pd.read_csv(summary_path)
        except (ValueError, OSError) as e:  # pandas' ParserError and EmptyDataError are ValueErrors
            raise _error(f"{summary_path}: not a summary.csv ({e})") from None
    return Results(games, summary)


def opening_table(games):
    """The first player's points per opening and pairing (the mean over the colours played,
    0..1): one row per opening, one column per pairing."""
    return games.pivot_table(index="opening_index", columns="pairing", values="first_points", aggfunc="mean")
