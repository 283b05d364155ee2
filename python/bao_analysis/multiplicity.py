"""The corrections for multiplicity, one place for every experiment's family of
verdicts: Holm's step-down (Holm 1979) over the thesis' primary verdicts (E4-E7 and the
second pass), and Bonferroni's split of the level over E8 (3 verdicts), E9 (8), E9s (9),
E9s-p (3), E11 (2), E12 (6) and E12m (6), as each declaration in docs/results.md names it.
The normal quantiles of the Bonferroni intervals are rounded to the places each analysis
printed in its declaration, so that the tables keep their bytes.
"""
import math
from statistics import NormalDist

ALPHA = 0.05  # every family's level


def bonferroni_level(m, alpha=ALPHA):
    """The two-sided confidence level of each of m verdicts under Bonferroni's correction:
    1 - alpha / m (m = 3: 98.3%)."""
    if m < 1:
        raise ValueError(f"a family has at least one verdict, not {m}")
    return 1 - alpha / m


def z_two_sided(m=1, alpha=ALPHA, places=6):
    """The normal quantile of a two-sided interval at Bonferroni's level for m verdicts,
    rounded to places decimals: z_two_sided() is 1.959964, z_two_sided(2) 2.241403."""
    bonferroni_level(m, alpha)  # refuses m < 1
    return round(NormalDist().inv_cdf(1 - alpha / (2 * m)), places)


def z_power(power=0.8, places=3):
    """The normal quantile of a power (0.8: 0.842), for the openings needed to decide."""
    return round(NormalDist().inv_cdf(power), places)


def holm(pvalues):
    """Holm's step-down adjusted p-values (Holm 1979) of {id: p}, ids with a NaN p left
    out of the family: sorted ascending (ties in the given order), the i-th of m gets
    max over j <= i of min(1, (m - j + 1) p_j). A hypothesis is rejected at level alpha
    by Holm's procedure exactly when its adjusted p is at most alpha."""
    ids = [k for k, p in pvalues.items() if not math.isnan(p)]
    order = sorted(ids, key=lambda k: pvalues[k])  # stable: ties keep the family's order
    m, out, running = len(order), {}, 0.0
    for i, k in enumerate(order):
        running = max(running, min(1.0, (m - i) * pvalues[k]))
        out[k] = running
    return out
