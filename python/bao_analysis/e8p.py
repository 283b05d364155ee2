"""E8p (docs/results.md): prom-mcts whose types include the opponent's own program, against
E8v's opponent (alpha-beta(material) at depth 6), at equal time.

python3 -m bao_analysis e8p E8P_FOLDER (scripts/reproduce-e8p): the tables, verdicts and
figure from the raw games of E8P_FOLDER/E8p-vs-ab6 (promms, promb_eq, promb6), on the
openings whose six challenger games are all played (the declared stopping rule keeps a
prefix 0..n-1), and of E8v's gauntlets in the E8v folder beside it, whose mcts(alpha=0.5)
games are H8p-b's baseline (the same opponent, seed and openings: not played again). The
pairing with E8v and the verdict rule are bao_analysis.e8v's: gains are per-opening score
sums paired by opening, bootstrapped over openings (10,000 resamples, seed 2108); H8p-a
and H8p-b are one family of two, each decided on its 97.5% interval (Bonferroni).
"""
import os
import sys

import numpy as np

from . import e8v
from .e8s_budget import budget
from .gauntlet import Gauntlet
from .records import InputError, games_file
from .stats import level_interval as interval
from .tables import write_opening_verdicts

GAUNTLET = "E8p-vs-ab6"
E8V_FOLDER = "E8v"  # beside E8P_FOLDER
RERUN = "scripts/reproduce-e8p"

# (id, challenger, baseline, measure): each a gain, two-sided, null 0. H8p-a on E8p's
# openings, H8p-b on those E8p and E8v both completed.
HYPOTHESES = (
    ("H8p-a", "promms", "promb_eq", "gain of prom-mcts(types=material:0.5,reply=search,model_depth=6) over "
     "prom-beta(types=material:0.5) at equal time"),
    ("H8p-b", "promms", "mcts_eq", "gain of promms over mcts(alpha=0.5) at equal time (E8v's games)"),
)
# Exploratory gains: on the openings shared with E8v-vs-ab6, and with E8v-ab-eq.
EXPLORATORY_SHARED = (("promms", "omms"), ("promms", "omms_self"), ("mcts_eq", "promb_eq"), ("promb6", "abd6"))
EXPLORATORY_AB_EQ = (("ab_eq", "promb_eq"),)
# The degenerate reading: would mcts(alpha=0.5), with no model, pass H8p-a's rule?
DEGENERATE = ("mcts_eq", "promb_eq")


def load(folder):
    """E8p's gauntlet on its complete openings."""
    path = os.path.join(folder, GAUNTLET)
    return e8v.complete_prefix(Gauntlet(path, e8v.SEED, RERUN), path)


def e8v_folder(folder):
    return os.path.join(os.path.dirname(os.path.abspath(folder)), E8V_FOLDER)


def load_shared(folder):
    """E8p's cells with E8v-vs-ab6's beside them, on the openings both completed (E8v's
    pairing rule, e8v.load_eq); then with E8v-ab-eq's too (None without its games)."""
    other = e8v_folder(folder)
    if games_file(os.path.join(other, e8v.GAUNTLET)) is None:
        raise InputError(f"{other}: no E8v games beside {folder} (H8p-b's baseline; run scripts/reproduce-e8v)")
    shared = e8v.load_eq(folder, e8v.load(other), GAUNTLET)
    return shared, e8v.load_eq(other, shared, e8v.AB_EQ)


def analyse(folder):
    g = load(folder)
    shared, ab = load_shared(folder)
    rows = [e8v.verdict(h, what, src, a, b) for (h, a, b, what), src in zip(HYPOTHESES, (g, shared))]
    pct = e8v.pct
    out = ["# E8p: prom-mcts with the opponent's own program among its types", "",
           "Made by `scripts/reproduce-e8p` from the raw games in this folder and in results/E8v (mcts_eq, omms,",
           "omms_self, abd6, ab_eq: E8v's games, not played again); hypotheses, budgets and decision rule:",
           "docs/results.md (E8p). Scores are the challenger's points per game in %, bootstrap over openings",
           f"(10,000 resamples, seed {e8v.SEED}); verdicts on the 97.5% interval (Bonferroni, 2).", "",
           f"Openings: {g.n} complete in E8p-vs-ab6 (H8p-a), {shared.n} shared with E8v-vs-ab6 (H8p-b).", "",
           "## Verdicts", "",
           "| id | measure | estimate | 97.5% interval | verdict | openings | openings to decide the effect seen |",
           "|---|---|---|---|---|---|---|"]
    for h, what, est, lo, hi, v, n, need in rows:
        need_text = str(need) if v.startswith("not decided") else "-"
        out.append(f"| {h} | {what} | {pct(est)} | [{pct(lo)}, {pct(hi)}] | {v} | {n} | {need_text} |")
    out += ["", "Per-opening sd of each gain and the effect it detects at 80% power on the family's level "
            f"(z = {e8v.Z_FAMILY} + {e8v.Z80}):", "", "| id | sd an opening | openings | detectable gain |",
            "|---|---|---|---|"]
    for (h, a, b, _), src in zip(HYPOTHESES, (g, shared)):
        _, s = src.gain(a, b)
        sd = np.nanstd(s) * np.sqrt(src.n)
        out.append(f"| {h} | {sd:.3f} | {src.n} | {pct((e8v.Z_FAMILY + e8v.Z80) * sd / np.sqrt(src.n))} |")
    est, s = shared.gain(*DEGENERATE)
    lo, hi = interval(s, e8v.LEVEL)
    passes = "passes" if lo > 0 else "does not pass"
    out += ["", "## Would a searcher without a model pass H8p-a's rule?", "",
            f"Gain of {DEGENERATE[0]} over {DEGENERATE[1]}, {shared.n} openings: {pct(est)} "
            f"[{pct(lo)}, {pct(hi)}] (97.5%): mcts(alpha=0.5) {passes} H8p-a's rule."]
    out += ["", f"## Scores against {g.opponent}", "", "| challenger | games | openings | score | 95% interval |",
            "|---|---|---|---|---|"]
    scored = [(g, name) for name in sorted(g.cells)]
    scored += [(shared, name) for name in sorted(shared.cells) if name not in g.cells]
    scored += [(ab, "ab_eq")] if ab is not None else []
    for src, name in scored:
        est, s = src.score(name)
        lo95, hi95 = interval(s, 0.95)
        out.append(f"| {name} | {src.games(name)} | {src.n} | {pct(est)} | [{pct(lo95)}, {pct(hi95)}] |")
    out += ["", "## Gains (exploratory beside the verdicts)", "", "| gain | estimate | 95% interval | openings |",
            "|---|---|---|---|"]
    out += e8v.gain_rows(shared, EXPLORATORY_SHARED)
    if ab is not None:
        out += e8v.gain_rows(ab, EXPLORATORY_AB_EQ)
    out += ["", "## Equal time held", "",
            "Mean search time a move and iterations (nodes for prom-beta) a move, from the records (all games "
            "played; E8v's mcts_eq from E8v's run, on the machine's load then):", "",
            "| player | moves | ms a move | iterations a move |", "|---|---|---|---|"]
    times = budget(os.path.join(folder, GAUNTLET))[0]
    times["mcts_eq (E8v)"] = budget(os.path.join(e8v_folder(folder), e8v.GAUNTLET))[0]["mcts_eq"]
    for name, (m, s, it) in sorted(times.items()):
        out.append(f"| {name} | {m} | {1000 * s / m:.2f} | {it / m:.0f} |")
    rates = e8v.predictions(games_file(os.path.join(folder, GAUNTLET)), set(range(g.n)))
    out += ["", "## Predicted replies against the opponent's", "",
            "A player's prediction is the reply its search expected after its move (prom-mcts: the tree's reply, "
            "a type's model move where a type was drawn; prom-beta: the second move of its principal variation), "
            "compared with the opponent's next move.", "",
            "| player | predictions | hits | rate | moves without a prediction |", "|---|---|---|---|---|"]
    for name in sorted(rates):
        if name == g.opponent:
            continue
        hits, preds, moves = rates[name]
        rate = f"{pct(hits / preds)}%" if preds else "-"
        out.append(f"| {name} | {preds} | {hits} | {rate} | {moves - preds} |")
    write_opening_verdicts(folder, out, [(rows, e8v.LEVEL)])
    e8v.figure(os.path.join(folder, "E8p"), rows, HYPOTHESES,
               "E8p: prom-mcts's gains against alpha-beta(material) at depth 6, equal time")
    return rows


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        rows = analyse(argv[1])
    except InputError as e:
        print(f"e8p-analyse: {e}", file=sys.stderr)
        return 1
    print("\n".join(f"{r[0]}: {r[5]}" for r in rows))
    return 0
