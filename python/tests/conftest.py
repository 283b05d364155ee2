"""Shared fixtures of the Python module's tests (python/tests). CTest (tests/CMakeLists.txt)
runs them with PYTHONPATH at the build's python/ folder and two environment variables:
BAO_CLI, the built `bao` command (to compare with), and BAO_SOURCE_DIR, the repository."""

import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("BAO_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture(scope="session")
def source_dir():
    return SOURCE_DIR


@pytest.fixture(scope="session")
def data_dir():
    return SOURCE_DIR / "tests" / "data"


@pytest.fixture(scope="session")
def cli():
    """Runs the `bao` command: cli(args..., check=True) -> CompletedProcess (text)."""
    path = os.environ.get("BAO_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("BAO_CLI names no built `bao` command")

    def run(*args, check=True):
        return subprocess.run([path, *map(str, args)], capture_output=True, text=True, check=check, timeout=300)

    return run


TINY_CONFIG = """# A tiny pairing for the tests: 2 openings x 2 colours, depth 1 and 2.
schedule = pairing
players = deep, shallow
openings = 2
opening_plies = 4-6
seed = 5
ply_cap = 300
threads = 1

[player.deep]
searcher = alphabeta(tt_mb=1)
eval = default
depth = 2

[player.shallow]
searcher = alphabeta(tt_mb=1)
eval = material
depth = 1
"""


@pytest.fixture
def tiny_config(tmp_path):
    path = tmp_path / "tiny.ini"
    path.write_text(TINY_CONFIG)
    return path
