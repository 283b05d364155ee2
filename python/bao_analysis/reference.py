"""RESULTS/reference.md: the effect sizes of Donkers' 2002 program (measured with his
program) beside ours with their intervals (exploratory), and which of S2's sensitivity
arms explains a row's gap (arms.analyse_arms' result)."""
import math

from .design import DONKERS_2002, DONKERS_2002_WRONG
from .stats import pooled
from .tables import DASH, md_table, pct_ci, pts_ci


UNMEASURED = "not yet measured (sensitivity arms)"


def largest_toward(arms, row):
    """(arm, effect) of the arm other than base whose effect lies farthest toward his
    figure as seen from the base arm's gain (arms: arms.analyse_arms' result); (None,
    None) without one."""
    base = arms["gain"].get(("base", row))
    if base is None or not base.ok():
        return None, None
    sign = math.copysign(1.0, arms["his"][row] - base.est)
    best = (None, None)
    for a in arms["arms"]:
        e = arms["effect"].get((a, row))
        if a != "base" and e is not None and e.ok() and (best[1] is None or sign * e.est > sign * best[1].est):
            best = (a, e)
    return best


def explained_by(arms, row):
    """The "explained by" cell of one of Donkers' rows (om, omd, omdr, p50, omdr-omd,
    p50-om) from S2's arms: each arm that explains the gap with its effect [95% CI]
    (", accounts for it" where it also does), else "no arm explains it" with the arm
    farthest toward his figure; without S2 (arms None) the wording of a run without it."""
    if arms is None:
        return UNMEASURED
    base = arms["gain"].get(("base", row))
    if base is None or not base.ok():
        return "no data (S2's base arm)"
    found = [f"{a}: {pts_ci(arms['effect'][(a, row)])}" + (", accounts for it" if arms["judge"][(a, row)][1] else "")
             for a in arms["arms"] if a != "base" and arms["judge"][(a, row)][0]]
    if found:
        return "; ".join(found)
    a, e = largest_toward(arms, row)
    return f"no arm explains it (largest toward his figure: {a} {pts_ci(e)})" if a else "no data (no arm but the base)"


def arms_paragraph(arms):
    """reference.md's paragraph on S2's arms (RESULTS/S2/tables.md)."""
    missing = f"; no games yet: {', '.join(arms['missing'])}" if arms["missing"] else ""
    return ("\nThe \"explained by\" column reads S2's sensitivity arms (exploratory, declared before their games; "
            "S2/tables.md): each arm changes one thing against S2's base arm (our settings) and plays his rows on all "
            "its pairs against alpha-beta(Y), model Y. Its effect is its gain over alpha-beta(X) less the base arm's, "
            "the same opening indices resampled in both. An arm explains a gap when its effect's interval excludes 0 "
            "on the side of his figure as seen from the base arm's gain (which may differ from the E5, E6 and E6b "
            "gains above); it accounts for it when, in addition, its gain's interval contains his effect. Where no "
            "arm explains a gap, the arm whose effect lies farthest toward his figure is named. The ties arm plays "
            "root OM alone (its other players are the base arm's move for move), riskmargin-k root OM with risk "
            "management and a margin k alone, promorder PrOM 0.5 with Y's evaluator first alone: on the rows an "
            f"arm does not play its effect is 0 by design. Arms with games: {', '.join(arms['arms'])}{missing}.\n")


# His wrong-model figures are scores against alpha-beta(Z); his alpha-beta(X) against the
# real opponent Z is not at 50% in those cells (about 5 points off, not recorded per
# cell), so his score less 50 is no effect over his alpha-beta(X): compare the scores.
WRONG_NOT_EFFECT = "none (his alpha-beta(X) is not at 50% here: compare the scores)"


def tables_reference(e5, e6, ctx, e6b=None, arms=None, e6c=None):
    """RESULTS/reference.md: the effect sizes of Donkers' 2002 program (measured with his
    program, design.DONKERS_2002) beside ours with their intervals. His are scores of X
    against alpha-beta(Y) with alpha-beta(X) at 50% by construction (mean over the 20
    ordered pairs of his evaluators), so his effect is his score less 50; ours is the
    gain over alpha-beta(X) on the same openings (E5: all 20 ordered pairs of ours; E6:
    its 5 pairs; E6b: its 20 pairs with the model right, 5 with it wrong). e5, e6, e6b:
    (experiment, analysis, bootstrap) or None; e6c: second_pass.run_e6c's result (PrOM
    {X: 0.8, Y: 0.2} on E6b's 20 model-right pairs) or None."""
    rows = []

    def ours_e5(v):
        if e5 is None or v not in e5[1]["gain"]:
            return DASH, DASH
        exp, res, boot = e5
        return pct_ci(pooled(exp, boot, res["cells"], v)), pts_ci(res["gain"][v][0])

    def ours_e6(p, cond):
        if e6 is None or p not in e6[1]["ps"]:
            return DASH, DASH
        exp, res, boot = e6
        return pct_ci(res["score"][cond][p]), pts_ci(pooled(exp, boot, res["conds"][cond], p, "ab"))

    def his(key):
        return f"{100 * DONKERS_2002[key]:.1f}", f"{100 * (DONKERS_2002[key] - 0.5):+.1f}"

    def why(row):
        return explained_by(arms, row)

    not_s2, not_s2_wrong = (UNMEASURED, UNMEASURED) if arms is None else (NO_S2_ROW, NO_S2_WRONG)
    rows.append(["OM search at full depth, probing at d-1 (om)", *his("om"), *ours_e5("om"), why("om")])
    rows.append(["root OM, model at the true depth d (omd)", *his("omd"), *ours_e5("omd"), why("omd")])
    rows.append(["the same with risk management (omdr)", *his("omdr"), *ours_e5("omdr"), why("omdr")])
    rows.append(["PrOM {X: 0.5, Y: 0.5}, model right (E6 p = 0.5)", *his("p50"), *ours_e6("p50", "right"), why("p50")])
    if e6c is None:
        rows.append(["PrOM {X: 0.8, Y: 0.2}, model right", *his("p80"), DASH, "not played (E6 has p = 0.75 and 0.9)",
                     not_s2])
    else:
        rows.append(["PrOM {X: 0.8, Y: 0.2}, model right (E6c, E6b's 20 pairs)", *his("p80"),
                     pct_ci(e6c["score"]["p80"]), pts_ci(e6c["gain"]), not_s2])
    def ours_e6b(v, cond):
        if e6b is None or cond not in e6b[1]["score"]:
            return DASH, DASH
        res = e6b[1]
        return pct_ci(res["score"][cond][v]), pts_ci(res["gain"][cond][v]) if v != "ab" else DASH

    if e6b is not None:
        rows.append(["OM search at full depth, model right (E6b p = 0, 20 pairs)", *his("om"), *ours_e6b("om", "right"),
                     why("om")])
        rows.append(["PrOM {X: 0.5, Y: 0.5}, model right (E6b, 20 pairs)", *his("p50"), *ours_e6b("p50", "right"),
                     why("p50")])
        rows.append(["PrOM {X: 0.75, Y: 0.25}, model right (E6b, 20 pairs; his: 0.8)", *his("p80"),
                     *ours_e6b("p75", "right"), not_s2])
        rows.append(["alpha-beta(X), model right (E6b p = 1, 20 pairs)", "50.0", "+0.0", *ours_e6b("ab", "right"),
                     "his: 50% by construction"])
        h6c = e6b[1]["h6c"].get("right")
        rows.append(["PrOM 0.5 minus OM search, model right (H6c)", DASH,
                     f"{100 * (DONKERS_2002['p50'] - DONKERS_2002['om']):+.1f}", DASH,
                     (pts_ci(h6c) + " (PrOM 0.5 minus OM)") if h6c is not None else DASH, why("p50-om")])
    lo, hi = DONKERS_2002_WRONG["om"]
    wrong_om = ours_e6b("om", "wrong") if e6b is not None and "wrong" in e6b[1]["score"] else \
        (DASH, "not played (no wrong-model OM arm)")
    rows.append(["wrong model: OM search" + (" (E6b, 5 pairs)" if wrong_om[0] != DASH else ""),
                 f"{100 * lo:.0f}-{100 * hi:.0f}", WRONG_NOT_EFFECT, *wrong_om, not_s2_wrong])
    lo, hi = DONKERS_2002_WRONG["p50"]
    rows.append(["wrong model: PrOM {X: 0.5, Y: 0.5} (E6 p = 0.5)", f"{100 * lo:.0f}-{100 * hi:.0f}",
                 WRONG_NOT_EFFECT, *ours_e6("p50", "wrong"), not_s2_wrong])
    text = ("# Effect sizes beside Donkers' 2002 program (exploratory)\n\n"
            f"{ctx.scale} scale; bootstrap over openings, {ctx.resamples} resamples, seed {ctx.seed}; 95% percentile "
            "intervals. His figures were measured by running his program (depth 6, his five evaluators, the 150 "
            "random start positions of the official opening plus 3 to 8 random move pairs with both colours, 300 "
            "games a cell, about +-2.9 points a cell; X against alpha-beta(Y) with model Y, mean over his 20 "
            "ordered pairs, so his alpha-beta(X) scores 50%): they are measurements, not published figures, and "
            "his evaluators are other functions than ours. His effect is his score less 50; ours is the gain "
            "over alpha-beta(X) on the same openings (E5: the 20 ordered pairs of our five evaluators; E6: its 5 "
            "pairs, where alpha-beta(X) itself scores above 50%). Our score is against alpha-beta(Y), pooled over "
            "the pairs.\n\n")
    if e6b is not None:
        text += ("E6b plays all 20 ordered pairs of our evaluators with the model right, as his program's mean does, so "
                 "our alpha-beta(X) there scores about 50% too; its wrong-model rows are E6's 5 pairs. H6c's row "
                 "compares differences: his PrOM 0.5 less his OM, ours paired by opening.\n\n")
    text += md_table(["method for X", "his score (%)", "his effect (points)", "our score, % [95% CI]",
                      "our gain over alpha-beta(X), points [95% CI]", "explained by"], rows)
    return text + (arms_paragraph(arms) if arms is not None else "")


NO_S2_ROW = "not played (S2 has PrOM 0.5 only)"


NO_S2_WRONG = "not played (S2 plays the model right only)"
