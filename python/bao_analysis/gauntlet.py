"""One opponent's gauntlet (E8, E9): every pairing has the same first player, the
common opponent, and each challenger's score against it is a ratio of per-opening sums
(its points over its games of that opening), bootstrapped over openings with the same
resampled openings for every challenger (stats.Boot), so that two challengers' gain is
paired by opening; their percentile intervals at the Bonferroni levels of
multiplicity.py are stats.level_interval's.
"""
import os

import numpy as np

from .records import InputError, games_file, read_games
from .stats import Boot

RESAMPLES = 10000


class Gauntlet:
    """The games of folder's games.jsonl(.gz): cells {challenger: {opening: [points,
    games]}}, the opponent (the first player of every pairing), n openings (one more
    than the largest index) and the bootstrap (seed). rerun names the script that plays
    the games, for the message when they are missing."""

    def __init__(self, folder, seed, rerun, resamples=RESAMPLES):
        self.name = os.path.basename(folder.rstrip("/"))
        path = games_file(folder)
        if path is None:
            raise InputError(f"{folder}: no games.jsonl.gz or games.jsonl (run {rerun})")
        self.cells, first = {}, None
        for _, g in read_games(path):
            if first not in (None, g["first"]):
                raise InputError(f"{path}: pairings of two first players ({first}, {g['first']}): not a gauntlet")
            first = g["first"]
            cell = self.cells.setdefault(g["second"], {}).setdefault(g["opening_index"], [0.0, 0])
            cell[0] += 1.0 - g["first_points"]
            cell[1] += 1
        if not self.cells:
            raise InputError(f"{path}: no games")
        self.opponent = first
        self.n = 1 + max(o for c in self.cells.values() for o in c)
        self.boot = Boot(self.n, resamples, seed)

    def games(self, name):
        return int(sum(k for _, k in self.cells[name].values()))

    def score(self, name):
        """(estimate, resampled estimates) of name's score against the opponent."""
        if name not in self.cells:
            raise InputError(f"{self.name}: no games of {name}")
        num, den = np.zeros(self.n), np.zeros(self.n)
        for o, (p, k) in self.cells[name].items():
            num[o], den[o] = p, k
        w = self.boot.W.astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            return num.sum() / den.sum(), (w @ num) / (w @ den)

    def gain(self, a, b="ab"):
        """(estimate, resampled estimates) of a's score minus b's, paired by opening."""
        ea, ra = self.score(a)
        eb, rb = self.score(b)
        return ea - eb, ra - rb
