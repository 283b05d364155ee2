"""S2 power2 (docs/results.md, "S2 power2", declared before its games): the 22 (row, arm)
bounds that S2 power left at S2's 30 openings a pair, replayed on fresh openings (seed
2035) in RESULTS/S2/power2/ under S2's tournament names, each arm with its own openings
a pair and paired with the base arm on the same opening indices.

Declared measures: for each (arm, row r) of FAMILY, Delta(r) = gain_arm(r) - gain_base(r)
(gain = score(r) - score(ab), paired by opening), its interval at 1 - 0.05 / 22 from one
bootstrap of the arm's opening indices (the openings complete in every tournament of the
arm and of the base arm), read by S2 hisarms' rule (hisarms.his_table_reading) with the
bound the end of that interval on the side of Donkers' figure. Beside each, S2's
30-opening effect and bound, and the effect the arm detects with 80% power."""
import copy
import os

from .arms import ARM_PLAYS, analyse_arms, arm_of, his_effect, his_row_effect, level_ci, same_game_share
from .depths import complete_openings, truncate
from .experiment import Experiment, load_experiment
from .hisarms import his_table_reading
from .power import detectable
from .records import InputError
from .stats import Boot
from .tables import DASH, md_table, pts_ci, write_text

FOLDER = "power2"
# (order in S2 power's table, reported arm, row): the declared family.
FAMILY = [(3, "evals", "p50"), (5, "shuffle", "om"), (6, "promorder", "p50"), (7, "rules", "om"),
          (8, "rules", "p50"), (9, "mtdf", "om"), (10, "riskmargin-k2", "omdr"), (11, "mtdf", "p50"),
          (12, "riskmargin-k5", "omdr"), (13, "shuffle", "p50"), (14, "riskmargin-k10", "omdr"),
          (15, "evals", "omd"), (16, "shuffle", "omdr"), (17, "openings", "omdr"), (18, "mtdf", "omdr"),
          (19, "evals", "omdr"), (20, "ties", "omd"), (21, "ties", "omdr"), (22, "rules", "omd"),
          (23, "rules", "omdr"), (24, "shuffle", "omd"), (25, "mtdf", "omd")]
LEVEL = 1 - 0.05 / len(FAMILY)  # Bonferroni over the family
DETECT = 0.03  # the effect each arm is sized to detect: 3 points
ROW_LABELS = {"p50": "PrOM 0.5", "om": "OM search", "omd": "root OM at d", "omdr": "root OM, risk management"}


def tournament_arms():
    """The tournament arms the family plays (riskmargin once for its three k), in order."""
    out = []
    for _, arm, _ in FAMILY:
        t = ARM_PLAYS[arm][0]
        if t not in out:
            out.append(t)
    return out


def arm_view(exp, tournament):
    """A copy of exp holding only the base arm's and the tournament arm's tournaments,
    cut to the openings complete in all of them (declared: an arm is paired with the base
    arm on its own first N opening indices); None when an opening is complete in none."""
    sub = Experiment(exp.name, exp.folder)
    keep = {c for c in exp.configs if arm_of(c) in ("base", tournament)}
    sub.configs = {c: exp.configs[c] for c in keep}
    sub.stats = {k: copy.copy(s) for k, s in exp.stats.items() if k[0] in keep}
    sub.n = exp.n
    k = complete_openings(sub)
    return truncate(sub, k) if k > 0 else None


def analyse_power2(exp, ctx, s2_res=None):
    """{(arm, row): measures} for the family, and {tournament arm: (openings, games,
    same-game shares)}; s2_res, S2's own analyse_arms result, gives the 30-opening effect
    and bound beside each."""
    out, arms = {}, {}
    for t in tournament_arms():
        sub = arm_view(exp, t)
        if sub is None:
            continue
        res = analyse_arms(sub, Boot(sub.n, ctx.resamples, ctx.seed))
        arms[t] = {"n": sub.n, "games": sub.games, "res": res}
        for order, arm, row in FAMILY:
            if ARM_PLAYS[arm][0] != t:
                continue
            base, gain, delta = res["gain"].get(("base", row)), res["gain"].get((arm, row)), res["effect"].get((arm, row))
            if delta is None or not delta.ok():
                continue
            lo, hi = level_ci(delta.samples, LEVEL)
            his_fig, his_hw = his_row_effect(row)
            x = {"order": order, "n": sub.n, "base": base, "gain": gain, "delta": delta, "lo": lo, "hi": hi,
                 "his": his_fig, "reading": his_table_reading(base, gain, lo, hi, his_fig, his_hw),
                 "detect": detectable(delta, LEVEL), "s2": None}
            if s2_res is not None:
                eff, b = s2_res["effect"].get((arm, row)), s2_res["gain"].get(("base", row))
                if eff is not None and eff.ok() and b is not None and b.ok():
                    x["s2"] = (eff, eff.hi if his_effect(row) > b.est else eff.lo)
            out[(arm, row)] = x
        arms[t]["same"] = {a: same_game_share(sub, a) for a in ARM_PLAYS if ARM_PLAYS[a][0] == t}
    return out, arms


def family_rows(a):
    rows = []
    for order, arm, row in FAMILY:
        x = a.get((arm, row))
        if x is None:
            rows.append([str(order), ROW_LABELS[row], arm] + [DASH] * 8)
            continue
        rd, d, s2 = x["reading"], x["delta"], x["s2"]
        rows.append([str(order), ROW_LABELS[row], arm, str(x["n"]), f"{100 * x['his']:+.1f}", pts_ci(x["base"]),
                     pts_ci(x["gain"]), f"{100 * d.est:+.1f} [{100 * x['lo']:+.1f}, {100 * x['hi']:+.1f}]",
                     rd[0] if rd else DASH, f"{100 * rd[1]:+.1f}" if rd else DASH,
                     f"{100 * x['detect']:.1f}" + (" (more than 3)" if x["detect"] > DETECT + 0.0005 else "")
                     + (f"; S2: {pts_ci(s2[0])}, bound {100 * s2[1]:+.1f}" if s2 else "")])
    return rows


def same_rows(arms):
    rows = []
    for t, info in arms.items():
        for arm, shares in info["same"].items():
            cells = []
            for v in ("omd", "omdr"):
                equal, n = shares[v]
                cells.append(f"{equal:,} of {n:,} ({100 * equal / n:.1f}%)" if n else DASH)
            rows.append([arm, str(info["n"]), f"{info['games']:,}"] + cells)
    return rows


def tables_power2(exp, a, arms, ctx):
    level = f"{100 * LEVEL:.2f}%"
    text = ("# S2 power2 (exploratory): the rest of S2's 30-opening bounds at 3-point power\n\n"
            f"{ctx.scale} scale; {exp.games} games; bootstrap over each arm's openings, {ctx.resamples} resamples, "
            f"seed {ctx.seed}. Declared before the games (docs/results.md, \"S2 power2\"). S2's arms against "
            "alpha-beta(Y) on fresh openings (seed 2035), each arm paired with the base arm on the openings "
            "complete in both (N a pair). gain = score(r) - score(ab), paired by opening (95%); Delta = gain_arm - "
            f"gain_base at {level} (Bonferroni over the family of {len(FAMILY)}). His effect with his 95% "
            "half-width (1.3 points). Reading (S2 hisarms' rule): explains, partly explains, does not explain. "
            "Bound: Delta's interval end on the side of his figure. Detects: the effect found with 80% power at "
            "the family's level, from Delta's measured per-opening sd; beside it S2's 30-opening effect [95%] and "
            "bound.\n\n")
    text += md_table(["order", "row", "arm", "N", "his effect", "base gain", "arm gain", f"Delta [{level}]",
                      "reading", "bound toward his figure", "detects (points); S2's 30 openings"], family_rows(a))
    text += "\n## Games equal to alpha-beta's move for move (root OM's row players)\n\n"
    return text + md_table(["arm", "N", "games", "omd", "omdr"], same_rows(arms))


def run_power2(s2_folder, ctx):
    """RESULTS/S2/power2/tables.md when its games are present; None otherwise."""
    exp = load_experiment(s2_folder, FOLDER)
    if exp is None or exp.n == 0:
        return None
    if not any(arm_of(c) == "base" for c in exp.configs):
        raise InputError(f"S2 power2 needs the base arm's games under {exp.folder}")
    s2 = os.path.abspath(s2_folder)
    s2_exp = load_experiment(os.path.dirname(s2), os.path.basename(s2))
    s2_res = analyse_arms(s2_exp, Boot(s2_exp.n, ctx.resamples, ctx.seed)) if s2_exp is not None and s2_exp.n else None
    a, arms = analyse_power2(exp, ctx, s2_res)
    if not a:
        raise InputError(f"S2 power2: no arm has an opening complete beside the base arm under {exp.folder}")
    write_text(os.path.join(exp.folder, "tables.md"), tables_power2(exp, a, arms, ctx))
    return a


def main(argv):
    """python3 -m bao_analysis s2power2 S2_FOLDER [--resamples N] [--seed S]: S2 power2's
    tables; exit 2 on a bad folder or record."""
    from .s2_arm_command import s2_arm_main

    return s2_arm_main(argv, "s2power2", __doc__.split("\n\n")[0], "power2/", run_power2,
                       lambda s2: f"no games under {s2}/{FOLDER}")

