"""E5 and E5dd: the OM variants' gauntlets against alpha-beta (docs/results.md, E5, E5dd):
gains pooled over all evaluator pairs, subgroup S and its complement, hit rates, nodes
per move, H5g's rank correlation of hit rate and gain (BCa intervals); and E5m, E5's
equal-nodes players against alpha-beta at their node budget, paired with E5 by opening.
Writes RESULTS/E5/tables.md, E5dd/tables.md, E5m/tables.md and E5.png|pdf (E5dd.png|pdf
only without E5)."""
import math
import os

import numpy as np

from .analysis import baseline, pair_of, split_cells
from .design import DONKERS_2002, E5_GROUPS, E5_ORDER, E5DD_GROUPS, E5DD_ORDER, H5G_VARIANTS, eval_order, variant_label
from .experiment import boot_for
from .figures import dedup_legend, limits, plt, save_figure
from .hypotheses import decide, entry, row
from .records import InputError
from .stats import (NAN, Est, bca_ci, bca_constants, bca_levels, bootstrap_p, hit_rate, jackknife, nodes_per_move,
                    percentile_ci, pooled, spearman, unit_sums, within_variant)
from .tables import DASH, fmt, header_lines, md_table, pct_ci, pts_ci, role, write_text


def analyse_gauntlet(exp, boot, s, order):
    """Pooled gains of every variant over its baseline, for all pairs, S and complement."""
    cells = exp.cells()
    groups = split_cells(cells, s)
    out = {"cells": cells, "groups": groups, "variants": exp.variants(order), "gain": {}, "hit": {}, "pair": {}}
    for v in out["variants"]:
        out["hit"][v] = hit_rate(exp, boot, cells, v)
        if v != baseline(v):
            out["gain"][v] = [pooled(exp, boot, g, v, baseline(v), keep=True) for g in groups]
            out["pair"][v] = {pair_of(c): pooled(exp, boot, [c], v, baseline(v)) for c in cells}
    if "omd1r" in out["variants"] and "omd1" in out["variants"]:
        # H5c compares risk management with the plain d-1 prediction, not with ab.
        out["h5c"] = [pooled(exp, boot, g, "omd1r", "omd1", keep=True) for g in groups]
    return out


def h5g_sums(exp, cells):
    """H5g's (variant, pair) points: per-opening sums of the gain (numerator, units) and
    of the hits (hits, predictions) as arrays (openings, points), their labels, and the
    games they use."""
    gnum, gden, hnum, hden, labels, used = [], [], [], [], [], {}
    for v in H5G_VARIANTS:
        for c in cells:
            num, den, _ = unit_sums(exp, [c], v, baseline(v))
            st = exp.stat(c[0], f"{v}_{c[2]}", c[1])
            if den.sum() == 0 or st is None or st.preds.sum() == 0:
                continue
            gnum.append(num), gden.append(den), hnum.append(st.hits), hden.append(st.preds)
            labels.append((v, pair_of(c)))
            # A baseline serves several variants: count its games once.
            for player in (f"{v}_{c[2]}", f"{baseline(v)}_{c[2]}"):
                used[(c[0], player)] = exp.stat(c[0], player, c[1]).games.sum()
    return [np.array(m).T for m in (gnum, gden, hnum, hden)], labels, sum(used.values())


def resampled(G, weights):
    """Gain and hit rate of every point under each row of resample counts (a Boot)."""
    return weights.ratio(G[0], G[1]), weights.ratio(G[2], G[3])


def bca_est(stat, G, boot, jk, n, games):
    """stat over the points, its bootstrap samples (kept) and BCa interval (jackknife
    over openings), and the two-sided p-value of the BCa interval's rule against 0."""
    point = float(stat(G[0].sum(0)[None] / G[1].sum(0)[None], G[2].sum(0)[None] / G[3].sum(0)[None])[0])
    samples, jack = stat(*resampled(G, boot)), stat(*resampled(G, jk))
    lo, hi = bca_ci(samples, point, jack)
    e = Est(point, lo, hi, n, games, samples)
    e.pct = percentile_ci(samples)
    if np.isfinite(point):
        z0, a = bca_constants(samples, point, jack)
        e.p, e.bca = bootstrap_p(samples, 0.0, z0, a), (z0, a) + bca_levels(z0, a)
    return e


def h5g(exp, boot, cells):
    """H5g over the (pair, variant) points: the declared Spearman rho of gain and hit
    rate, and the controlled test (declared after the data) that removes each variant's
    mean gain and hit rate first (variant fixed effects): the pooled within-variant
    correlation and the slope of gain on hit rate. Intervals are BCa (the percentile
    interval of the pooled rho lies mostly below its estimate); the bootstrap is over
    openings, the acceleration from leaving one opening out. Returns {"rho", "within",
    "slope": Est, "points": [((variant, pair), gain, hit)]}, Ests empty with < 3 points."""
    G, labels, games = h5g_sums(exp, cells)
    out = {"rho": Est(), "within": Est(), "slope": Est(), "points": []}
    if len(labels) < 3 or boot is None:
        return out
    n, jk = int((G[1].sum(1) > 0).sum()), jackknife(exp.n)
    groups = [v for v, _ in labels]
    out["rho"] = bca_est(lambda g, h: np.array([spearman(g[i], h[i]) for i in range(len(g))]), G, boot, jk, n, games)
    out["within"] = bca_est(lambda g, h: within_variant(g, h, groups)[0], G, boot, jk, n, games)
    out["slope"] = bca_est(lambda g, h: within_variant(g, h, groups)[1], G, boot, jk, n, games)
    gain, hit = G[0].sum(0) / G[1].sum(0), G[2].sum(0) / G[3].sum(0)
    out["points"] = list(zip(labels, gain, hit))
    return out


def point_cis(exp, boot, points, cells):
    """Per (variant, pair) point: the intervals of its gain and of its hit rate."""
    by_pair = {pair_of(c): c for c in cells}
    out = {}
    for (v, pair), _, _ in points:
        c = by_pair[pair]
        g = pooled(exp, boot, [c], v, baseline(v))
        h = hit_rate(exp, boot, [c], v)
        out[(v, pair)] = (g.lo, g.hi, h.lo, h.hi)
    return out


def e5_rows(res, names):
    return [(v, res["gain"][v][1], res["gain"][v][0]) for v in names if v in res["gain"]]


# (variant, group) -> hypothesis of the pooled-gains tables; group 0 all pairs, 1 subgroup S.
GAIN_ROLES = {("omd", 1): "H5a", ("omd1", 0): "H5b", ("om", 0): "H5d", ("eqomd", 1): "H5f",
              ("eqomd1", 0): "H5f-omd1, secondary", ("eqomdr", 0): "H5f-omdr, secondary",
              ("eqom", 0): "H5f-om, secondary", ("ddom", 1): "H5e", ("eqddom", 1): "H5f-ddom, secondary"}


def gauntlet_tables(exp, boot, res, ctx, title, s):
    text = header_lines(title, ctx, exp)
    if s is None:
        text += "E4 is absent: subgroup S (own X at least as strong as model Y) is unknown.\n\n"
    else:
        text += "Subgroup S (from the E4 ratings): " + ", ".join(f"{x}/{y}" for x, y in sorted(s)) + ".\n\n"
    text += "## Pooled gains over the baseline (ab; eqab for eq* at equal nodes), points [95% CI] (openings x pairs units)\n\n"
    rows = []
    for v, (a, sub, comp) in res["gain"].items():
        rows.append([v, baseline(v), f"{role(pts_ci(a), GAIN_ROLES.get((v, 0)))} ({a.n})",
                     role(pts_ci(sub), GAIN_ROLES.get((v, 1))) + ("" if s else " (no S)"), pts_ci(comp)])
    if "h5c" in res:
        a, sub, comp = res["h5c"]
        rows.append(["omd1r", "omd1", f"{role(pts_ci(a), 'H5c')} ({a.n})", pts_ci(sub), pts_ci(comp)])
    text += md_table(["variant", "baseline", "all pairs", "subgroup S", "complement of S"], rows)
    text += scores_table(exp, res)
    text += gain_matrix(res, "omd" if "omd" in res["pair"] else "ddom")
    return text + hit_table(exp, boot, res) + nodes_table(exp, res)


def scores_table(exp, res):
    pairs = [pair_of(c) for c in res["cells"]]
    rows = []
    for v in res["variants"]:
        cells = [pct_score(exp, c, v) for c in res["cells"]]
        rows.append([v] + cells)
    return ("\n## Scores per pair (own X / model Y), % of the challenger\n\n"
            + md_table(["variant"] + [f"{x}/{y}" for x, y in pairs], rows))


def pct_score(exp, cell, v):
    st = exp.stat(cell[0], f"{v}_{cell[2]}", cell[1])
    if st is None or st.games.sum() == 0:
        return DASH
    return f"{100 * st.pts.sum() / st.games.sum():.1f}"


def gain_matrix(res, v):
    """Gain of v per pair: rows own evaluator X, columns model Y."""
    gains = res["pair"].get(v, {})
    xs = sorted({p[0] for p in gains}, key=eval_order)
    ys = sorted({p[1] for p in gains}, key=eval_order)
    rows = [[x] + [pts_ci(gains[(x, y)]) if (x, y) in gains else "" for y in ys] for x in xs]
    return (f"\n## Gain of {v} over {baseline(v)} per pair (rows: own X, columns: model Y), points [95% CI]\n\n"
            + md_table(["own X \\ model Y"] + ys, rows))


def hit_table(exp, boot, res):
    """Overall hit rate per variant with its interval, and per pair as 'hit% (n)'."""
    pairs = [pair_of(c) for c in res["cells"]]
    rows = []
    for v, e in res["hit"].items():
        per_pair = []
        for c in res["cells"]:
            st = exp.stat(c[0], f"{v}_{c[2]}", c[1])
            n = int(st.preds.sum()) if st is not None else 0
            per_pair.append(f"{100 * st.hits.sum() / n:.1f} ({n})" if n else DASH)
        rows.append([v, pct_ci(e), e.n] + per_pair)
    return ("\n## Hit rate of the predicted replies (ab: its own principal variation's reply), % [95% CI]; "
            "per pair: hit % (predictions)\n\n"
            + md_table(["variant", "all pairs", "predictions"] + [f"{x}/{y}" for x, y in pairs], rows))


def nodes_table(exp, res):
    rows = []
    for v in res["variants"]:
        npm = nodes_per_move(exp, res["cells"], v)
        ab = nodes_per_move(exp, res["cells"], "ab")
        ratio = f"{npm / ab:.2f}" if ab and not math.isnan(npm) else DASH
        rows.append([v, f"{npm:,.1f}" if not math.isnan(npm) else DASH, f"{ab:,.1f}" if not math.isnan(ab) else DASH, ratio])
    return ("\n## Mean nodes per move of the challenger (eq*: equal-nodes matching against ab at depth d)\n\n"
            + md_table(["variant", "nodes per move", "ab at equal depth", "ratio"], rows))


def bca_note(*ests):
    """The BCa constants and the percentile levels the ends were read at: an end read
    beyond the 0.1% or 99.9% resample rests on a few resamples."""
    parts = []
    for name, e in zip(("rho", "within-variant correlation", "slope"), ests):
        if getattr(e, "bca", None):
            z0, a, lo, hi = e.bca
            parts.append(f"{name}: z0 {z0:+.3f}, a {a:+.4f}, ends at the {100 * lo:.2f}% and {100 * hi:.2f}% resamples")
    if not parts:
        return ""
    return ("BCa (bias correction z0 from the share of resamples below the estimate, acceleration a from leaving one "
            "opening out): " + "; ".join(parts) + ". An end beyond the 0.1% or 99.9% resample rests on a few "
            "resamples.\n\n")


def h5g_table(h):
    rho, within, slope, points = h["rho"], h["within"], h["slope"], h["points"]
    pct = getattr(rho, "pct", (float("nan"),) * 2)
    text = (f"\n## H5g: gain against hit rate over the (pair, variant) points\n\n"
            f"Declared: Spearman rho {fmt(rho.est, 'rho')}, 95% percentile interval [{fmt(pct[0], 'rho')}, "
            f"{fmt(pct[1], 'rho')}] [H5g]; BCa interval [{fmt(rho.lo, 'rho')}, {fmt(rho.hi, 'rho')}] (the percentile "
            "interval is biased, the estimate sitting near its top; the BCa p enters the Holm family).\n\n"
            "Controlled (amendment after the data, variant fixed effects: each point's gain and hit rate less its "
            f"variant's means): correlation {fmt(within.est, 'rho')} [{fmt(within.lo, 'rho')}, "
            f"{fmt(within.hi, 'rho')}] [H5g-within, part of H5g], slope {fmt(slope.est, 'rho')} [{fmt(slope.lo, 'rho')}, "
            f"{fmt(slope.hi, 'rho')}] points of gain per point of hit rate (95% BCa). The pooled rho mixes "
            "variants that differ in depth and cost as well as in hit rate; within a variant only the pair "
            "changes. H5g's verdict needs both (results/verdicts.md).\n\n" + bca_note(rho, within, slope))
    rows = [[v, f"{x}/{y}", f"{100 * g:+.1f}", f"{100 * hh:.1f}"] for (v, (x, y)), g, hh in points]
    text += md_table(["variant", "own X / model Y", "gain (points)", "hit rate (%)"], rows)
    within_rows = []
    for v in dict.fromkeys(p[0][0] for p in points):
        g = np.array([gg for (vv, _), gg, _ in points if vv == v])
        hv = np.array([hh for (vv, _), _, hh in points if vv == v])
        r = spearman(g, hv)
        within_rows.append([v, len(g), f"{100 * hv.mean():.1f}", f"{100 * g.mean():+.1f}",
                            DASH if math.isnan(r) else f"{r:+.3f}"])
    return (text + "\nExploratory: per variant, its mean hit rate and gain (the fixed effects removed above) "
            "and Spearman rho over its pairs (point estimates)\n\n"
            + md_table(["variant", "pairs", "mean hit rate (%)", "mean gain (points)", "rho"], within_rows))


def tables_e5m(e5, e5m, boot, s, ctx):
    """E5m's tables.md: E5's equal-nodes players paired by opening with E5m's eqabm (E5m
    plays E5's openings; its tournament for E5's 'E5-REST' is 'E5m-REST')."""
    groups = split_cells(e5.cells(), s)
    rows = []
    for v in [x for x in e5.variants(E5_ORDER) if x.startswith("eq")]:
        everyone, sub, _ = [pooled(e5, boot, g, v, "eqabm", base_exp=e5m,
                                   base_cfg=lambda cfg: "E5m-" + cfg.split("-", 1)[1]) for g in groups]
        rows.append([v, f"{pts_ci(everyone)} ({everyone.n})", pts_ci(sub) if s else DASH,
                     f"{nodes_per_move(e5, groups[0], v):,.1f}"])
    text = header_lines("E5m (exploratory): equal-nodes OM players against alpha-beta at the nodes they used",
                        ctx, e5m)
    text += ("Added after the standard run's E5 had been analysed: not a declared test. eqabm, alpha-beta within "
             f"the budget at which it uses about the nodes a move of E5's eq* players, used "
             f"{nodes_per_move(e5m, e5m.cells(), 'eqabm'):,.1f} nodes a move.\n\n")
    return text + md_table(["E5 player", "gain over eqabm, all pairs (openings)", "subgroup S", "its nodes a move"], rows)


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


def verdicts_e5(v, res, s):
    specs = [("H5a", "omd", 1, 1), ("H5b", "omd1", 0, -1), ("H5d", "om", 0, 0), ("H5f", "eqomd", 1, 1),
             ("H5f-omd1", "eqomd1", 0, 0), ("H5f-omdr", "eqomdr", 0, 1), ("H5f-om", "eqom", 0, 0)]
    for hid, variant, group, direction in specs:
        if variant not in res["gain"]:
            continue
        if group == 1 and s is None:
            v[hid] = (row(Est(), "pts", "no data (E4 absent: subgroup S unknown)", DASH), "", NAN)
            continue
        v[hid] = entry(res["gain"][variant][group], "pts", 0.0, direction)
    if "h5c" in res:
        v["H5c"] = entry(res["h5c"][0], "pts", 0.0, 1)
    if "h5g" in res:
        h = res["h5g"]
        # The declared verdict reads the declared percentile interval; the BCa interval
        # (an amendment) gives the p that enters the Holm family.
        rho = h["rho"]
        declared = Est(rho.est, *(rho.pct if rho.ok() else (NAN, NAN)), rho.n, rho.games)
        v["H5g"] = (row(declared, "rho", *decide(declared, 0.0, 1)),
                    f"BCa interval [{fmt(rho.lo, 'rho')}, {fmt(rho.hi, 'rho')}]", rho.p)
        slope = h["slope"]
        v["H5g-within"] = (row(h["within"], "rho", *decide(h["within"], 0.0, 1)),
                           f"slope {fmt(slope.est, 'rho')} [{fmt(slope.lo, 'rho')}, {fmt(slope.hi, 'rho')}] "
                           "points of gain per point of hit rate", h["within"].p)


def verdicts_e5dd(v, res, s):
    for hid, variant in (("H5e", "ddom"), ("H5f-ddom", "eqddom")):
        if variant not in res["gain"]:
            continue
        if s is None:
            v[hid] = (row(Est(), "pts", "no data (E4 absent: subgroup S unknown)", DASH), "", NAN)
            continue
        v[hid] = entry(res["gain"][variant][1], "pts", 0.0, 1)


def run_e5(exps, ctx, v, s):
    results = {}
    for name, order, title in (("E5", E5_ORDER, "E5: OM variants against alpha-beta"),
                               ("E5dd", E5DD_ORDER, "E5dd: (D,d)-OM against a shallower alpha-beta")):
        exp = exps.get(name)
        if exp is None or exp.n == 0:
            continue
        boot = boot_for(exp, ctx)
        res = analyse_gauntlet(exp, boot, s, order)
        text = gauntlet_tables(exp, boot, res, ctx, title, s)
        if name == "E5":
            res["h5g"] = h5g(exp, boot, res["cells"])
            res["h5g"]["cis"] = point_cis(exp, boot, res["h5g"]["points"], res["cells"])
            text += h5g_table(res["h5g"])
            verdicts_e5(v, res, s)
        else:
            verdicts_e5dd(v, res, s)
        write_text(os.path.join(exp.folder, "tables.md"), text)
        results[name] = (exp, res)
        res["boot"] = boot
    e5_figures(results, ctx)
    return results


def run_e5m(exps, ctx, s):
    """Exploratory, added after the standard run (docs/results.md, H5f): E5's equal-nodes
    players against alpha-beta with the budget at which it uses about the nodes a move
    they used (eqabm, E5m), paired by opening: E5m plays E5's openings."""
    e5, e5m = exps.get("E5"), exps.get("E5m")
    if e5 is None or e5m is None:
        return
    if e5m.n != e5.n:
        raise InputError(f"E5m has {e5m.n} openings and E5 {e5.n}: E5m must play E5's openings")
    write_text(os.path.join(e5m.folder, "tables.md"), tables_e5m(e5, e5m, boot_for(e5, ctx), s, ctx))
