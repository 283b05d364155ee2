"""The one reader of game records: games.jsonl, or games.jsonl.gz, as
experiments/records.cpp writes them, one JSON object a line. Every analysis of the
package reads its games here; read_games checks each record against the keys and types
the analyses use (check_types), and by default that its values fit each other
(check_game). Every error is an InputError whose message starts with FILE:LINE. Pure
Python (no numpy), so that scripts/simulate-scaling reads records with the same reader.
"""
import gzip
import json
import os
import zlib


class InputError(Exception):
    """A malformed input: the message names the file and line."""


# ---------------------------------------------------------------- game records

# The keys every record must have, with their JSON types (bool is refused where a number
# is wanted, although Python counts it as an int).
REQUIRED = {"pairing": str, "first": str, "second": str, "opening_index": int, "game": int,
            "south": str, "north": str, "opening": str, "moves": list, "first_points": (int, float),
            "nodes_south": (int, float), "nodes_north": (int, float),
            "time_south": (int, float), "time_north": (int, float)}


def check_types(g):
    """Raises ValueError when a required key is missing or has the wrong type."""
    if not isinstance(g, dict):
        raise ValueError("not a JSON object")
    for key, kind in REQUIRED.items():
        if key not in g:
            raise ValueError(f"missing key '{key}'")
        if not isinstance(g[key], kind) or isinstance(g[key], bool):
            raise ValueError(f"key '{key}' has the wrong type ({type(g[key]).__name__})")
    if not all(isinstance(m, str) for m in g["moves"]):
        raise ValueError("moves must be strings")
    pred = g.get("predicted")
    if pred is not None and (not isinstance(pred, list) or len(pred) != len(g["moves"])
                             or not all(isinstance(p, str) for p in pred)):
        raise ValueError("predicted must be a list of strings as long as moves")


def check_game(g):
    """Raises ValueError naming what is wrong with one game record: its types, then that
    its values fit each other (points, colours, pairing)."""
    check_types(g)
    if g["first_points"] not in (0, 0.5, 1):
        raise ValueError(f"first_points {g['first_points']} is not 0, 0.5 or 1")
    if g["game"] not in (0, 1) or g["opening_index"] < 0:
        raise ValueError("game must be 0 or 1 and opening_index >= 0")
    fields = g["opening"].split()
    if len(fields) < 2 or fields[1] not in ("S", "N"):
        raise ValueError("opening's second field (side to move) is not S or N")
    first, second = g["first"], g["second"]
    if g["pairing"] != f"{first} vs {second}" or first == second:
        raise ValueError(f"pairing '{g['pairing']}' does not match first/second")
    south_first = g["game"] == 0
    if (g["south"], g["north"]) != ((first, second) if south_first else (second, first)):
        raise ValueError("south/north do not match first/second and game")


def read_games(path, check=check_game):
    """Yields (line number, record) for each non-blank line of a games.jsonl file, gzip
    compressed when the name ends in .gz. check(record) raises ValueError for a record
    that is not wanted (default: check_game; None: any JSON value). Bad JSON, a refused
    record and an unreadable file raise InputError "PATH:LINE: reason"."""
    opener = gzip.open if path.endswith(".gz") else open
    line_no = 0
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            for line_no, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as e:
                    raise InputError(f"{path}:{line_no}: not valid JSON ({e.msg})")
                if check is not None:
                    try:
                        check(record)
                    except ValueError as e:
                        raise InputError(f"{path}:{line_no}: {e}")
                yield line_no, record
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as e:
        raise InputError(f"{path}:{line_no + 1}: unreadable ({e})")


def games_file(folder, names=("games.jsonl.gz", "games.jsonl")):
    """The games file of a tournament folder: the first of names there, else None."""
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return None


def check_of_game(game):
    """A check for read_games that takes records of one game only (E11, E12: game
    "checkers"): check_types, then the record's game_spec names that game."""
    def check(g):
        check_types(g)
        if g.get("game_spec", "").split("(")[0] != game:
            raise ValueError(f"not a {game} record (game_spec {g.get('game_spec')!r})")
    return check
