"""E8s (docs/results.md): OM in MCTS with a searching model and as a prior, against E8's
opponent alpha-beta(material) at equal time.

python3 -m bao_analysis e8s E8S_FOLDER (scripts/reproduce-e8s): the tables, verdicts and
figure from the gauntlet's raw games (E8S_FOLDER/E8s-vs-ab-material/games.jsonl.gz) and
the baseline's, mcts(alpha=0.5)'s games of E8 (E8/E8-vs-ab-material beside E8S_FOLDER:
the same openings, opponent and budget), on the openings whose challengers' games are all
played (the declared stopping rule). Gains are per-opening score sums paired by opening
and bootstrapped over openings (10,000 resamples, seeded: one input gives one output); the
three verdicts H8s-a..c are decided on the 98.3% interval (Bonferroni over their family
of three), as declared. Beside them: how many of the check's games (E8s-check: the
baseline played again) repeat E8's move for move.

The budget of equal time: bao_analysis.e8s_budget.
"""
import os
import sys

import numpy as np

from .figure_saver import COMPACT, save_figure
from .gauntlet import RESAMPLES, Gauntlet
from .multiplicity import bonferroni_level, z_power, z_two_sided
from .records import InputError, games_file, read_games
from .stats import Boot
from .stats import level_interval as interval
from .tables import write_opening_verdicts

SEED = 2008
FAMILY = 3
LEVEL = bonferroni_level(FAMILY)  # 98.3%
Z_FAMILY, Z80 = z_two_sided(FAMILY, places=3), z_power()
GAUNTLET = "E8s-vs-ab-material"
CHECK = "E8s-check"
ITERATIONS = "E8s-iterations"  # E8s-i: mcts(alpha=0.5) at the challengers' iterations
E8_GAUNTLET = os.path.join("E8", "E8-vs-ab-material")
BASE = "mcts_a05"
GAMES_AN_OPENING = 2

# (id, challenger, baseline, measure): each a gain, two-sided, null 0.
HYPOTHESES = (
    ("H8s-a", "omms", BASE, "gain of om-mcts(reply=search) over mcts(alpha=0.5)"),
    ("H8s-b", "ommp", BASE, "gain of om-mcts(reply=search,prior=0.5) over mcts(alpha=0.5)"),
    ("H8s-c", "omms", "omms_self", "gain of om-mcts(reply=search) with the opponent's evaluator over the same "
     "searcher with its own"),
)


def pct(x):
    return f"{100 * x:.1f}"


def verdict_at(h, what, g, a, b, level):
    """(id, measure, estimate, lo, hi, verdict, openings, openings that would decide the
    effect seen) of the gain of a over b, two-sided at level."""
    est, samples = g.gain(a, b)
    lo, hi = interval(samples, level)
    v = "gain" if lo > 0 else "loss" if hi < 0 else "not decided at this scale"
    sd_opening = np.nanstd(samples) * np.sqrt(g.n)
    z = Z_FAMILY if level == LEVEL else z_two_sided(1, places=3)
    need = int(np.ceil(((z + Z80) * sd_opening / abs(est)) ** 2)) if est else float("inf")
    return h, what, est, lo, hi, v, g.n, need


def verdict(h, what, g, a, b):
    return verdict_at(h, what, g, a, b, LEVEL)


def e8_folder(e8s_folder):
    return os.path.join(os.path.dirname(os.path.abspath(e8s_folder)), E8_GAUNTLET)


def load(folder):
    """E8s' gauntlet on its complete openings (every challenger's games played), with
    the baseline's cells from E8's games of those openings."""
    g = Gauntlet(os.path.join(folder, GAUNTLET), SEED, "scripts/reproduce-e8s")
    complete = [o for o in range(g.n) if all(c.get(o, [0, 0])[1] == GAMES_AN_OPENING for c in g.cells.values())]
    if not complete or complete != list(range(len(complete))):
        raise InputError(f"{folder}: the complete openings are not a prefix 0..k-1: {complete[:5]}...")
    base = Gauntlet(e8_folder(folder), SEED, "scripts/reproduce-e8")
    if BASE not in base.cells or base.opponent != g.opponent:
        raise InputError(f"{e8_folder(folder)}: no games of {BASE} against {g.opponent}")
    g.n = len(complete)
    g.cells = {name: {o: c for o, c in cells.items() if o < g.n} for name, cells in g.cells.items()}
    g.cells[BASE] = {o: c for o, c in base.cells[BASE].items() if o < g.n}
    if len(g.cells[BASE]) != g.n:
        raise InputError(f"{e8_folder(folder)}: {BASE} has {len(g.cells[BASE])} of the {g.n} openings")
    it = os.path.join(folder, ITERATIONS)
    if games_file(it) is not None:
        extra = Gauntlet(it, SEED, "scripts/reproduce-e8s")
        if extra.opponent != g.opponent:
            raise InputError(f"{it}: another opponent ({extra.opponent})")
        for name, cells in extra.cells.items():
            g.cells[name] = {o: c for o, c in cells.items() if o < g.n}
            if len(g.cells[name]) != g.n or any(c[1] != GAMES_AN_OPENING for c in g.cells[name].values()):
                raise InputError(f"{it}: {name} lacks games of the {g.n} openings")
    g.boot = Boot(g.n, RESAMPLES, SEED)
    return g


def same_games(folder):
    """(the check's games, of them the games whose moves are E8's of the same opening and
    colours)."""
    key = lambda r: (r["opening_index"], r["south"], r["north"])  # noqa: E731
    old = {key(r): r["moves"] for _, r in read_games(games_file(e8_folder(folder))) if BASE in (r["south"], r["north"])}
    path = games_file(os.path.join(folder, CHECK))
    if path is None:
        raise InputError(f"{folder}/{CHECK}: no games.jsonl.gz or games.jsonl (run scripts/reproduce-e8s)")
    ours = [r for _, r in read_games(path)]
    return len(ours), sum(old.get(key(r)) == r["moves"] for r in ours)


def figure(stem, g, rows):
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    x = np.arange(len(rows))
    e = np.array([100 * r[2] for r in rows])
    lo = e - np.array([100 * r[3] for r in rows])
    hi = np.array([100 * r[4] for r in rows]) - e
    ax.errorbar(x, e, yerr=[lo, hi], fmt="o", capsize=4, color="C0")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xticks(x, [f"{h}\n{a} - {b}" for (h, a, b, _) in HYPOTHESES])
    ax.set_ylabel("gain, points %")
    ax.set_title(f"E8s: gains, all against alpha-beta(material) at equal time ({100 * LEVEL:.1f}% intervals)",
                 fontsize=10)
    fig.tight_layout()
    save_figure(fig, stem, COMPACT)


def analyse(folder):
    g = load(folder)
    rows = [verdict(h, what, g, a, b) for h, a, b, what in HYPOTHESES]
    out = ["# E8s: OM in MCTS with a searching model and as a prior", "",
           "Made by `scripts/reproduce-e8s` from the raw games in this folder; hypotheses, budgets and",
           "decision rule: docs/results.md (E8s). Scores are the challenger's points per game in %,",
           "bootstrap over openings (10,000 resamples); verdicts on the 98.3% interval (Bonferroni, 3).",
           "", "## Verdicts", "",
           "| id | measure | estimate | 98.3% interval | verdict | openings | openings to decide the effect seen |",
           "|---|---|---|---|---|---|---|"]
    for h, what, est, lo, hi, v, n, need in rows:
        need_text = str(need) if v.startswith("not decided") else "-"
        out.append(f"| {h} | {what} | {pct(est)} | [{pct(lo)}, {pct(hi)}] | {v} | {n} | {need_text} |")
    out += ["", f"## Scores against {g.opponent}", "",
            "| challenger | games | score | 95% interval | 98.3% interval |", "|---|---|---|---|---|"]
    for name in sorted(g.cells):
        est, s = g.score(name)
        lo95, hi95 = interval(s, 0.95)
        lo, hi = interval(s, LEVEL)
        out.append(f"| {name} | {g.games(name)} | {pct(est)} | [{pct(lo95)}, {pct(hi95)}] | [{pct(lo)}, {pct(hi)}] |")
    out += ["", "## Gains (exploratory beside the verdicts)", "",
            "| gain | estimate | 95% interval |", "|---|---|---|"]
    for a, b in (("ommp", "omms"), ("omms_self", BASE)):
        if a in g.cells and b in g.cells:
            est, s = g.gain(a, b)
            lo95, hi95 = interval(s, 0.95)
            out.append(f"| {a} - {b} | {pct(est)} | [{pct(lo95)}, {pct(hi95)}] |")
    if "mcts_i600" in g.cells:
        h, what, est, lo, hi, v, n, need = verdict_at("H8s-d", "gain of omms over mcts(alpha=0.5) at omms' 600 "
                                                      "iterations a move", g, "omms", "mcts_i600", 0.95)
        out += ["", "## E8s-i: equal iterations (its own family, 95% interval)", "",
                "| id | measure | estimate | 95% interval | verdict | openings |", "|---|---|---|---|---|---|",
                f"| {h} | {what} | {pct(est)} | [{pct(lo)}, {pct(hi)}] | {v} | {n} |", "",
                "| gain (exploratory) | estimate | 95% interval |", "|---|---|---|"]
        for a, b in (("ommp", "mcts_i960"), ("omms_self", "mcts_i600")):
            est, s = g.gain(a, b)
            lo95, hi95 = interval(s, 0.95)
            out.append(f"| {a} - {b} | {pct(est)} | [{pct(lo95)}, {pct(hi95)}] |")
        rows_d = [(h, what, est, lo, hi, v, n, need)]
    else:
        rows_d = []
    same = same_games(folder)
    out += ["", "## The baseline's games are E8's", "",
            f"{BASE}'s games are E8's (results/E8/E8-vs-ab-material, openings 0-{g.n - 1}). "
            f"Played again ({CHECK}): {same[0]} games, {same[1]} of them E8's move for move."]
    write_opening_verdicts(folder, out, [(rows, LEVEL), (rows_d, 0.95)])
    figure(os.path.join(folder, "E8s"), g, rows)
    return rows + rows_d


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        rows = analyse(argv[1])
    except InputError as e:
        print(f"e8s-analyse: {e}", file=sys.stderr)
        return 1
    print("\n".join(f"{r[0]}: {r[5]}" for r in rows))
    return 0
