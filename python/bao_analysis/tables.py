"""Number formats and each experiment's RESULTS/<E>/tables.md (markdown): estimates with
their 95% intervals, per pair, per variant, per opponent."""
import math
import os

import numpy as np

from .analysis import baseline, e6_model, e7_cells, h4_row, pair_of, split_cells, subgroup_s, tv_distance
from .design import DONKERS_2002, DONKERS_2002_WRONG, E5_ORDER, E6B_GRID, E7_LEARNERS, E7_OPPONENTS, FAMILY, eval_order
from .stats import Est, hit_rate, nodes_per_move, pooled, spearman

DASH = "—"


# ---------------------------------------------------------------- formatting

def fmt(x, unit):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return DASH
    return {"pts": lambda v: f"{100 * v:+.1f}", "pct": lambda v: f"{100 * v:.1f}", "rho": lambda v: f"{v:+.3f}",
            "p": lambda v: f"{v:.2f}", "tv": lambda v: f"{v:.3f}"}[unit](x)


def pts_ci(e):
    """'+3.1 [-1.0, +7.2]' in score points, or a dash."""
    if not e.ok():
        return DASH
    return f"{100 * e.est:+.1f} [{100 * e.lo:+.1f}, {100 * e.hi:+.1f}]"


def pct_ci(e):
    if not e.ok():
        return DASH
    return f"{100 * e.est:.1f}% [{100 * e.lo:.1f}, {100 * e.hi:.1f}]"


def md_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def write_text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def header_lines(title, ctx, exp):
    return (f"# {title}\n\n{ctx.scale} scale; {exp.games} games; {exp.n} openings; bootstrap over openings, "
            f"{ctx.resamples} resamples, seed {ctx.seed}; intervals are 95% percentile intervals. "
            "Scores and gains in score points (percent of a point per game).\n\n" + ROLES)


# Which cells carry a verdict: the primary ones are the Holm family of results/verdicts.md.
ROLES = (f"A cell marked [H..] decides that primary verdict (one of the family of {len(FAMILY)} corrected by Holm, "
         "results/verdicts.md); [H.., secondary] a secondary verdict, outside the family; every other cell is "
         "exploratory: described, not tested, not corrected for multiplicity.\n\n")

# (variant, group) -> hypothesis of the pooled-gains tables; group 0 all pairs, 1 subgroup S.
GAIN_ROLES = {("omd", 1): "H5a", ("omd1", 0): "H5b", ("om", 0): "H5d", ("eqomd", 1): "H5f",
              ("eqomd1", 0): "H5f-omd1, secondary", ("eqomdr", 0): "H5f-omdr, secondary",
              ("eqom", 0): "H5f-om, secondary", ("ddom", 1): "H5e", ("eqddom", 1): "H5f-ddom, secondary"}


def role(text, hid):
    """The cell's text with its hypothesis, when it has one."""
    return f"{text} [{hid}]" if hid and text != DASH else text


# ---------------------------------------------------------------- E4

def tables_e4(exp, e4, ctx):
    names, r = e4["names"], e4["ratings"]
    text = header_lines("E4: the evaluators' round robin (alpha-beta)", ctx, exp)
    text += "## Bradley-Terry ratings (Elo scale, mean 0; one virtual draw per pair as prior)\n\n"
    order = sorted(names, key=lambda x: -r[x].est)
    text += md_table(["evaluator", "rating", "95% CI", "games"],
                     [[x, f"{r[x].est:+.1f}", f"[{r[x].lo:+.1f}, {r[x].hi:+.1f}]", r[x].games] for x in order])
    text += "\n## Scores (row evaluator against column evaluator, %)\n\n"
    rows = [[x] + [pct_ci(e4["pair"].get((x, y), Est())) if x != y else "" for y in order] for x in order]
    text += md_table([""] + order, rows)
    top, bottom, e = h4_row(e4)
    text += f"\nH4: top {top} against bottom {bottom}: {role(pct_ci(e), 'H4')} over {e.n} openings, {e.games} games.\n"
    s = sorted(subgroup_s(e4), key=lambda p: (order.index(p[0]), order.index(p[1])))
    text += ("\nSubgroup S (own X at least as strong as model Y by these ratings; H5a, H5e, H5f): "
             + ", ".join(f"{x}/{y}" for x, y in s) + ".\n")
    return text


# ---------------------------------------------------------------- E5, E5dd and E5m

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


# ---------------------------------------------------------------- E6

def tables_e6(exp, res, boot, ctx):
    text = header_lines("E6: PrOM {own X: p, model Y: 1-p} against alpha-beta, model right and wrong", ctx, exp)
    rows = []
    for cond in ("right", "wrong"):
        for c in res["conds"][cond]:
            cells = [pct_ci(pooled(exp, boot, [c], v)) for v in ["ab"] + res["ps"]]
            rows.append([c[0], c[2], e6_model(exp, c[0], c[2]), c[1][4:]] + cells)
    text += "## Scores per tournament, % [95% CI]\n\n"
    text += md_table(["tournament", "own X", "model Y", "opponent", "ab_X"] + [f"p = {int(p[1:]) / 100:g}" for p in res["ps"]], rows)
    text += "\n## Pooled over the pairs, % [95% CI]\n\n"
    rows = [[cond, pct_ci(res["ab"][cond])] + [pct_ci(res["score"][cond][p]) for p in res["ps"]] for cond in res["conds"]]
    text += md_table(["model", "ab_X"] + [f"p = {int(p[1:]) / 100:g}" for p in res["ps"]], rows)
    text += "\n## H6a: gain of p = 0.75 over ab_X (non-inferiority margin -3 points), H6b: best p\n\n"
    rows = []
    for cond in res["conds"]:
        e, share = res["best"][cond]
        best = f"{fmt(e.est, 'p')} [{fmt(e.lo, 'p')}, {fmt(e.hi, 'p')}]" if e.ok() else DASH
        rows.append([cond, role(pts_ci(res["gain"][cond]), f"H6a-{cond}" if cond != "pooled" else None),
                     role(best, "H6b" if cond == "pooled" else f"H6b-{cond}, secondary"),
                     f"{100 * share:.1f}%" if e.ok() else DASH])
    text += md_table(["model", "gain p75 - ab", "best p [95% of argmax]", "resamples with best p > 0.5"], rows)
    text += "\nTies in the argmax go to the smallest p (against the hypothesis).\n"
    return text + prom_hits(exp, boot, res)


def prom_hits(exp, boot, res):
    rows = []
    for cond in ("right", "wrong"):
        for v in ["ab"] + res["ps"]:
            e = hit_rate(exp, boot, res["conds"][cond], v)
            rows.append([cond, v, pct_ci(e), e.n])
    return "\n## Hit rate of the predicted replies, % [95% CI]\n\n" + md_table(["model", "player", "hit rate", "predictions"], rows)


# ---------------------------------------------------------------- E6b

def e6b_label(v, p):
    return {"om": "p = 0 (OM search)", "ab": "p = 1 (alpha-beta(X))"}.get(v, f"p = {p:g}")


def tables_e6b(exp, res, boot, ctx):
    grid = res["grid"]
    n = {c: len(res["conds"].get(c, [])) for c in ("right", "wrong")}
    text = header_lines(f"E6b: PrOM from p = 0 (OM search) to p = 1 (alpha-beta(X)), model right ({n['right']} pairs) "
                        f"and wrong ({n['wrong']} pairs)", ctx, exp)
    text += ("Declared before the games (docs/results.md, \"E6b\"): every challenger has own evaluator X; p is the "
             "probability of MAX's own type X in PrOM {X: p, Y: 1-p}; p = 0 is OM search with model Y (om-beta), "
             "p = 1 alpha-beta with X. Model right: the opponent is alpha-beta(Y); wrong: alpha-beta(Z).\n\n")
    text += "## Pooled over the pairs, % [95% CI]\n\n"
    rows = [[cond, len(res["conds"][cond])] + [pct_ci(res["score"][cond][v]) for v, _ in grid] for cond in res["score"]]
    text += md_table(["model", "pairs"] + [e6b_label(v, p) for v, p in grid], rows)
    text += "\n## Gain over alpha-beta(X) on the same openings, points [95% CI]\n\n"
    rows = [[cond] + [pts_ci(res["gain"][cond][v]) for v, _ in grid if v != "ab"] for cond in res["gain"]]
    text += md_table(["model"] + [e6b_label(v, p) for v, p in grid if v != "ab"], rows)
    text += "\n## H6b': an optimum strictly inside (0, 1); H6c: PrOM 0.5 against OM search\n\n"
    rows = []
    for cond in res["h6b"]:
        h, c = res["h6b"][cond], res["h6c"][cond]
        right = cond == "right"
        if h is None:
            rows.append([cond] + [DASH] * 6)
            continue
        rows.append([cond, f"{int(h['star'][1:]) / 100:g}", dict(grid)[h["argmax"]] if h["argmax"] else DASH,
                     role(pts_ci(h["d0"]), "H6b'" if right else None), role(pts_ci(h["d1"]), "H6b'" if right else None),
                     f"{100 * h['interior']:.1f}%", role(pts_ci(c), "H6c" if right else "H6c-wrong, secondary")])
    text += md_table(["model", "p* (best interior p)", "argmax over the grid", "S(p*) - S(0)", "S(p*) - S(1)",
                      "resamples with an interior argmax", "H6c: S(0.5) - S(0)"], rows)
    text += ("\nTies in the argmax go to the ends of the grid (against H6b'); p* is chosen on the full data. "
             "Where the argmax falls over the resamples: " + "; ".join(
                 f"{cond}: " + ", ".join(f"{dict(grid)[v]:g} {100 * x:.1f}%" for v, x in h["share"].items())
                 for cond, h in res["h6b"].items() if h) + ".\n")
    rows = []
    for cond in ("right", "wrong"):
        for c in res["conds"].get(cond, []):
            rows.append([c[0], c[2], e6_model(exp, c[0], c[2]), c[1][4:]]
                        + [pct_ci(pooled(exp, boot, [c], v)) for v, _ in grid])
    text += "\n## Scores per tournament, % [95% CI]\n\n"
    text += md_table(["tournament", "own X", "model Y", "opponent"] + [e6b_label(v, p) for v, p in grid], rows)
    rows = []
    for cond in res["score"]:
        for v, _ in grid:
            e = hit_rate(exp, boot, res["conds"][cond], v)
            rows.append([cond, v, pct_ci(e), e.n])
    text += "\n## Hit rate of the predicted replies, % [95% CI]\n\n"
    return text + md_table(["model", "player", "hit rate", "predictions"], rows)


# ---------------------------------------------------------------- E7

def tables_e7(exp, res, boot, ctx):
    text = header_lines("E7: PrOM with learned, uniform and true type probabilities", ctx, exp)
    text += f"## H7a: learned probabilities (offline: mean and sd over repeats); truth for 'inside': {res['truth']} = 1\n\n"
    types = sorted({t for l in res["learned"].values() for t in l["types"]},
                   key=eval_order)
    rows = []
    for (opp, how), l in sorted(res["learned"].items(), key=lambda kv: (E7_OPPONENTS.index(kv[0][0]), E7_LEARNERS.index(kv[0][1]))):
        cells = [learned_cell(l["types"].get(t)) for t in types]
        tv = f"{tv_distance(l, res['truth']):.3f}" if opp == "inside" else DASH
        rows.append([opp, how] + cells + [tv])
    text += md_table(["opponent", "learner"] + types + ["TV distance to truth"], rows)
    text += "\n## Scores per opponent, % [95% CI]\n\n"
    players = exp.variants(["ab", "promcount", "promem", "promonline", "promuniform", "promtrue"])
    rows = [[opp] + [pct_ci(pooled(exp, boot, e7_cells(exp, [opp]), v)) for v in players] for opp in E7_OPPONENTS]
    text += md_table(["opponent"] + players, rows)
    text += "\n## Gains over uniform probabilities, points [95% CI] (outside = depth, noisy, heldout pooled)\n\n"
    rows = [[f"prom{v} - promuniform"] + [pts_ci(res["per_opp"][(o, v)]) for o in E7_OPPONENTS]
            + [role(pts_ci(res["h7b"][v]), "H7b-count" if v == "count" else f"H7b-{v}, secondary")
               if v != "true" else DASH] for v in ("count", "em", "online", "true")]
    text += md_table(["gain"] + E7_OPPONENTS + ["outside pooled"], rows)
    text += "\nExploratory, learned PrOM minus ab_td-long (outside pooled): " + "; ".join(
        f"{how} {pts_ci(res['vs_ab'][how])}" for how in E7_LEARNERS) + ".\n"
    return text + e7_hits(exp, boot, players)


def learned_cell(v):
    if v is None:
        return DASH
    p, sd = v
    return f"{p:.3f}" + (f" ± {sd:.3f}" if sd is not None else "")


def e7_hits(exp, boot, players):
    rows = [[v] + [f"{pct_ci(e)} ({e.n})" for e in (hit_rate(exp, boot, e7_cells(exp, [o]), v) for o in E7_OPPONENTS)]
            for v in players]
    return "\n## Hit rate of the predicted replies, % [95% CI] (predictions)\n\n" + md_table(["player"] + E7_OPPONENTS, rows)


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


# ---------------------------------------------------------------- beside Donkers' program

UNMEASURED = "not yet measured (sensitivity arms)"
NO_S2_ROW = "not played (S2 has PrOM 0.5 only)"
NO_S2_WRONG = "not played (S2 plays the model right only)"


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
