"""The statistics of the analysis. The unit is the opening: a player's score over its
games of one opening. A gain pairs two players (a variant and its baseline) of the same
opponent by opening, and pools over cells (tournament, opponent, own evaluator) as a
ratio of per-opening sums. 95% intervals are percentile intervals of a bootstrap over
opening indices, the same resampled indices for every cell of an experiment (numpy
PCG64, seeded), so one input gives one output. Where the percentile interval is biased
(H5g's correlations) the interval is the BCa one; the verdicts' p-values invert the
interval their rule uses (the corrections for a family of verdicts: multiplicity.py)."""
import math
from statistics import NormalDist

import numpy as np

Z95, Z80 = 1.96, 0.84
NAN = float("nan")


# ---------------------------------------------------------------- bootstrap

class Boot:
    """Resample counts W (resamples x openings): W[r, o] = how often opening o is drawn in
    resample r. A statistic that is a ratio of per-opening sums is then W @ num / W @ den,
    the same resampled index list for every cell, and one matrix product for all cells."""

    CHUNK = 1000

    def __init__(self, n, resamples, seed):
        rng = np.random.Generator(np.random.PCG64(seed))
        self.n, self.B = n, resamples
        self.W = np.zeros((resamples, n), np.uint16 if n < 65536 else np.uint32)
        for s in range(0, resamples, self.CHUNK):
            m = min(self.CHUNK, resamples - s)
            idx = rng.integers(0, n, size=(m, n)) + n * np.arange(m)[:, None]
            self.W[s:s + m] = np.bincount(idx.ravel(), minlength=m * n).reshape(m, n)

    @classmethod
    def from_counts(cls, W):
        """A bootstrap with the given resample counts (one row per resample), e.g. every
        resample of a few openings, where the intervals can be worked out by hand."""
        boot = cls.__new__(cls)
        boot.W = np.asarray(W, dtype=np.uint16)
        boot.B, boot.n = boot.W.shape
        return boot

    def sums(self, x):
        """W @ x, x of shape (n,) or (n, K); in chunks so W stays small (uint16)."""
        parts = [self.W[s:s + self.CHUNK].astype(np.float64) @ x for s in range(0, self.B, self.CHUNK)]
        return np.concatenate(parts)

    def ratio(self, num, den):
        """W @ num / W @ den per resample; NaN where a resample has no unit (W @ den 0)."""
        top, bottom = self.sums(num), self.sums(den)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(bottom > 0, top / np.where(bottom > 0, bottom, 1), NAN)


def jackknife(n):
    """The n leave-one-opening-out samples as a Boot: row i draws every opening once but
    i. A ratio of per-opening sums over it gives the jackknife values of BCa."""
    return Boot.from_counts(np.ones((n, n)) - np.eye(n))


class Est:
    """A point estimate with its 95% interval, openings (units) and games; p is the
    two-sided p-value of its verdict's rule where one was worked out (else NaN)."""

    def __init__(self, est=NAN, lo=NAN, hi=NAN, n=0, games=0, samples=None):
        self.est, self.lo, self.hi, self.n, self.games, self.samples = est, lo, hi, n, int(games), samples
        self.p = NAN

    def ok(self):
        return not math.isnan(self.est)


def percentile_ci(samples):
    """The 2.5% and 97.5% percentiles (numpy's linear interpolation) of the finite samples."""
    s = samples[np.isfinite(samples)]
    if s.size == 0:
        return NAN, NAN
    lo, hi = np.percentile(s, [2.5, 97.5])
    return float(lo), float(hi)


def level_interval(samples, level):
    """The two-sided percentile interval at level of the samples, NaNs left out (E8, E9: the
    Bonferroni levels of multiplicity.py; numpy's linear interpolation): (lo, hi)."""
    return tuple(np.nanpercentile(samples, [50 * (1 - level), 50 * (1 + level)]))


def pair_mean(pairs):
    """The mean of the opening pairs' scores, each pair's points over its two games halved
    (pairs: {opening: [points of game 1, points of game 2]}; an opening without two games
    left out), with the standard error of that mean and the number of pairs: (mean, se,
    n), se 0 for one pair. E11 and E12 read their normal intervals, mean +- z se, from it
    (the pentanomial view of paired games)."""
    scores = [sum(v) / 2 for v in pairs.values() if len(v) == 2]
    n = len(scores)
    m = sum(scores) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in scores) / (n - 1)) if n > 1 else 0.0
    return m, sd / math.sqrt(n), n


# ---------------------------------------------------------------- BCa and p-values

NORMAL = NormalDist()


def share_below(samples, value):
    """Share of the finite samples below value, ties counted half (a point mass at the
    value sits in the middle), as BCa's bias correction and the p-values use it."""
    s = samples[np.isfinite(samples)]
    if s.size == 0:
        return NAN
    return float((np.sum(s < value) + 0.5 * np.sum(s == value)) / s.size)


def bca_constants(samples, point, jack):
    """(z0, a) of the BCa interval (Efron 1987; Efron & Tibshirani 1993, ch. 14.3):
    z0 = Phi^-1(share of the samples below the estimate), clamped to half a sample from
    0 and 1 so that it stays finite; a = sum d^3 / (6 (sum d^2)^1.5) with d the jackknife
    values' mean minus each (0 when they do not vary)."""
    s = samples[np.isfinite(samples)]
    g = min(max(share_below(s, point), 0.5 / s.size), 1 - 0.5 / s.size)
    z0 = NORMAL.inv_cdf(g)
    j = np.asarray(jack, dtype=float)
    j = j[np.isfinite(j)]
    d = j.mean() - j if j.size else np.zeros(0)
    ss = float((d ** 2).sum())
    a = float((d ** 3).sum() / (6 * ss ** 1.5)) if ss > 0 else 0.0
    return z0, a


def bca_levels(z0, a, level=0.95):
    """The percentile levels (fractions) of BCa's ends: Phi(z0 + (z0 + z) / (1 - a (z0 +
    z))) for z = Phi^-1 of (1 -+ level) / 2. With z0 = a = 0 they are the percentile
    interval's."""
    ends = []
    for q in ((1 - level) / 2, (1 + level) / 2):
        u = z0 + NORMAL.inv_cdf(q)
        ends.append(NORMAL.cdf(z0 + u / (1 - a * u)) if 1 - a * u > 0 else (0.0 if u < 0 else 1.0))
    return tuple(ends)


def bca_ci(samples, point, jack, level=0.95):
    """The BCa interval at `level`: the samples' percentiles (numpy's linear
    interpolation) at bca_levels."""
    s = samples[np.isfinite(samples)]
    if s.size == 0 or not math.isfinite(point):
        return NAN, NAN
    lo, hi = np.percentile(s, [100 * x for x in bca_levels(*bca_constants(s, point, jack), level)])
    return float(lo), float(hi)


def bootstrap_p(samples, null, z0=0.0, a=0.0):
    """Two-sided p-value of the interval rule "the interval excludes null": the smallest
    1 - level at which the (percentile, or with z0 and a the BCa) interval excludes it,
    2 min(q, 1 - q). q is the one-sided level at which the interval's lower end reaches
    null: with g the share of samples below null (ties half), w = Phi^-1(g), q =
    Phi((w - z0) / (1 + a (w - z0)) - z0), which is g for the percentile interval. No
    sample beyond null on a side gives 0 on that side (less than 1 / resamples)."""
    g = share_below(samples, null)
    if math.isnan(g):
        return NAN
    if g <= 0 or g >= 1:
        return 0.0
    if z0 == 0 and a == 0:
        q = g
    else:
        v = NORMAL.inv_cdf(g) - z0
        den = 1 + a * v
        q = NORMAL.cdf(v / den - z0) if den > 0 else (0.0 if v < 0 else 1.0)
    return float(min(1.0, 2 * min(q, 1 - q)))


def tost(samples, est, margin):
    """(equivalent, p) of the two one-sided tests (Schuirmann 1987) of |effect| < margin
    read from bootstrap samples: equivalent when the 90% percentile interval lies inside
    (-margin, margin), i.e. both one-sided 5% tests reject; p the larger of the two
    one-sided shares of samples at or beyond a margin (ties counted half)."""
    s = samples[np.isfinite(samples)]
    if s.size == 0 or not math.isfinite(est):
        return False, NAN
    lo, hi = np.percentile(s, [5, 95])
    p = max(share_below(s, -margin), 1 - share_below(s, margin))
    return bool(-margin < lo and hi < margin), float(p)


def estimate(boot, num, den, games, keep=False):
    """Ratio estimate sum(num)/sum(den) with its bootstrap interval."""
    if boot is None or den.sum() == 0:
        return Est()
    samples = boot.ratio(num, den)
    lo, hi = percentile_ci(samples)
    return Est(float(num.sum() / den.sum()), lo, hi, int((den > 0).sum()), games, samples if keep else None)


# ---------------------------------------------------------------- pooled measures

def unit_sums(exp, cells, variant, base=None, base_exp=None, base_cfg=None):
    """Per-opening sums over cells of variant's score (minus base's when given), the
    number of units per opening, and the games used. Units need games of both. The base
    may play in another experiment on the same openings (base_exp, its tournament
    base_cfg(cfg)), as E5m's alpha-beta does for E5's players."""
    num, den, games = np.zeros(exp.n), np.zeros(exp.n), 0
    for cfg, opp, x in cells:
        v = exp.stat(cfg, f"{variant}_{x}", opp)
        b = (base_exp or exp).stat(base_cfg(cfg) if base_cfg else cfg, f"{base}_{x}", opp) if base else None
        if v is None or (base and b is None):
            continue
        ok = v.games > 0 if b is None else (v.games > 0) & (b.games > 0)
        diff = v.score() - (b.score() if b is not None else 0)
        num += np.where(ok, diff, 0)
        den += ok
        games += v.games[ok].sum() + (b.games[ok].sum() if b is not None else 0)
    return num, den, games


def pooled(exp, boot, cells, variant, base=None, keep=False, **base_from):
    """The pooled score of variant over cells (its gain over base when given), with its
    bootstrap interval: the mean over units of the per-opening (paired) scores."""
    num, den, games = unit_sums(exp, cells, variant, base, **base_from)
    return estimate(boot, num, den, games, keep)


def hit_rate(exp, boot, cells, variant):
    """Share of variant's predicted replies that the opponent played, over cells."""
    num, den, games = np.zeros(exp.n), np.zeros(exp.n), 0
    for cfg, opp, x in cells:
        v = exp.stat(cfg, f"{variant}_{x}", opp)
        if v is not None:
            num, den, games = num + v.hits, den + v.preds, games + v.games.sum()
    est = estimate(boot, num, den, games)
    est.n = int(den.sum())  # for hit rates, n counts predictions
    return est


def nodes_per_move(exp, cells, variant):
    """Mean nodes a move of variant over its games in cells (NaN without games)."""
    total, count = 0.0, 0
    for cfg, opp, x in cells:
        v = exp.stat(cfg, f"{variant}_{x}", opp)
        if v is not None:
            total, count = total + v.npm_sum.sum(), count + v.npm_n.sum()
    return total / count if count else NAN


# ---------------------------------------------------------------- ranks and ratings

def spearman(a, b):
    """Spearman rho with average ranks over the finite pairs; NaN without variance."""
    ok = np.isfinite(a) & np.isfinite(b)
    if ok.sum() < 3:
        return NAN
    ra, rb = avg_rank(a[ok]), avg_rank(b[ok])
    if ra.std() == 0 or rb.std() == 0:
        return NAN
    return float(np.corrcoef(ra, rb)[0, 1])


def within_variant(gain, hit, groups):
    """Gain against hit rate with variant fixed effects, for each row of gain and hit
    (arrays (rows, points); groups names each point's variant): every point's values
    less its variant's mean in that row (points with a NaN left out), then the pooled
    correlation sum(g h) / sqrt(sum g^2 sum h^2) and the slope sum(g h) / sum h^2 of the
    demeaned values (the least-squares slope of gain on hit rate with one intercept per
    variant). Rows: (correlation, slope), NaN where the demeaned values do not vary."""
    g, h = np.atleast_2d(np.asarray(gain, float)), np.atleast_2d(np.asarray(hit, float))
    ok = np.isfinite(g) & np.isfinite(h)
    gd, hd = np.zeros_like(g), np.zeros_like(h)
    groups = np.asarray(groups)
    for v in dict.fromkeys(groups.tolist()):
        cols = groups == v
        m, k = ok[:, cols], np.maximum(ok[:, cols].sum(1, keepdims=True), 1)
        gd[:, cols] = np.where(m, g[:, cols] - np.where(m, g[:, cols], 0).sum(1, keepdims=True) / k, 0)
        hd[:, cols] = np.where(m, h[:, cols] - np.where(m, h[:, cols], 0).sum(1, keepdims=True) / k, 0)
    gh, gg, hh = (gd * hd).sum(1), (gd * gd).sum(1), (hd * hd).sum(1)
    with np.errstate(invalid="ignore", divide="ignore"):
        corr = np.where((gg > 0) & (hh > 0), gh / np.sqrt(gg * hh), NAN)
        slope = np.where(hh > 0, gh / hh, NAN)
    return corr, slope


def avg_rank(x):
    """Ranks 1..n, ties given the mean of the ranks they share."""
    _, inv, counts = np.unique(x, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)
    return ((ends - counts + 1 + ends) / 2.0)[inv]


def bt_fit(P, N, iters=3000, tol=1e-10):
    """Bradley-Terry by the MM algorithm (Hunter 2004), vectorised over the first axis.
    One virtual drawn game per pair keeps ratings finite when an evaluator wins or loses
    every game of a resample. Returns Elo-scale ratings with mean 0."""
    k = P.shape[1]
    off = 1.0 - np.eye(k)
    P, N = P + 0.5 * off, N + off
    wins = P.sum(axis=2)
    r = np.ones(P.shape[:2])
    for _ in range(iters):
        denom = (N / (r[:, :, None] + r[:, None, :])).sum(axis=2)
        new = wins / denom
        new /= np.exp(np.log(new).mean(axis=1, keepdims=True))
        done = np.max(np.abs(np.log(new / r))) < tol
        r = new
        if done:
            break
    elo = 400 * np.log10(r)
    return elo - elo.mean(axis=1, keepdims=True)
