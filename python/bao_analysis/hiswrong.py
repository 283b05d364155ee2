"""S2's hiswrong arm (docs/results.md, "S2 hiswrong", declared before its games): the
effect-size table's wrong-model rows played with Donkers' five evaluators, in
RESULTS/S2/hiswrong/. E6's roles: own evaluator X, model Y, the real opponent alpha-beta(Z)
with a third evaluator Z; every triple of distinct X, Y, Z; one tournament a wrong
opponent Z ('S2-hiswrong-vs-Z') with the players ab_X, om-Y_X and p50-Y_X.

Declared measures, for r in {om, p50}: score(r) against alpha-beta(Z), pooled over the
triples (mean over (triple, opening) units), its 95% bootstrap interval over the opening
indices; gain(r) = score(r) - score(ab) paired by opening; the change C(r) = score(r) -
ours(r) against our row (E6b's OM search, E6's PrOM 0.5, model wrong: independent games),
its interval from the two half-widths at 97.5% (Bonferroni over the two rows). The
reading (wrong_model_reading) places the arm against his range of scores."""
import math
import os

import numpy as np

from .arms import level_ci
from .experiment import load_experiment
from .records import InputError
from .stats import Boot, estimate, nodes_per_move
from .tables import DASH, header_lines, md_table, pct_ci, pts_ci, write_text

FOLDER = "hiswrong"
ROWS = ["om", "p50"]
LEVEL = 1 - 0.05 / len(ROWS)  # Bonferroni over the two rows
Z95, ZLEVEL = 1.959964, 2.241403  # two-sided normal quantiles at 95% and 97.5%
# His scores against the wrong opponent, a range over his pairs (the effect-size table).
HIS_RANGE = {"om": (0.27, 0.36), "p50": (0.43, 0.47)}
# Ours with the model wrong (docs/results.md, E6 and E6b, E6's five pairs): est, lo, hi.
OURS = {"om": (0.344, 0.318, 0.371), "p50": (0.506, 0.482, 0.529)}
# Ours' gains over alpha-beta(X) with the model wrong, beside which the arm's are read.
OURS_GAIN = {"om": (-0.203, -0.235, -0.172), "p50": (-0.035, -0.071, 0.000)}
ROW_LABELS = {"om": "wrong model: OM search (om)", "p50": "wrong model: PrOM {X: 0.5, Y: 0.5} (p50)"}


def wrong_model_reading(ours, arm, c_lo, c_hi, his_range):
    """The declared reading of one row: (reading, bound). ours is our row's score, arm
    (est, lo, hi) the arm's score with its 95% interval, [c_lo, c_hi] the change's
    interval at the family's level, his_range (a, b) his scores. 'no gap' when ours lies
    in his range; 'explained' when the change excludes 0 toward his range and the arm's
    interval meets it; 'partly explained' when toward it and the arm's interval stays
    on our side; 'not explained' otherwise ('(overshoots)' when the arm's interval lies
    beyond the range on the far side). The bound is the change's interval end toward
    his range (None for 'no gap': nothing is to be moved)."""
    a, b = his_range
    if a > b:
        raise InputError(f"his range [{a}, {b}] is empty")
    if any(math.isnan(v) for v in (ours, arm[0], arm[1], arm[2], c_lo, c_hi)):
        return None
    if a <= ours <= b:
        return "no gap", None
    up = ours < a
    bound = c_hi if up else c_lo
    toward = c_lo > 0 if up else c_hi < 0
    _, lo, hi = arm
    meets = lo <= b and hi >= a
    beyond = lo > b if up else hi < a
    if not toward or beyond:
        return ("not explained (overshoots)" if toward else "not explained"), bound
    return ("explained" if meets else "partly explained"), bound


def triple_cells(exp):
    """{row variant: [(config, opponent, 'Y|X')...]}: the (triple) cells of om-Y_X and
    p50-Y_X, each with ab_X of the same tournament as its base."""
    out = {r: [] for r in ROWS}
    for cfg, player, opp in exp.stats:
        if not (cfg.startswith("S2-hiswrong-vs-") and opp.startswith("opp_")):
            continue
        var, x = player.split("_", 1)
        for r in ROWS:
            if var.startswith(f"{r}-"):
                out[r].append((cfg, opp, var[len(r) + 1:], x))
    return {r: sorted(c) for r, c in out.items()}


def complete_openings(exp):
    """Openings where every challenger of every hiswrong tournament has both games (the
    declaration's stop rule analyses only these)."""
    ok = np.ones(exp.n, bool)
    for (cfg, player, opp), s in exp.stats.items():
        if cfg.startswith("S2-hiswrong-vs-") and opp.startswith("opp_"):
            ok &= s.games >= 2
    return ok


def row_sums(exp, r, cells, mask, base=False):
    """Per-opening sums over the triple cells of r's score (less ab_X's when base), the
    units per opening and the games used, over the openings in mask."""
    num, den, games = np.zeros(exp.n), np.zeros(exp.n), 0
    for cfg, opp, y, x in cells:
        v = exp.stat(cfg, f"{r}-{y}_{x}", opp)
        b = exp.stat(cfg, f"ab_{x}", opp) if base else None
        if v is None or (base and b is None):
            continue
        ok = mask & (v.games > 0) & ((b.games > 0) if b is not None else True)
        num += np.where(ok, v.score() - (b.score() if b is not None else 0), 0)
        den += ok
        games += v.games[ok].sum() + (b.games[ok].sum() if b is not None else 0)
    return num, den, games


def analyse_hiswrong(exp, boot):
    """The rows' scores, gains, changes against ours with their family intervals,
    readings and bounds; alpha-beta(X)'s score; scores and gains by Z; nodes a move."""
    mask = complete_openings(exp)
    cells = triple_cells(exp)
    out = {"openings": int(mask.sum()), "triples": len(cells["p50"]), "rows": {}}
    ab_cells = sorted({(c, o, x) for c, o, _, x in cells["p50"]})
    abn, abd, abg = np.zeros(exp.n), np.zeros(exp.n), 0
    for cfg, opp, x in ab_cells:
        s = exp.stat(cfg, f"ab_{x}", opp)
        ok = mask & (s.games > 0)
        abn, abd, abg = abn + np.where(ok, s.score(), 0), abd + ok, abg + s.games[ok].sum()
    out["ab"] = estimate(boot, abn, abd, abg)
    for r in ROWS:
        score = estimate(boot, *row_sums(exp, r, cells[r], mask), keep=True)
        gain = estimate(boot, *row_sums(exp, r, cells[r], mask, base=True))
        o, olo, ohi = OURS[r]
        c = score.est - o
        lo, hi = level_ci(score.samples, LEVEL) if score.ok() else (math.nan, math.nan)
        h_arm = (hi - lo) / 2
        hw = math.hypot(h_arm, (ohi - olo) / 2 * ZLEVEL / Z95)
        by_z = {}
        for z in sorted({opp for _, opp, _, _ in cells[r]}):
            zc = [t for t in cells[r] if t[1] == z]
            by_z[z[len("opp_"):]] = (estimate(boot, *row_sums(exp, r, zc, mask)),
                                     estimate(boot, *row_sums(exp, r, zc, mask, base=True)))
        out["rows"][r] = {"score": score, "gain": gain, "c": c, "lo": c - hw, "hi": c + hw,
                          "reading": wrong_model_reading(o, (score.est, score.lo, score.hi), c - hw, c + hw,
                                                         HIS_RANGE[r]),
                          "by_z": by_z, "nodes": mean_nodes(exp, r, cells[r])}
    out["ab_nodes"] = nodes_per_move(exp, ab_cells, "ab")
    return out


def mean_nodes(exp, r, cells):
    """Mean nodes a move of r's players over the triple cells (NaN without games)."""
    total, count = 0.0, 0
    for cfg, opp, y, x in cells:
        v = exp.stat(cfg, f"{r}-{y}_{x}", opp)
        if v is not None:
            total, count = total + v.npm_sum.sum(), count + v.npm_n.sum()
    return total / count if count else math.nan


def tables_hiswrong(exp, a, ctx):
    level = f"{100 * LEVEL:.1f}%"
    text = header_lines("S2 hiswrong (exploratory): the wrong-model rows with Donkers' evaluators", ctx, exp)
    text += ("Declared before the games (docs/results.md, \"S2 hiswrong\"). E6's wrong-model roles with his five "
             f"evaluators: own X, model Y, opponent alpha-beta(Z), X, Y, Z distinct, {a['triples']} triples, "
             f"{a['openings']} openings complete in every tournament (the units: triple x opening, both colours). "
             "Scores against alpha-beta(Z) pooled over the triples; gain = score - score(ab_X) paired by opening; "
             f"C = the arm's score - ours (E6b's om, E6's p50, model wrong), its interval at {level} from the two "
             "half-widths (Bonferroni over the two rows). Reading: no gap (ours inside his range), explained (C "
             "excludes 0 toward his range and the arm's 95% interval meets it), partly explained (toward it, "
             "short of it), not explained (otherwise). Bound: C's interval end toward his range.\n\n")
    rows = []
    for r in ROWS:
        x = a["rows"][r]
        lo_r, hi_r = HIS_RANGE[r]
        o = OURS[r]
        reading = x["reading"]
        rows.append([ROW_LABELS[r], f"{100 * lo_r:.0f}-{100 * hi_r:.0f}%",
                     f"{100 * o[0]:.1f}% [{100 * o[1]:.1f}, {100 * o[2]:.1f}]",
                     f"{pct_ci(x['score'])} ({x['score'].n})",
                     f"{100 * x['c']:+.1f} [{100 * x['lo']:+.1f}, {100 * x['hi']:+.1f}]" if x["score"].ok() else DASH,
                     reading[0] if reading else DASH,
                     f"{100 * reading[1]:+.1f}" if reading and reading[1] is not None else DASH])
    text += md_table(["row", "his scores", "ours", "arm's score [95%] (units)", f"C [{level}]", "reading",
                      "bound toward his range"], rows)
    text += ("\n## The degenerate endpoint: alpha-beta(X) and the gains over it, points [95% CI]\n\n"
             "Over all ordered (X, Z) alpha-beta(X) scores 50% by construction: each pair is also played as "
             "(Z, X), the same deterministic games with the two players exchanged, as in his full table.\n\n")
    grows = [["ab_X score against alpha-beta(Z)", DASH, pct_ci(a["ab"])]]
    for r in ROWS:
        g = OURS_GAIN[r]
        grows.append([f"gain({r}) = {r} - ab", f"{100 * g[0]:+.1f} [{100 * g[1]:+.1f}, {100 * g[2]:+.1f}]",
                      pts_ci(a["rows"][r]["gain"])])
    text += md_table(["measure", "ours (E6b om, E6 p50)", "arm"], grows)
    text += "\n## By wrong opponent Z: score [95%] and gain over ab_X\n\n"
    zs = sorted(a["rows"]["p50"]["by_z"])
    text += md_table(["Z"] + [f"{r} score" for r in ROWS] + [f"{r} gain" for r in ROWS],
                     [[z] + [pct_ci(a["rows"][r]["by_z"][z][0]) for r in ROWS]
                      + [pts_ci(a["rows"][r]["by_z"][z][1]) for r in ROWS] for z in zs])
    text += "\n## Nodes a move\n\n"
    text += md_table(["player", "nodes a move"], [["ab", f"{a['ab_nodes']:,.0f}"]]
                     + [[r, f"{a['rows'][r]['nodes']:,.0f}"] for r in ROWS])
    return text


def run_hiswrong(s2_folder, ctx):
    """RESULTS/S2/hiswrong/tables.md when the arm has games; None otherwise."""
    exp = load_experiment(s2_folder, FOLDER)
    if exp is None or exp.n == 0:
        return None
    boot = Boot(exp.n, ctx.resamples, ctx.seed)
    a = analyse_hiswrong(exp, boot)
    if a["openings"] == 0:
        raise InputError(f"{exp.folder}: no opening is complete in every tournament")
    write_text(os.path.join(exp.folder, "tables.md"), tables_hiswrong(exp, a, ctx))
    return a


def main(argv):
    """python3 -m bao_analysis hiswrong S2_FOLDER [--resamples N] [--seed S]: the arm's
    tables; exit 2 on a bad folder or record."""
    from .s2_arm_command import s2_arm_main

    return s2_arm_main(argv, "hiswrong", __doc__.split("\n\n")[0], "hiswrong/", run_hiswrong,
                       lambda s2: f"no games under {s2}/{FOLDER}")
