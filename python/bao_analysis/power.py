"""S2 power (docs/results.md, "S2 power", declared before its games): S2's openings arm
beside a base arm on fresh openings (seed 2034), 130 a pair, rows PrOM 0.5, OM search and
root OM at d, in RESULTS/S2/power/ under S2's tournament names, so that S2's arm analysis
(arms.analyse_arms) reads them with its own bootstrap of the opening indices.

Declared measures: for r in {p50, om, omd}, Delta(r) = gain_openings(r) - gain_base(r),
its interval at 98.33% (Bonferroni over the three rows), read by S2 hisarms' rule
(hisarms.his_table_reading) with the bound the end of that interval on the side of
Donkers' figure. A second family of three re-reads hisevals' gains against this base arm:
Delta_his(r) = gain_hisevals(r) - gain_base(r) (independent samples), its interval from
the two 95% half-widths combined and scaled to 98.33%, read by the hisevals rule. Beside
each, S2's 30-opening effect and bound. Openings incomplete in any tournament (the stop
rule) are left out of every measure."""
import math
import os
from statistics import NormalDist

import numpy as np

from .arms import HIS_FOLDER, analyse_arms, his_effect, his_reading, his_row_effect, level_ci, same_game_share
from .depths import complete_openings, truncate
from .experiment import load_experiment
from .hisarms import his_table_reading
from .records import InputError
from .stats import Boot, Est, hit_rate, nodes_per_move, pooled
from .tables import DASH, header_lines, md_table, pct_ci, pts_ci, write_text

FOLDER = "power"
ARM = "openings"
ROWS = ["p50", "om", "omd"]  # the declaration's order (distance from his figure)
LEVEL = 1 - 0.05 / len(ROWS)  # Bonferroni over the three played verdicts
POWER_Z = NormalDist().inv_cdf(0.8)  # 80% power
DETECT = 0.03  # the effect the declaration sizes the arm for: 3 points
ROW_LABELS = {"p50": "PrOM {X: 0.5, Y: 0.5} (p50)", "om": "OM search (om)", "omd": "root OM at d (omd)"}


def level_z(level):
    """The two-sided normal quantile of an interval at level (1.96 at 95%)."""
    return NormalDist().inv_cdf(0.5 + level / 2)


def detectable(delta, level):
    """The effect (score fraction) the arm detects with 80% power at a two-sided level:
    (z + 0.84) x Delta's standard error, the sd of its bootstrap resamples (the measured
    per-opening sd over sqrt(n))."""
    s = delta.samples[np.isfinite(delta.samples)]
    return (level_z(level) + POWER_Z) * float(np.std(s))


def reread(ours, gain, his, his_hw, level):
    """The hisevals rule (arms.his_reading) with both half-widths (95%) combined and scaled
    to level: (reading, delta, lo, hi, bound), None without both estimates."""
    return his_reading(ours, gain, his, his_hw, scale=level_z(level) / level_z(0.95))


def s2_bounds(s2_folder, ctx):
    """{row: (S2's 30-opening effect of the openings arm, its bound toward his figure)} at
    95% as the end-state table has them; {} without S2's games."""
    s2 = os.path.abspath(s2_folder)
    exp = load_experiment(os.path.dirname(s2), os.path.basename(s2))
    if exp is None or exp.n == 0:
        return {}
    res = analyse_arms(exp, Boot(exp.n, ctx.resamples, ctx.seed))
    out = {}
    for r in ROWS:
        eff, base = res["effect"].get((ARM, r)), res["gain"].get(("base", r))
        if eff is not None and eff.ok() and base is not None and base.ok():
            out[r] = (eff, eff.hi if his_effect(r) > base.est else eff.lo)
    return out


def analyse_power(exp, boot, his=None, his_boot=None):
    """The played family (Delta, its interval, reading, bound, detectable effect per row),
    the scores, hit rates, nodes a move and move-for-move shares, and the hisevals
    re-reading where hisevals' games are given."""
    res = analyse_arms(exp, boot)
    if "base" not in res["arms"] or ARM not in res["arms"]:
        raise InputError(f"S2 power needs games of the base and the {ARM} arm under {exp.folder}")
    out = {"res": res, "rows": {}, "reread": {}}
    for r in ROWS:
        base, gain, delta = res["gain"][("base", r)], res["gain"][(ARM, r)], res["effect"][(ARM, r)]
        lo, hi = level_ci(delta.samples, LEVEL) if delta.ok() else (math.nan, math.nan)
        his_fig, his_hw = his_row_effect(r)
        out["rows"][r] = {"base": base, "gain": gain, "delta": delta, "lo": lo, "hi": hi, "his": (his_fig, his_hw),
                          "reading": his_table_reading(base, gain, lo, hi, his_fig, his_hw),
                          "detect": detectable(delta, LEVEL) if delta.ok() else math.nan}
    out["extra"] = {arm: {"hit": hit_rate(exp, boot, cells, "omd"), "nodes": {
        v: nodes_per_move(exp, cells, v) for v in ("ab", "om", "omd", "p50")}}
        for arm, cells in ((a, [c for c in exp.cells() if c[0].startswith(f"S2-{a}-vs-")]) for a in ("base", ARM))}
    out["same"] = {a: same_game_share(exp, a)["omd"] for a in ("base", ARM)}
    if his is not None:
        cells = his.cells()
        for r in ROWS:
            gain = pooled(his, his_boot, cells, r, "ab")
            his_fig, his_hw = his_row_effect(r)
            out["reread"][r] = {"gain": gain, "ours": res["gain"][("base", r)],
                                "reading": reread(res["gain"][("base", r)], gain, his_fig, his_hw, LEVEL)}
    return out


def tables_power(exp, a, old, ctx, complete):
    level = f"{100 * LEVEL:.2f}%"
    text = header_lines("S2 power (exploratory): the openings arm on fresh openings at 3-point power", ctx, exp)
    text += ("Declared before the games (docs/results.md, \"S2 power\"). S2's base and openings arms, players ab, "
             f"om, omd, p50, against alpha-beta(Y) on E5's 20 ordered pairs, seed 2034, {exp.n} openings a pair "
             f"complete in every tournament ({complete}). gain = score(r) - score(ab) in each arm, paired by "
             f"opening; Delta = gain_openings - gain_base, one bootstrap of the opening indices for both arms, at "
             f"{level} (Bonferroni over the three rows); the rest 95%. His effect with his 95% half-width (1.3 "
             "points). Reading (S2 hisarms' rule): explains (Delta excludes 0 toward his figure and the gain is "
             "his within the combined error), partly explains (toward it, short of it), does not explain (Delta "
             "does not exclude 0 toward it, or the gain overshoots). Bound: Delta's interval end on the side of "
             "his figure. Detects: the effect found with 80% power at the family's level, from Delta's measured "
             "per-opening sd.\n\n")
    rows = []
    for r in ROWS:
        x = a["rows"][r]
        d, reading = x["delta"], x["reading"]
        o = old.get(r)
        rows.append([ROW_LABELS[r], f"{100 * x['his'][0]:+.1f}", pts_ci(x["base"]), pts_ci(x["gain"]),
                     f"{100 * d.est:+.1f} [{100 * x['lo']:+.1f}, {100 * x['hi']:+.1f}]" if d.ok() else DASH,
                     reading[0] if reading else DASH, f"{100 * reading[1]:+.1f}" if reading else DASH,
                     f"{100 * x['detect']:.1f}",
                     f"{pts_ci(o[0])}; {100 * o[1]:+.1f}" if o else DASH])
    text += md_table(["row", "his effect", "base gain", "openings gain", f"Delta [{level}]", "reading",
                      "bound toward his figure", "detects (points)", "S2's 30 openings: effect [95%]; bound"], rows)
    if a["reread"]:
        text += (f"\n## hisevals re-read against this base arm (family of three, {level})\n\n"
                 "hisevals' gain (his five evaluators, 100 openings, seed 2028) less this base arm's gain (ours: "
                 "our evaluators, fresh openings): independent samples, the interval Delta +- the two 95% "
                 f"half-widths combined, scaled to {level}. Reading: the hisevals declaration's rule (no gap, "
                 "explains, partly explains, does not explain).\n\n")
        rows = []
        for r in ROWS:
            x = a["reread"][r]
            rd = x["reading"]
            rows.append([ROW_LABELS[r], f"{100 * his_row_effect(r)[0]:+.1f}", pts_ci(x["ours"]), pts_ci(x["gain"]),
                         f"{100 * rd[1]:+.1f} [{100 * rd[2]:+.1f}, {100 * rd[3]:+.1f}]" if rd else DASH,
                         rd[0] if rd else DASH, f"{100 * rd[4]:+.1f}" if rd else DASH])
        text += md_table(["row", "his effect", "ours (this base arm)", "hisevals gain", f"Delta_his [{level}]",
                          "reading", "bound toward his figure"], rows)
    res = a["res"]
    text += "\n## Scores against alpha-beta(Y), % [95% CI], and nodes a move\n\n"
    text += md_table(["player", "base: score", "openings: score", "base: nodes a move", "openings: nodes a move"],
                     [[v, pct_ci(res["score"][("base", v)]), pct_ci(res["score"][(ARM, v)]),
                       f"{a['extra']['base']['nodes'][v]:,.0f}", f"{a['extra'][ARM]['nodes'][v]:,.0f}"]
                      for v in ("ab", "om", "omd", "p50")])
    text += "\n## Root OM: hit rate and games equal to alpha-beta's move for move\n\n"
    rows = []
    for arm in ("base", ARM):
        equal, n = a["same"][arm]
        rows.append([arm, pct_ci(a["extra"][arm]["hit"]),
                     f"{equal:,} of {n:,} ({100 * equal / n:.1f}%)" if n else DASH])
    return text + md_table(["arm", "omd: hit rate % [95% CI]", "omd: games equal to ab's"], rows)


def run_power(s2_folder, ctx):
    """RESULTS/S2/power/tables.md when both arms have games; None otherwise."""
    exp = load_experiment(s2_folder, FOLDER)
    if exp is None or exp.n == 0:
        return None
    played = exp.n
    k = complete_openings(exp)
    if k == 0:
        raise InputError(f"S2 power: no opening is complete in every tournament under {exp.folder}")
    truncate(exp, k)
    complete = "all played" if exp.n == played else f"of {played} started; the rest left out by the stop rule"
    his = load_experiment(s2_folder, HIS_FOLDER)
    his_boot = Boot(his.n, ctx.resamples, ctx.seed) if his is not None and his.n else None
    a = analyse_power(exp, Boot(exp.n, ctx.resamples, ctx.seed), his if his_boot else None, his_boot)
    write_text(os.path.join(exp.folder, "tables.md"), tables_power(exp, a, s2_bounds(s2_folder, ctx), ctx, complete))
    return a


def main(argv):
    """python3 -m bao_analysis s2power S2_FOLDER [--resamples N] [--seed S]: the power
    arm's tables; exit 2 on a bad folder or record."""
    from .s2_arm_command import s2_arm_main

    return s2_arm_main(argv, "s2power", __doc__.split("\n\n")[0], "power/ (and hisevals/)", run_power,
                       lambda s2: f"no games under {s2}/{FOLDER}")
