"""S2's omview arm (docs/results.md, "S2 omview", declared before its games): hisevals'
full-depth OM row with the model scored for the opponent (om-beta model_view=opponent,
as Donkers' om_search scores it), on hisevals' 20 pairs of his evaluators and its
openings, in RESULTS/S2/omview/. hisevals' own games on the same openings are the base:
its ab for the gain, its om (the model scored for MAX) for the effect.

Declared measures: gain_arm(om) = score(om) - score(hisevals' ab) and Delta = score(om)
- score(hisevals' om), both paired by opening index with one bootstrap of the indices for
both arms; one verdict (Delta at 95%), read by hisarms' rule (his_table_reading) against
his -12.1. Reported beside it: PrOM 0.5 minus OM (hisevals' p50 less the arm's om), Delta
over the pairs whose model is not zero-sum (the four with model donkers-material play one
search in both views) and by model, the share of games equal to hisevals' move for move per group,
scores and nodes a move."""
import math

from .arms import HIS_FOLDER, half_width, his_row_effect, level_ci
from .hisarms import arm_cells, his_table_reading, run_his_arm, same_as_base, share
from .records import InputError
from .stats import Est, nodes_per_move, pooled
from .tables import DASH, header_lines, md_table, pct_ci, pts_ci

FOLDER = "omview"
ARM = "omview"
LEVEL = 0.95  # one verdict: the om row
ZERO_SUM_MODEL = "donkers-material"  # the one of his five whose two views are one search


def omview_base_cfg(cfg):
    """hisevals' tournament of the same model Y: 'S2-omview-vs-Y' -> 'S2-hisevals-vs-Y'."""
    prefix = f"S2-{ARM}-"
    if cfg.startswith(prefix) and cfg[len(prefix):].startswith("vs-"):
        return "S2-hisevals-" + cfg[len(prefix):]
    raise InputError(f"S2 omview: tournament '{cfg}' is not named S2-{ARM}-vs-Y")


def zero_sum_model(cfg):
    """Whether the tournament's model Y is the zero-sum one (both views one search)."""
    return cfg.endswith(f"-vs-{ZERO_SUM_MODEL}")


def negated(e):
    """-e with its interval (a difference taken the other way round)."""
    return Est(-e.est, -e.hi, -e.lo, e.n, e.games) if e.ok() else e


def p50_minus_om_reading(gain, his, his_hw):
    """Whether the arm's PrOM 0.5 minus OM stays his within the combined error (hisevals'
    was): 'stays his' or 'moves away'; None without an estimate."""
    if gain is None or not gain.ok():
        return None
    return "stays his" if abs(gain.est - his) <= math.hypot(half_width(gain), his_hw) else "moves away"


def analyse_omview(arm, his, boot):
    """The arm's gain, Delta (95%), reading and bound for the om row; PrOM 0.5 minus OM;
    Delta by group (model zero-sum or not) and by model Y; scores, nodes a move, games equal to
    hisevals'. Both experiments must have the same openings (the same n)."""
    if arm.n != his.n:
        raise InputError(f"S2 omview has {arm.n} openings and S2 hisevals {his.n}: the arm is paired with "
                         "hisevals by opening, so both need the same openings")
    cells = arm_cells(arm, ARM)
    his_cells = [(omview_base_cfg(c), o, x) for c, o, x in cells]
    base_from = {"base_exp": his, "base_cfg": omview_base_cfg}
    gain = pooled(arm, boot, cells, "om", "ab", **base_from)
    base = pooled(his, boot, his_cells, "om", "ab")
    delta = pooled(arm, boot, cells, "om", "om", keep=True, **base_from)
    lo, hi = level_ci(delta.samples, LEVEL) if delta.ok() else (math.nan, math.nan)
    h, hw = his_row_effect("om")
    out = {"pairs": len({(c[0], c[2]) for c in cells}), "gain": gain, "base": base, "delta": delta, "lo": lo,
           "hi": hi, "his": (h, hw), "reading": his_table_reading(base, gain, lo, hi, h, hw),
           "score": pooled(arm, boot, cells, "om"), "base_score": pooled(his, boot, his_cells, "om"),
           "nodes": nodes_per_move(arm, cells, "om"), "base_nodes": nodes_per_move(his, his_cells, "om")}
    ph, phw = his_row_effect("p50-om")
    p50_om = negated(pooled(arm, boot, cells, "om", "p50", **base_from))
    out["p50_om"] = {"gain": p50_om, "base": pooled(his, boot, his_cells, "p50", "om"), "his": (ph, phw),
                     "reading": p50_minus_om_reading(p50_om, ph, phw)}
    groups = {}
    for label, zs in (("model not zero-sum (default, ga1, ga3, tdl2b)", False), ("model zero-sum (material)", True)):
        part = [c for c in cells if zero_sum_model(c[0]) == zs]
        groups[label] = {"pairs": len({(c[0], c[2]) for c in part}),
                         "delta": pooled(arm, boot, part, "om", "om", **base_from),
                         "gain": pooled(arm, boot, part, "om", "ab", **base_from)}
    for y in sorted({c[0].split("-vs-", 1)[1] for c in cells}):
        part = [c for c in cells if c[0].endswith(f"-vs-{y}")]
        groups[f"model {y}"] = {"pairs": len({(c[0], c[2]) for c in part}),
                                "delta": pooled(arm, boot, part, "om", "om", **base_from),
                                "gain": pooled(arm, boot, part, "om", "ab", **base_from)}
    out["groups"] = groups
    out["same"] = {}
    for label, zs in (("model not zero-sum", False), ("model zero-sum", True)):
        counts = [0, 0]
        for cfg in sorted(c for c in arm.configs if c.startswith(f"S2-{ARM}-vs-") and zero_sum_model(c) == zs):
            one = same_as_base(_Only(arm, cfg), his, ["om"], ARM, omview_base_cfg)["om"]
            counts = [counts[0] + one[0], counts[1] + one[1]]
        out["same"][label] = counts
    return out


class _Only:
    """An experiment seen through one of its tournaments (for same_as_base by group)."""

    def __init__(self, exp, cfg):
        self.folder, self.configs = exp.folder, [cfg]


def tables_omview(arm, a, ctx):
    level = f"{100 * LEVEL:.0f}%"
    h, hw = a["his"]
    text = header_lines("S2 omview (exploratory): full-depth OM with the model scored for the opponent", ctx, arm)
    text += ("Declared before the games (docs/results.md, \"S2 omview\"). Full-depth OM (om) with "
             "model_view=opponent (the model scored for the opponent, which maximises it, as Donkers' om_search "
             "does), against alpha-beta(Y) on hisevals' ordered pairs of Donkers' evaluators, "
             f"{a['pairs']} pairs, on hisevals' openings. gain = score(om) - score(hisevals' ab); Delta = score(om) - "
             "score(hisevals' om) = the gain less hisevals' gain; both paired by opening with one bootstrap of the "
             f"indices. One verdict, Delta at {level}. His effect with his 95% half-width (1.3 points). Reading: "
             "explains (Delta excludes 0 toward his figure and the gain is his within the combined error), partly "
             "explains (toward it, short of it), does not explain (Delta does not exclude 0 toward it, or the gain "
             "overshoots). Bound: Delta's interval end on the side of his figure.\n\n")
    d, reading = a["delta"], a["reading"]
    text += md_table(["row", "his effect", "hisevals gain", "omview gain (units)", f"Delta [{level}]", "reading",
                      "bound toward his figure"],
                     [["full-depth OM (om)", f"{100 * h:+.1f} +- {100 * hw:.1f}", pts_ci(a["base"]),
                       f"{pts_ci(a['gain'])} ({a['gain'].n})" if a["gain"].ok() else DASH,
                       f"{100 * d.est:+.1f} [{100 * a['lo']:+.1f}, {100 * a['hi']:+.1f}]" if d.ok() else DASH,
                       reading[0] if reading else DASH, f"{100 * reading[1]:+.1f}" if reading else DASH]])
    p = a["p50_om"]
    ph, phw = p["his"]
    text += ("\n## PrOM 0.5 minus OM: hisevals' p50 less om, points [95% CI] (the same Delta, the other sign; "
             "not a verdict of its own)\n\n")
    text += md_table(["row", "his effect", "hisevals", "hisevals' p50 less the arm's om", "his within the combined "
                      "error?"],
                     [["PrOM 0.5 minus OM", f"{100 * ph:+.1f} +- {100 * phw:.1f}", pts_ci(p["base"]),
                       pts_ci(p["gain"]), p["reading"] or DASH]])
    text += "\n## By model Y: Delta and the gain, points [95% CI] (exploratory)\n\n"
    text += md_table(["pairs", "ordered pairs", "Delta", "omview gain"],
                     [[label, str(g["pairs"]), pts_ci(g["delta"]), pts_ci(g["gain"])]
                      for label, g in a["groups"].items()])
    text += "\n## Scores, nodes a move and games equal to hisevals' move for move\n\n"
    text += md_table(["measure", "omview", "hisevals"],
                     [["score of om against alpha-beta(Y), % [95% CI]", pct_ci(a["score"]), pct_ci(a["base_score"])],
                      ["nodes a move", f"{a['nodes']:,.0f}", f"{a['base_nodes']:,.0f}"]]
                     + [[f"games equal to hisevals' move for move, {label}", share(c), ""]
                        for label, c in a["same"].items()])
    return text


def run_omview(s2_folder, ctx):
    """RESULTS/S2/omview/tables.md when the arm has games (and hisevals has its base)."""
    return run_his_arm(s2_folder, FOLDER, ctx, analyse_omview, tables_omview)


def main(argv):
    """python3 -m bao_analysis omview S2_FOLDER [--resamples N] [--seed S]: the arm's
    tables; exit 2 on a bad folder or record."""
    from .s2_arm_command import s2_arm_main

    return s2_arm_main(argv, "omview", __doc__.split("\n\n")[0], "hisevals/ and omview/", run_omview,
                       lambda s2: f"no games under {s2}/{FOLDER} or {s2}/{HIS_FOLDER}")
