"""E4: the round robin of alpha-beta with the five evaluators (docs/results.md, E4):
Bradley-Terry ratings with their intervals, the win matrix, subgroup S (the evaluator
pairs whose ratings differ, which E5's verdicts are read on) and H4 (top against bottom).
Writes RESULTS/E4/tables.md and E4.png|pdf; thesis.py runs it first."""
import os

import numpy as np

from .design import eval_order
from .experiment import boot_for
from .figures import limits, plt, save_figure
from .hypotheses import decide, row, rule_p
from .stats import Est, bt_fit, estimate, percentile_ci
from .tables import header_lines, md_table, pct_ci, role, write_text


def e4_matrices(exp, names):
    """Per-opening points and games of evaluator i against j: arrays (n, k, k)."""
    k = len(names)
    pts, games = np.zeros((exp.n, k, k)), np.zeros((exp.n, k, k))
    for (cfg, p, q), st in exp.stats.items():
        i, j = names.index(p[3:]), names.index(q[3:])
        pts[:, i, j] += st.pts
        games[:, i, j] += st.games
    return pts, games


def analyse_e4(exp, boot, ctx):
    names = sorted({p[3:] for _, p, _ in exp.stats}, key=eval_order)
    pts, games = e4_matrices(exp, names)
    k = len(names)
    elo = bt_fit(pts.sum(0)[None], games.sum(0)[None])[0]
    samples = bt_fit(boot.sums(pts.reshape(exp.n, k * k)).reshape(-1, k, k),
                     boot.sums(games.reshape(exp.n, k * k)).reshape(-1, k, k))
    ratings = {x: Est(float(elo[i]), *percentile_ci(samples[:, i]), exp.n, games[:, i].sum()) for i, x in enumerate(names)}
    pair = {}
    for i, x in enumerate(names):
        for j, y in enumerate(names):
            if i != j and games[:, i, j].sum() > 0:
                ok = games[:, i, j] > 0
                score = np.where(ok, pts[:, i, j] / np.maximum(games[:, i, j], 1), 0)
                pair[(x, y)] = estimate(boot, score, ok.astype(float), games[:, i, j].sum(), keep=True)
    return {"names": names, "ratings": ratings, "pair": pair}


def subgroup_s(e4):
    """Ordered pairs (own X, model Y), X != Y, with rating(X) >= rating(Y)."""
    r = e4["ratings"]
    return {(x, y) for x in r for y in r if x != y and r[x].est >= r[y].est}


def h4_row(e4):
    r = e4["ratings"]
    top = max(r, key=lambda x: r[x].est)
    bottom = min(r, key=lambda x: r[x].est)
    e = e4["pair"].get((top, bottom), Est())
    return top, bottom, e


def tables_e4(exp, e4, ctx):
    names, r = e4["names"], e4["ratings"]
    text = header_lines("E4: the evaluators' round robin (alpha-beta)", ctx, exp)
    text += "## Bradley-Terry ratings (Elo scale, mean 0; one virtual draw per pair as prior)\n\n"
    order = sorted(names, key=lambda x: -r[x].est)
    text += md_table(["evaluator", "rating", "95% CI", "games"],
                     [[x, f"{r[x].est:+.1f}", f"[{r[x].lo:+.1f}, {r[x].hi:+.1f}]", r[x].games] for x in order])
    text += "\n## Scores (row evaluator against column evaluator, %)\n\n"
    rows = [[x] + [pct_ci(e4["pair"].get((x, y), Est())) if x != y else "" for y in order] for x in order]
    text += md_table([""] + order, rows)
    top, bottom, e = h4_row(e4)
    text += f"\nH4: top {top} against bottom {bottom}: {role(pct_ci(e), 'H4')} over {e.n} openings, {e.games} games.\n"
    s = sorted(subgroup_s(e4), key=lambda p: (order.index(p[0]), order.index(p[1])))
    text += ("\nSubgroup S (own X at least as strong as model Y by these ratings; H5a, H5e, H5f): "
             + ", ".join(f"{x}/{y}" for x, y in s) + ".\n")
    return text


def figure_e4(exp, e4, ctx, stem):
    names, r = e4["names"], e4["ratings"]
    order = sorted(names, key=lambda x: r[x].est)
    fig, (a, b) = plt.subplots(1, 2, figsize=(12, 4.8), gridspec_kw={"width_ratios": [1, 1.2]})
    y = np.arange(len(order))
    est = np.array([r[x].est for x in order])
    err = np.array([[r[x].est - r[x].lo for x in order], [r[x].hi - r[x].est for x in order]])
    a.errorbar(est, y, xerr=err, fmt="o", color="C0", capsize=4, label="rating, 95% interval")
    a.axvline(0, ls="--", color="grey", label="mean rating (0)")
    a.set_yticks(y, order)
    a.set_xlim(*limits([r[x].lo for x in order] + [r[x].hi for x in order], min_pad=10))
    a.set_xlabel("Bradley-Terry rating (Elo points)")
    a.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, fontsize=8)
    heatmap_e4(b, e4, order[::-1])
    fig.suptitle(f"E4: evaluators' round robin ({ctx.scale} scale, {exp.games} games)")
    save_figure(fig, stem)


def heatmap_e4(ax, e4, order):
    k = len(order)
    m = np.full((k, k), np.nan)
    for i, x in enumerate(order):
        for j, y in enumerate(order):
            e = e4["pair"].get((x, y))
            if i != j and e is not None and e.ok():
                m[i, j] = 100 * e.est
                ax.text(j, i, f"{100 * e.est:.0f}\n[{100 * e.lo:.0f}, {100 * e.hi:.0f}]", ha="center", va="center", fontsize=7)
    im = ax.imshow(m, cmap="RdBu", vmin=0, vmax=100)
    ax.set_xticks(range(k), order, rotation=30, ha="right")
    ax.set_yticks(range(k), order)
    ax.set_xlabel("column: opponent")
    ax.set_title("row evaluator's score against the column opponent", fontsize=10)
    plt.colorbar(im, ax=ax, label="row's score (points per game, %) [95% CI]")


def verdicts_e4(v, e4):
    top, bottom, e = h4_row(e4)
    verdict, needed = decide(e, 0.5, 1)
    v["H4"] = (row(e, "pct", verdict, needed), f"top {top}, bottom {bottom}", rule_p(e, 0.5))


def run_e4(results, exps, ctx, v):
    exp = exps.get("E4")
    if exp is None or exp.n == 0:
        return None
    e4 = analyse_e4(exp, boot_for(exp, ctx), ctx)
    write_text(os.path.join(exp.folder, "tables.md"), tables_e4(exp, e4, ctx))
    figure_e4(exp, e4, ctx, os.path.join(exp.folder, "E4"))
    verdicts_e4(v, e4)
    return e4
