"""The figures of E4-E7 (RESULTS/<E>/<E>.png and .pdf), drawn with matplotlib's Agg
backend and saved by the package's figure saver (bao_analysis.figure_saver, its STANDARD
style: no dates or version strings, so that reruns give identical files)."""
import os

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from .analysis import e5_rows  # noqa: E402
from .figure_saver import save_figure  # noqa: E402,F401 (S2 and the second pass save through it)
from .design import (DONKERS_2002, DONKERS_2002_WRONG, E5_GROUPS, E5DD_GROUPS, E7_LEARNERS, E7_OPPONENTS, H5G_VARIANTS,  # noqa: E402
                     eval_order, variant_label)
from .stats import nodes_per_move  # noqa: E402
from .stats import Z95  # noqa: E402
from .tables import fmt  # noqa: E402


# ---------------------------------------------------------------- common

def limits(values, pad_frac=0.08, min_pad=1.0):
    """Axis limits that contain every interval end (no clipped error bars)."""
    v = [x for x in values if x is not None and np.isfinite(x)]
    if not v:
        return -1.0, 1.0
    lo, hi = min(v), max(v)
    pad = max((hi - lo) * pad_frac, min_pad)
    return lo - pad, hi + pad


def dedup_legend(ax, fontsize=8, **kw):
    handles, labels = ax.get_legend_handles_labels()
    seen = {}
    for h, l in zip(handles, labels):
        seen.setdefault(l, h)
    ax.legend(seen.values(), seen.keys(), fontsize=fontsize, **kw)


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
    for name, spec in (("E5", E5_GROUPS), ("E5dd", E5DD_GROUPS)):
        if name in results:
            exp, res = results[name]
            groups += gain_groups(exp, res, spec)
            games += exp.games
    owner = results.get("E5", results.get("E5dd"))[0]
    h5g_points = results["E5"][1].get("h5g") if "E5" in results else None
    title = "E5: OM variants against alpha-beta" + (" (with E5dd)" if "E5dd" in results and "E5" in results else "")
    gauntlet_figure(groups, ctx, os.path.join(owner.folder, owner.name), games, title,
                    h5g_points if h5g_points and h5g_points["points"] else None)


def gain_groups(exp, res, spec):
    """[(heading, [(label, Est S, Est all, Donkers' gain or None)])] of the variants in
    spec's groups (any other variant in a last group), each labelled with its nodes a
    move relative to alpha-beta at depth d."""
    ab = nodes_per_move(exp, res["cells"], "ab")
    named = [v for _, vs in spec for v in vs]
    spec = spec + [("other", [v for v in res["gain"] if v not in named])]
    out = []
    for heading, vs in spec:
        rows = []
        for v, sub, everyone in e5_rows(res, [v for v in vs if v in res["gain"]]):
            npm = nodes_per_move(exp, res["cells"], v)
            cost = f" ({npm / ab:.1f}x nodes)" if ab and np.isfinite(npm) else ""
            ref = DONKERS_2002.get(v)
            rows.append((variant_label(v) + cost, sub, everyone, None if ref is None else ref - 0.5))
        if rows:
            out.append((heading, rows))
    return out


def gauntlet_figure(groups, ctx, stem, games, title, h5g_points=None):
    """groups: gain_groups' output; plus hit rate against gain, pooled and within the
    variants, when given."""
    rows = sum(len(g) + 1 for _, g in groups)
    if h5g_points:
        fig = plt.figure(figsize=(17, max(0.32 * rows + 3, 10)))
        grid = fig.add_gridspec(2, 2, width_ratios=[1, 1], height_ratios=[1, 1], wspace=0.12, hspace=0.3)
        axes = [fig.add_subplot(grid[:, 0]), fig.add_subplot(grid[0, 1]), fig.add_subplot(grid[1, 1])]
    else:
        fig, ax = plt.subplots(figsize=(10, 0.3 * rows + 3))
        axes = [ax]
    gains_panel(axes[0], groups)
    if h5g_points:
        # The controlled test (within the variants) is H5g's headline; the declared pooled
        # rho mixes variants that differ in depth and cost, so it comes second.
        within_panel(axes[1], h5g_points)
        hits_panel(axes[2], h5g_points)
    fig.suptitle(f"{title} ({ctx.scale} scale, {games} games)")
    save_figure(fig, stem)


def gains_panel(ax, groups):
    labels, ends, y, heads = [], [], 0, []
    for group, rows in groups:
        heads.append((y, group))
        labels.append("")
        y += 1
        for name, s, a, ref in rows:
            for e, dy, colour, lab in ((s, -0.15, "C0", "subgroup S (own X at least as strong as model Y)"),
                                       (a, 0.15, "C1", "all 20 pairs")):
                if e.ok():
                    ax.errorbar(100 * e.est, y + dy, xerr=[[100 * (e.est - e.lo)], [100 * (e.hi - e.est)]],
                                fmt="o", color=colour, capsize=3, label=lab)
                    ends += [100 * e.lo, 100 * e.hi]
            if ref is not None:
                ax.plot(100 * ref, y + 0.15, "kx", ms=9, mew=2,
                        label="Donkers' 2002 program, all pairs (his evaluators; measured, not published)")
                ends.append(100 * ref)
            labels.append(name)
            y += 1
    ax.axvline(0, ls="--", color="grey", label="no gain (null 0)")
    ax.set_yticks(range(len(labels)), labels, fontsize=8.5)
    ax.invert_yaxis()
    lo, hi = limits(ends + [0])
    ax.set_xlim(lo, hi)
    for yy, group in heads:
        ax.text(lo, yy, " " + group, fontsize=8.5, fontweight="bold", va="center", ha="left")
        ax.axhline(yy - 0.5, color="0.85", lw=0.8)
    ax.set_xlabel("gain over alpha-beta with the own evaluator X (score points)\n"
                  "equal nodes: over alpha-beta within the same budget")
    dedup_legend(ax, loc="upper center", bbox_to_anchor=(0.5, -0.08), ncol=2)


def hits_panel(ax, h5g_points):
    rho, points, cis = h5g_points["rho"], h5g_points["points"], h5g_points["cis"]
    variants = sorted({v for (v, _), _, _ in points}, key=H5G_VARIANTS.index)
    xs, ys = [], []
    for (v, pair), g, h in points:
        lo_g, hi_g, lo_h, hi_h = cis[(v, pair)]
        c = f"C{variants.index(v)}"
        ax.errorbar(100 * h, 100 * g, xerr=[[100 * (h - lo_h)], [100 * (hi_h - h)]],
                    yerr=[[100 * (g - lo_g)], [100 * (hi_g - g)]], fmt="o", color=c, alpha=0.6, capsize=2,
                    label=variant_label(v))
        xs += [100 * lo_h, 100 * hi_h]
        ys += [100 * lo_g, 100 * hi_g]
    ax.axhline(0, ls="--", color="grey", label="no gain (null 0)")
    ax.set_xlim(*limits(xs))
    ax.set_ylim(*limits(ys + [0]))
    ax.set_xlabel("hit rate of the predicted replies (%)")
    ax.set_ylabel("gain over alpha-beta (score points)")
    ax.set_title(f"H5g as declared, pooled over the variants (confounded: the variants differ in depth and cost):\n"
                 f"Spearman rho {fmt(rho.est, 'rho')} [{fmt(rho.lo, 'rho')}, {fmt(rho.hi, 'rho')}] (BCa)", fontsize=10)
    dedup_legend(ax, loc="lower right", fontsize=7)


def within_panel(ax, h5g_points):
    """The controlled view: each point less its variant's mean gain and hit rate, with
    the fixed-effects slope through the origin."""
    within, slope, points = h5g_points["within"], h5g_points["slope"], h5g_points["points"]
    variants = sorted({v for (v, _), _, _ in points}, key=H5G_VARIANTS.index)
    means = {v: (np.mean([g for (vv, _), g, _ in points if vv == v]), np.mean([h for (vv, _), _, h in points if vv == v]))
             for v in variants}
    hs = []
    for (v, _), g, h in points:
        mg, mh = means[v]
        ax.plot(100 * (h - mh), 100 * (g - mg), "o", color=f"C{variants.index(v)}", alpha=0.7)
        hs.append(100 * (h - mh))
    if slope.ok() and hs:
        x = np.array([min(hs), max(hs)])
        ax.plot(x, slope.est * x, "k-", lw=1.2, label=f"slope {slope.est:+.2f} [{slope.lo:+.2f}, {slope.hi:+.2f}] "
                "points of gain per point of hit rate")
    ax.axhline(0, ls="--", color="grey")
    ax.axvline(0, ls=":", color="grey")
    ax.set_xlabel("hit rate less the variant's mean (points)")
    ax.set_ylabel("gain less the variant's mean (score points)")
    ax.set_title(f"H5g, the controlled test: within the variants (variant fixed effects; amendment after the data)"
                 f"\ncorrelation {fmt(within.est, 'rho')} [{fmt(within.lo, 'rho')}, {fmt(within.hi, 'rho')}] (BCa); "
                 "colours as below", fontsize=10, fontweight="bold")
    ax.legend(loc="upper left", fontsize=8)


# ---------------------------------------------------------------- E6

def e6_curve(res, cond):
    """[(p, Est, how)] over p from 0 to 1: the PrOM players, with alpha-beta(X) at p = 1
    (PrOM with all weight on MAX's own type is alpha-beta with X) and OM search at p = 0
    (all weight on the model) when the experiment has such players and no PrOM at that p."""
    pts = [(int(p[1:]) / 100, res["score"][cond][p], "prom") for p in res["ps"]]
    have = {x for x, _, _ in pts}
    if 1.0 not in have and res["ab"][cond].ok():
        pts.append((1.0, res["ab"][cond], "ab"))
    om = res.get("om", {}).get(cond)
    if 0.0 not in have and om is not None and om.ok():
        pts.append((0.0, om, "om"))
    return sorted(pts, key=lambda t: t[0])


def figure_e6(exp, res, ctx, stem):
    fig, ax = plt.subplots(figsize=(10, 5.5))
    ends, xs = [], set()
    for cond, colour in (("right", "C0"), ("wrong", "C3")):
        pts = [t for t in e6_curve(res, cond) if t[1].ok()]
        if not pts:
            continue
        x = np.array([t[0] for t in pts])
        y, lo, hi = (100 * np.array([getattr(t[1], a) for t in pts]) for a in ("est", "lo", "hi"))
        xs |= set(x)
        ax.plot(x, y, "-", color=colour, label=f"model {cond}: score pooled over the pairs, 95% interval")
        for (px, e, how), yy, l, h in zip(pts, y, lo, hi):
            prom = how == "prom"
            ax.errorbar([px], [yy], yerr=[[yy - l], [h - yy]], fmt="o" if prom else "s", color=colour, capsize=3,
                        mfc=colour if prom else "white", label=None if prom else f"model {cond}: {'alpha-beta(X)' if how == 'ab' else 'OM search'} (open)")
            if not prom:
                ax.annotate("alpha-beta(X)" if how == "ab" else "OM search", (px, h), textcoords="offset points",
                            xytext=(0, 4), ha="center", va="bottom", fontsize=8, color=colour)
        ends += list(lo) + list(hi)
        e, _ = res["best"][cond]
        if e.ok() and e.est in list(x):
            ax.plot([e.est], [y[list(x).index(e.est)]], "*", ms=16, color=colour, mec="k",
                    label=f"model {cond}: best declared p (H6b, degenerate: the grid stops at 0.9)"
                          + ("; not an optimum on E6b's 20 pairs, where p = 0.9 is level with alpha-beta(X) (H6b')"
                             if cond == "right" else ""))
        ends += donkers_e6(ax, res["ab"][cond], cond, colour)
    if 0.0 not in xs:
        ax.text(0.0, 0.05, "p = 0 (OM search):\nnot played", transform=ax.get_xaxis_transform(), fontsize=8,
                ha="center", va="bottom", color="0.3")
    ax.axvline(0.5, ls="--", color="grey", label="naive split p = 0.5 (published: best p above it)")
    ax.set_xticks(sorted(xs | {0.0, 0.5, 1.0}))
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(*limits(ends))
    ax.set_xlabel("p, probability of MAX's own type X (1 - p on the model Y); p = 1 is alpha-beta(X), p = 0 OM search")
    ax.set_ylabel("score against alpha-beta (points per game, %)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
    ax.set_title(f"E6: PrOM against alpha-beta ({ctx.scale} scale, {exp.games} games)")
    save_figure(fig, stem)


def donkers_e6(ax, ab, cond, colour):
    """Donkers' program's PrOM effects over its alpha-beta(X) (50%), added to our
    alpha-beta(X)'s score: a comparison of effects, his evaluators being others."""
    if not ab.ok():
        return []
    base = 100 * ab.est - 50
    if cond == "right":
        xs = [0.5, 0.8]
        ys = [base + 100 * DONKERS_2002["p50"], base + 100 * DONKERS_2002["p80"]]
        ax.plot(xs, ys, "x", color=colour, ms=9, mew=2,
                label="Donkers' 2002 program, model right: his gain over his alpha-beta(X), on ours (measured)")
        return ys
    # Model wrong: his scores against alpha-beta(Z) as they are; his alpha-beta(X) is not
    # at 50% in those cells, so they cannot be moved onto ours as effects.
    lo, hi = (100 * v for v in DONKERS_2002_WRONG["p50"])
    ax.plot([0.5, 0.5], [lo, hi], "-", color=colour, lw=4, alpha=0.5, solid_capstyle="butt",
            label="Donkers' 2002 program, model wrong: his scores against alpha-beta(Z), range over his pairs "
                  "(measured)")
    return [lo, hi]


def ab_line(ax, e, cond, colour):
    """ab_X's score: dashed line, its interval dotted."""
    if not e.ok():
        return []
    ax.axhline(100 * e.est, ls="--", color=colour, lw=1, label=f"alpha-beta own X, model {cond} opponent")
    for v in (e.lo, e.hi):
        ax.axhline(100 * v, ls=":", color=colour, lw=0.8)
    return [100 * e.lo, 100 * e.hi]


# ---------------------------------------------------------------- E6b

def figure_e6b(exp, res, ctx, stem):
    """Score against p from 0 (OM search) to 1 (alpha-beta(X)), model right (20 pairs) and
    wrong (5 pairs), 95% intervals; Donkers' program's figures marked as effects over
    his alpha-beta(X) (50%) added to our alpha-beta(X)'s score; H6b''s p* starred."""
    fig, ax = plt.subplots(figsize=(10, 7))
    ends = []
    grid = res["grid"]
    for cond, colour in (("right", "C0"), ("wrong", "C3")):
        score = res["score"].get(cond)
        if not score or not all(score[v].ok() for v, _ in grid):
            continue
        x = np.array([p for _, p in grid])
        y, lo, hi = (100 * np.array([getattr(score[v], a) for v, _ in grid]) for a in ("est", "lo", "hi"))
        n = len(res["conds"][cond])
        ax.plot(x, y, "-", color=colour, lw=1.2, label=f"model {cond} ({n} pairs): score pooled over the pairs, 95% interval")
        for (v, px), yy, l, h in zip(grid, y, lo, hi):
            prom = v not in ("om", "ab")
            ax.errorbar([px], [yy], yerr=[[yy - l], [h - yy]], fmt="o" if prom else "s", color=colour, capsize=3,
                        mfc=colour if prom else "white")
            if not prom:
                ax.annotate("OM search" if v == "om" else "alpha-beta(X)", (px, h), textcoords="offset points",
                            xytext=(0, 4), ha="center", va="bottom", fontsize=8, color=colour)
        ends += list(lo) + list(hi)
        h6 = res["h6b"].get(cond)
        if h6:
            i = [v for v, _ in grid].index(h6["star"])
            ax.plot([x[i]], [y[i]], "*", ms=15, color=colour, mec="k",
                    label=f"model {cond}: p*, the best interior p"
                          + (" (H6b': level with alpha-beta(X) within 3 points, TOST)" if cond == "right" else ""))
        base = y[-1] - 50  # our alpha-beta(X) less his 50%
        if cond == "right":
            xs = [0.0, 0.5, 0.8, 1.0]
            ys = [base + 100 * DONKERS_2002[k] for k in ("om", "p50", "p80")] + [base + 50]
            ax.plot(xs, ys, "x", color="k", ms=9, mew=2, ls=":", lw=1,
                    label="Donkers' 2002 program, model right (his 20 pairs, measured): OM, PrOM 0.5, PrOM 0.8, "
                          "alpha-beta;\nhis effect over his alpha-beta(X) (50%) added to our alpha-beta(X)'s score")
            ends += ys
        else:
            # His wrong-model figures are scores against alpha-beta(Z), drawn as they are:
            # his alpha-beta(X) is not at 50% in those cells, so they are no effects to add
            # to our alpha-beta(X)'s score.
            for k, px in (("om", 0.0), ("p50", 0.5)):
                a, b = (100 * v for v in DONKERS_2002_WRONG[k])
                ax.plot([px, px], [a, b], "-", color=colour, lw=5, alpha=0.35, solid_capstyle="butt",
                        label="Donkers' 2002 program, model wrong: his scores against alpha-beta(Z), range over "
                              "his pairs (OM, PrOM 0.5)" if k == "om" else None)
                ends += [a, b]
    ax.axvline(0.5, ls="--", color="grey", lw=0.8, label="naive split p = 0.5")
    ax.set_xticks([p for _, p in grid])
    ax.set_xticklabels([("0\nOM" if v == "om" else "1\nalpha-beta" if v == "ab" else f"{p:g}") for v, p in grid])
    ax.set_xlim(-0.06, 1.06)
    ax.set_ylim(*limits(ends))
    ax.set_xlabel("p, probability of MAX's own type X in PrOM {X: p, model Y: 1 - p}")
    ax.set_ylabel("score against alpha-beta(opponent) (points per game, %)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), fontsize=8, ncol=1)
    ax.set_title(f"E6b: PrOM from OM search (p = 0) to alpha-beta (p = 1) ({ctx.scale} scale, {exp.games} games)")
    save_figure(fig, stem)


# ---------------------------------------------------------------- E7

def figure_e7(exp, res, ctx, stem):
    fig, (a, b) = plt.subplots(1, 2, figsize=(15, 5.5), gridspec_kw={"width_ratios": [1.5, 1]})
    learned_panel(a, res)
    e7_gain_panel(b, res)
    fig.suptitle(f"E7: PrOM with learned type probabilities ({ctx.scale} scale, {exp.games} games)")
    save_figure(fig, stem)


def learned_spread(learned, t):
    """(p, low, high, kind) of one type's learned probability: with repeats (an sd) the
    +-1.96 sd interval cut to [0, 1]; for a single on-line run the range of its estimate
    over the run's games (how far it moved, not a confidence interval); else no spread."""
    p, sd = learned["types"].get(t, (0.0, None))
    if sd is not None:
        return p, max(p - Z95 * sd, 0.0), min(p + Z95 * sd, 1.0), "sd"
    games = (learned.get("games") or {}).get(t)
    if games:
        return p, min(games + [p]), max(games + [p]), "range"
    return p, p, p, None


def learned_panel(ax, res):
    keys = [(o, h) for o in E7_OPPONENTS for h in E7_LEARNERS if (o, h) in res["learned"]]
    types = sorted({t for l in res["learned"].values() for t in l["types"]},
                   key=eval_order)
    width = 0.8 / max(1, len(types))
    for ti, t in enumerate(types):
        x = np.arange(len(keys)) + (ti - (len(types) - 1) / 2) * width
        spread = [learned_spread(res["learned"][k], t) for k in keys]
        p = np.array([v[0] for v in spread])
        ax.bar(x, p, width, color=f"C{ti}", label=f"type {t}")
        for kind, style, label in (("sd", dict(color="k", capsize=2),
                                    "+-1.96 sd over the learner's repeats, cut to [0, 1]"),
                                   ("range", dict(color="0.25", capsize=3, ls="none", elinewidth=1.2),
                                    "on-line (one run): range of its estimate over the run's games")):
            idx = [i for i, v in enumerate(spread) if v[3] == kind]
            if idx:
                eb = ax.errorbar(x[idx], p[idx], yerr=[[p[i] - spread[i][1] for i in idx],
                                                       [spread[i][2] - p[i] for i in idx]], fmt="none", label=label,
                                 **style)
                if kind == "range":
                    eb[-1][0].set_linestyle((0, (2, 1)))
        truth = [i for i, k in enumerate(keys) if k[0] == "inside"]
        ax.plot(x[truth], [1.0 if t == res["truth"] else 0.0 for _ in truth], "k_", ms=12, mew=2,
                label="truth (opponent inside)")
    ax.set_xticks(range(len(keys)), [f"{o}\n{h}" for o, h in keys], fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("learned probability of the type")
    dedup_legend(ax, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=3)


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
