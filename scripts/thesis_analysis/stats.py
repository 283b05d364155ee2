"""The statistics of the analysis. The unit is the opening: a player's score over its
games of one opening. A gain pairs two players (a variant and its baseline) of the same
opponent by opening, and pools over cells (tournament, opponent, own evaluator) as a
ratio of per-opening sums. 95% intervals are percentile intervals of a bootstrap over
opening indices, the same resampled indices for every cell of an experiment (numpy
PCG64, seeded), so one input gives one output."""
import math

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


class Est:
    """A point estimate with its 95% interval, openings (units) and games."""

    def __init__(self, est=NAN, lo=NAN, hi=NAN, n=0, games=0, samples=None):
        self.est, self.lo, self.hi, self.n, self.games, self.samples = est, lo, hi, n, int(games), samples

    def ok(self):
        return not math.isnan(self.est)


def percentile_ci(samples):
    """The 2.5% and 97.5% percentiles (numpy's linear interpolation) of the finite samples."""
    s = samples[np.isfinite(samples)]
    if s.size == 0:
        return NAN, NAN
    lo, hi = np.percentile(s, [2.5, 97.5])
    return float(lo), float(hi)


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
