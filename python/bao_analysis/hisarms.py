"""S2's hisarms arm 'histable' (docs/results.md, "S2 hisarms", declared before its games):
root OM at d with and without risk management, its inner searches in one table a move
warmed by a full search (root-om inner_table=shared, Donkers 2002), on hisevals' 20 pairs
of his evaluators and its openings, in RESULTS/S2/hisarms/. hisevals' own games on the
same openings are the base: its ab for the gain, its omd and omdr for the effect.

Declared measures, for r in {omd, omdr}: gain_arm(r) = score(r) - score(hisevals' ab) and
Delta(r) = score(r) - score(hisevals' r), both paired by opening index with one bootstrap
of the indices for both arms; Delta's interval at 97.5% (Bonferroni over the two rows),
the gains' at 95%. The reading per row (his_table_reading) and the bound: the end of
Delta's interval on the side of his figure. Also: risk management's cost in the arm, the
share of games equal to hisevals' move for move, hit rates and nodes a move."""
import math
import os

from .arms import HIS_FOLDER, challenger_games, half_width, his_row_effect, level_ci
from .experiment import load_experiment
from .records import InputError, games_file
from .stats import Boot, hit_rate, nodes_per_move, pooled
from .tables import DASH, header_lines, md_table, pct_ci, pts_ci, write_text

FOLDER = "hisarms"
ARM = "histable"
CHECK = "hisextend"  # the extension's check: hisevals' alpha-beta players with extend=true
ROWS = ["omd", "omdr"]
LEVEL = 1 - 0.05 / len(ROWS)  # Bonferroni over the two rows
ROW_LABELS = {"omd": "root OM at d (omd)", "omdr": "root OM at d, risk management (omdr)"}


def his_cfg(cfg):
    """hisevals' tournament of the same model Y: 'S2-histable-vs-Y' (or 'S2-hisextend-vs-Y')
    -> 'S2-hisevals-vs-Y'."""
    for name in (ARM, CHECK):
        prefix = f"S2-{name}-"
        if cfg.startswith(prefix) and cfg[len(prefix):].startswith("vs-"):
            return "S2-hisevals-" + cfg[len(prefix):]
    raise InputError(f"S2 hisarms: tournament '{cfg}' is not named S2-{ARM}-vs-Y or S2-{CHECK}-vs-Y")


def arm_cells(arm, name):
    """The cells of the tournaments S2-<name>-vs-Y."""
    return [c for c in arm.cells() if c[0].startswith(f"S2-{name}-vs-")]


def his_table_reading(base, gain, delta_lo, delta_hi, his, his_hw):
    """The declared reading of one row: (reading, bound) from hisevals' gain (base), the
    arm's gain (95%), Delta's interval (at the family's level) and his figure with its
    half-width; None without both gains. 'explains': Delta excludes 0 toward his figure
    (as seen from base) and the arm's gain is his within sqrt(h_arm^2 + h_H^2); 'partly
    explains': toward it, short of it; 'does not explain': Delta does not exclude 0
    toward it, or the gain lies beyond it by more than that ('(overshoots)')."""
    if base is None or gain is None or not base.ok() or not gain.ok() or math.isnan(delta_lo):
        return None
    up = his > base.est
    bound = delta_hi if up else delta_lo
    toward = delta_lo > 0 if up else delta_hi < 0
    close = abs(gain.est - his) <= math.hypot(half_width(gain), his_hw)
    if not toward:
        return "does not explain", bound
    if close:
        return "explains", bound
    if (gain.est > his) == up:
        return "does not explain (overshoots)", bound
    return "partly explains", bound


def same_as_base(arm, his, variants, name=ARM, base_cfg=his_cfg):
    """{row player: [games equal to hisevals' move for move, games compared]} over the
    tournaments S2-<name>-vs-Y (hisevals' tournament of each: base_cfg(cfg)): a game is
    matched by opponent, own X, opening index and colour, equal when the opening and every
    move are."""
    counts = {v: [0, 0] for v in variants}
    for cfg in sorted(c for c in arm.configs if c.startswith(f"S2-{name}-vs-")):
        path = games_file(os.path.join(arm.folder, cfg))
        base_path = games_file(os.path.join(his.folder, base_cfg(cfg)))
        if path is None or base_path is None:
            continue
        base = challenger_games(base_path, set(variants))
        for key, game in challenger_games(path, set(variants)).items():
            ref = base.get(key)
            if ref is not None:
                counts[key[1]][0] += game == ref
                counts[key[1]][1] += 1
    return counts


def analyse_hisarms(arm, his, boot):
    """The arm's gains, Deltas (with their family intervals), readings and bounds per row;
    risk management's cost; scores, hit rates, nodes a move and games equal to hisevals'.
    Both experiments must have the same openings (the same n)."""
    if arm.n != his.n:
        raise InputError(f"S2 hisarms has {arm.n} openings and S2 hisevals {his.n}: the arm is paired with "
                         "hisevals by opening, so both need the same openings")
    cells = arm_cells(arm, ARM)
    his_cells = [(his_cfg(c), o, x) for c, o, x in cells]
    out = {"pairs": len({(c[0], c[2]) for c in cells}), "rows": {}}
    base_from = {"base_exp": his, "base_cfg": his_cfg}
    for r in ROWS:
        gain = pooled(arm, boot, cells, r, "ab", **base_from)
        base = pooled(his, boot, his_cells, r, "ab")
        delta = pooled(arm, boot, cells, r, r, keep=True, **base_from)
        lo, hi = level_ci(delta.samples, LEVEL) if delta.ok() else (math.nan, math.nan)
        h, hw = his_row_effect(r)
        out["rows"][r] = {"gain": gain, "base": base, "delta": delta, "lo": lo, "hi": hi, "his": (h, hw),
                          "reading": his_table_reading(base, gain, lo, hi, h, hw),
                          "score": pooled(arm, boot, cells, r), "hit": hit_rate(arm, boot, cells, r),
                          "base_hit": hit_rate(his, boot, his_cells, r), "nodes": nodes_per_move(arm, cells, r),
                          "base_nodes": nodes_per_move(his, his_cells, r)}
    out["cost"] = pooled(arm, boot, cells, "omdr", "omd")
    out["base_cost"] = pooled(his, boot, his_cells, "omdr", "omd")
    out["same"] = same_as_base(arm, his, ROWS)
    ext = arm_cells(arm, CHECK)
    out["check"] = None
    if ext:
        out["check"] = {"delta": pooled(arm, boot, ext, "ab", "ab", **base_from),
                        "same": same_as_base(arm, his, ["ab"], CHECK)["ab"],
                        "nodes": nodes_per_move(arm, ext, "ab"),
                        "base_nodes": nodes_per_move(his, [(his_cfg(c), o, x) for c, o, x in ext], "ab")}
    return out


def share(counts):
    equal, n = counts
    return f"{equal:,} of {n:,} ({100 * equal / n:.1f}%)" if n else DASH


def tables_hisarms(arm, a, ctx):
    level = f"{100 * LEVEL:.1f}%"
    text = header_lines("S2 hisarms (exploratory): root OM's inner searches in his warmed table", ctx, arm)
    text += ("Declared before the games (docs/results.md, \"S2 hisarms\"). Arm 'histable': root OM at d "
             "(omd) and with risk management (omdr) with inner_table=shared, against alpha-beta(Y) on hisevals' "
             f"ordered pairs of Donkers' evaluators, {a['pairs']} pairs, on hisevals' openings. gain = score(r) - "
             "score(hisevals' ab); Delta = score(r) - score(hisevals' r) = the gain less hisevals' gain; both paired "
             f"by opening with one bootstrap of the indices. Delta's interval at {level} (Bonferroni over the two "
             "rows), the rest 95%. His effect with his 95% half-width (1.3 points). Reading: explains (Delta excludes "
             "0 toward his figure and the gain is his within the combined error), partly explains (toward it, short "
             "of it), does not explain (Delta does not exclude 0 toward it, or the gain overshoots). Bound: Delta's "
             "interval end on the side of his figure.\n\n")
    rows = []
    for r in ROWS:
        x = a["rows"][r]
        h, hw = x["his"]
        d = x["delta"]
        reading = x["reading"]
        rows.append([ROW_LABELS[r], f"{100 * h:+.1f} +- {100 * hw:.1f}", pts_ci(x["base"]),
                     f"{pts_ci(x['gain'])} ({x['gain'].n})" if x["gain"].ok() else DASH,
                     f"{100 * d.est:+.1f} [{100 * x['lo']:+.1f}, {100 * x['hi']:+.1f}]" if d.ok() else DASH,
                     reading[0] if reading else DASH, f"{100 * reading[1]:+.1f}" if reading else DASH])
    text += md_table(["row", "his effect", "hisevals gain", "histable gain (units)", f"Delta [{level}]", "reading",
                      "bound toward his figure"], rows)
    text += "\n## Risk management's cost, omdr - omd, points [95% CI]\n\n"
    text += md_table(["arm", "omdr - omd"], [["histable", pts_ci(a["cost"])], ["hisevals", pts_ci(a["base_cost"])]])
    text += "\n## Scores, hit rates, nodes a move and games equal to hisevals' move for move\n\n"
    text += md_table(["player", "score % [95% CI]", "hit rate % (hisevals')", "nodes a move (hisevals')",
                      "games equal to hisevals'"],
                     [[r, pct_ci(a["rows"][r]["score"]),
                       f"{pct_ci(a['rows'][r]['hit'])} ({pct_ci(a['rows'][r]['base_hit'])})",
                       f"{a['rows'][r]['nodes']:,.0f} ({a['rows'][r]['base_nodes']:,.0f})", share(a["same"][r])]
                      for r in ROWS])
    c = a["check"]
    if c is not None:
        text += ("\n## The hisextend check: hisevals' alpha-beta players with his extension (extend=true)\n\n"
                 "Predicted (the declaration's count: no path collects a whole ply at depth 6): every game is "
                 "hisevals' move for move.\n\n")
        text += md_table(["measure", "value"],
                         [["games equal to hisevals' move for move", share(c["same"])],
                          ["score(ab) - score(hisevals' ab), points [95% CI]", pts_ci(c["delta"])],
                          ["nodes a move (hisevals')", f"{c['nodes']:,.0f} ({c['base_nodes']:,.0f})"]])
    return text


def run_his_arm(s2_folder, folder, ctx, analyse, tables):
    """An arm beside hisevals: RESULTS/S2/<folder>/tables.md from analyse(arm, his, boot)
    and tables(arm, result, ctx) when the arm and hisevals both have games; the result,
    else None."""
    arm = load_experiment(s2_folder, folder)
    his = load_experiment(s2_folder, HIS_FOLDER)
    if arm is None or arm.n == 0 or his is None or his.n == 0:
        return None
    a = analyse(arm, his, Boot(arm.n, ctx.resamples, ctx.seed))
    write_text(os.path.join(arm.folder, "tables.md"), tables(arm, a, ctx))
    return a


def run_hisarms(s2_folder, ctx):
    """RESULTS/S2/hisarms/tables.md when the arm has games (and hisevals has its base)."""
    return run_his_arm(s2_folder, FOLDER, ctx, analyse_hisarms, tables_hisarms)


def main(argv):
    """python3 -m bao_analysis hisarms S2_FOLDER [--resamples N] [--seed S]: the arm's
    tables alone (scripts/thesis-analyse writes them too); exit 2 on a bad folder or record."""
    from .s2_arm_command import s2_arm_main

    return s2_arm_main(argv, "hisarms", __doc__.split("\n\n")[0], "hisevals/ and hisarms/", run_hisarms,
                       lambda s2: f"no games under {s2}/{FOLDER} or {s2}/{HIS_FOLDER}")
