"""The long calls release the GIL: while one runs in a thread, Python code runs in another.
A call that held it would let this thread wake up at most two or three times; one that
releases it lets it wake about every millisecond. Each call takes 0.1 to 0.5 s, so 10
wakeups are far from both."""

import threading
import time

import pytest

import bao


def wakeups_during(call):
    """How often this thread woke up (1 ms sleeps) while `call` ran in another thread, and
    how long the call took (for the failure message)."""
    done = threading.Event()

    def work():
        try:
            call()
        finally:
            done.set()

    worker = threading.Thread(target=work)
    start = time.perf_counter()
    worker.start()
    wakeups = 0
    while not done.is_set():
        time.sleep(0.001)
        wakeups += 1
    worker.join()
    return wakeups, time.perf_counter() - start


CALLS = {
    "search": lambda tmp: bao.search(bao.Position.start(), time_ms=300),
    "Searcher.search": lambda tmp: bao.Searcher().search(bao.Position.start(), time_ms=300),
    "perft": lambda tmp: bao.Position.start().perft(11),
    "perft_divide": lambda tmp: bao.Position.start().perft_divide(11),
    "RandomTree.search": lambda tmp: bao.RandomTree(width=4, depth=12).search("minimax"),
    "trees_grid": lambda tmp: bao.trees_grid(width=3, depth=12, bound=10, trees=16, searchers="minimax", threads=1),
}


@pytest.mark.parametrize("name", CALLS)
def test_long_calls_release_the_gil(name, tmp_path):
    wakeups, seconds = wakeups_during(lambda: CALLS[name](tmp_path))
    assert wakeups >= 10, (wakeups, seconds)


def test_run_releases_the_gil(tmp_path, tiny_config):
    overrides = {"openings": 2, "player.deep.depth": 8, "player.shallow.depth": 8}
    wakeups, seconds = wakeups_during(lambda: bao.run(tiny_config, out=tmp_path / "out", overrides=overrides))
    assert wakeups >= 10, (wakeups, seconds)
