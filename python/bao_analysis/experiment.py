"""One experiment's games (RESULTS/<E>/<tournament>/games.jsonl[.gz]) as per-opening
sums: for each (tournament, player, opponent), arrays over the opening indices of the
points, games, predicted replies that hit, predictions and nodes per move. The
statistics take the opening as their unit, so these sums are all they need."""
import os
import sys

import numpy as np

from .design import EXPERIMENTS
from .loading import read_config, read_learned
from .records import InputError, games_file, read_games
from .stats import Boot

NAN = float("nan")


def check_names(exp, g):
    """The design is read from the names (scripts/thesis-configs), so they must fit it."""
    first, second = g["first"], g["second"]
    if exp == "E4":
        ok = first.startswith("ab_") and second.startswith("ab_")
    else:
        ok = first.startswith("opp_") and "_" in second and not second.startswith("opp_")
    if not ok:
        raise ValueError(f"player names '{first}', '{second}' do not fit {exp}'s naming")


def side_predictions(moves, pred, start):
    """(hits, predictions) of the player who played the plies start, start+2, ..."""
    pairs = [(p, m) for p, m in zip(pred[start::2], moves[start + 1::2]) if p]
    return sum(1 for p, m in pairs if p == m), len(pairs)


def side_records(g):
    """{player: (points, nodes per move or None, hits, predictions)} for both sides."""
    moves, pred = g["moves"], g.get("predicted") or [""] * len(g["moves"])
    starter = "south" if g["opening"].split()[1] == "S" else "north"
    out = {}
    for side in ("south", "north"):
        start = 0 if side == starter else 1
        n_moves = len(moves[start::2])
        npm = g[f"nodes_{side}"] / n_moves if n_moves else None
        hits, preds = side_predictions(moves, pred, start)
        pts = g["first_points"] if g[side] == g["first"] else 1 - g["first_points"]
        out[g[side]] = (pts, npm, hits, preds)
    return out


class Stat:
    """One player's games against one opponent in one tournament, per opening index."""

    def __init__(self, rows):
        self.pts, self.games, self.hits, self.preds, self.npm_sum, self.npm_n = rows

    def score(self):
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.games > 0, self.pts / np.maximum(self.games, 1), NAN)


class Experiment:
    """The games of one experiment folder: add() each checked record, then finish()."""

    def __init__(self, name, folder):
        self.name, self.folder = name, folder
        self.configs, self.acc, self.seen, self.stats = {}, {}, set(), {}
        self.n, self.games, self.learned = 0, 0, {}

    def add(self, cfg, g):
        """Adds a record that passed loading.check_game; ValueError when its names do
        not fit the experiment or its game was seen before."""
        check_names(self.name, g)
        key = (cfg, g["pairing"], g["opening_index"], g["game"])
        if key in self.seen:
            raise ValueError(f"duplicate game {g['game']} of opening {g['opening_index']} in '{g['pairing']}'")
        self.seen.add(key)
        o = g["opening_index"]
        self.n, self.games = max(self.n, o + 1), self.games + 1
        records = side_records(g)
        for player, opp in ((g["first"], g["second"]), (g["second"], g["first"])):
            pts, npm, hits, preds = records[player]
            row = self.acc.setdefault((cfg, player, opp), {}).setdefault(o, [0.0] * 6)
            for i, v in enumerate((pts, 1, hits, preds, npm or 0.0, 1 if npm is not None else 0)):
                row[i] += v

    def finish(self):
        """Turns the per-opening sums into arrays of length n (zeros where no games)."""
        for key, per_opening in self.acc.items():
            arr = np.zeros((6, self.n))
            for o, row in per_opening.items():
                arr[:, o] = row
            self.stats[key] = Stat(arr)
        self.acc, self.seen = {}, set()

    def stat(self, cfg, player, opp):
        return self.stats.get((cfg, player, opp))

    def cells(self):
        """Gauntlet cells (config, opponent, own evaluator X), sorted."""
        out = set()
        for cfg, player, opp in self.stats:
            if opp.startswith("opp_"):
                out.add((cfg, opp, player.split("_", 1)[1]))
        return sorted(out)

    def variants(self, order):
        """The challengers' variants: those in order first, in that order, then the rest."""
        names = {p.split("_", 1)[0] for _, p, o in self.stats if o.startswith("opp_")}
        return [v for v in order if v in names] + sorted(names - set(order))


def load_experiment(results, name):
    """RESULTS/name as an Experiment, None when the folder is absent."""
    folder = os.path.join(results, name)
    if not os.path.isdir(folder):
        return None
    exp = Experiment(name, folder)
    for sub in sorted(os.listdir(folder)):
        path = games_file(os.path.join(folder, sub))
        if path is None:
            continue
        exp.configs[sub] = read_config(os.path.join(folder, sub, "config.ini"))
        for line_no, g in read_games(path):
            try:
                exp.add(sub, g)
            except ValueError as e:
                raise InputError(f"{path}:{line_no}: {e}")
    exp.finish()
    return exp


def load_all(results):
    """({name: Experiment} of those with games, notes on the others); the notes go to
    stderr too."""
    exps, notes = {}, []
    for name in EXPERIMENTS:
        exp = load_experiment(results, name)
        if exp is None:
            notes.append(f"{name}: absent from RESULTS, skipped")
        elif exp.n == 0:
            notes.append(f"{name}: no games found in RESULTS/{name}, skipped")
        else:
            exps[name] = exp
            # Read now, so that a malformed file stops the script before any output.
            exp.learned = read_learned(exp.folder) if name == "E7" else {}
    for n in notes:
        print(f"thesis-analyse: {n.replace('RESULTS', results)}", file=sys.stderr)
    return exps, notes


class Context:
    def __init__(self, scale, resamples, seed):
        self.scale, self.resamples, self.seed = scale, resamples, seed


def boot_for(exp, ctx):
    return Boot(exp.n, ctx.resamples, ctx.seed) if exp is not None and exp.n > 0 else None
