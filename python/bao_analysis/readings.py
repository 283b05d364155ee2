"""What a verdict means, beside what its rule says (docs/results.md, "Amendments after the
data"): the "reading" column of results/verdicts.md. A rule can pass for reasons that
would also let alpha-beta pass (a degenerate test), a declared test can be replaced by a
better one (superseded), and a verdict can agree with a published finding other than the
one its direction names. Each reading is computed from the data it cites, and only
where the data say it: a reading that the data do not bear is left out."""
import os

from .analysis import split_cells
from .design import ONE_ITERATION
from .arms import same_games
from .records import games_file
from .second_pass import e5s_budgets
from .stats import Boot, pooled
from .tables import DASH, fmt

EQUAL_COST = "the published equal-cost finding (Carmel and Markovitch 1996; Sturtevant, Zinkevich and Bowling 2006)"


def ci(e, sign=1):
    """'+4.2 [+2.5, +5.9]' of an Est in points; sign -1 gives the negated difference."""
    lo, hi = sorted((sign * e.lo, sign * e.hi))
    return f"{fmt(sign * e.est, 'pts')} [{fmt(lo, 'pts')}, {fmt(hi, 'pts')}]"


def share(counts):
    equal, n = counts
    return f"{100 * equal / n:.1f}% ({equal} of {n})" if n else "no games"


def e5_same_games(exp, variant):
    """(games of variant equal to alpha-beta(X)'s move for move, games compared) over E5's
    tournaments (same opponent, own X, opening and colour)."""
    total = [0, 0]
    for cfg in sorted(exp.configs):
        folder = os.path.join(exp.folder, cfg)
        if games_file(folder) is None:
            continue
        equal, n = same_games(folder, folder, {variant: variant})[variant]
        total[0] += equal
        total[1] += n
    return tuple(total)


def reading_h5c(e5, arms):
    exp, res = e5
    if "omd1" not in res["gain"] or "omd1r" not in res["gain"]:
        return None
    ab = res["gain"]["omd1"][0]  # omd1 - ab: alpha-beta in omd1r's place gains its negation
    if not ab.ok() or not -ab.hi > 0:
        return None
    text = (f"degenerate: alpha-beta itself passes this rule (alpha-beta(X) - omd1 {ci(ab, -1)}); risk-managed "
            f"root OM at d-1 plays alpha-beta(X)'s game move for move in {share(e5_same_games(exp, 'omd1r'))} of "
            "E5's games")
    if arms is not None and "base" in arms["same"]:
        text += f", at d in {share(arms['same']['base']['omdr'])} of S2's base games"
    return text


def reading_h6c(e6b, v):
    if e6b is None or "right" not in e6b[1]["gain"]:
        return None
    gain = e6b[1]["gain"]["right"]
    text = (f"alpha-beta(X) also beats OM search, by {ci(gain['om'], -1)}; the claim's other half, PrOM at least "
            f"as good as alpha-beta, is not shown at depth 6 (PrOM 0.5 - alpha-beta(X) {ci(gain['p50'])}, PrOM 0.75 "
            f"{ci(gain['p75'])})")
    d8 = v.get("H6a-d8")
    if d8 is not None and d8[0][0] != "—":
        est, lo, hi = d8[0][:3]
        above = float(lo) > 0
        text += (f"; at depth 8 (D8, PrOM 0.75, exploratory) {est} [{lo}, {hi}]"
                 + (", above alpha-beta" if above else ""))
        a8 = v.get("A8")
        if a8 is not None and a8[0][0] != "—":
            a_est, a_lo, a_hi = a8[0][:3]
            text += (f"; on fresh openings at depth 8 (S2 depths, A8, 99%) {a_est} [{a_lo}, {a_hi}]"
                     + (", below D8's estimate: D8's gain not replicated" if float(est) > float(a_hi) else ""))
    return text + reading_h6c_powered(v) + reading_h6c_depth8q(v)


def reading_h6c_powered(v):
    """S2 depths-p's verdicts at depths 6, 7 and 8 (98.33%), where it has games: the half
    'PrOM at least as good as alpha-beta' is present at a depth only where PrOM beats
    alpha-beta (an interval above 0; alpha-beta itself would read level)."""
    rows = [(k, v[f"A{k}p"][0]) for k in (6, 7, 8) if f"A{k}p" in v and v[f"A{k}p"][0][0] != "—"]
    if not rows:
        return ""
    parts = [f"depth {k} {c[0]} [{c[1]}, {c[2]}] ({c[3]} openings) {c[5]}" for k, c in rows]
    present = [str(k) for k, c in rows if c[5] == "PrOM beats alpha-beta"]
    return ("; at 3-point power on fresh openings (S2 depths-p, 98.33%): " + ", ".join(parts)
            + (f": the half present at depth {' and '.join(present)}" if present
               else ": the half not shown at any of these depths"))


def reading_h6c_depth8q(v):
    """S2 depths-q's verdict at depth 8 (98.33%, sized for 3 points), where it has games:
    the half is present at depth 8 only where PrOM beats alpha-beta."""
    c = v.get("A8q", ([DASH],))[0]
    if c[0] == DASH:
        return ""
    present = c[5] == "PrOM beats alpha-beta"
    return (f"; at depth 8 at 3-point power on other fresh openings (S2 depths-q, 98.33%): {c[0]} [{c[1]}, {c[2]}] "
            f"({c[3]} openings) {c[5]}: the half " + ("present at depth 8" if present else "not shown at depth 8"))


def reading_h5f_prime(exps, s, ctx, verdict):
    exp = exps.get("E5s")
    if exp is None or s is None:
        return None
    text = f"agrees with {EQUAL_COST}" if verdict.startswith("not reproduced") else ""
    budgets = [b for b in e5s_budgets(exp) if b >= ONE_ITERATION]
    if budgets:
        boot = Boot(exp.n, ctx.resamples, ctx.seed)
        cells = split_cells(exp.cells(), s)[1]
        parts = [f"{b:,} {ci(pooled(exp, boot, cells, f'eqomd{b}', f'eqab{b}'))}" for b in budgets]
        text += ("; without the budgets where root OM cannot finish one iteration (below about "
                 f"{ONE_ITERATION:,} nodes a move), gain over S at " + ", ".join(parts))
    return text.lstrip("; ")


def reading_h6b(e6b):
    if e6b is None or "right" not in e6b[1]["h6b"] or e6b[1]["h6b"]["right"] is None:
        return "degenerate: the grid stops at 0.9, where the score still rises; superseded by H6b'"
    h = e6b[1]["h6b"]["right"]
    return ("degenerate: its grid stops at p = 0.9, where the score still rises, and p = 1 (alpha-beta(X)) is left "
            f"out; on E6b's 20 pairs S(p*) - S(1) is {ci(h['d1'])}: superseded by H6b'")


def readings(exps, v, s, ctx, e5, e6b, arms):
    """{id: reading} of the verdict rows whose reading the data bear."""
    out = {}
    if e5 is not None:
        out["H5c"] = reading_h5c(e5, arms)
    verdict = lambda hid: v[hid][0][5] if hid in v else ""  # noqa: E731
    if verdict("H5f").startswith("not reproduced"):
        out["H5f"] = f"agrees with {EQUAL_COST}"
    if "H5f'" in v:
        out["H5f'"] = reading_h5f_prime(exps, s, ctx, verdict("H5f'"))
    if "H6b" in v:
        out["H6b"] = reading_h6b(e6b)
    if "H6b'" in v:
        out["H6b'"] = "supersedes H6b (its grid runs from OM search, p = 0, to alpha-beta, p = 1)"
    out["H6c"] = reading_h6c(e6b, v)
    if "H7b-NI" in v:
        out["H7b-NI"] = "an amendment after E7's data: exploratory, outside the confirmatory family"
    return {k: t for k, t in out.items() if t}
