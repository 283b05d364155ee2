"""One opponent's gauntlet (bao_analysis.gauntlet, E8 and E9) on records written here:
scores and gains paired by opening, and the messages for a folder that is not one."""
import numpy as np
import pytest

from bao_analysis.gauntlet import Gauntlet
from bao_analysis.records import InputError
from bao_analysis.stats import level_interval


def two_openings(game):
    # opening 0: x scores 1 and 0.5 (two games), y 0; opening 1: x 0, y 1.
    return [game("opp", "x", 0, 0, 0), game("opp", "x", 0, 1, 0.5), game("opp", "y", 0, 0, 1),
            game("opp", "x", 1, 0, 1), game("opp", "y", 1, 0, 0)]


def test_scores_and_gains_are_ratios_of_per_opening_sums(tmp_path, game, write_jsonl):
    write_jsonl(str(tmp_path / "games.jsonl"), two_openings(game))
    g = Gauntlet(str(tmp_path), seed=1, rerun="nothing", resamples=200)
    assert (g.opponent, g.n, g.games("x"), g.games("y")) == ("opp", 2, 3, 2)
    est, samples = g.score("x")
    assert est == pytest.approx(1.5 / 3) and samples.shape == (200,)
    # a resample draws opening 0 k times and opening 1 2 - k times: x's score is
    # 1.5 k / (2 k + (2 - k)), 0.75, 0.5 or 0
    assert set(np.round(samples, 9)) == {0.75, 0.5, 0.0}
    gain, gains = g.gain("x", "y")
    assert gain == pytest.approx(0.5 - 0.5)
    assert gains.shape == (200,)
    with pytest.raises(InputError, match=": no games of z$"):
        g.score("z")


def test_the_same_seed_gives_the_same_samples(tmp_path, game, write_jsonl):
    write_jsonl(str(tmp_path / "games.jsonl"), two_openings(game))
    a = Gauntlet(str(tmp_path), seed=5, rerun="nothing", resamples=50).score("x")[1]
    b = Gauntlet(str(tmp_path), seed=5, rerun="nothing", resamples=50).score("x")[1]
    assert np.array_equal(a, b, equal_nan=True)


def test_a_folder_that_is_not_a_gauntlet_is_named(tmp_path, game, write_jsonl):
    with pytest.raises(InputError, match=r"no games.jsonl.gz or games.jsonl \(run scripts/reproduce-x\)"):
        Gauntlet(str(tmp_path), seed=1, rerun="scripts/reproduce-x")
    write_jsonl(str(tmp_path / "games.jsonl"), [game("a", "x", 0, 0, 1), game("b", "x", 0, 1, 0)])
    with pytest.raises(InputError, match=r"pairings of two first players \(a, b\): not a gauntlet"):
        Gauntlet(str(tmp_path), seed=1, rerun="-")


def test_level_interval_is_two_sided_and_skips_nans():
    samples = np.array([np.nan] + list(range(101)), dtype=float)
    assert level_interval(samples, 0.9) == pytest.approx((5.0, 95.0))
    assert level_interval(samples, 0.98) == pytest.approx((1.0, 99.0))
