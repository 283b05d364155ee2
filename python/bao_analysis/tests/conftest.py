"""Makes this checkout's bao_analysis importable (python/, ahead of an installed copy)
and gives the tests game records in the format of experiments/records.cpp."""
import json
import os
import sys

import pytest

PYTHON = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROOT = os.path.dirname(PYTHON)
sys.path.insert(0, PYTHON)


def make_game(first, second, opening, game_no, first_points, moves=("A1L", "a1L")):
    """A valid record of game game_no (0: first has South) of opening index `opening`."""
    south, north = (first, second) if game_no == 0 else (second, first)
    return {"pairing": f"{first} vs {second}", "first": first, "second": second,
            "opening_index": opening, "game": game_no, "south": south, "north": north,
            "opening": "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S 10,10 - -", "moves": list(moves),
            "result": "south", "winner": south, "reason": "test", "plies": len(moves),
            "first_points": first_points, "nodes_south": 100, "nodes_north": 50,
            "time_south": 0.25, "time_north": 0.5}


def write_records(path, records):
    """Writes records (dicts, or str lines written as they are) one a line."""
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write((r if isinstance(r, str) else json.dumps(r)) + "\n")


def write_gauntlet(folder, challengers, records):
    """A tournament folder of a gauntlet against opp_y: config.ini naming opp_y and the
    challengers, games.jsonl holding the records."""
    os.makedirs(folder)
    with open(os.path.join(folder, "config.ini"), "w", encoding="utf-8") as f:
        f.write("players = " + ", ".join(["opp_y"] + list(challengers)) + "\n")
    write_records(os.path.join(folder, "games.jsonl"), records)


@pytest.fixture
def game():
    return make_game


@pytest.fixture
def write_jsonl():
    return write_records


@pytest.fixture
def root():
    return ROOT


@pytest.fixture
def scripts_dir():
    return os.path.join(ROOT, "scripts")
