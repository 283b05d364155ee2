"""The second pass of the thesis study (docs/results.md, "Second pass: arms declared
before the data"): E5s (H5f', the node-budget sweep), E5g (H5g', the model with noise),
D8 (the depth-8 check), E7b (the on-line learner repeated, E7 at own weight 0.9),
H7b-NI (E7's data read as non-inferiority, an amendment after the data) and E6c (PrOM
{X: 0.8, Y: 0.2}, the reference table's row, on E6b's pairs and openings).

Every statistic takes the opening as its unit and pairs gains by opening, as the first
pass does (stats.py). Each experiment has its own bootstrap over its opening indices
(PCG64 seeded with --seed); E7b's two parts (30 and 80 openings at the standard scale)
have one each, so that a part is resampled over its own openings only."""
import os
import re
import sys

import numpy as np

from .analysis import pair_of, split_cells
from .design import DONKERS_2002, E7_OPPONENTS, E7_OUTSIDE, FAMILY, eval_order
from .e5 import analyse_gauntlet, bca_est
from .e6 import e6_cells
from .e7 import inside_truth, tv_distance
from .experiment import side_records
from .hypotheses import decide, entry, row, short
from .second_pass_figures import figure_e5g, figure_e5s
from .loading import parse_learned
from .records import InputError, games_file, read_games
from .stats import (NAN, Boot, Est, estimate, hit_rate, jackknife, nodes_per_move, percentile_ci, pooled, spearman,
                    unit_sums, within_variant)
from .tables import DASH, fmt, md_table, pct_ci, pts_ci, role, write_text

H5F, H5G = "H5f'", "H5g'"
NI_MARGIN = -0.03  # H6a's non-inferiority margin, -3 score points, as H7b-NI declares it
D8_ORDER = ["ab", "omd", "omd1", "om", "p75"]
ROLES_NOTE = (f"A cell marked [H..] decides that primary verdict (one of the family of {len(FAMILY)} corrected by "
              "Holm, "
              "results/verdicts.md); [H.., exploratory] a row of results/verdicts.md outside the family; every other "
              "cell is exploratory: described, not tested, not corrected for multiplicity.\n\n")


# ---------------------------------------------------------------- common

def header(title, ctx, exp, extra=""):
    """The opening lines of a second-pass tables.md."""
    return (f"# {title}\n\n{ctx.scale} scale; {exp.games} games; {exp.n} openings; bootstrap over openings, "
            f"{ctx.resamples} resamples, seed {ctx.seed}; intervals are 95% percentile intervals{extra}. Scores and "
            "gains in score points (percent of a point per game); gains paired by opening. Declaration: "
            "docs/results.md, \"Second pass: arms declared before the data\".\n\n" + ROLES_NOTE)


def s_line(s):
    """Which pairs subgroup S holds, or that it is unknown."""
    if s is None:
        return "E4 is absent: subgroup S (own X at least as strong as model Y) is unknown.\n\n"
    return "Subgroup S (from the E4 ratings): " + ", ".join(f"{x}/{y}" for x, y in sorted(s)) + ".\n\n"


def no_s_row():
    """A verdict row for a rule over S when E4 is absent."""
    return row(Est(), "pts", "no data (E4 absent: subgroup S unknown)", DASH), "", NAN


def numeric_variants(exp, prefix):
    """{number: variant} of the challengers named prefix<number> (eqab700, noise3, online2),
    sorted by number; the number as int when it is one."""
    out = {}
    for v in exp.variants([]):
        m = re.fullmatch(re.escape(prefix) + r"(\d+(?:\.\d+)?)", v)
        if m:
            x = float(m.group(1))
            out[int(x) if x.is_integer() else x] = v
    return dict(sorted(out.items()))


def mean_of_ratios(boot, parts, games):
    """The mean over parts of the ratio sum(num) / sum(den), each part a (num, den) pair
    of per-opening sums, with its bootstrap interval (every part read at the same
    resampled openings, so the mean's samples are the mean of the parts' samples) and
    its samples kept. Parts without any unit are left out; none left gives Est()."""
    parts = [(num, den) for num, den in parts if den.sum() > 0]
    if boot is None or not parts:
        return Est()
    point = float(np.mean([num.sum() / den.sum() for num, den in parts]))
    samples = np.mean([boot.ratio(num, den) for num, den in parts], axis=0)
    n = int((sum(den for _, den in parts) > 0).sum())
    return Est(point, *percentile_ci(samples), n, games, samples)


def verdict_cell(e, null, direction):
    """The decision rule's verdict of e, with its openings needed when not decided."""
    verdict, needed = decide(e, null, direction)
    return verdict + (f" ({needed} openings needed)" if needed != DASH else "")


# ---------------------------------------------------------------- E5s: H5f'

def e5s_budgets(exp):
    """The budgets B with both eqabB and eqomdB players, ascending."""
    ab, om = numeric_variants(exp, "eqab"), numeric_variants(exp, "eqomd")
    return [b for b in ab if b in om]


def analyse_e5s(exp, boot, s):
    """gain(B) = score(eqomdB) - score(eqabB) per budget over (all pairs, S, complement)
    and G = the mean over the budgets of gain(B) over S (H5f'), samples kept."""
    groups = split_cells(exp.cells(), s)
    budgets = e5s_budgets(exp)
    gain = {b: [pooled(exp, boot, g, f"eqomd{b}", f"eqab{b}", keep=True) for g in groups] for b in budgets}
    sums = [unit_sums(exp, groups[1], f"eqomd{b}", f"eqab{b}") for b in budgets]
    g = mean_of_ratios(boot, [(num, den) for num, den, _ in sums], sum(x[2] for x in sums))
    return {"groups": groups, "budgets": budgets, "gain": gain, "G": g}


def per_game_npm(exp):
    """{(tournament, challenger variant): [nodes a move of each of its games]}, read again
    from the games files (the per-opening sums keep only the mean); the records passed
    loading's checks when the experiment was read."""
    out = {}
    for sub in sorted(os.listdir(exp.folder)):
        path = games_file(os.path.join(exp.folder, sub))
        if path is None:
            continue
        for _, g in read_games(path):
            for player, (_, npm, _, _) in side_records(g).items():
                if npm is not None and not player.startswith("opp_"):
                    out.setdefault((sub, player.split("_", 1)[0]), []).append(npm)
    return out


def median_npm(npm, variant):
    """The median over every game of variant (all tournaments) of its nodes a move."""
    values = [x for (_, v), xs in npm.items() if v == variant for x in xs]
    return float(np.median(values)) if values else NAN


def tables_e5s(exp, boot, res, s, ctx):
    """E5s's tables.md: H5f', gain(B) per budget, scores and nodes a move per player."""
    text = header("E5s: H5f' as a node-budget sweep (root OM against alpha-beta within B nodes a move)", ctx, exp)
    text += s_line(s)
    g = res["G"]
    budgets = ", ".join(f"{b:,}" for b in res["budgets"])
    text += (f"## H5f': G, the mean over the budgets ({budgets}) of gain(B) over S\n\n"
             f"G = {role(pts_ci(g), H5F) if g.ok() else DASH} ({g.n} openings): "
             f"{verdict_cell(g, 0.0, 1) if s is not None else 'no data (E4 absent)'}.\n\n")
    text += "## gain(B) = score(eqomdB) - score(eqabB), points [95% CI] (openings)\n\n"
    rows = [[f"{b:,}", f"{pts_ci(a)} ({a.n})", f"{pts_ci(sub)} ({sub.n})" if s else DASH, pts_ci(comp) if s else DASH]
            for b, (a, sub, comp) in res["gain"].items()]
    text += md_table(["budget B (nodes a move)", "all pairs", "subgroup S", "complement of S"], rows)
    text += "\n## Scores of each player, % [95% CI]\n\n"
    all_cells, sub_cells = res["groups"][0], res["groups"][1]
    rows = []
    for b in res["budgets"]:
        for v in (f"eqab{b}", f"eqomd{b}"):
            rows.append([v, pct_ci(pooled(exp, boot, all_cells, v)), pct_ci(pooled(exp, boot, sub_cells, v)) if s
                         else DASH])
    text += md_table(["player", "all pairs", "subgroup S"], rows)
    npm = per_game_npm(exp)
    text += ("\n## Nodes a move each player used (over its games, all pairs; root OM's count both functions' "
             "searches)\n\n")
    rows = []
    for b in res["budgets"]:
        for v in (f"eqab{b}", f"eqomd{b}"):
            mean, med = nodes_per_move(exp, all_cells, v), median_npm(npm, v)
            rows.append([f"{b:,}", v, f"{mean:,.1f}", f"{med:,.1f}", f"{mean / b:.2f}"])
    text += md_table(["budget B", "player", "mean", "median", "mean / B"], rows)
    return text


def tables_e5sd(e5s, e5sd, boot, s):
    """Exploratory, added after E5s's first games: root OM with the model at each
    iteration's depth (E5sd's eqomddB, E5's eqomd) against E5s's alpha-beta at the same
    budget on the same openings (E5sd-vs-Y pairs with E5s-vs-Y)."""
    if e5sd.n != e5s.n:
        raise InputError(f"E5sd has {e5sd.n} openings and E5s {e5s.n}: E5sd must play E5s's openings")
    base_cfg = lambda cfg: cfg.replace("E5sd-", "E5s-", 1)  # noqa: E731
    groups = split_cells(e5sd.cells(), s)
    text = ("\n## Exploratory, added after E5s's first games: root OM with the model at each iteration's depth "
            "(E5sd)\n\nE5s's root OM searches its model to the opponent's depth 6 below every root move, so that an "
            "iteration of depth 1 alone costs about the root's moves times alpha-beta's 6-ply search; E5sd's "
            "`eqomddB` is E5's `eqomd` (the model at the iteration's depth) within E5s's larger budgets, against "
            "E5s's `eqabB` on the same openings. Not declared before the data; no verdict rests on it.\n\n")
    rows = []
    for b in numeric_variants(e5sd, "eqomdd"):
        v = f"eqomdd{b}"
        gains = [pooled(e5sd, boot, g, v, f"eqab{b}", base_exp=e5s, base_cfg=base_cfg) for g in groups]
        rows.append([f"{b:,}", pct_ci(pooled(e5sd, boot, groups[0], v)), f"{pts_ci(gains[0])} ({gains[0].n})",
                     f"{pts_ci(gains[1])} ({gains[1].n})" if s else DASH, f"{nodes_per_move(e5sd, groups[0], v):,.1f}"])
    return text + md_table(["budget B", "score of eqomddB, all pairs, %", "gain over eqabB, all pairs",
                            "gain over eqabB, subgroup S", "nodes a move (mean)"], rows)


def verdicts_e5s(v, res, s):
    """H5f': reproduced when G's 95% interval lies above 0, not reproduced below."""
    v[H5F] = no_s_row() if s is None else entry(res["G"], "pts", 0.0, 1)


# ---------------------------------------------------------------- E5g: H5g'

def e5g_sums(exp, cells, levels):
    """H5g''s (pair, a) points: per-opening sums of the gain over ab (numerator, units)
    and of the hits (hits, predictions) as arrays (openings, points), the points'
    labels (pair, a) and the games they use (each ab game counted once)."""
    gnum, gden, hnum, hden, labels, used = [], [], [], [], [], {}
    for c in cells:
        for a, var in levels.items():
            num, den, _ = unit_sums(exp, [c], var, "ab")
            st = exp.stat(c[0], f"{var}_{c[2]}", c[1])
            if den.sum() == 0 or st is None or st.preds.sum() == 0:
                continue
            gnum.append(num), gden.append(den), hnum.append(st.hits), hden.append(st.preds)
            labels.append((pair_of(c), a))
            for player in (f"{var}_{c[2]}", f"ab_{c[2]}"):
                used[(c[0], player, c[1])] = exp.stat(c[0], player, c[1]).games.sum()
    return [np.array(m).T for m in (gnum, gden, hnum, hden)], labels, sum(used.values())


def fe_slope(gain, hit, groups):
    """The least-squares slope of gain on hit rate with one intercept per group (pair
    fixed effects), per row of gain and hit (arrays (rows, points)): stats.within_variant's
    slope of the demeaned values."""
    return within_variant(gain, hit, groups)[1]


def analyse_e5g(exp, boot):
    """Per noise a: gain over ab and hit rate (all pairs); H5g''s slope with pair fixed
    effects over the (pair, a) points, BCa over openings (jackknife over openings);
    the points and the within-pair Spearman rho (exploratory)."""
    cells = exp.cells()
    levels = numeric_variants(exp, "noise")
    out = {"levels": levels, "gain": {}, "hit": {}, "slope": Est(), "points": [], "within_rho": {}}
    for a, var in levels.items():
        out["gain"][a] = pooled(exp, boot, cells, var, "ab")
        out["hit"][a] = hit_rate(exp, boot, cells, var)
    G, labels, games = e5g_sums(exp, cells, levels)
    if len(labels) < 3 or boot is None:
        return out
    groups = [f"{x}/{y}" for (x, y), _ in labels]  # strings: numpy keeps them a 1-d array
    n = int((G[1].sum(1) > 0).sum())
    out["slope"] = bca_est(lambda g, h: fe_slope(g, h, groups), G, boot, jackknife(exp.n), n, games)
    gain, hit = G[0].sum(0) / G[1].sum(0), G[2].sum(0) / G[3].sum(0)
    out["points"] = list(zip(labels, gain, hit))
    for p in dict.fromkeys(p for p, _ in labels):
        idx = [i for i, (q, _) in enumerate(labels) if q == p]
        out["within_rho"][p] = spearman(gain[idx], hit[idx])
    return out


def tables_e5g(exp, boot, res, ctx):
    """E5g's tables.md: H5g''s slope, gain and hit rate per a, the points, within-pair rho."""
    text = header("E5g: H5g' at fixed cost (root OM with a noisy model against alpha-beta)", ctx, exp,
                  " (BCa for H5g')")
    sl = res["slope"]
    text += ("## H5g': slope of gain(pair, a) on hit rate(pair, a), one intercept per pair\n\n"
             f"beta = {fmt(sl.est, 'rho')} points of gain per point of hit rate, 95% BCa interval "
             f"[{fmt(sl.lo, 'rho')}, {fmt(sl.hi, 'rho')}] [H5g'] over {len(res['points'])} points ({sl.n} openings): "
             f"{verdict_cell(sl, 0.0, 1)}. Bootstrap over openings (every point's gain and hit rate recomputed from "
             "the resampled per-opening sums); BCa bias from the share of resamples below the estimate, "
             "acceleration from leaving one opening out")
    if getattr(sl, "bca", None):
        z0, acc, lo, hi = sl.bca
        text += f" (z0 {z0:+.3f}, a {acc:+.4f}; ends at the {100 * lo:.2f}% and {100 * hi:.2f}% resamples)"
    text += ".\n\n## Per noise level a (all pairs): gain over ab, points [95% CI], and hit rate, % [95% CI]\n\n"
    rows = [[f"{a:g}", var, f"{pts_ci(res['gain'][a])} ({res['gain'][a].n})", pct_ci(res["hit"][a]), res["hit"][a].n]
            for a, var in res["levels"].items()]
    text += md_table(["a (evaluation units)", "player", "gain over ab (openings)", "hit rate", "predictions"], rows)
    text += "\n## The (pair, a) points (point estimates)\n\n"
    text += md_table(["own X / model Y", "a", "gain (points)", "hit rate (%)"],
                     [[f"{x}/{y}", f"{a:g}", f"{100 * g:+.1f}", f"{100 * h:.1f}"]
                      for ((x, y), a), g, h in res["points"]])
    rhos = res["within_rho"]
    finite = [r for r in rhos.values() if np.isfinite(r)]
    text += ("\nExploratory: Spearman rho of gain and hit rate over the noise levels within each pair (point "
             f"estimates); mean over the pairs {f'{np.mean(finite):+.3f}' if finite else DASH}, "
             f"{sum(r > 0 for r in finite)} of {len(finite)} positive.\n\n")
    text += md_table(["own X / model Y", "rho"], [[f"{x}/{y}", fmt(r, "rho")] for (x, y), r in rhos.items()])
    return text


def verdicts_e5g(v, res):
    """H5g': reproduced when the slope's BCa 95% interval lies above 0, not below; its
    p inverts the BCa interval's rule (as H5g-within's)."""
    sl = res["slope"]
    verdict, needed = decide(sl, 0.0, 1)
    pct = getattr(sl, "pct", (NAN, NAN))
    v[H5G] = (row(sl, "slope", verdict, needed), f"percentile interval [{fmt(pct[0], 'rho')}, {fmt(pct[1], 'rho')}]",
              sl.p)


# ---------------------------------------------------------------- D8

# (id, depth-6 id, variant, group (0 all pairs, 1 S), null, direction) of D8's checks.
D8_CHECKS = [("H5a-d8", "H5a", "omd", 1, 0.0, 1), ("H5b-d8", "H5b", "omd1", 0, 0.0, -1),
             ("H5d-d8", "H5d", "om", 0, 0.0, 0), ("H6a-d8", "H6a-right", "p75", 0, NI_MARGIN, 1)]


def d8_entry(e, null, direction, depth6):
    """(row, note, p) of an exploratory depth-8 check: the depth-6 rule applied to e,
    and whether its verdict is the one the depth-6 row (depth6, v's entry or None)
    reached by the same rule before Holm. p is left out (outside the family)."""
    verdict, needed = decide(e, null, direction)
    if depth6 is None:
        same = "depth 6: no data"
    else:
        d6 = short(depth6[0][5])
        same = "same verdict as depth 6" if short(verdict) == d6 else "not the same verdict"
        same = f"depth 6 (before Holm): {d6}; {same}"
    return row(e, "pts", verdict, needed), same, NAN


def tables_d8(exp, boot, res, s, ctx, checks):
    """D8's tables.md: the depth-6 rules at depth 8, gains, scores, hit rates, nodes."""
    text = header("D8: the depth-8 check (exploratory, outside the Holm family)", ctx, exp) + s_line(s)
    text += "## The depth-6 rules at depth 8\n\n"
    rows = []
    for hid, d6, var, group, null, direction in D8_CHECKS:
        if hid in checks:
            cells, note, _ = checks[hid]
            rows.append([hid, d6, f"gain {var} - ab, {'S' if group else 'all pairs'}"
                         + (f", non-inferiority at {100 * null:+.0f}" if null else ""),
                         f"{cells[0]} [{cells[1]}, {cells[2]}]", cells[5], cells[6], note])
    text += md_table(["check", "depth-6 row", "measure", "estimate [95% CI]", "verdict at depth 8",
                      "openings needed", "beside depth 6"], rows)
    text += "\n## Gains over ab, points [95% CI] (openings)\n\n"
    rows = []
    for v, (a, sub, comp) in res["gain"].items():
        rows.append([v, f"{pts_ci(a)} ({a.n})", pts_ci(sub) if s else DASH, pts_ci(comp) if s else DASH])
    text += md_table(["variant", "all pairs", "subgroup S", "complement of S"], rows)
    text += "\n## Scores, % [95% CI], all pairs; nodes a move (mean over games); hit rate of the predictions\n\n"
    cells = res["cells"]
    rows = [[v, pct_ci(pooled(exp, boot, cells, v)), f"{nodes_per_move(exp, cells, v):,.1f}",
             f"{pct_ci(res['hit'][v])} ({res['hit'][v].n})"] for v in res["variants"]]
    text += md_table(["player", "score", "nodes a move", "hit rate (predictions)"], rows)
    return text


def analyse_d8(exp, boot, s, v):
    """D8's gains (analysis.analyse_gauntlet over ab) and its checks' verdict rows."""
    res = analyse_gauntlet(exp, boot, s, D8_ORDER)
    checks = {}
    for hid, d6, var, group, null, direction in D8_CHECKS:
        if var not in res["gain"]:
            continue
        if group == 1 and s is None:
            checks[hid] = no_s_row()
            continue
        checks[hid] = d8_entry(res["gain"][var][group], null, direction, v.get(d6))
    return res, checks


# ---------------------------------------------------------------- E7b

ONLINE_FILE = re.compile(r"(?P<opp>[a-z]+)-online-(?P<k>\d+)\.txt")


def read_repeats(folder):
    """{opponent: {k: parse_learned(...)}} of FOLDER/learned/<opponent>-online-<k>.txt,
    opponents in E7's order, repeats ascending; a malformed file raises InputError
    naming file and line."""
    out = {}
    learned = os.path.join(folder, "learned")
    if not os.path.isdir(learned):
        return out
    for name in sorted(os.listdir(learned)):
        m = ONLINE_FILE.fullmatch(name)
        if m and m.group("opp") in E7_OPPONENTS:
            out.setdefault(m.group("opp"), {})[int(m.group("k"))] = parse_learned(os.path.join(learned, name))
    return {o: dict(sorted(out[o].items())) for o in E7_OPPONENTS if o in out}


def part_n(exp, prefix):
    """Openings of the tournaments named prefix...: one past the last opening index with
    a game (0 without games)."""
    last = -1
    for (cfg, _, _), st in exp.stats.items():
        if cfg.startswith(prefix) and st.games.any():
            last = max(last, int(np.nonzero(st.games)[0][-1]))
    return last + 1


def part_cells(exp, prefix, opps):
    """Cells of the tournaments named prefix... against the opponents opps."""
    return [c for c in exp.cells() if c[0].startswith(prefix) and c[1][4:] in opps]


def part_gain(exp, boot, cells, variant, base=None):
    """pooled() over a part of the experiment whose openings are the first boot.n."""
    num, den, games = unit_sums(exp, cells, variant, base)
    return estimate(boot, num[:boot.n], den[:boot.n], games)


def repeat_generator(seed):
    """The generator of the repeat indices: PCG64 seeded with the bootstrap's seed and
    jumped ahead once, a stream independent of the openings' (stats.Boot's)."""
    return np.random.Generator(np.random.PCG64(seed).jumped())


def repeat_counts(rng, resamples, k):
    """(resamples, k): how often each of k repeats is drawn in each resample, k draws
    with replacement a resample."""
    draws = rng.integers(0, k, size=(resamples, k))
    return np.stack([np.bincount(r, minlength=k) for r in draws]).astype(float)


def repeats_ratio(boot, parts):
    """The mean over repeats of a gain, pooled over opponents as a ratio of sums, with a
    bootstrap over openings AND repeats. parts: [(num, den, counts)] per opponent, num
    and den arrays (openings, repeats) of per-opening sums of each repeat's paired gain,
    counts (resamples, repeats) the repeat draws (repeat_counts). Resample b draws the
    openings of boot's row b (the same for every opponent and repeat) and the repeats of
    counts' row b; the statistic is the sum over opponents and drawn repeats of
    W_b @ num over the same of den. With every unit played this is the mean over the
    drawn repeats of the pooled gain. Returns (point, samples)."""
    top, bottom = np.zeros(boot.B), np.zeros(boot.B)
    point_num = point_den = 0.0
    for num, den, counts in parts:
        top += (boot.sums(num) * counts).sum(1)
        bottom += (boot.sums(den) * counts).sum(1)
        point_num, point_den = point_num + num.sum(), point_den + den.sum()
    with np.errstate(invalid="ignore", divide="ignore"):
        samples = np.where(bottom > 0, top / np.where(bottom > 0, bottom, 1), NAN)
    return (point_num / point_den if point_den > 0 else NAN), samples


def online_sums(exp, opp, ks, n):
    """Per-opening sums (openings, repeats) of score(online_k) - score(promuniform) in
    E7b's on-line tournament against opp, for repeats ks, and the games used."""
    nums, dens, games = [], [], 0
    cells = part_cells(exp, "E7b-online-", [opp])
    for k in ks:
        num, den, g = unit_sums(exp, cells, f"online{k}", "promuniform")
        nums.append(num[:n]), dens.append(den[:n])
        games += g
    return np.array(nums).T, np.array(dens).T, games


def online_gains(exp, ctx):
    """The on-line gain over uniform, {opponent or 'outside': Est}, per opponent and
    pooled over the outside ones, bootstrapped over openings and repeats. The repeat
    draws are made once per opponent (E7's order, one generator: repeat_generator) and
    serve both its own row and the pooled one; each opponent's repeats are drawn apart
    from the others', its repeats being its own learner runs."""
    n = part_n(exp, "E7b-online-")
    if n == 0:
        return {}
    boot = Boot(n, ctx.resamples, ctx.seed)
    rng = repeat_generator(ctx.seed)
    parts, games, out = {}, {}, {}
    for opp in E7_OPPONENTS:
        cells = part_cells(exp, "E7b-online-", [opp])
        ks = [k for k in numeric_variants(exp, "online")
              if any(exp.stat(c[0], f"online{k}_{c[2]}", c[1]) for c in cells)]
        if not ks:
            continue
        num, den, games[opp] = online_sums(exp, opp, ks, n)
        if den.sum() == 0:
            continue
        parts[opp] = (num, den, repeat_counts(rng, boot.B, len(ks)))
        point, samples = repeats_ratio(boot, [parts[opp]])
        out[opp] = Est(point, *percentile_ci(samples), int((den.sum(1) > 0).sum()), games[opp], samples)
    outside = [o for o in E7_OUTSIDE if o in parts]
    if outside:
        point, samples = repeats_ratio(boot, [parts[o] for o in outside])
        units = sum(parts[o][1].sum(1) for o in outside)
        out["outside"] = Est(point, *percentile_ci(samples), int((units > 0).sum()),
                             sum(games[o] for o in outside), samples)
    return out


def weight_gains(exp, ctx):
    """E7b's own-weight-0.9 part: {(row, opponent or 'outside'): Est} for the rows
    'w<how> - wuniform' and 'w<how> - ab' (how: count, em, online), 'wtrue - wuniform'
    (inside only), with a bootstrap over the part's own openings."""
    n = part_n(exp, "E7b-weight-")
    if n == 0:
        return {}
    boot = Boot(n, ctx.resamples, ctx.seed)
    out = {}
    specs = [(f"w{h}", base) for base in ("wuniform", "ab") for h in ("count", "em", "online")]
    specs.append(("wtrue", "wuniform"))
    for var, base in specs:
        for where, opps in [(o, [o]) for o in E7_OPPONENTS] + [("outside", E7_OUTSIDE)]:
            e = part_gain(exp, boot, part_cells(exp, "E7b-weight-", opps), var, base)
            if e.ok():
                out[(f"{var} - {base}", where)] = e
    return out


def learned_rows(repeats, truth):
    """Rows of the on-line repeats' learned probabilities per opponent: each repeat, then
    mean, min and max over the repeats of every type's probability and (inside) of the
    total variation distance to the truth (the truth's type 1, the others 0)."""
    types = sorted({t for reps in repeats.values() for l in reps.values() for t in l["types"]}, key=eval_order)
    rows = []
    for opp, reps in repeats.items():
        probs = np.array([[l["types"].get(t, (0.0, None))[0] for t in types] for l in reps.values()])
        tvs = np.array([tv_distance(l, truth) for l in reps.values()]) if opp == "inside" else None
        for i, k in enumerate(reps):
            rows.append([opp, str(k)] + [f"{p:.3f}" for p in probs[i]] + [f"{tvs[i]:.3f}" if tvs is not None else DASH])
        for name, f in (("mean", np.mean), ("min", np.min), ("max", np.max)):
            rows.append([opp, f"**{name}**"] + [f"{p:.3f}" for p in f(probs, axis=0)]
                        + [f"{f(tvs):.3f}" if tvs is not None else DASH])
    return types, rows


def ni_cell(e):
    """The non-inferiority rule at -3 points applied to e (exploratory)."""
    return verdict_cell(e, NI_MARGIN, 1)


def tables_e7b(exp, ctx, repeats, truth, online, weight):
    """E7b's tables.md: the repeats' learned probabilities, the on-line gain over uniform
    (bootstrap over openings and repeats), and the own-weight-0.9 gains."""
    text = header("E7b: the on-line learner repeated, and E7 at own weight 0.9 (exploratory)", ctx, exp)
    text += ("Each part has its own bootstrap over its own openings (the on-line part "
             f"{part_n(exp, 'E7b-online-')}, the weight part {part_n(exp, 'E7b-weight-')}).\n\n")
    text += f"## The on-line learner's repeats: learned probabilities; truth for 'inside': {truth} = 1\n\n"
    if repeats:
        types, rows = learned_rows(repeats, truth)
        text += md_table(["opponent", "repeat"] + types + ["TV distance to truth"], rows)
    else:
        text += "No learned/<opponent>-online-<k>.txt: no data.\n"
    text += ("\n## On-line gain over uniform: the mean over repeats of score(online_k) - score(promuniform), "
             "points [95% CI] (openings)\n\n"
             "Bootstrap over openings and repeats: each resample draws the part's openings (as everywhere, PCG64 "
             "seeded with the seed) and, per opponent, as many repeat indices with replacement as there are repeats "
             "(a second PCG64 stream, the same seed jumped ahead); the gain is the ratio of the drawn repeats' summed "
             "per-opening gains to their units. Pooled outside: depth, noisy and heldout, each opponent's repeats "
             "drawn apart (its own learner runs).\n\n")
    rows = [[o, f"{pts_ci(online[o])} ({online[o].n})", ni_cell(online[o])]
            for o in E7_OPPONENTS + ["outside"] if o in online]
    text += md_table(["opponent", "gain over uniform", f"non-inferiority at {100 * NI_MARGIN:+.0f} points"],
                     rows or [["no data", DASH, DASH]])
    text += ("\n## Own weight 0.9: gains, points [95% CI] (openings); E7's learned probabilities rescaled to share "
             "0.1\n\n")
    names = list(dict.fromkeys(r for r, _ in weight))
    rows = []
    for r in names:
        cells = [pts_ci(weight[(r, o)]) if (r, o) in weight else DASH for o in E7_OPPONENTS]
        e = weight.get((r, "outside"), Est())
        rows.append([r] + cells + [f"{pts_ci(e)} ({e.n})" if e.ok() else DASH,
                                   ni_cell(e) if e.ok() and r.endswith("wuniform") else DASH])
    text += md_table(["gain"] + E7_OPPONENTS + ["outside pooled", f"non-inferiority at {100 * NI_MARGIN:+.0f}"],
                     rows or [["no data"] + [DASH] * (len(E7_OPPONENTS) + 2)])
    return text


# ---------------------------------------------------------------- H7b-NI

NI_NOTE = "an amendment after the data (E7's games seen), stated as one; non-inferiority at -3 points (H6a's margin)"


def verdicts_h7b_ni(v, res):
    """H7b-NI (count, in the family) and its exploratory EM and on-line rows: E7's gain
    over uniform outside, reproduced when its 95% interval's lower end is above -3
    points, not reproduced when its upper end is below; p inverts the rule against -3,
    as H6a's."""
    for how, hid in (("count", "H7b-NI"), ("em", "H7b-NI-em"), ("online", "H7b-NI-online")):
        e = res["h7b"].get(how)
        if e is None:
            continue
        cells, _, p = entry(e, "pts", NI_MARGIN, 1)
        v[hid] = (cells, NI_NOTE if hid == "H7b-NI" else "", p if hid == "H7b-NI" else NAN)


# ---------------------------------------------------------------- the second pass

def boot_of(exp, ctx):
    return Boot(exp.n, ctx.resamples, ctx.seed)


def run_e5s(exp, ctx, v, s, e5sd=None):
    boot = boot_of(exp, ctx)
    res = analyse_e5s(exp, boot, s)
    text = tables_e5s(exp, boot, res, s, ctx)
    if e5sd is not None:
        try:
            text += tables_e5sd(exp, e5sd, boot, s)
        except InputError as e:
            print(f"thesis-analyse: error: {e}", file=sys.stderr)
            sys.exit(2)
    figure_e5s(exp, res, ctx, os.path.join(exp.folder, "E5s"))
    write_text(os.path.join(exp.folder, "tables.md"), text)
    verdicts_e5s(v, res, s)


def run_e5g(exp, ctx, v):
    boot = boot_of(exp, ctx)
    res = analyse_e5g(exp, boot)
    write_text(os.path.join(exp.folder, "tables.md"), tables_e5g(exp, boot, res, ctx))
    figure_e5g(exp, res, ctx, os.path.join(exp.folder, "E5g"))
    verdicts_e5g(v, res)


def run_d8(exp, ctx, v, s):
    boot = boot_of(exp, ctx)
    res, checks = analyse_d8(exp, boot, s, v)
    write_text(os.path.join(exp.folder, "tables.md"), tables_d8(exp, boot, res, s, ctx, checks))
    v.update(checks)


def run_e7b(exp, ctx, repeats):
    truth = inside_truth(exp)
    write_text(os.path.join(exp.folder, "tables.md"),
               tables_e7b(exp, ctx, repeats, truth, online_gains(exp, ctx), weight_gains(exp, ctx)))


def run_e6c(exps, ctx):
    """E6c's tables.md (exploratory, declared before its games): PrOM {X: 0.8, Y: 0.2} and
    alpha-beta(X) against alpha-beta(Y), model right, pooled over its pairs; returns
    {"score": {ab, p80}, "gain": p80 - ab} for the reference table, or None without E6c."""
    exp = exps.get("E6c")
    if exp is None or exp.n == 0:
        return None
    boot = boot_of(exp, ctx)
    cells = e6_cells(exp)["right"]
    res = {"score": {v: pooled(exp, boot, cells, v) for v in ("ab", "p80")},
           "gain": pooled(exp, boot, cells, "p80", "ab"), "pairs": len(cells)}
    text = header("E6c: PrOM {X: 0.8, Y: 0.2} with the model right (exploratory)", ctx, exp)
    text += (f"{res['pairs']} ordered pairs (E6b's model-right pairs, seed and openings), X against alpha-beta(Y) "
             f"with model Y; Donkers' program scored {100 * DONKERS_2002['p80']:.1f}% "
             f"({100 * (DONKERS_2002['p80'] - 0.5):+.1f} points over his alpha-beta(X)) here "
             "(docs/reference-program.md).\n\n")
    text += md_table(["player", "score against alpha-beta(Y) (openings)", "gain over alpha-beta(X)"],
                     [["alpha-beta(X) (ab)", f"{pct_ci(res['score']['ab'])} ({res['score']['ab'].n})", DASH],
                      ["PrOM {X: 0.8, Y: 0.2} (p80)", f"{pct_ci(res['score']['p80'])} ({res['score']['p80'].n})",
                       pts_ci(res["gain"])]])
    write_text(os.path.join(exp.folder, "tables.md"), text)
    return res


def run_second_pass(exps, ctx, v, s, e7):
    """Writes the tables of E5s, E5g, D8 and E7b present in exps and adds their verdict
    rows to v; s is H5a's subgroup, e7 E7's (experiment, analysis, bootstrap) or None.
    E7b's learned files are read first, so that a malformed one stops the script (exit
    2, FILE:LINE on stderr) before any second-pass output."""
    e7b = exps.get("E7b")
    try:
        repeats = read_repeats(e7b.folder) if e7b is not None else {}
    except InputError as e:
        print(f"thesis-analyse: error: {e}", file=sys.stderr)
        sys.exit(2)
    if "E5s" in exps:
        run_e5s(exps["E5s"], ctx, v, s, exps.get("E5sd"))
    if "E5g" in exps:
        run_e5g(exps["E5g"], ctx, v)
    if "D8" in exps:
        run_d8(exps["D8"], ctx, v, s)
    if e7b is not None:
        run_e7b(e7b, ctx, repeats)
    if e7 is not None:
        verdicts_h7b_ni(v, e7[1])
