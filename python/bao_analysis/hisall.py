"""S2's hisall arm (docs/results.md, "S2 hisall: every difference of his at once",
declared before its games): hisevals' rows om, omd, omdr, p50 and p80 on the 20 ordered
pairs of Donkers' evaluators with every difference of his program that the toolkit
expresses, at once (his openings, rules and alpha-beta, root OM's tie rule and inner
table, full-depth OM scored for the opponent, PrOM's tie rule and decisive exit), in
RESULTS/S2/hisall/. The arm's own alpha-beta(X), his alpha-beta, is the base of each gain.

Declared measures, for each row r: gain_all(r) = score(r) - score(ab), paired by opening
(95% percentile intervals); ours(r) as S2 hisevals has it (S2's base arm's gain, E6c's for
p80); Delta(r) = gain_all(r) - ours(r), independent samples, with the 99% interval Delta
+- (z_0.995 / z_0.975) x sqrt(h_all^2 + h_ours^2) (Bonferroni over the five rows). The
reading is hisevals' (arms.his_reading) at that level, in the declaration's words, and
the bound the end of Delta's interval on the side of his figure. Exploratory: the gain
less hisevals' (his evaluators alone), root OM's hit rate and games equal to alpha-beta's
move for move, nodes a move, risk management's cost and PrOM 0.5 minus OM."""
import math
import os
from statistics import NormalDist

from .arms import (HIS_FOLDER, HIS_LABELS, HIS_ROWS, analyse_arms, analyse_hisevals, half_width, his_ours,
                   his_reading, share_cell)
from .experiment import load_experiment
from .stats import Boot, nodes_per_move, pooled
from .tables import DASH, header_lines, md_table, pct_ci, pts_ci, write_text

FOLDER = "hisall"
ROWS = ["om", "omd", "omdr", "p50", "p80"]  # the family: one verdict a row
LEVEL = 1 - 0.05 / len(ROWS)  # Bonferroni over the five rows
# Delta's half-width at LEVEL from the two 95% half-widths (normal approximation).
SCALE = NormalDist().inv_cdf(1 - (1 - LEVEL) / 2) / NormalDist().inv_cdf(0.975)
# hisevals' words -> the declaration's.
WORDS = {"explains": "explained jointly", "partly explains": "partly explained", "does not explain": "not explained",
         "does not explain (overshoots)": "not explained (overshoots)", "no gap": "no gap"}
EXTRA = [r for r, _, _ in HIS_ROWS if r not in ROWS]  # risk management's cost, PrOM 0.5 minus OM


def joint_reading(ours, gain, his, his_hw):
    """(reading in the declaration's words, delta, lo, hi, bound) of one row at LEVEL, or
    None without both estimates."""
    r = his_reading(ours, gain, his, his_hw, SCALE)
    return None if r is None else (WORDS[r[0]],) + r[1:]


def beside_hisevals(gain, base):
    """(difference, lo, hi) of the arm's gain less hisevals' (independent samples, the two
    95% half-widths combined), or None."""
    if gain is None or base is None or not gain.ok() or not base.ok():
        return None
    d = gain.est - base.est
    hw = math.hypot(half_width(gain), half_width(base))
    return d, d - hw, d + hw


def load_ours(s2_folder, ctx):
    """hisevals' ours per row, from S2's base arm and E6c under RESULTS (S2_FOLDER's parent)."""
    results = os.path.dirname(os.path.abspath(s2_folder))
    s2 = load_experiment(results, "S2")
    exps = {"S2": s2}
    e6c = load_experiment(results, "E6c")
    if e6c is not None and e6c.n:
        exps["E6c"] = e6c
    res = analyse_arms(s2, Boot(s2.n, ctx.resamples, ctx.seed))
    return his_ours(exps, ctx, res)


def analyse_hisall(arm, his, boot, ours, ctx):
    """The arm's hisevals-shaped analysis (gains, scores, hit rates, games equal to
    alpha-beta's) with the joint readings, the comparison with hisevals and nodes a move."""
    out = analyse_hisevals(arm, boot, ours)
    his_boot = Boot(his.n, ctx.resamples, ctx.seed)
    his_cells = his.cells()
    cells = arm.cells()
    out["joint"], out["his_gain"], out["beside"], out["nodes"] = {}, {}, {}, {}
    for row, v, b in HIS_ROWS:
        h, hw = out["his"][row]
        out["his_gain"][row] = pooled(his, his_boot, his_cells, v, b)
        out["beside"][row] = beside_hisevals(out["gain"][row], out["his_gain"][row])
        if row in ROWS:
            out["joint"][row] = joint_reading(ours.get(row), out["gain"][row], h, hw)
    for v in ["ab"] + ROWS:
        out["nodes"][v] = (nodes_per_move(arm, cells, v), nodes_per_move(his, his_cells, v))
    return out


def interval(d):
    return DASH if d is None else f"{100 * d[0]:+.1f} [{100 * d[1]:+.1f}, {100 * d[2]:+.1f}]"


def tables_hisall(arm, a, ctx):
    level = f"{100 * LEVEL:.0f}%"
    text = header_lines("S2 hisall (exploratory): every difference of Donkers' program at once", ctx, arm)
    text += ("Declared before the games (docs/results.md, \"S2 hisall\"). X plays against his alpha-beta(Y) with "
             f"model Y on the ordered pairs of his evaluators, {a['pairs']} pairs, with his openings (6-16 plies), "
             "rules, alpha-beta (MTD(f), deeper entries, move rotation, extension), root OM's tie rule and inner "
             "table, OM scored for the opponent and PrOM's tie rule and decisive exit. gain = score(r) - score(ab), "
             "the arm's own alpha-beta(X), paired by opening. Ours: hisevals' (S2's base arm's gain, E6c's for p80). "
             f"Delta = gain - ours, its {level} interval (Bonferroni over the five rows) from the two 95% "
             f"half-widths combined times {SCALE:.3f}. His effect with his 95% half-width (1.3 points). Reading: no "
             "gap, explained jointly (Delta excludes 0 toward his figure and the gain is his within the combined "
             "95% error), partly explained (toward it, short of it), not explained (otherwise, or overshoots). "
             "Bound: Delta's interval end on the side of his figure.\n\n")
    rows = []
    for row in ROWS:
        h, hw = a["his"][row]
        ours, g, r = a["ours"].get(row), a["gain"][row], a["joint"][row]
        rows.append([HIS_LABELS[row], f"{100 * h:+.1f} +- {100 * hw:.1f}",
                     pts_ci(ours) if ours is not None else "not measured",
                     f"{pts_ci(g)} ({g.n})" if g.ok() else DASH]
                    + ([f"{100 * r[1]:+.1f} [{100 * r[2]:+.1f}, {100 * r[3]:+.1f}]", r[0], f"{100 * r[4]:+.1f}"]
                       if r else [DASH] * 3))
    text += md_table(["row", "his effect", "ours", "hisall gain (units)", f"Delta [{level}]", "reading",
                      "bound toward his figure"], rows)
    text += ("\n## Beside hisevals (his evaluators alone), points [95% CI] (exploratory; independent samples, "
             "half-widths combined)\n\n")
    text += md_table(["row", "his effect", "hisevals gain", "hisall gain", "hisall less hisevals"],
                     [[HIS_LABELS[row], f"{100 * a['his'][row][0]:+.1f} +- {100 * a['his'][row][1]:.1f}",
                       pts_ci(a["his_gain"][row]), pts_ci(a["gain"][row]), interval(a["beside"][row])]
                      for row, _, _ in HIS_ROWS])
    text += "\n## Scores against his alpha-beta(Y), % [95% CI], and nodes a move\n\n"
    text += md_table(["player", "score", "nodes a move (hisevals')"],
                     [[v, pct_ci(a["score"][v]), f"{a['nodes'][v][0]:,.0f} ({a['nodes'][v][1]:,.0f})"]
                      for v in ["ab"] + ROWS])
    text += "\n## Root OM: hit rate of the predicted replies, and games equal to alpha-beta's move for move\n\n"
    text += md_table(["player", "hit rate % [95% CI] (predictions)", "games equal to alpha-beta's"],
                     [[v, f"{pct_ci(a['hit'][v])} ({a['hit'][v].n})", share_cell(a["same"][v])]
                      for v in ("omd", "omdr")])
    text += "\n## Gains over alpha-beta(X) per ordered pair, points [95% CI] (exploratory)\n\n"
    text += md_table(["model Y (the opponent)", "own X"] + ROWS,
                     [[y, x] + [pts_ci(g[v]) for v in ROWS] for (y, x), g in sorted(a["per_pair"].items())])
    return text


def run_hisall(s2_folder, ctx):
    """RESULTS/S2/hisall/tables.md when the arm has games (and hisevals and S2's base arm
    have theirs)."""
    arm = load_experiment(s2_folder, FOLDER)
    his = load_experiment(s2_folder, HIS_FOLDER)
    if arm is None or arm.n == 0 or his is None or his.n == 0:
        return None
    a = analyse_hisall(arm, his, Boot(arm.n, ctx.resamples, ctx.seed), load_ours(s2_folder, ctx), ctx)
    write_text(os.path.join(arm.folder, "tables.md"), tables_hisall(arm, a, ctx))
    return a


def main(argv):
    """python3 -m bao_analysis hisall S2_FOLDER [--resamples N] [--seed S]: the arm's
    tables; exit 2 on a bad folder or record."""
    from .s2_arm_command import s2_arm_main

    return s2_arm_main(argv, "hisall", __doc__.split("\n\n")[0], "hisevals/ and hisall/ (and RESULTS/S2's base "
                       "arm)", run_hisall, lambda s2: f"no games under {s2}/{FOLDER} or {s2}/{HIS_FOLDER}")
