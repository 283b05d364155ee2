"""The figures of the second pass (RESULTS/E5s/E5s.png|pdf, RESULTS/E5g/E5g.png|pdf),
saved as figures.save_figure saves the others: no dates or version strings, so that a
rerun gives identical files."""
import numpy as np

from .figures import limits, plt, save_figure
from .design import ONE_ITERATION
from .tables import fmt


def figure_e5s(exp, res, ctx, stem):
    """gain(B) over S and over all pairs against the budget B (log axis), 95% intervals."""
    budgets = res["budgets"]
    if not budgets:
        return
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ends = [0.0]
    for group, label, colour, shift in ((1, "subgroup S (H5f')", "C0", 0.97), (0, "all pairs", "C7", 1.03)):
        es = [res["gain"][b][group] for b in budgets]
        ok = [i for i, e in enumerate(es) if e.ok()]
        if not ok:
            continue
        x = np.array([budgets[i] * shift for i in ok], float)
        y = np.array([100 * es[i].est for i in ok])
        err = [[100 * (es[i].est - es[i].lo) for i in ok], [100 * (es[i].hi - es[i].est) for i in ok]]
        ax.errorbar(x, y, yerr=err, fmt="o-", color=colour, capsize=3, label=label)
        ends += [100 * es[i].lo for i in ok] + [100 * es[i].hi for i in ok]
    g = res["G"]
    if g.ok():
        ax.axhspan(100 * g.lo, 100 * g.hi, color="C0", alpha=0.12,
                   label=f"G over S: {fmt(g.est, 'pts')} [{fmt(g.lo, 'pts')}, {fmt(g.hi, 'pts')}]")
        ends += [100 * g.lo, 100 * g.hi]
    ax.axhline(0, ls="--", color="grey")
    ax.set_xscale("log")
    # Below about ONE_ITERATION nodes a move root OM cannot finish one iteration of its
    # model's 6-ply searches below every root move: it does not run as designed there.
    short = [b for b in budgets if b < ONE_ITERATION]
    if short:
        ax.axvspan(min(budgets) / 1.5, ONE_ITERATION, color="0.88", zorder=0,
                   label=f"root OM cannot finish one iteration (below about {ONE_ITERATION:,} nodes a move)")
        ax.set_xlim(min(budgets) / 1.5, max(budgets) * 1.5)
    ax.set_xticks(budgets, [f"{b:,}" for b in budgets])
    ax.minorticks_off()
    ax.set_ylim(*limits(ends))
    ax.set_xlabel("budget B (nodes a move, log scale)")
    ax.set_ylabel("root OM's gain over alpha-beta,\nboth within B nodes (points)")
    ax.set_title(f"E5s: root OM against alpha-beta at equal nodes ({ctx.scale} scale, {exp.games} games)", fontsize=10)
    ax.legend(fontsize=8)
    save_figure(fig, stem)


def figure_e5g(exp, res, ctx, stem):
    """Gain over alpha-beta against hit rate: the (pair, a) points coloured by a, the
    pooled point per a with its 95% intervals both ways, and H5g''s fixed-effects slope
    drawn through the points' mean."""
    if not res["points"]:
        return
    levels = list(res["levels"])
    fig, ax = plt.subplots(figsize=(7, 5))
    for i, a in enumerate(levels):
        pts = [(100 * h, 100 * g) for (_, aa), g, h in res["points"] if aa == a]
        if pts:
            ax.plot(*zip(*pts), ".", color=f"C{i}", alpha=0.45)
        e, h = res["gain"][a], res["hit"][a]
        if e.ok() and h.ok():
            ax.errorbar(100 * h.est, 100 * e.est, xerr=[[100 * (h.est - h.lo)], [100 * (h.hi - h.est)]],
                        yerr=[[100 * (e.est - e.lo)], [100 * (e.hi - e.est)]], fmt="o", color=f"C{i}", capsize=3,
                        mec="k", label=f"a = {a:g}: all pairs")
    sl = res["slope"]
    if sl.ok():
        hits = np.array([100 * h for _, _, h in res["points"]])
        gains = np.array([100 * g for _, g, _ in res["points"]])
        xs = np.array([hits.min(), hits.max()])
        ax.plot(xs, gains.mean() + sl.est * (xs - hits.mean()), "k-", lw=1,
                label=f"H5g' slope {fmt(sl.est, 'rho')} [{fmt(sl.lo, 'rho')}, {fmt(sl.hi, 'rho')}] (pair effects)")
    ax.axhline(0, ls="--", color="grey")
    ax.set_xlabel("hit rate of the predicted replies (%)")
    ax.set_ylabel("gain over alpha-beta (points)")
    ax.set_title(f"E5g: root OM with a noisy model ({ctx.scale} scale, {exp.games} games); dots: (pair, a)",
                 fontsize=10)
    ax.legend(fontsize=8)
    save_figure(fig, stem)
