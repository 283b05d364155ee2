"""E8v (docs/results.md): om-mcts whose model is the opponent's own program, against
alpha-beta(material) at depth 6, at equal time.

python3 -m bao_analysis e8v E8V_FOLDER (scripts/reproduce-e8v): the tables, verdicts and
figure from the raw games of E8V_FOLDER/E8v-vs-ab6 (the challengers), on the openings
whose ten challenger games are all played (the declared stopping rule keeps a prefix
0..n-1), and of E8V_FOLDER/E8v-ab-eq (alpha-beta at equal time) and E8V_FOLDER/E8v-time
(E8v-t: mcts at the time omms took), on the openings both gauntlets completed (the same
seed gives the same openings). Gains are per-opening score sums paired by opening and
bootstrapped over openings (10,000 resamples, seeded: one input gives one output); the two
verdicts H8v-a and H8v-b are decided on the 97.5% interval (Bonferroni over their family
of two), as declared. Beside them: each challenger's predicted replies against the
opponent's actual ones (the model is right only if omms' rate is at least 99%), and E8s'
omms against E8's opponent (E8s/E8s-vs-ab-material beside E8V_FOLDER, when there).

The budget of equal time: bao_analysis.e8s_budget (the same rule as E8s').
"""
import os
import sys

import numpy as np

from .e8s_budget import budget
from .experiment import side_records
from .figure_saver import COMPACT, save_figure
from .gauntlet import RESAMPLES, Gauntlet
from .multiplicity import bonferroni_level, z_power, z_two_sided
from .records import InputError, games_file, read_games
from .stats import Boot
from .stats import level_interval as interval
from .tables import write_opening_verdicts

SEED = 2108
FAMILY = 2
LEVEL = bonferroni_level(FAMILY)  # 97.5%
Z_FAMILY, Z80 = z_two_sided(FAMILY, places=3), z_power()
GAUNTLET = "E8v-vs-ab6"
AB_EQ = "E8v-ab-eq"
TIME = "E8v-time"  # E8v-t: mcts(alpha=0.5) at the time omms took
E8S_GAUNTLET = os.path.join("E8s", "E8s-vs-ab-material")
GAMES_AN_OPENING = 2
VALID_RATE = 0.99  # the declared least prediction rate of omms for "the model is right"

# (id, challenger, baseline, measure): each a gain, two-sided, null 0.
HYPOTHESES = (
    ("H8v-a", "omms", "mcts_eq", "gain of om-mcts(reply=search,model_depth=6), the model the opponent's own "
     "program, over mcts(alpha=0.5) at equal time"),
    ("H8v-b", "omms", "omms_self", "gain of omms over the same searcher modelling MIN with its own evaluator"),
)
# Exploratory gains on the main gauntlet's openings, and on E8v-ab-eq's.
EXPLORATORY = (("omms_self", "mcts_eq"), ("rootom6", "abd6"))
EXPLORATORY_EQ = (("ab_eq", "mcts_eq"), ("omms", "ab_eq"))
EXPLORATORY_TIME = (("omms", "mcts_t"),)


def pct(x):
    return f"{100 * x:.1f}"


def complete_prefix(g, folder):
    """g restricted to its complete openings (every challenger's two games), which must be
    a prefix 0..k-1 (the gauntlet plays the openings in order)."""
    complete = [o for o in range(g.n) if all(c.get(o, [0, 0])[1] == GAMES_AN_OPENING for c in g.cells.values())]
    if not complete or complete != list(range(len(complete))):
        raise InputError(f"{folder}: the complete openings are not a prefix 0..k-1: {complete[:5]}...")
    g.n = len(complete)
    g.cells = {name: {o: c for o, c in cells.items() if o < g.n} for name, cells in g.cells.items()}
    g.boot = Boot(g.n, RESAMPLES, SEED)
    return g


def load(folder):
    """The main gauntlet on its complete openings."""
    path = os.path.join(folder, GAUNTLET)
    return complete_prefix(Gauntlet(path, SEED, "scripts/reproduce-e8v"), path)


def load_eq(folder, g, name=AB_EQ):
    """The main gauntlet's cells on the openings the gauntlet `name` (E8v-ab-eq, E8v-time)
    completed, with its challenger's beside them and a bootstrap over those openings;
    None without its games."""
    path = os.path.join(folder, name)
    if games_file(path) is None:
        return None
    eq = complete_prefix(Gauntlet(path, SEED, "scripts/reproduce-e8v"), path)
    if eq.opponent != g.opponent:
        raise InputError(f"{path}: another opponent ({eq.opponent}, not {g.opponent})")
    eq.n = min(eq.n, g.n)
    eq.cells = {name: {o: c for o, c in cells.items() if o < eq.n} for name, cells in eq.cells.items()}
    for name, cells in g.cells.items():
        eq.cells[name] = {o: c for o, c in cells.items() if o < eq.n}
    eq.boot = Boot(eq.n, RESAMPLES, SEED)
    return eq


def verdict(h, what, g, a, b):
    """(id, measure, estimate, lo, hi, verdict, openings, openings that would decide the
    effect seen) of the gain of a over b, two-sided at the family's level."""
    est, samples = g.gain(a, b)
    lo, hi = interval(samples, LEVEL)
    v = "gain" if lo > 0 else "loss" if hi < 0 else "not decided at this scale"
    sd_opening = np.nanstd(samples) * np.sqrt(g.n)
    need = int(np.ceil(((Z_FAMILY + Z80) * sd_opening / abs(est)) ** 2)) if est else float("inf")
    return h, what, est, lo, hi, v, g.n, need


def predictions(path, openings=None):
    """{player: [hits, predictions, moves]} over a games file's records (openings: only
    those opening indices): a prediction is the reply a player recorded for its move,
    compared with the move played next; a move without one (the game's last, or none
    recorded) counts among moves only."""
    out = {}
    for _, g in read_games(path):
        if openings is not None and g["opening_index"] not in openings:
            continue
        starter = "south" if g["opening"].split()[1] == "S" else "north"
        for name, (_, _, hits, preds) in side_records(g).items():
            start = 0 if ("south" if name == g["south"] else "north") == starter else 1
            row = out.setdefault(name, [0, 0, 0])
            row[0] += hits
            row[1] += preds
            row[2] += len(g["moves"][start::2])
    return out


E8V_TITLE = "E8v: gains against alpha-beta(material) at depth 6, equal time"


def figure(stem, rows, hypotheses=HYPOTHESES, title=E8V_TITLE):
    """The verdicts' gains with their intervals (E8v's, or another family's: e8p)."""
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    x = np.arange(len(rows))
    e = np.array([100 * r[2] for r in rows])
    lo = e - np.array([100 * r[3] for r in rows])
    hi = np.array([100 * r[4] for r in rows]) - e
    ax.errorbar(x, e, yerr=[lo, hi], fmt="o", capsize=4, color="C0")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xticks(x, [f"{h}\n{a} - {b}" for (h, a, b, _) in hypotheses])
    ax.set_ylabel("gain, points %")
    ax.set_title(f"{title} ({100 * LEVEL:.1f}% intervals)", fontsize=10)
    fig.tight_layout()
    save_figure(fig, stem, COMPACT)


def gain_rows(g, pairs):
    rows = []
    for a, b in pairs:
        est, s = g.gain(a, b)
        lo95, hi95 = interval(s, 0.95)
        rows.append(f"| {a} - {b} | {pct(est)} | [{pct(lo95)}, {pct(hi95)}] | {g.n} |")
    return rows


def analyse(folder):
    g = load(folder)
    eq = load_eq(folder, g)
    timed = load_eq(folder, g, TIME)
    rows = [verdict(h, what, g, a, b) for h, a, b, what in HYPOTHESES]
    main_path = games_file(os.path.join(folder, GAUNTLET))
    rates = predictions(main_path, set(range(g.n)))
    omms_rate = rates["omms"][0] / rates["omms"][1] if rates.get("omms", [0, 0])[1] else float("nan")
    out = ["# E8v: om-mcts with the opponent's own program as its model", "",
           "Made by `scripts/reproduce-e8v` from the raw games in this folder; hypotheses, budgets and",
           "decision rule: docs/results.md (E8v). Scores are the challenger's points per game in %,",
           f"bootstrap over openings (10,000 resamples, seed {SEED}); verdicts on the 97.5% interval",
           "(Bonferroni, 2).", "",
           f"The model is right: omms' predicted replies matched the opponent's {pct(omms_rate)}% of the time "
           f"(declared least: {pct(VALID_RATE)}%): " + ("valid." if omms_rate >= VALID_RATE else "NOT a test of a "
                                                         "right model."),
           "", "## Verdicts", "",
           "| id | measure | estimate | 97.5% interval | verdict | openings | openings to decide the effect seen |",
           "|---|---|---|---|---|---|---|"]
    for h, what, est, lo, hi, v, n, need in rows:
        need_text = str(need) if v.startswith("not decided") else "-"
        out.append(f"| {h} | {what} | {pct(est)} | [{pct(lo)}, {pct(hi)}] | {v} | {n} | {need_text} |")
    out += ["", "Per-opening sd of each gain and the effect it detects at 80% power on the family's level "
            f"(z = {Z_FAMILY} + {Z80}):", "", "| id | sd an opening | detectable gain |", "|---|---|---|"]
    for h, a, b, _ in HYPOTHESES:
        _, s = g.gain(a, b)
        sd = np.nanstd(s) * np.sqrt(g.n)
        out.append(f"| {h} | {sd:.3f} | {pct((Z_FAMILY + Z80) * sd / np.sqrt(g.n))} |")
    out += ["", f"## Scores against {g.opponent}", "",
            "| challenger | games | score | 95% interval |", "|---|---|---|---|"]
    scored = [(g, name) for name in sorted(g.cells)] + ([(eq, "ab_eq")] if eq is not None else [])
    scored += [(timed, "mcts_t")] if timed is not None else []
    for src, name in scored:
        est, s = src.score(name)
        lo95, hi95 = interval(s, 0.95)
        out.append(f"| {name} | {src.games(name)} | {pct(est)} | [{pct(lo95)}, {pct(hi95)}] |")
    out += ["", "## Gains (exploratory beside the verdicts)", "",
            "| gain | estimate | 95% interval | openings |", "|---|---|---|---|"]
    out += gain_rows(g, EXPLORATORY)
    if eq is not None:
        out += gain_rows(eq, EXPLORATORY_EQ)
    if timed is not None:
        out += gain_rows(timed, EXPLORATORY_TIME)
    out += ["", "## Equal time held", "",
            "Mean search time a move and iterations (nodes for alpha-beta and root OM) a move, from the records "
            "(all openings played):", "", "| player | moves | ms a move | iterations a move |", "|---|---|---|---|"]
    times = budget(os.path.join(folder, GAUNTLET))[0]
    for extra, name in ((eq, AB_EQ), (timed, TIME)):
        if extra is not None:
            times.update({k: v for k, v in budget(os.path.join(folder, name))[0].items() if k != g.opponent})
    for name, (m, s, it) in sorted(times.items()):
        out.append(f"| {name} | {m} | {1000 * s / m:.2f} | {it / m:.0f} |")
    out += ["", "## Predicted replies against the opponent's", "",
            "A player's prediction is the reply its search expected after its move (om-mcts under a forced "
            "reply: its model's move; alpha-beta and mcts: the second move of their principal variation; "
            "root OM: its model's move), compared with the opponent's next move.", "",
            "| player | games of | predictions | hits | rate | moves without a prediction |", "|---|---|---|---|---|---|"]
    rate_rows = [(GAUNTLET, name, rates[name]) for name in sorted(rates) if name != g.opponent]
    if eq is not None:
        eq_rates = predictions(games_file(os.path.join(folder, AB_EQ)), set(range(eq.n)))
        rate_rows += [(AB_EQ, name, eq_rates[name]) for name in sorted(eq_rates) if name != g.opponent]
    e8s_path = games_file(os.path.join(os.path.dirname(os.path.abspath(folder)), E8S_GAUNTLET))
    if e8s_path is not None:
        e8s_rates = predictions(e8s_path)
        rate_rows += [("E8s-vs-ab-material (E8's opponent, 60,000 nodes)", name, e8s_rates[name])
                      for name in ("omms", "omms_self") if name in e8s_rates]
    for where, name, (hits, preds, moves) in rate_rows:
        rate = f"{pct(hits / preds)}%" if preds else "-"
        out.append(f"| {name} | {where} | {preds} | {hits} | {rate} | {moves - preds} |")
    write_opening_verdicts(folder, out, [(rows, LEVEL)])
    figure(os.path.join(folder, "E8v"), rows)
    return rows, omms_rate


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        rows, rate = analyse(argv[1])
    except InputError as e:
        print(f"e8v-analyse: {e}", file=sys.stderr)
        return 1
    print(f"omms' prediction rate: {pct(rate)}%")
    print("\n".join(f"{r[0]}: {r[5]}" for r in rows))
    return 0
