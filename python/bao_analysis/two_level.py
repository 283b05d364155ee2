"""The two-level bootstrap beside the primary verdicts (docs/results.md, "Amendments
after the data"): the declared intervals resample the openings only and treat the
evaluator pairs (E7: the outside opponents) as fixed; here both are resampled, so that
an interval also covers the pairs the study could have drawn instead.

One resample draws the clusters (the pairs of the verdict's cells, with replacement,
seeded) and takes the experiment's resampled openings (its Boot, the same rows the
declared interval uses); a unit (cluster c, opening o) then counts Wc[c] x Wo[o] times.
For a pooled gain, a ratio of per-unit sums, the resample's value is
sum_c,o Wc Wo num / sum_c,o Wc Wo den. The design is crossed (every pair plays the same
openings), so this is the two-way (pairs x openings) bootstrap of Brennan, Harris and
Hanson (1987) and McCullagh (2000) for crossed random effects, with percentile
intervals; the verdict applies the declared rule to that interval. Exploratory beside
the declared verdicts: no verdict after Holm rests on it."""
import numpy as np

from .analysis import split_cells
from .design import E7_OUTSIDE, H6B_PS, TOST_MARGIN
from .e6 import e6_cells, h6b_verdict
from .e7 import e7_cells
from .hypotheses import decide
from .second_pass import e5g_sums, e5s_budgets, numeric_variants
from .stats import NAN, Est, percentile_ci, tost, unit_sums
from .tables import DASH, fmt

CHUNK = 1000


class TwoLevel:
    """Cluster resample counts Wc (resamples x clusters) beside an experiment's opening
    resample counts (boot.W): Wc[r] counts how often each cluster is drawn in resample r."""

    def __init__(self, boot, clusters, seed):
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, clusters])))
        self.boot, self.k = boot, clusters
        idx = rng.integers(0, clusters, size=(boot.B, clusters))
        self.Wc = np.stack([np.bincount(r, minlength=clusters) for r in idx]).astype(np.float64)

    def sums(self, x):
        """sum_c,o Wc[r, c] Wo[r, o] x[c, o] for every resample r (x: clusters x openings)."""
        out = []
        for s in range(0, self.boot.B, CHUNK):
            wo = self.boot.W[s:s + CHUNK].astype(np.float64)
            out.append(((self.Wc[s:s + CHUNK] @ x) * wo).sum(1))
        return np.concatenate(out)

    def ratio(self, num, den):
        top, bottom = self.sums(num), self.sums(den)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(bottom > 0, top / np.where(bottom > 0, bottom, 1), NAN)


def cell_units(exp, cells, variant, base):
    """Per cell, the per-opening sums of the paired gain and the units: arrays (cells x
    openings), each cell one cluster."""
    parts = [unit_sums(exp, [c], variant, base)[:2] for c in cells]
    return np.array([p[0] for p in parts]), np.array([p[1] for p in parts])


def two_level_gain(exp, boot, cells, variant, base, seed, keep=False):
    """The pooled gain of variant over base on cells with its two-level interval (cells
    resampled as clusters); an empty Est without units or with fewer than two cells."""
    if boot is None or len(cells) < 2:
        return Est()
    num, den = cell_units(exp, cells, variant, base)
    if den.sum() == 0:
        return Est()
    samples = TwoLevel(boot, len(cells), seed).ratio(num, den)
    return Est(float(num.sum() / den.sum()), *percentile_ci(samples), int((den.sum(0) > 0).sum()), 0,
               samples if keep else None)


def two_level_mean_gain(exp, boot, cells, pairs_of_players, seed):
    """The mean over (variant, base) pairs of their pooled gains on cells (H5f''s G over
    the budgets), every gain read at the same resampled clusters and openings."""
    if boot is None or len(cells) < 2:
        return Est()
    tl = TwoLevel(boot, len(cells), seed)
    points, samples = [], []
    for variant, base in pairs_of_players:
        num, den = cell_units(exp, cells, variant, base)
        if den.sum() == 0:
            continue
        points.append(num.sum() / den.sum())
        samples.append(tl.ratio(num, den))
    if not points:
        return Est()
    s = np.mean(samples, axis=0)
    return Est(float(np.mean(points)), *percentile_ci(s), exp.n, 0, s)


# ---------------------------------------------------------------- the primary verdicts

# (id, experiment, cells ("S", "all", "right", "wrong", "outside"), variant, base, null,
# direction) of the primary verdicts that are pooled gains; their rules are the declared
# ones (hypotheses.decide).
GAINS = [("H5a", "E5", "S", "omd", "ab", 0.0, 1), ("H5b", "E5", "all", "omd1", "ab", 0.0, -1),
         ("H5c", "E5", "all", "omd1r", "omd1", 0.0, 1), ("H5d", "E5", "all", "om", "ab", 0.0, 0),
         ("H5e", "E5dd", "S", "ddom", "ab", 0.0, 1), ("H5f", "E5", "S", "eqomd", "eqab", 0.0, 1),
         ("H6a-right", "E6", "right", "p75", "ab", -0.03, 1), ("H6a-wrong", "E6", "wrong", "p75", "ab", -0.03, 1),
         ("H6c", "E6b", "right", "p50", "om", 0.0, 1),
         ("H7b-count", "E7", "outside", "promcount", "promuniform", 0.0, 1)]
# Primary verdicts without a two-level interval, and why.
NOT_TWO_LEVEL = {"H4": "one pair (top against bottom): openings only",
                 "H5g": "a correlation over the (variant, pair) points: not computed"}


def cells_of(exp, name, which, s):
    if which in ("S", "all"):
        groups = split_cells(exp.cells(), s)
        return groups[1] if which == "S" else groups[0]
    if which == "outside":
        return e7_cells(exp, E7_OUTSIDE)
    return e6_cells(exp)[which]


def two_level_rows(exps, s, ctx, boots, e6b_res):
    """{id: Est (samples kept)} of the primary verdicts' two-level intervals, plus
    "H6b'" as {"d0", "d1"} and "H6b" as (Est of the argmax p, share above 0.5); boots:
    {experiment: its Boot} (the declared intervals' opening resamples)."""
    out = {}
    for hid, name, which, variant, base, _, _ in GAINS:
        exp = exps.get(name)
        if exp is None or exp.n == 0 or (which == "S" and s is None):
            continue
        out[hid] = two_level_gain(exp, boots.get(name), cells_of(exp, name, which, s), variant, base, ctx.seed,
                                  keep=True)
    e5s = exps.get("E5s")
    if e5s is not None and e5s.n and s is not None:
        budgets = e5s_budgets(e5s)
        out["H5f'"] = two_level_mean_gain(e5s, boots.get("E5s"), cells_of(e5s, "E5s", "S", s),
                                          [(f"eqomd{b}", f"eqab{b}") for b in budgets], ctx.seed)
    e6b = exps.get("E6b")
    if e6b is not None and e6b_res is not None and e6b_res["h6b"].get("right"):
        cells, star = e6_cells(e6b)["right"], e6b_res["h6b"]["right"]["star"]
        out["H6b'"] = {k: two_level_gain(e6b, boots.get("E6b"), cells, star, base, ctx.seed, keep=True)
                       for k, base in (("d0", "om"), ("d1", "ab"))}
    e5g = exps.get("E5g")
    if e5g is not None and e5g.n:
        out["H5g'"] = two_level_fe_slope(e5g, boots.get("E5g"), ctx.seed)
    e6 = exps.get("E6")
    if e6 is not None and e6.n:
        out["H6b"] = two_level_best_p(e6, boots.get("E6"), e6_cells(e6)["right"] + e6_cells(e6)["wrong"], ctx.seed)
    return out


def two_level_fe_slope(exp, boot, seed):
    """H5g''s slope of gain on hit rate with one intercept per pair, over E5g's (pair, a)
    points, with pairs and openings resampled: per resample, each point's gain and hit
    rate from the resampled openings, demeaned within its pair, and the slope
    sum_c Wc sum_a g h / sum_c Wc sum_a h^2 over the resampled pairs (a pair drawn twice
    counts twice); percentile interval."""
    levels = numeric_variants(exp, "noise")
    G, labels, games = e5g_sums(exp, exp.cells(), levels)
    if boot is None or not labels:
        return Est()
    pairs = list(dict.fromkeys(p for p, _ in labels))
    of = np.array([pairs.index(p) for p, _ in labels])
    if len(pairs) < 2:
        return Est()

    def slope_parts(gain, hit):
        """(sum_a g h, sum_a h^2) per pair of the demeaned values: arrays (rows, pairs)."""
        gh, hh = [], []
        for c in range(len(pairs)):
            g, h = gain[:, of == c], hit[:, of == c]
            g, h = g - g.mean(1, keepdims=True), h - h.mean(1, keepdims=True)
            gh.append((g * h).sum(1))
            hh.append((h * h).sum(1))
        return np.array(gh).T, np.array(hh).T

    gh, hh = slope_parts(G[0].sum(0)[None] / G[1].sum(0)[None], G[2].sum(0)[None] / G[3].sum(0)[None])
    point = float(gh.sum() / hh.sum())
    gh, hh = slope_parts(boot.ratio(G[0], G[1]), boot.ratio(G[2], G[3]))
    wc = TwoLevel(boot, len(pairs), seed).Wc
    with np.errstate(invalid="ignore", divide="ignore"):
        samples = (wc * gh).sum(1) / (wc * hh).sum(1)
    return Est(point, *percentile_ci(samples), int((G[1].sum(1) > 0).sum()), games, samples)


def two_level_best_p(exp, boot, cells, seed):
    """H6b's argmax over its declared grid with pairs and openings resampled: (Est of the
    best p with the 2.5% and 97.5% quantiles of the resampled argmax, share above 0.5)."""
    ps = [p for p in H6B_PS if any(exp.stat(c[0], f"{p}_{c[2]}", c[1]) for c in cells)]
    if boot is None or len(cells) < 2 or not ps:
        return Est(), NAN
    tl = TwoLevel(boot, len(cells), seed)
    units = [cell_units(exp, cells, p, None) for p in ps]
    samples = np.stack([tl.ratio(num, den) for num, den in units], axis=1)
    values = np.array([int(p[1:]) / 100 for p in ps])
    point = values[int(np.argmax([num.sum() / den.sum() for num, den in units]))]
    ok = np.all(np.isfinite(samples), axis=1)
    best = values[np.argmax(samples[ok], axis=1)]
    lo, hi = np.quantile(best, [0.025, 0.975], method="inverted_cdf")
    return Est(float(point), float(lo), float(hi), exp.n, 0, best), float(np.mean(best > 0.5))


def ci_text(e, unit="pts"):
    return f"[{fmt(e.lo, unit)}, {fmt(e.hi, unit)}]" if e.ok() else DASH


def two_level_cells(rows):
    """{id: (two-level interval, the verdict its declared rule gives on it)} for every
    primary verdict: the rule of GAINS for pooled gains, H6b's share rule, H6b''s
    declared rule with the amendment's TOST, a reason where none was computed."""
    out = {hid: (DASH, why) for hid, why in NOT_TWO_LEVEL.items()}
    for hid, _, _, _, _, null, direction in GAINS:
        e = rows.get(hid)
        if e is not None and e.ok():
            out[hid] = (ci_text(e), decide(e, null, direction)[0])
    if "H5g'" in rows and rows["H5g'"].ok():
        out["H5g'"] = (ci_text(rows["H5g'"], "rho") + " (percentile)", decide(rows["H5g'"], 0.0, 1)[0])
    if "H5f'" in rows and rows["H5f'"].ok():
        out["H5f'"] = (ci_text(rows["H5f'"]), decide(rows["H5f'"], 0.0, 1)[0])
    if "H6b" in rows and rows["H6b"][0].ok():
        e, share = rows["H6b"]
        out["H6b"] = (f"[{e.lo:g}, {e.hi:g}] (p)", h6b_verdict(e, share))
    if "H6b'" in rows:
        d0, d1 = rows["H6b'"]["d0"], rows["H6b'"]["d1"]
        if d0.ok() and d1.ok():
            equivalent, _ = tost(d1.samples, d1.est, TOST_MARGIN)
            if d0.lo > 0 and d1.lo > 0:
                verdict = "reproduced"
            elif d0.hi < 0 or d1.hi < 0:
                verdict = "not reproduced"
            elif d0.lo > 0 and equivalent:
                verdict = f"not reproduced (equivalent within {100 * TOST_MARGIN:g} points, TOST)"
            else:
                verdict = "not decided"
            out["H6b'"] = (f"S(p*) - S(0) {ci_text(d0)}, S(p*) - S(1) {ci_text(d1)}", verdict)
    return out
