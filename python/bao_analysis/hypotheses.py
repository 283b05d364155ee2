"""The hypotheses of the thesis (docs/results.md, "Depth 6: hypotheses and decision
rules"), their decision rules, and RESULTS/verdicts.md|csv with one row per hypothesis;
each experiment's module (e4 ... e7, second_pass) adds its verdicts to the one dict the
verdicts files are written from, and Holm's correction (multiplicity.py) runs over the
family of primary verdicts."""
import csv
import io
import math
import os

from .design import FAMILY, TOST_MARGIN
from .multiplicity import ALPHA, holm
from .stats import NAN, Z80, Z95, bootstrap_p
from .tables import DASH, fmt, md_table, write_text


def openings_needed(e, null):
    """Openings that would decide an effect of the size seen at 80% power (same variance)."""
    se = (e.hi - e.lo) / (2 * Z95)
    effect = abs(e.est - null)
    if effect == 0 or math.isnan(se):
        return DASH
    return str(max(1, math.ceil(e.n * ((Z95 + Z80) * se / effect) ** 2)))


def decide(e, null=0.0, direction=1):
    """(verdict, openings needed). direction 0: two-sided without a published sign. A
    single opening gives a degenerate bootstrap, so at least two are needed to decide."""
    if not e.ok():
        return "no data", DASH
    if e.n < 2:
        return "not decided at this scale (fewer than 2 openings)", DASH
    if direction == 0:
        if e.lo > null:
            return "differs from 0 (positive)", DASH
        if e.hi < null:
            return "differs from 0 (negative)", DASH
        return "not decided at this scale", openings_needed(e, null)
    above, below = e.lo > null, e.hi < null
    if (above and direction > 0) or (below and direction < 0):
        return "reproduced", DASH
    if above or below:
        return "not reproduced", DASH
    return "not decided at this scale", openings_needed(e, null)


# Every hypothesis row (docs/results.md), in order: id, short text, measure, unit.
HYPOTHESES = [
    ("H4", "the five evaluators differ in strength", "score of the top- against the bottom-rated evaluator (null 50%)", "pct"),
    ("H5a", "root OM (model at d) gains on alpha-beta when own X is at least as strong as model Y", "gain omd - ab over subgroup S", "pts"),
    ("H5b", "root OM predicting at d-1 loses", "gain omd1 - ab, all pairs", "pts"),
    ("H5c", "risk management reduces the d-1 loss", "gain omd1r - omd1, all pairs", "pts"),
    ("H5d", "full-depth OM against alpha-beta (no published sign)", "gain om - ab, all pairs, two-sided", "pts"),
    ("H5e", "(D,d)-OM with the opponent's real depth gains like H5a", "gain ddom - ab over S (E5dd)", "pts"),
    ("H5f", "H5a holds at equal nodes", "gain eqomd - eqab over S", "pts"),
    ("H5f-omd1", "equal nodes: prediction at d-1 (secondary)", "gain eqomd1 - eqab, all pairs, two-sided", "pts"),
    ("H5f-omdr", "equal nodes: root OM at d with risk management (secondary)", "gain eqomdr - eqab, all pairs", "pts"),
    ("H5f-om", "equal nodes: full-depth OM (secondary)", "gain eqom - eqab, all pairs, two-sided", "pts"),
    ("H5f-ddom", "equal nodes: (D,d)-OM (secondary)", "gain eqddom - eqab over S (E5dd)", "pts"),
    ("H5g", "OM's gain grows with the hit rate of its predicted replies",
     "Spearman rho of gain and hit rate over (pair, variant) points (percentile interval, as declared)", "rho"),
    ("H5g-within", "the same within each variant (amendment after the data: the controlled test)",
     "correlation of gain and hit rate less each variant's means (variant fixed effects), BCa interval", "rho"),
    ("H6a-right", "PrOM at p=0.75 at par with alpha-beta, model right", "gain p75 - ab, pairs pooled (non-inferiority, -3 points)", "pts"),
    ("H6a-wrong", "PrOM at p=0.75 at par with alpha-beta, model wrong", "gain p75 - ab, pairs pooled (non-inferiority, -3 points)", "pts"),
    ("H6b", "PrOM does best with MAX's own type above 0.5", "best p, pairs and conditions pooled (CI: of the argmax)", "p"),
    ("H6b-right", "best p above 0.5, model right (secondary)", "best p, model right (CI: of the argmax)", "p"),
    ("H6b-wrong", "best p above 0.5, model wrong (secondary)", "best p, model wrong (CI: of the argmax)", "p"),
    ("H6b'", "PrOM's optimum lies strictly inside (0, 1): it beats both OM search (p = 0) and alpha-beta (p = 1)",
     "E6b, 20 pairs, model right: S(p*) - S(0) and S(p*) - S(1), p* the best interior p; the row shows the "
     "difference with the larger p", "pts"),
    ("H6c", "PrOM (p = 0.5) beats OM search (p = 0), model right", "E6b: score p50 - om, 20 pairs, paired", "pts"),
    ("H6c-wrong", "PrOM (p = 0.5) beats OM search, model wrong (secondary)", "E6b: score p50 - om, 5 pairs", "pts"),
    ("H7a-count", "learned probabilities close to the truth (count)", "total variation distance to the truth, opponent inside", "tv"),
    ("H7a-em", "learned probabilities close to the truth (EM)", "total variation distance to the truth, opponent inside", "tv"),
    ("H7a-online", "learned probabilities close to the truth (on-line)", "total variation distance to the truth, opponent inside", "tv"),
    ("H7b-count", "PrOM with learned (count) probabilities at least as good as uniform", "gain promcount - promuniform, outside opponents", "pts"),
    ("H7b-em", "PrOM with learned (EM) probabilities at least as good as uniform (secondary)", "gain promem - promuniform, outside opponents", "pts"),
    ("H7b-online", "PrOM with on-line probabilities at least as good as uniform (secondary)", "gain promonline - promuniform, outside opponents", "pts"),
    # The second pass (docs/results.md, "Second pass: arms declared before the data").
    ("H5f'", "OM gains on alpha-beta at equal cost (E5s, node-budget sweep)",
     "G = mean over the budgets of gain eqomdB - eqabB over S", "pts"),
    ("H5g'", "OM's gain grows with the hit rate of its predictions, at fixed cost (E5g, noisy model)",
     "slope of gain(pair, a) noiseA - ab on hit rate(pair, a), pair fixed effects, BCa interval", "slope"),
    ("H7b-NI", "PrOM with learned (count) probabilities at par with uniform ones (E7's data)",
     "gain promcount - promuniform, outside opponents (non-inferiority, -3 points)", "pts"),
    ("H7b-NI-em", "the same with EM's probabilities (exploratory)",
     "gain promem - promuniform, outside opponents (non-inferiority, -3 points)", "pts"),
    ("H7b-NI-online", "the same with the on-line learner's probabilities (exploratory)",
     "gain promonline - promuniform, outside opponents (non-inferiority, -3 points)", "pts"),
    ("H5a-d8", "H5a at depth 8 (D8, robustness check)", "gain omd - ab over subgroup S, depth 8", "pts"),
    ("H5b-d8", "H5b at depth 8 (D8, robustness check)", "gain omd1 - ab, all pairs, depth 8", "pts"),
    ("H5d-d8", "H5d at depth 8 (D8, robustness check)", "gain om - ab, all pairs, two-sided, depth 8", "pts"),
    ("H6a-d8", "H6a (model right) at depth 8 (D8, robustness check)",
     "gain p75 - ab, all pairs (non-inferiority, -3 points), depth 8", "pts"),
    # S2 depths (docs/results.md, declared before its games): its own family of five.
    ("A6", "PrOM 0.75 at least as good as alpha-beta at depth 6 (S2 depths)", "gain p75 - ab, 20 pairs, depth 6", "pts"),
    ("A7", "PrOM 0.75 at least as good as alpha-beta at depth 7 (S2 depths)", "gain p75 - ab, 20 pairs, depth 7", "pts"),
    ("A8", "PrOM 0.75 at least as good as alpha-beta at depth 8 (S2 depths)", "gain p75 - ab, 20 pairs, depth 8", "pts"),
    ("B8", "root OM scored at d beats alpha-beta matched in depth (S2 depths)",
     "gain omdD - ab8 (alpha-beta at depth 8), 20 pairs, against alpha-beta(Y) at 6", "pts"),
    ("B9", "root OM scored at d beats alpha-beta matched in nodes (S2 depths)",
     "gain omdD - ab9 (alpha-beta at depth 9), 20 pairs, against alpha-beta(Y) at 6", "pts"),
    # S2 depths-p (docs/results.md, declared before its games): part (a) again at 3-point
    # power on fresh openings, its own family of three.
    ("A6p", "PrOM 0.75 at least as good as alpha-beta at depth 6 (S2 depths-p, fresh openings)",
     "gain p75 - ab, 20 pairs, depth 6", "pts"),
    ("A7p", "PrOM 0.75 at least as good as alpha-beta at depth 7 (S2 depths-p, fresh openings)",
     "gain p75 - ab, 20 pairs, depth 7", "pts"),
    ("A8p", "PrOM 0.75 at least as good as alpha-beta at depth 8 (S2 depths-p, fresh openings)",
     "gain p75 - ab, 20 pairs, depth 8", "pts"),
    # S2 depths-q (docs/results.md, declared before its games): depth 8 and part (b) at
    # 3-point power on other fresh openings, its own family of three.
    ("A8q", "PrOM 0.75 at least as good as alpha-beta at depth 8 (S2 depths-q, fresh openings)",
     "gain p75 - ab, 20 pairs, depth 8", "pts"),
    ("B8q", "root OM scored at d beats alpha-beta matched in depth (S2 depths-q, fresh openings)",
     "gain omdD - ab8 (alpha-beta at depth 8), 20 pairs, against alpha-beta(Y) at 6", "pts"),
    ("B9q", "root OM scored at d beats alpha-beta matched in nodes (S2 depths-q, fresh openings)",
     "gain omdD - ab9 (alpha-beta at depth 9), 20 pairs, against alpha-beta(Y) at 6", "pts"),
    # E9s-p (docs/results.md, declared before its games): E9s' three HsL-X-deeper again at
    # power on fresh openings, its own family of three.
    ("HsLp-safe4-deeper", "safe-om on root OM, eps 4: loss against alpha-beta at d+2 bounded by 3 points (E9s-p)",
     "gain safe4 - ab against alpha-beta at d+2 (td-short at 8; td-long at 6)", "pts"),
    ("HsLp-safe16-deeper", "safe-om on root OM, eps 16: loss against alpha-beta at d+2 bounded by 3 points (E9s-p)",
     "gain safe16 - ab against alpha-beta at d+2 (td-short at 8; td-long at 6)", "pts"),
    ("HsLp-bank-deeper", "safe-om on root OM, banked gifts: loss against alpha-beta at d+2 bounded by 3 points "
     "(E9s-p)", "gain bank - ab against alpha-beta at d+2 (td-short at 8; td-long at 6)", "pts"),
]
S2_DEPTHS = ("A6", "A7", "A8", "B8", "B9")
S2_DEPTHS_P = ("A6p", "A7p", "A8p")
S2_DEPTHS_Q = ("A8q", "B8q", "B9q")
E9S_P = ("HsLp-safe4-deeper", "HsLp-safe16-deeper", "HsLp-bank-deeper")


def row(e, unit, verdict, needed):
    """A verdict row's numbers as strings (estimate, lo, hi, openings, games)."""
    if not e.ok():
        return [DASH] * 5 + [verdict, needed]
    n = str(e.n) if e.n else DASH
    games = str(e.games) if e.games else DASH
    unit = "rho" if unit == "slope" else unit  # a slope (points per point) is shown as rho is
    return [fmt(e.est, unit), fmt(e.lo, unit), fmt(e.hi, unit), n, games, verdict, needed]


def rule_p(e, null):
    """The p-value of the interval rule (bootstrap_p), from the samples kept with e."""
    if not e.ok() or e.samples is None or e.n < 2:
        return NAN
    return bootstrap_p(e.samples, null)


def entry(e, unit, null, direction):
    """(row, note, p) of an interval-rule verdict."""
    return (row(e, unit, *decide(e, null, direction)), "", rule_p(e, null))


# ---------------------------------------------------------------- verdicts


AMENDED = "amended"  # v[AMENDED]: {id: the verdict an amendment after the data gives, beside the declared one}


def experiment_of(hid):
    if hid in S2_DEPTHS:
        return "S2 depths"
    if hid in S2_DEPTHS_P:
        return "S2 depths-p"
    if hid in S2_DEPTHS_Q:
        return "S2 depths-q"
    if hid in E9S_P:
        return "E9s-p"
    if hid in ("H5e", "H5f-ddom"):
        return "E5dd"
    if hid in ("H5f'", "H5g'"):
        return {"H5f'": "E5s", "H5g'": "E5g"}[hid]
    if hid.endswith("-d8"):
        return "D8"
    if hid.startswith(("H6b'", "H6c")):
        return "E6b"
    return {"4": "E4", "5": "E5", "6": "E6", "7": "E7"}[hid[1]]


# ---------------------------------------------------------------- Holm

DECIDED = ("reproduced", "not reproduced", "differs from 0")


def short(verdict):
    """The verdict without its parenthesis: 'reproduced (best p ...)' -> 'reproduced'."""
    return verdict.split(" (")[0]


def family_ps(v):
    """{member: p} of the family. H5g is one member tested by intersection-union
    (Berger 1982): it counts as reproduced only if the declared pooled rho and the
    controlled within-variant correlation both are, so its p is the larger of theirs."""
    ps = {hid: (v[hid][2] if hid in v else NAN) for hid in FAMILY}
    if "H5g" in v and "H5g-within" in v:
        ps["H5g"] = max(v["H5g"][2], v["H5g-within"][2])
    return ps


def holm_verdict(hid, v, adjusted):
    """The verdict of a family member after Holm: the unadjusted verdict when the
    adjusted p is at most 5%, else not decided; outside the family, what the row is."""
    if hid not in FAMILY:
        if hid == "H7b-NI":
            return "outside the family (an amendment after E7's data, not declared before it)"
        if hid == "H5g-within":
            return "in the family as part of H5g (intersection-union)"
        if hid.startswith("H7a"):
            return "reported (outside the family)"
        if hid.endswith("-d8"):
            return "exploratory (depth-8 robustness check, outside the family)"
        if hid in S2_DEPTHS:
            return "outside the family (S2 depths' own family of five, Bonferroni at 99%)"
        if hid in S2_DEPTHS_P:
            return "outside the family (S2 depths-p's own family of three, Bonferroni at 98.33%)"
        if hid in S2_DEPTHS_Q:
            return "outside the family (S2 depths-q's own family of three, Bonferroni at 98.33%)"
        if hid in E9S_P:
            return "outside the family (E9s-p's own family of three, Bonferroni at 98.33%)"
        return "exploratory (secondary, outside the family)"
    if hid not in v:
        return "no data"
    verdict = short(v.get(AMENDED, {}).get(hid, v[hid][0][5]))
    if hid == "H5g" and "H5g-within" in v:
        other = short(v["H5g-within"][0][5])
        if verdict in DECIDED and other in DECIDED and other != verdict:
            return "not decided (the pooled and within-variant tests disagree)"
        if verdict in DECIDED and other not in DECIDED:
            return "not decided (the within-variant test is not)"
    if verdict not in DECIDED:
        return verdict
    p = adjusted.get(hid, NAN)
    return v.get(AMENDED, {}).get(hid, verdict) if p <= ALPHA else "not decided after Holm"


def fmt_p(p, resamples):
    if p is None or math.isnan(p):
        return DASH
    return f"< {1 / resamples:g}" if p < 1 / resamples else f"{p:.4f}"


def write_verdicts(results, v, ctx, notes, two=None, reading=None):
    """RESULTS/verdicts.csv|md: one row per hypothesis; two: {id: (two-level interval,
    its verdict)} of the primary verdicts (two_level.two_level_cells), reading: {id:
    what the verdict means} (readings.readings)."""
    two, reading = two or {}, reading or {}
    ps = family_ps(v)
    adjusted = holm(ps)
    m = len(adjusted)
    header = ["id", "hypothesis", "measure", "estimate", "95% CI low", "95% CI high", "openings (n)", "games",
              "verdict", f"verdict after Holm (family of {m})", "p", "Holm p", "openings needed",
              "two-level 95% CI (pairs and openings)", "verdict on the two-level CI", "reading (after the data)"]
    rows = []
    for hid, text, measure, unit in HYPOTHESES:
        if hid in S2_DEPTHS + S2_DEPTHS_P + S2_DEPTHS_Q + E9S_P and hid not in v:
            continue  # played by hand, not by scripts/reproduce-thesis: no rows without its games
        cells, note, p = v.get(hid, ([DASH] * 5 + [f"no data ({experiment_of(hid)} missing or without these players)", DASH],
                                     "", NAN))
        unit_name = {"pts": "points", "pct": "%", "rho": "rho", "p": "p", "tv": "TV",
                     "slope": "points of gain per point of hit rate"}[unit]
        ci2, verdict2 = two.get(hid, (DASH, DASH if hid in FAMILY else "outside the family"))
        rows.append([hid, text, f"{measure} ({unit_name})" + (f"; {note}" if note else "")] + cells[:6]
                    + [holm_verdict(hid, v, adjusted), fmt_p(p, ctx.resamples),
                       fmt_p(adjusted.get(hid), ctx.resamples), cells[6], ci2, verdict2, reading.get(hid, DASH)])
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    write_text(os.path.join(results, "verdicts.csv"), buf.getvalue())
    # A verdict the two-level interval changes: against the amended verdict where an
    # amendment gives one (H6b''s equivalence reading), else the declared one.
    changed = [r[0] for r in rows if r[0] in FAMILY and r[13] != DASH
               and short(r[14]) != short(v.get(AMENDED, {}).get(r[0], r[8]))]
    text = (f"# Verdicts of the Bao thesis hypotheses ({ctx.scale} scale)\n\nDecision rules: docs/results.md, "
            f"\"Depth 6: hypotheses and decision rules\". Bootstrap over openings, {ctx.resamples} resamples, seed "
            f"{ctx.seed}; 95% percentile intervals (BCa for H5g-within). The verdict column applies each declared "
            "rule as declared; the verdict after Holm adds the amendments made after the data (docs/results.md). "
            "Openings needed: to decide an effect of the size seen at 80% power with the same variance (only for "
            "undecided rows; H6b' is read by an equivalence test instead). Scores and gains in score points.\n\n"
            f"**Multiplicity.** The primary verdicts are one family of {m}: {', '.join(FAMILY)}. Each verdict's p "
            "inverts its interval rule: the smallest 1 - level at which its two-sided interval excludes the null, "
            "2 min(q, 1 - q) with q the share of resamples below the null (ties half; for H5g and H5g-within the BCa "
            "interval's level at the null, the percentile interval of H5g's rho being biased), so that p <= 0.05 "
            "is the 95% rule; H6b's declared rule (best p above 0.5 "
            "in 95% of resamples) is one-sided at 5% each way, its p the smaller share of resamples not strictly on "
            "a side. H6b' (declared before E6b's games) is an intersection-union test of its two differences: with "
            "both estimates positive its p is the larger of their p's, else the smaller p of those with a negative "
            "estimate; by the amendment after the data (docs/results.md, E6b) it is read also as an equivalence "
            f"test of S(p*) - S(1) at +-{100 * TOST_MARGIN:g} points (TOST: the 90% interval inside the margins), "
            "whose p, the larger one-sided share of resamples beyond a margin, enters the family when that reading "
            "decides it. H5g is decided by intersection-union: reproduced only if the declared pooled rho and the "
            "within-variant test (an amendment after the data) both are; its p is the larger of the two. Holm's "
            "step-down (Holm 1979) adjusts the family's p at 5%; a verdict stands after Holm when its Holm p is at "
            "most 0.05. The secondary rows, H5g-within on its own and H7a are outside the family: exploratory. "
            "The second pass (docs/results.md, \"Second pass: arms declared before the data\") adds H5f' (E5s) and "
            "H5g' (E5g; BCa interval, its p the BCa interval's level at 0, as H5g-within's) to the family. H7b-NI "
            "(E7's data; non-inferiority at -3 points, its p inverting the interval against -3, as H6a's) was "
            "formed after its data were seen and is outside the family (an amendment after the data, exploratory); "
            "the depth-8 checks (-d8, D8) and H7b-NI's EM and on-line rows are exploratory, each -d8 row beside the "
            "depth-6 verdict its rule reached. S2 depths' rows (A6, A7, A8, B8, B9; declared before its games) "
            "are a family of their own, Bonferroni over five: their interval columns, and their two-level "
            "intervals, are 99% intervals; outside the Holm family. S2 depths-p's rows (A6p, A7p, A8p; part (a) "
            "again on fresh openings at 3-point power, declared before its games, not pooled with S2 depths) are "
            "another family of their own, Bonferroni over three: 98.33% intervals; outside the Holm family."
            + (" S2 depths-q's rows (A8q, B8q, B9q; depth 8 and the node-matched alpha-beta again on other fresh "
               "openings at 3-point power, declared before its games, not pooled with the earlier arms) are a third "
               "family of their own, Bonferroni over three: 98.33% intervals; outside the Holm family."
               if any(h in v for h in S2_DEPTHS_Q) else "")
            + "\n\n"
            "another family of their own, Bonferroni over three: 98.33% intervals; outside the Holm family. "
            "E9s-p's rows (HsLp-X-deeper; E9s' deeper gauntlet again on fresh openings at power, declared before "
            "its games, not pooled with E9s) are a family of their own, Bonferroni over three: 98.33% intervals; "
            "outside the Holm family; E9s' other verdicts are in results/E9s/verdicts.csv.\n\n"
            "**Two levels.** The declared intervals resample the openings and hold the evaluator pairs fixed. "
            "Beside each primary verdict, the two-level interval resamples the pairs (E7: the three outside "
            "opponents) and the openings together (crossed: each resample draws both, with replacement; "
            f"{ctx.resamples} resamples, the openings' rows of the declared bootstrap), and the declared rule is "
            "applied to it (exploratory: no verdict after Holm rests on it). Where it changes the declared "
            "verdict: " + (", ".join(changed) if changed else "nowhere") + ".\n\n"
            "**Reading.** What a verdict means beside what its rule says, from the data it cites (docs/results.md): "
            "a *degenerate* verdict is one that alpha-beta itself, or a grid that leaves out the decisive point, "
            "would also give.\n\n")
    text += md_table(header, rows)
    if notes:
        text += "\n" + "\n".join(f"* {n}" for n in notes) + "\n"
    write_text(os.path.join(results, "verdicts.md"), text)
