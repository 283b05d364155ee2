"""scripts/e8-analyse E8_FOLDER (python3 -m bao_analysis e8 E8_FOLDER): the tables, verdicts
and figures of E8 (docs/results.md) from its tournaments' raw games (E8-vs-ab-default/,
E8-vs-ab-material/ with their games.jsonl.gz) and the random trees' table (trees.csv, bao
tree-games --mcts). Scores and gains are per-opening sums bootstrapped over openings
(10,000 resamples, seeded: one input gives one output); the three Bao verdicts H8a-c are
decided on the 98.3% interval (Bonferroni over their family of three), the trees' H8d on
its 95% interval (a family of one), as declared."""
import csv
import os
import sys

import numpy as np

from .figure_saver import COMPACT, save_figure
from .gauntlet import Gauntlet
from .multiplicity import bonferroni_level, z_power, z_two_sided
from .records import InputError
from .stats import level_interval as interval

SEED = 2008
FAMILY = 3
LEVEL = bonferroni_level(FAMILY)  # 98.3%
Z_FAMILY, Z80 = z_two_sided(FAMILY, places=3), z_power()  # 2.394 and 0.842: two-sided 0.05/3, 80% power


NOT_AS_INTENDED = ("H8b", "H8c")  # verdicts whose declared design does not test their hypothesis


def bao_verdict(h, what, t, est, samples, null, direction):
    """A Bao verdict row (id, measure, estimate, 98.3% interval, verdict, openings, openings
    that would decide an effect of the size seen). direction +1: the hypothesis says
    above null; 0: two-sided."""
    lo, hi = interval(samples, LEVEL)
    if direction > 0:
        v = "supported" if lo > null else "contradicted" if hi < null else "not decided at this scale"
    else:
        v = ("different: higher" if lo > null else "different: lower" if hi < null
             else "not decided at this scale")
    effect = abs(est - null)
    sd_opening = np.nanstd(samples) * np.sqrt(t.n)
    need = int(np.ceil(((Z_FAMILY + Z80) * sd_opening / effect) ** 2)) if effect else float("inf")
    return h, what, est, lo, hi, v, t.n, need


def pct(x):
    return f"{100 * x:.1f}"


def row(label, t, est, samples):
    lo95, hi95 = interval(samples, 0.95)
    lo, hi = interval(samples, LEVEL)
    return f"| {label} | {pct(est)} | [{pct(lo95)}, {pct(hi95)}] | [{pct(lo)}, {pct(hi)}] | {t.n} |"


def figure(stem, title, labels, ests, ivs, null, ylabel):
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    x = np.arange(len(labels))
    e = 100 * np.array(ests)
    lo = e - 100 * np.array([i[0] for i in ivs])
    hi = 100 * np.array([i[1] for i in ivs]) - e
    ax.errorbar(x, e, yerr=[lo, hi], fmt="o", capsize=4, color="C0")
    ax.axhline(100 * null, color="grey", lw=0.8, ls="--")
    ax.set_xticks(x, labels, rotation=15)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    save_figure(fig, stem, COMPACT)


def read_trees(path):
    """trees.csv's rows as dicts, numbers converted; InputError names a missing file or column."""
    if not os.path.isfile(path):
        raise InputError(f"{path}: missing (run scripts/reproduce-e8)")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    need = {"opp_noise", "model_error", "method", "trees", "gain", "gain_ci95", "baseline"}
    if not rows or not need <= set(rows[0]):
        raise InputError(f"{path}: not a bao tree-games --mcts table (columns {sorted(need)})")
    for r in rows:
        for k in ("opp_noise", "model_error", "trees"):
            r[k] = int(r[k])
        for k in ("gain", "gain_ci95"):
            r[k] = float(r[k])
    return rows


def tree_row(rows, method, noise, error):
    for r in rows:
        if (r["method"], r["opp_noise"], r["model_error"]) == (method, noise, error):
            return r
    raise InputError(f"trees.csv: no row for {method} at opponent noise {noise}, model error {error}")


def trees_figure(stem, rows):
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    noises = sorted({r["opp_noise"] for r in rows})
    for i, (method, error) in enumerate([(m, e) for m in ("om-mcts", "prom-mcts") for e in (0, 1)]):
        g = [tree_row(rows, method, n, error) for n in noises]
        x = np.array(noises) + (i - 1.5) * 2
        ax.errorbar(x, [r["gain"] for r in g], yerr=[r["gain_ci95"] for r in g], fmt="o-", capsize=3,
                    label=f"{method}, model {'wrong' if error else 'right'}")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("opponent's noise")
    ax.set_ylabel("gain over mcts, true value")
    ax.set_title("E8t: random trees with a ground truth (95% intervals)", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    save_figure(fig, stem, COMPACT)


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    e8 = argv[1]
    try:
        a = Gauntlet(os.path.join(e8, "E8-vs-ab-default"), SEED, "scripts/reproduce-e8")
        b = Gauntlet(os.path.join(e8, "E8-vs-ab-material"), SEED, "scripts/reproduce-e8")
        verdicts = [
            bao_verdict("H8a", "score of mcts(alpha=0.5) against alpha-beta(default)", a, *a.score("mcts_a05"), 0.5, 0),
            bao_verdict("H8b", "gain of om-mcts(model=material) over mcts(alpha=0.5)", b,
                        *b.gain("omm_material", "mcts_a05"), 0.0, +1),
            bao_verdict("H8c", "gain of prom-mcts over prom-beta", b, *b.gain("promm_material", "promb_material"), 0.0,
                        0),
        ]

        # H8b and H8c name OM's and PrOM's gain with a right model; their declared model_depth
        # = 1 makes the model a one-ply greedy player against an opponent that searches
        # about 60,000 nodes a move, so the model is not right: the rule is applied as
        # declared, and the verdict says that it did not test what the hypothesis names.
        verdicts = [(h, what, est, lo, hi, f"not tested as intended ({v} as declared; the model is a one-ply "
                     "player, not the opponent's search)" if h in NOT_AS_INTENDED else v, n, need)
                    for h, what, est, lo, hi, v, n, need in verdicts]

        trees = read_trees(os.path.join(e8, "trees.csv"))
        r = tree_row(trees, "om-mcts", 100, 0)
        lo, hi = r["gain"] - r["gain_ci95"], r["gain"] + r["gain_ci95"]
        v = "supported" if lo > 0 else "contradicted" if hi < 0 else "not decided at this scale"
        sd = r["gain_ci95"] / 1.96 * np.sqrt(r["trees"])
        need = int(np.ceil(((1.96 + Z80) * sd / abs(r["gain"])) ** 2)) if r["gain"] else float("inf")
        tree_verdict = ("H8d", "gain of om-mcts over mcts, trees, opponent noise 100, model right", r["gain"], lo, hi, v,
                        r["trees"], need)

        out = ["# E8: Monte-Carlo tree search beside alpha-beta, OM and PrOM search", "",
               "Made by `scripts/reproduce-e8` from the raw games in this folder; hypotheses, budgets and",
               "decision rule: docs/results.md (E8). Scores are the challenger's points per game in %,",
               "bootstrap over openings (10,000 resamples); verdicts on the 98.3% interval (Bonferroni, 3).",
               "", "## Verdicts", "",
               "| id | measure | estimate | 98.3% interval | verdict | openings | openings to decide the effect seen |",
               "|---|---|---|---|---|---|---|"]
        for h, what, est, lo, hi, v, n, need in verdicts:
            need_text = "-" if not v.startswith("not decided") else str(need)
            out.append(f"| {h} | {what} | {pct(est)} | [{pct(lo)}, {pct(hi)}] | {v} | {n} | {need_text} |")
        h, what, est, lo, hi, v, n, need = tree_verdict
        out += ["", "The trees' verdict (its own family, 95% interval; values in the trees' units, 0-1000; "
                "trees, not openings):", "",
                "| id | measure | estimate | 95% interval | verdict | trees | trees to decide the effect seen |",
                "|---|---|---|---|---|---|---|",
                f"| {h} | {what} | {est:+.2f} | [{lo:+.2f}, {hi:+.2f}] | {v} | {n} | "
                f"{need if v.startswith('not decided') else '-'} |"]
        for t in (a, b):
            out += ["", f"## {t.name}: scores against {t.opponent}", "",
                    "| challenger | score | 95% interval | 98.3% interval | openings |", "|---|---|---|---|---|"]
            for name in t.cells:
                est, s = t.score(name)
                out.append(row(f"{name} ({t.games(name)} games)", t, est, s))
        out += ["", "## Gains against alpha-beta(material) (exploratory beside H8b, H8c)", "",
                "| gain | estimate | 95% interval | 98.3% interval | openings |", "|---|---|---|---|---|"]
        for x, y in (("omm_material", "mcts_a05"), ("omm_td-short", "mcts_a05"), ("promm_material", "promb_material"),
                     ("mcts_a05", "ab_default"), ("promb_material", "ab_default"), ("promm_material", "ab_default")):
            est, s = b.gain(x, y)
            out.append(row(f"{x} - {y}", b, est, s))
        out += ["", "## E8t: random trees, gains over mcts in true value (exploratory beside H8d)", "",
                "| method | opponent noise | model | gain | 95% interval |", "|---|---|---|---|---|"]
        for t in trees:
            if t["baseline"] == "mcts":
                out.append(f"| {t['method']} | {t['opp_noise']} | {'wrong' if t['model_error'] else 'right'} | "
                           f"{t['gain']:+.2f} | +-{t['gain_ci95']:.2f} |")
        rollouts = os.path.join(e8, "E8-rollouts", "summary.csv")
        if os.path.isfile(rollouts):  # exploratory: bao run's own scores and intervals
            with open(rollouts, newline="") as f:
                pairs = list(csv.DictReader(f))
            out += ["", "## E8-rollouts: mcts' rollout at equal time (exploratory, no verdict)", "",
                    "First player's score, with `bao run`'s pentanomial 95% interval:", "",
                    "| pairing | games | score | 95% interval |", "|---|---|---|---|"]
            for r in pairs:  # bao run leaves the interval empty where too few games give one
                sc = float(r["score"])
                ci = f"[{pct(sc - float(r['score_ci95']))}, {pct(sc + float(r['score_ci95']))}]" if r["score_ci95"] else "-"
                out.append(f"| {r['pairing']} | {r['games']} | {pct(sc)} | {ci} |")
        with open(os.path.join(e8, "tables.md"), "w") as f:
            f.write("\n".join(out) + "\n")
        with open(os.path.join(e8, "verdicts.csv"), "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["id", "measure", "estimate", "lo", "hi", "level", "verdict", "units", "n", "n_needed"])
            for h, what, est, lo, hi, v, n, need in verdicts:
                w.writerow([h, what, f"{est:.4f}", f"{lo:.4f}", f"{hi:.4f}", f"{LEVEL:.4f}", v, "openings", n, need])
            h, what, est, lo, hi, v, n, need = tree_verdict
            w.writerow([h, what, f"{est:.4f}", f"{lo:.4f}", f"{hi:.4f}", "0.95", v, "trees", n, need])

        names = list(a.cells)
        sc = [a.score(n) for n in names]
        figure(os.path.join(e8, "E8a"), "E8a: MCTS against alpha-beta(default), equal time (95% intervals)",
               names, [e for e, _ in sc], [interval(s, 0.95) for _, s in sc], 0.5, "score, %")
        pairs = [("omm_material", "mcts_a05"), ("omm_td-short", "mcts_a05")]
        gs = [b.gain(x, y) for x, y in pairs]
        figure(os.path.join(e8, "E8b"), "E8b: om-mcts over mcts(alpha=0.5), vs alpha-beta(material)",
               ["true model", "wrong model (td-short)"], [e for e, _ in gs], [interval(s, 0.95) for _, s in gs], 0.0,
               "gain, points %")
        names = ["promm_material", "promb_material", "mcts_a05", "ab_default"]
        sc = [b.score(n) for n in names]
        figure(os.path.join(e8, "E8c"), "E8c: prom-mcts and prom-beta against alpha-beta(material)", names,
               [e for e, _ in sc], [interval(s, 0.95) for _, s in sc], 0.5, "score, %")
        trees_figure(os.path.join(e8, "E8t"), trees)
        verdicts.append(tree_verdict)
    except InputError as e:
        print(f"e8-analyse: {e}", file=sys.stderr)
        return 1
    print("\n".join(f"{h}: {v}" for h, _, _, _, _, v, _, _ in verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
