"""The figures of E4-E7 (RESULTS/<E>/<E>.png and .pdf), drawn with matplotlib's Agg
backend and saved without dates or version strings, so that reruns give identical files."""
import os

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from .analysis import e5_rows  # noqa: E402
from .design import E7_LEARNERS, E7_OPPONENTS, H5G_VARIANTS, eval_order  # noqa: E402
from .stats import Z95  # noqa: E402
from .tables import fmt  # noqa: E402


# ---------------------------------------------------------------- common

def save_figure(fig, stem):
    """PNG and PDF without dates or version strings, so reruns give identical files."""
    fig.savefig(stem + ".png", dpi=150, bbox_inches="tight", metadata={"Software": None})
    fig.savefig(stem + ".pdf", bbox_inches="tight", metadata={"CreationDate": None, "Producer": None, "Creator": None})
    plt.close(fig)


def limits(values, pad_frac=0.08, min_pad=1.0):
    """Axis limits that contain every interval end (no clipped error bars)."""
    v = [x for x in values if x is not None and np.isfinite(x)]
    if not v:
        return -1.0, 1.0
    lo, hi = min(v), max(v)
    pad = max((hi - lo) * pad_frac, min_pad)
    return lo - pad, hi + pad


def dedup_legend(ax, **kw):
    handles, labels = ax.get_legend_handles_labels()
    seen = {}
    for h, l in zip(handles, labels):
        seen.setdefault(l, h)
    ax.legend(seen.values(), seen.keys(), fontsize=8, **kw)


# ---------------------------------------------------------------- E4

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


# ---------------------------------------------------------------- E5 and E5dd

def e5_figures(results, ctx):
    if not results:
        return
    groups, games = [], 0
    if "E5" in results:
        exp, res = results["E5"]
        groups += [("equal depth", e5_rows(res, [x for x in res["variants"] if not x.startswith("eq")])),
                   ("equal nodes (vs eqab)", e5_rows(res, [x for x in res["variants"] if x.startswith("eq")]))]
        games += exp.games
    if "E5dd" in results:
        exp, res = results["E5dd"]
        groups += [("E5dd", e5_rows(res, [x for x in res["variants"] if not x.startswith("eq")])),
                   ("E5dd equal nodes (vs eqab)", e5_rows(res, [x for x in res["variants"] if x.startswith("eq")]))]
        games += exp.games
    owner = results.get("E5", results.get("E5dd"))[0]
    h5g_points = results["E5"][1].get("h5g") if "E5" in results else None
    title = "E5: OM variants against alpha-beta" + (" (with E5dd)" if "E5dd" in results and "E5" in results else "")
    gauntlet_figure(groups, ctx, os.path.join(owner.folder, owner.name), games, title,
                    h5g_points if h5g_points and h5g_points["points"] else None)


def gauntlet_figure(groups, ctx, stem, games, title, h5g_points=None):
    """groups: [(label, [(row label, Est S, Est all)])]; plus hit rate vs gain when given."""
    panels = 2 if h5g_points else 1
    fig, axes = plt.subplots(1, panels, figsize=(7 * panels, 0.35 * sum(len(g) for _, g in groups) + 3))
    axes = np.atleast_1d(axes)
    gains_panel(axes[0], groups)
    if h5g_points:
        hits_panel(axes[1], h5g_points)
    fig.suptitle(f"{title} ({ctx.scale} scale, {games} games)")
    save_figure(fig, stem)


def gains_panel(ax, groups):
    labels, ends, y = [], [], 0
    for group, rows in groups:
        for name, s, a in rows:
            for e, dy, colour, lab in ((s, -0.15, "C0", "subgroup S"), (a, 0.15, "C1", "all pairs")):
                if e.ok():
                    ax.errorbar(100 * e.est, y + dy, xerr=[[100 * (e.est - e.lo)], [100 * (e.hi - e.est)]],
                                fmt="o", color=colour, capsize=3, label=lab)
                    ends += [100 * e.lo, 100 * e.hi]
            labels.append(f"{group}: {name}")
            y += 1
    ax.axvline(0, ls="--", color="grey", label="no gain (null 0)")
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlim(*limits(ends + [0]))
    ax.set_xlabel("gain over alpha-beta with the own evaluator (score points)")
    dedup_legend(ax, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=3)


def hits_panel(ax, h5g_points):
    rho, points, cis = h5g_points["rho"], h5g_points["points"], h5g_points["cis"]
    variants = sorted({v for (v, _), _, _ in points}, key=H5G_VARIANTS.index)
    xs, ys = [], []
    for (v, pair), g, h in points:
        lo_g, hi_g, lo_h, hi_h = cis[(v, pair)]
        c = f"C{variants.index(v)}"
        ax.errorbar(100 * h, 100 * g, xerr=[[100 * (h - lo_h)], [100 * (hi_h - h)]],
                    yerr=[[100 * (g - lo_g)], [100 * (hi_g - g)]], fmt="o", color=c, alpha=0.6, capsize=2, label=v)
        xs += [100 * lo_h, 100 * hi_h]
        ys += [100 * lo_g, 100 * hi_g]
    ax.axhline(0, ls="--", color="grey", label="no gain (null 0)")
    ax.set_xlim(*limits(xs))
    ax.set_ylim(*limits(ys + [0]))
    ax.set_xlabel("hit rate of the predicted replies (%)")
    ax.set_ylabel("gain over alpha-beta with the own evaluator (score points)")
    ax.set_title(f"H5g: Spearman rho {fmt(rho.est, 'rho')} [{fmt(rho.lo, 'rho')}, {fmt(rho.hi, 'rho')}]", fontsize=10)
    dedup_legend(ax, loc="upper left", bbox_to_anchor=(1.02, 1.0))


# ---------------------------------------------------------------- E6

def figure_e6(exp, res, ctx, stem):
    fig, ax = plt.subplots(figsize=(8.5, 5))
    ps = res["ps"]
    x = np.array([int(p[1:]) / 100 for p in ps])
    ends = []
    for cond, colour in (("right", "C0"), ("wrong", "C3")):
        est = [res["score"][cond][p] for p in ps]
        if not any(e.ok() for e in est):
            continue
        y, lo, hi = (100 * np.array([getattr(e, a) for e in est]) for a in ("est", "lo", "hi"))
        ax.plot(x, y, "o-", color=colour, label=f"PrOM, model {cond} (pooled over pairs)")
        ax.fill_between(x, lo, hi, color=colour, alpha=0.15, label=f"95% interval, model {cond}")
        ends += list(lo) + list(hi)
        ends += ab_line(ax, res["ab"][cond], cond, colour)
        e, _ = res["best"][cond]
        if e.ok():
            ax.plot([e.est], [y[list(x).index(e.est)]], "*", ms=16, color=colour, mec="k", label=f"best p, model {cond}")
    ax.axvline(0.5, ls="--", color="grey", label="naive split p = 0.5 (published: best p above it)")
    ax.set_xticks(x)
    ax.set_xlim(0.05, 0.95)
    ax.set_ylim(*limits(ends))
    ax.set_xlabel("p, probability of MAX's own type")
    ax.set_ylabel("score (points per game, %)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
    ax.set_title(f"E6: PrOM against alpha-beta ({ctx.scale} scale, {exp.games} games)")
    save_figure(fig, stem)


def ab_line(ax, e, cond, colour):
    """ab_X's score: dashed line, its interval dotted."""
    if not e.ok():
        return []
    ax.axhline(100 * e.est, ls="--", color=colour, lw=1, label=f"alpha-beta own X, model {cond} opponent")
    for v in (e.lo, e.hi):
        ax.axhline(100 * v, ls=":", color=colour, lw=0.8)
    return [100 * e.lo, 100 * e.hi]


# ---------------------------------------------------------------- E7

def figure_e7(exp, res, ctx, stem):
    fig, (a, b) = plt.subplots(1, 2, figsize=(15, 5.5), gridspec_kw={"width_ratios": [1.5, 1]})
    learned_panel(a, res)
    e7_gain_panel(b, res)
    fig.suptitle(f"E7: PrOM with learned type probabilities ({ctx.scale} scale, {exp.games} games)")
    save_figure(fig, stem)


def learned_panel(ax, res):
    keys = [(o, h) for o in E7_OPPONENTS for h in E7_LEARNERS if (o, h) in res["learned"]]
    types = sorted({t for l in res["learned"].values() for t in l["types"]},
                   key=eval_order)
    width = 0.8 / max(1, len(types))
    tops = [1.0]
    for ti, t in enumerate(types):
        vals = [res["learned"][k]["types"].get(t, (0.0, None)) for k in keys]
        x = np.arange(len(keys)) + (ti - (len(types) - 1) / 2) * width
        p = np.array([v for v, _ in vals])
        half = np.array([Z95 * (sd or 0.0) for _, sd in vals])
        # A probability lies in [0, 1]: the spread is cut there rather than by the axis.
        err = np.array([p - np.maximum(p - half, 0.0), np.minimum(p + half, 1.0) - p])
        ax.bar(x, p, width, yerr=err, capsize=2, color=f"C{ti}", label=f"type {t}")
        tops.append(float(np.max(p + err[1])) if len(p) else 1.0)
        truth = [i for i, k in enumerate(keys) if k[0] == "inside"]
        ax.plot(x[truth], [1.0 if t == res["truth"] else 0.0 for _ in truth], "k_", ms=12, mew=2,
                label="truth (opponent inside)")
    ax.set_xticks(range(len(keys)), [f"{o}\n{h}" for o, h in keys], fontsize=8)
    ax.set_ylim(0, max(tops) * 1.05)
    ax.set_ylabel("learned probability of the type\n(bars: ±1.96 sd over repeats, offline learners, cut to [0, 1])")
    dedup_legend(ax, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=4)


def e7_gain_panel(ax, res):
    rows = [(f"{h}: outside pooled", res["h7b"][h]) for h in E7_LEARNERS]
    rows += [(f"{h}: vs {o}", res["per_opp"][(o, h)]) for h in E7_LEARNERS for o in E7_OPPONENTS]
    rows += [("true: vs inside", res["true_inside"])]
    ends = [0.0]
    for y, (label, e) in enumerate(rows):
        if e.ok():
            primary = "pooled" in label
            ax.errorbar(100 * e.est, y, xerr=[[100 * (e.est - e.lo)], [100 * (e.hi - e.est)]], fmt="o" if primary else ".",
                        color="C0" if primary else "C7", capsize=3, label="outside pooled (H7b)" if primary else "per opponent")
            ends += [100 * e.lo, 100 * e.hi]
    ax.axvline(0, ls="--", color="grey", label="no gain (null 0)")
    ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(*limits(ends))
    ax.set_xlabel("gain over PrOM with uniform probabilities (score points)")
    dedup_legend(ax, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=3)
