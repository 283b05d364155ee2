"""The measures of each experiment, as the decision rules of docs/results.md ("Depth 6:
hypotheses and decision rules") use them: E4's ratings and pair scores, the gauntlets'
pooled gains (E5, E5dd) over all pairs, subgroup S and its complement, H5g's rank
correlation, E6's scores per p and best p, E7's learned probabilities and gains."""
import re

import numpy as np

from .design import E6B_GRID, E7_LEARNERS, E7_OPPONENTS, E7_OUTSIDE, H5G_VARIANTS, H6B_PS, eval_order
from .stats import (NAN, Est, bca_ci, bca_constants, bca_levels, bootstrap_p, bt_fit, estimate, hit_rate, jackknife,
                    percentile_ci, pooled, spearman, unit_sums, within_variant)


# ---------------------------------------------------------------- E4

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


# ---------------------------------------------------------------- E5 and E5dd

def baseline(variant):
    return "eqab" if variant.startswith("eq") else "ab"


def pair_of(cell):
    cfg, opp, x = cell
    return (x, opp[4:])


def split_cells(cells, s):
    """(all, subgroup S, complement); S None (no E4) gives empty subgroups."""
    if s is None:
        return cells, [], []
    return cells, [c for c in cells if pair_of(c) in s], [c for c in cells if pair_of(c) not in s]


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


# ---------------------------------------------------------------- E6

def e6_cells(exp):
    """{condition: [cells]} with condition right/wrong from the config name."""
    out = {"right": [], "wrong": []}
    for c in exp.cells():
        m = re.search(r"-(right|wrong)-", c[0] + "-")
        if m:
            out[m.group(1)].append(c)
    return out


def e6_model(exp, cfg, x):
    """The model type Y of the PrOM players of a config (prom-beta(types=Y:q,...))."""
    for key, value in sorted(exp.configs.get(cfg, {}).items()):
        if key.startswith("player.p") and key.endswith(f"_{x}.searcher"):
            m = re.search(r"types=([^:,)]+)", value)
            if m:
                return m.group(1)
    return "?"


def e6_ps(exp):
    return sorted((v for v in exp.variants([]) if re.fullmatch(r"p\d\d\d?", v)), key=lambda v: int(v[1:]))


def best_p(exp, boot, cells, ps):
    """Pooled score per p; the argmax p (ties: the smallest p) per resample and point."""
    num = np.stack([unit_sums(exp, cells, p)[0] for p in ps], axis=1)
    den = np.stack([unit_sums(exp, cells, p)[1] for p in ps], axis=1)
    games = sum(unit_sums(exp, cells, p)[2] for p in ps)
    if den.sum() == 0:
        return Est(), NAN
    values = np.array([int(p[1:]) / 100 for p in ps])
    point = values[np.argmax(num.sum(0) / np.maximum(den.sum(0), 1))]
    samples = boot.ratio(num, den)
    ok = np.all(np.isfinite(samples), axis=1)
    best = values[np.argmax(samples[ok], axis=1)]
    lo, hi = np.quantile(best, [0.025, 0.975], method="inverted_cdf")
    return Est(float(point), float(lo), float(hi), int((den.sum(1) > 0).sum()), games, best), float(np.mean(best > 0.5))


def analyse_e6(exp, boot):
    conds = e6_cells(exp)
    conds["pooled"] = conds["right"] + conds["wrong"]
    ps = e6_ps(exp)
    out = {"conds": conds, "ps": ps, "score": {}, "ab": {}, "om": {}, "gain": {}, "best": {}}
    for name, cells in conds.items():
        out["score"][name] = {p: pooled(exp, boot, cells, p) for p in ps}
        out["ab"][name] = pooled(exp, boot, cells, "ab")
        out["om"][name] = pooled(exp, boot, cells, "om")
        out["gain"][name] = pooled(exp, boot, cells, "p75", "ab", keep=True)
        # H6b's argmax runs over its declared grid; other p (0, 1) are shown, not in it.
        grid = [p for p in ps if p in H6B_PS] or ps
        out["best"][name] = best_p(exp, boot, cells, grid) if grid else (Est(), NAN)
    return out


# ---------------------------------------------------------------- E6b

def argmax_to_ends(scores):
    """Index of the highest score along the last axis, ties going to the ends of the
    grid (index 0 or -1: against an interior optimum), then to the smaller p."""
    s = np.asarray(scores, float)
    top = np.max(s, axis=-1, keepdims=True)
    last = s.shape[-1] - 1
    at_top = s == top
    interior = np.argmax(at_top, axis=-1)
    return np.where(at_top[..., 0], 0, np.where(at_top[..., last], last, interior))


def h6b_interior(exp, boot, cells, score):
    """H6b' (declared before E6b's games): p* the interior p of highest pooled score, the
    paired differences d0 = S(p*) - S(0) (OM search) and d1 = S(p*) - S(1) (alpha-beta),
    the argmax over the whole grid (ties to the ends) and, per resample, where it falls."""
    names = [v for v, _ in E6B_GRID]
    if any(not score[v].ok() for v in names):
        return None
    est = np.array([score[v].est for v in names])
    inner = names[1:-1]
    star = inner[int(np.argmax(est[1:-1]))]
    samples = np.stack([score[v].samples for v in names], axis=1)
    ok = np.all(np.isfinite(samples), axis=1)
    arg = argmax_to_ends(samples[ok])
    share = {names[i]: float(np.mean(arg == i)) for i in range(len(names))}
    return {"star": star, "argmax": names[int(argmax_to_ends(est))],
            "d0": pooled(exp, boot, cells, star, "om", keep=True),
            "d1": pooled(exp, boot, cells, star, "ab", keep=True),
            "interior": float(np.mean((arg > 0) & (arg < len(names) - 1))), "share": share}


def analyse_e6b(exp, boot):
    conds = e6_cells(exp)
    out = {"conds": conds, "grid": E6B_GRID, "score": {}, "gain": {}, "h6b": {}, "h6c": {}}
    for name, cells in conds.items():
        if not cells:
            continue
        out["score"][name] = {v: pooled(exp, boot, cells, v, keep=True) for v, _ in E6B_GRID}
        out["gain"][name] = {v: pooled(exp, boot, cells, v, "ab") for v, _ in E6B_GRID if v != "ab"}
        out["h6b"][name] = h6b_interior(exp, boot, cells, out["score"][name])
        out["h6c"][name] = pooled(exp, boot, cells, "p50", "om", keep=True)
    return out


# ---------------------------------------------------------------- E7

def inside_truth(exp):
    """The real evaluator of opponent 'inside' from its config (the thesis-configs default)."""
    for cfg, conf in sorted(exp.configs.items()):
        if "player.opp_inside.eval" in conf:
            return conf["player.opp_inside.eval"]
    return "ga-material"


def tv_distance(learned, truth):
    probs = {t: p for t, (p, _) in learned["types"].items()}
    total = sum(probs.values())
    return 0.5 * sum(abs(p / total - (1.0 if t == truth else 0.0)) for t, p in probs.items())


def e7_cells(exp, which):
    return [c for c in exp.cells() if c[1][4:] in which]


def analyse_e7(exp, boot):
    learned = exp.learned
    truth = inside_truth(exp)
    out = {"learned": learned, "truth": truth, "tv": {}, "h7b": {}, "per_opp": {}, "vs_ab": {}}
    for how in E7_LEARNERS:
        if ("inside", how) in learned:
            out["tv"][how] = tv_distance(learned[("inside", how)], truth)
        out["h7b"][how] = pooled(exp, boot, e7_cells(exp, E7_OUTSIDE), f"prom{how}", "promuniform", keep=True)
        out["vs_ab"][how] = pooled(exp, boot, e7_cells(exp, E7_OUTSIDE), f"prom{how}", "ab")
    for opp in E7_OPPONENTS:
        for v in ("count", "em", "online", "true"):
            out["per_opp"][(opp, v)] = pooled(exp, boot, e7_cells(exp, [opp]), f"prom{v}", "promuniform")
    out["true_inside"] = out["per_opp"][("inside", "true")]
    return out
