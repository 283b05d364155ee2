"""S2's depths arm (docs/results.md, "S2 depths: PrOM at 6/7/8 and node-matched
alpha-beta (declared before the data)"), in RESULTS/S2/depths/: (a) PrOM {X: 0.75, Y:
0.25} (p75) against alpha-beta(X) (ab) at depths 6, 7 and 8 (parts d6, d7, d8, each
against alpha-beta(Y) at the same depth); (b) root OM scored at d (omdD) beside
alpha-beta(X) at d (ab), at depth 8 (ab8, matched in depth) and at depth 9 (ab9, matched
in nodes), against alpha-beta(Y) at d (part nodematch).

One family of five verdicts (A6, A7, A8, B8, B9), Bonferroni: 99% percentile intervals
of the bootstrap of each part's opening indices. Beside each verdict, the two-level
interval (pairs and openings resampled, crossed; two_level.py) at the same level with
the rule applied to it, exploratory. A part stopped early is analysed on the openings
every pair completed (the declaration's stop rule).

Its powered replication, S2 depths-p (docs/results.md, "S2 depths-p: PrOM at 6/7/8 at
3-point power on fresh openings (declared before the data)"), in RESULTS/S2/depths-p/:
part (a) alone on other openings, its own family of three (A6p, A7p, A8p; 98.33%), the
same rules; the same code given the arm's description (Arm: DEPTHS, DEPTHS_P).

Its second powered replication, S2 depths-q (docs/results.md, "S2 depths-q: PrOM at
depth 8 and node-matched alpha-beta at 3-point power (declared before the data)"), in
RESULTS/S2/depths-q/: the depth-8 part and part (b) on other fresh openings, its own
family of three (A8q, B8q, B9q; 98.33%), the same rules, with each measure's
per-opening sd as it came out and the effect it detects (DEPTHS_Q)."""
import argparse
import math
import os
import sys
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from .experiment import Context, load_experiment
from .multiplicity import bonferroni_level, z_power, z_two_sided
from .records import InputError
from .stats import Boot, Est, hit_rate, level_interval, nodes_per_move, pooled, unit_sums
from .tables import DASH, fmt, md_table, pct_ci, pts_ci, write_text
from .two_level import two_level_gain

FOLDER = os.path.join("S2", "depths")
DEPTHS_ALL = [6, 7, 8]
PARTS = {f"d{k}": ["ab", "p75"] for k in DEPTHS_ALL}
PARTS["nodematch"] = ["ab", "omdD", "ab8", "ab9"]
LEVEL = bonferroni_level(5)  # the family of five: 99%
MARGIN = 0.03  # "level within 3 points": H6a's and H6b''s margin
# The family: (id, part, variant, base, what it measures, (above, below)).
VERDICTS = [(f"A{k}", f"d{k}", "p75", "ab", f"PrOM 0.75 against alpha-beta at depth {k}: p75 - ab",
             ("PrOM beats alpha-beta", "alpha-beta beats PrOM")) for k in DEPTHS_ALL]
VERDICTS += [("B8", "nodematch", "omdD", "ab8", "root OM scored at d against alpha-beta matched in depth: omdD - ab8",
              ("root OM beats the matched alpha-beta", "the matched alpha-beta is better")),
             ("B9", "nodematch", "omdD", "ab9", "root OM scored at d against alpha-beta matched in nodes: omdD - ab9",
              ("root OM beats the matched alpha-beta", "the matched alpha-beta is better"))]
# Reported at 95%, outside the family: (part, variant, base, what).
EXPLORATORY = [("nodematch", "omdD", "ab", "omdD - ab (root OM scored at d over alpha-beta at d, E5's omdD gain)"),
               ("nodematch", "ab8", "ab", "ab8 - ab (two more plies)"),
               ("nodematch", "ab9", "ab", "ab9 - ab (three more plies)"),
               ("nodematch", "ab9", "ab8", "ab9 - ab8")]


@dataclass(frozen=True)
class Arm:
    """What tells S2 depths and its replication apart: the folder under RESULTS, the
    parts played ({part: its players}), the family ([(id, part, variant, base, what,
    (above, below))]), its Bonferroni level, the exploratory differences, the verdicts'
    suffix in verdicts.md, the tables' title and description, and whether the tables
    report each measure's power as it came out (the arms sized for 3 points)."""
    folder: str
    parts: dict
    verdicts: list
    level: float
    exploratory: list
    title: str
    design: str
    suffix: str = ""
    reports_power: bool = False

    def family_size(self):
        """The family's size in words, as the tables and verdicts.md name it."""
        return {3: "three", 5: "five"}[len(self.verdicts)]


DEPTHS = Arm(
    FOLDER, PARTS, VERDICTS, LEVEL, EXPLORATORY, "S2 depths: PrOM at 6/7/8 and node-matched alpha-beta",
    "Declared before the games (docs/results.md, \"S2 depths\"). Part dD: PrOM {X: 0.75, Y: 0.25} (p75) and "
    "alpha-beta(X) (ab) at depth D against alpha-beta(Y) at D. Part nodematch: against alpha-beta(Y) at d = 6, root "
    "OM scored at d (omdD) beside alpha-beta(X) at 6 (ab), 8 (ab8, matched in depth) and 9 (ab9, matched in nodes by "
    "the pilot). The family of five")

# S2 depths-p: part (a) on fresh openings, sized for 3 points; a family of three.
DEPTHS_P = Arm(
    os.path.join("S2", "depths-p"), {f"d{k}": ["ab", "p75"] for k in DEPTHS_ALL},
    [(f"{i}p", part, v, b, what, words) for i, part, v, b, what, words in VERDICTS if i.startswith("A")],
    bonferroni_level(3), [], "S2 depths-p: PrOM at 6/7/8 at 3-point power on fresh openings",
    "Declared before the games (docs/results.md, \"S2 depths-p\"). S2 depths' part (a) again on fresh openings "
    "(seed 2089), sized for 3 points: PrOM {X: 0.75, Y: 0.25} (p75) and alpha-beta(X) (ab) at depth D against "
    "alpha-beta(Y) at D. Decided on its own, not pooled with S2 depths. The family of three", "p")

# S2 depths-q: the depth-8 part and part (b) on other fresh openings, sized for 3
# points; a family of three.
DEPTHS_Q = Arm(
    os.path.join("S2", "depths-q"), {"d8": PARTS["d8"], "nodematch": PARTS["nodematch"]},
    [(f"{i}q", part, v, b, what, words) for i, part, v, b, what, words in VERDICTS if i in ("A8", "B8", "B9")],
    bonferroni_level(3), EXPLORATORY, "S2 depths-q: PrOM at depth 8 and node-matched alpha-beta at 3-point power",
    "Declared before the games (docs/results.md, \"S2 depths-q\"). S2 depths' depth-8 part and part (b) again on "
    "fresh openings (seed 2193), sized for 3 points. Part d8: PrOM {X: 0.75, Y: 0.25} (p75) and alpha-beta(X) (ab) "
    "at depth 8 against alpha-beta(Y) at 8. Part nodematch: against alpha-beta(Y) at d = 6, root OM scored at d "
    "(omdD) beside alpha-beta(X) at 6 (ab), 8 (ab8, matched in depth) and 9 (ab9, matched in nodes). Decided on its "
    "own, not pooled with S2 depths or S2 depths-p. The family of three", "q", True)


def verdict_of(lo, hi, words, margin=None):
    """The declared rule on an interval: the first word above 0, the second below 0; with
    a margin, 'level within 3 points' when the interval contains 0 and lies inside
    (-margin, +margin); else 'not decided' ('no data' without an interval)."""
    if math.isnan(lo) or math.isnan(hi):
        return "no data"
    if lo > 0:
        return words[0]
    if hi < 0:
        return words[1]
    if margin is not None and -margin < lo and hi < margin:
        return f"level within {100 * margin:g} points"
    return "not decided"


def complete_openings(exp):
    """The number of leading openings on which every challenger named in each
    tournament's config.ini has both colours' games against its opponent (the
    declaration's stop rule keeps those); 0 when one has none yet."""
    k = exp.n
    for cfg, conf in exp.configs.items():
        names = [n.strip() for n in conf.get("players", "").split(",") if n.strip()]
        if not names:
            raise InputError(f"{os.path.join(exp.folder, cfg)}: config.ini names no players")
        opp = names[0]
        for name in names[1:]:
            s = exp.stat(cfg, name, opp)
            if s is None:
                return 0
            short = np.flatnonzero(s.games < 2)
            k = min(k, int(short[0]) if short.size else exp.n)
    return k


def truncate(exp, k):
    """Keeps exp's first k openings (every per-opening array cut to k, the games counted
    again over them: each game once, from its challenger's side)."""
    for s in exp.stats.values():
        s.pts, s.games, s.hits, s.preds = s.pts[:k], s.games[:k], s.hits[:k], s.preds[:k]
        s.npm_sum, s.npm_n = s.npm_sum[:k], s.npm_n[:k]
    exp.n = k
    exp.games = int(sum(s.games.sum() for (_, _, opp), s in exp.stats.items() if opp.startswith("opp_")))
    return exp


def load_parts(results, arm=DEPTHS):
    """{part: Experiment cut to its complete openings} of the arm's parts with games."""
    root = os.path.join(results, arm.folder)
    out = {}
    for part in arm.parts:
        exp = load_experiment(root, part)
        if exp is None or exp.n == 0:
            continue
        k = complete_openings(exp)
        if k > 0:
            out[part] = truncate(exp, k)
    return out


def analyse(parts, ctx, arm=DEPTHS):
    """The family's verdicts with their two-level intervals, and the exploratory measures."""
    boots = {p: Boot(e.n, ctx.resamples, ctx.seed) for p, e in parts.items() if e.n > 0}
    res = {"verdicts": [], "exploratory": [], "score": {}, "nodes": {}, "pairs": {}, "n": {}, "games": {},
           "gains": {}}
    for part, exp in parts.items():
        cells = exp.cells()
        res["pairs"][part], res["n"][part], res["games"][part] = len(cells), exp.n, exp.games
        for v in arm.parts[part]:
            res["score"][(part, v)] = pooled(exp, boots.get(part), cells, v)
            res["nodes"][(part, v)] = nodes_per_move(exp, cells, v)
    for hid, part, v, b, what, words in arm.verdicts:
        exp, boot = parts.get(part), boots.get(part)
        e, two = Est(), Est()
        if exp is not None and boot is not None:
            e = pooled(exp, boot, exp.cells(), v, b, keep=True)
            two = two_level_gain(exp, boot, exp.cells(), v, b, ctx.seed, keep=True)
        margin = MARGIN if hid.startswith("A") else None
        lo, hi = level_interval(e.samples, arm.level) if e.ok() else (math.nan, math.nan)
        lo2, hi2 = level_interval(two.samples, arm.level) if two.ok() else (math.nan, math.nan)
        res["verdicts"].append({"id": hid, "what": what, "est": e, "lo": lo, "hi": hi,
                                "verdict": verdict_of(lo, hi, words, margin), "two": two, "lo2": lo2, "hi2": hi2,
                                "verdict2": verdict_of(lo2, hi2, words, margin)})
        res["gains"][hid] = e
    res["diff"] = {}
    for part, v, b, what in arm.exploratory:
        exp = parts.get(part)
        res["diff"][(v, b)] = pooled(exp, boots[part], exp.cells(), v, b) if exp else Est()
        res["exploratory"].append((what, res["diff"][(v, b)]))
    g6, g8 = res["gains"].get("A6" + arm.suffix), res["gains"].get("A8" + arm.suffix)
    trend = Est()
    if g6 is not None and g8 is not None and g6.ok() and g8.ok():
        diff = g8.samples - g6.samples  # independent resamples of the two parts' openings
        lo, hi = level_interval(diff, 0.95)
        trend = Est(g8.est - g6.est, lo, hi, min(g6.n, g8.n), g6.games + g8.games)
    res["trend"] = trend
    nm = parts.get("nodematch")
    res["hit"] = hit_rate(nm, boots["nodematch"], nm.cells(), "omdD") if nm else Est()
    res["per_pair"] = per_pair(parts, boots, arm)
    if arm.reports_power:
        res["power"] = power_as_played(parts, arm)
    return res


def power_as_played(parts, arm):
    """[(id, per-opening sd, openings, effect detected, power for a true 3 points)] of the
    family's measures in these games: the sd over openings of the 20-pair mean paired
    difference, and at the family's level with 80% power the effect (z + z_power) sd /
    sqrt(n), the normal approximation the declarations sized the arms with."""
    z = z_two_sided(len(arm.verdicts))
    out = []
    for hid, part, v, b, _, _ in arm.verdicts:
        exp = parts.get(part)
        if exp is None:
            continue
        num, den, _ = unit_sums(exp, exp.cells(), v, b)
        diff = num[den > 0] / den[den > 0]
        if diff.size < 2:
            continue
        sd, n = float(np.std(diff, ddof=1)), int(diff.size)
        detect = (z + z_power()) * sd / math.sqrt(n)
        power = NormalDist().cdf(MARGIN * math.sqrt(n) / sd - z) if sd > 0 else 1.0
        out.append((hid, sd, n, detect, power))
    return out


def per_pair(parts, boots, arm=DEPTHS):
    """{(Y, X): {measure: Est}} of the family's measures per ordered pair (95%)."""
    out = {}
    for hid, part, v, b, _, _ in arm.verdicts:
        exp = parts.get(part)
        if exp is None:
            continue
        for c in exp.cells():
            out.setdefault((c[1][4:], c[2]), {})[hid] = pooled(exp, boots[part], [c], v, b)
    return out


def interval_text(e, lo, hi):
    if not e.ok():
        return DASH
    return f"{100 * e.est:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}] ({e.n})"


def tables(res, ctx, arm=DEPTHS):
    level = f"{100 * arm.level:.4g}%"
    parts = ", ".join(f"{p}: {res['n'][p]} openings, {res['pairs'][p]} pairs, {res['games'][p]} games"
                      for p in arm.parts if p in res["n"])
    text = (f"# {arm.title}\n\n{ctx.scale} scale; {parts}; bootstrap "
            f"over each part's openings, {ctx.resamples} resamples, seed {ctx.seed}. Scores and gains in score "
            f"points (percent of a point per game).\n\n{arm.design}: {level} percentile intervals (Bonferroni "
            f"over {arm.family_size()}); A: 'level within 3 points' when the interval contains 0 inside (-3, +3). "
            "Beside each, the two-level interval (pairs and openings resampled, "
            f"crossed) at {level} and the rule on it (exploratory). The rest 95%.\n\n")
    rows = [[r["id"], r["what"], interval_text(r["est"], r["lo"], r["hi"]), r["verdict"],
             interval_text(r["two"], r["lo2"], r["hi2"]), r["verdict2"]] for r in res["verdicts"]]
    text += md_table(["id", "measure", f"points [{level}] (openings)", "verdict",
                      f"two-level [{level}]", "verdict on the two-level interval"], rows)
    text += "\n## Exploratory differences, points [95% CI]\n\n"
    rows = [[what, f"{pts_ci(e)} ({e.n})" if e.ok() else DASH] for what, e in res["exploratory"]]
    t = res["trend"]
    if "d6" in arm.parts:
        rows.append(["G_8 - G_6 (PrOM's gain at depth 8 less at depth 6; independent resamples)",
                     f"{pts_ci(t)}" if t.ok() else DASH])
    text += md_table(["measure", "points [95%] (openings)"], rows)
    text += "\n## Scores against alpha-beta(Y) and nodes a move\n\n"
    rows = [[p, v, pct_ci(res["score"][(p, v)]),
             f"{res['nodes'][(p, v)]:,.0f}" if not math.isnan(res["nodes"][(p, v)]) else DASH]
            for p in arm.parts if p in res["n"] for v in arm.parts[p]]
    text += md_table(["part", "player", "score % [95% CI]", "nodes a move"], rows)
    h = res["hit"]
    if "nodematch" in arm.parts:
        text += ("\nRoot OM's (omdD) hit rate of the predicted replies: "
                 + (f"{pct_ci(h)} ({h.n} predictions).\n" if h.ok() else f"{DASH}.\n"))
    text += "\n## The family's measures per ordered pair, points [95% CI] (exploratory)\n\n"
    ids = [r["id"] for r in res["verdicts"]]
    text += md_table(["model Y (the opponent)", "own X"] + ids,
                     [[y, x] + [pts_ci(g[i]) if i in g else DASH for i in ids]
                      for (y, x), g in sorted(res["per_pair"].items())])
    if arm.reports_power:
        text += (f"\n## Power as it came out\n\nEach measure's sd over openings (of the 20-pair mean paired "
                 f"difference), the effect it detects at {level} with 80% power, (z + 0.842) sd / sqrt(n), and the "
                 "power for a true 3 points.\n\n")
        text += md_table(["id", "per-opening sd (points)", "openings", "effect detected (points)",
                          "power for 3 points"],
                         [[hid, f"{100 * sd:.2f}", str(n), f"{100 * d:.1f}", f"{p:.2f}"]
                          for hid, sd, n, d, p in res.get("power", [])])
    return text


def run_depths(results, ctx, arm=DEPTHS):
    """Writes RESULTS/<arm's folder>/tables.md when the arm has games; returns analyse's
    result (None without games)."""
    parts = load_parts(results, arm)
    if not parts:
        return None
    res = analyse(parts, ctx, arm)
    write_text(os.path.join(results, arm.folder, "tables.md"), tables(res, ctx, arm))
    return res


def main(argv, arm=DEPTHS):
    """python3 -m bao_analysis s2depths RESULTS [--resamples N] [--seed S] [--scale NAME]
    (s2depths-p, depths_p.py, and s2depths-q, depths_q.py: the same with arms DEPTHS_P and
    DEPTHS_Q)."""
    ap = argparse.ArgumentParser(prog=os.path.basename(argv[0]), description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help=f"the results folder holding {arm.folder}")
    ap.add_argument("--scale", default="standard")
    ap.add_argument("--resamples", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=17)
    a = ap.parse_args(argv[1:])
    if a.resamples < 1:
        ap.error("--resamples must be at least 1")
    folder = os.path.join(a.results, arm.folder)
    if not os.path.isdir(folder):
        ap.error(f"{folder} is not a folder")
    prog = "s2depths" + ("-" + arm.suffix if arm.suffix else "")
    try:
        res = run_depths(a.results, Context(a.scale, a.resamples, a.seed), arm)
    except InputError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 2
    if res is None:
        print(f"{prog}: error: no games under {folder}", file=sys.stderr)
        return 2
    return 0


# ---------------------------------------------------------------- results/verdicts.md

# The family's rows of RESULTS/verdicts.md (hypotheses.HYPOTHESES): outside the Holm
# family of the thesis, in their own Bonferroni family (of five; S2 depths-p's and S2
# depths-q's of three).
VERDICT_IDS = [v[0] for v in VERDICTS]


def verdict_entries(res, arm=DEPTHS):
    """{id: (row cells, note, p)} for hypotheses.write_verdicts: the 99% interval in the
    interval columns, the declared rule's verdict; no p (the family is Bonferroni's)."""
    out = {}
    for r in res["verdicts"]:
        e = r["est"]
        if not e.ok():
            continue
        cells = [fmt(e.est, "pts"), fmt(r["lo"], "pts"), fmt(r["hi"], "pts"), str(e.n), str(e.games), r["verdict"],
                 DASH]
        out[r["id"]] = (cells, f"{100 * arm.level:.4g}% interval (Bonferroni over {arm.family_size()})", math.nan)
    return out


def two_level_entries(res, arm=DEPTHS):
    """{id: (two-level interval text, the rule's verdict on it)} beside the family's rows."""
    return {r["id"]: (f"[{fmt(r['lo2'], 'pts')}, {fmt(r['hi2'], 'pts')}] ({100 * arm.level:.4g}%)", r["verdict2"])
            for r in res["verdicts"] if r["two"].ok()}


def replication_readings(res, arm):
    """{id of an earlier arm's verdict: what this arm's replication of it on fresh
    openings reads} for S2 depths' B8 and B9 (their readings in verdicts.md), from an
    arm whose verdicts replay them (B8q, B9q)."""
    out = {}
    for r in res["verdicts"]:
        base = r["id"][:-len(arm.suffix)] if arm.suffix else r["id"]
        if base in ("B8", "B9") and r["est"].ok():
            out[base] = (f"; at 3-point power on other fresh openings ({arm.title.split(':')[0]}, {r['id']}, "
                         f"{100 * arm.level:.4g}%): {100 * r['est'].est:+.1f} [{100 * r['lo']:+.1f}, "
                         f"{100 * r['hi']:+.1f}] ({r['est'].n} openings), {r['verdict']}")
    return out


def reading_entries(res):
    """{id: what the verdict means} (the declaration's degenerate endpoints): alpha-beta(X)
    in PrOM's place gives exactly 0 (reads level), and alpha-beta at d in root OM's place
    gives score(ab) - score(abk), from these games."""
    out = {}
    for r in res["verdicts"]:
        if not r["est"].ok():
            continue
        if r["id"].startswith("A"):
            out[r["id"]] = ("alpha-beta(X) in PrOM's place gives exactly 0 (level): only 'PrOM beats alpha-beta' "
                            "shows the H6c half 'PrOM at least as good as alpha-beta'")
        else:
            k = r["id"][1]  # the matched depth: B8, B8q -> 8
            e = res["diff"].get((f"ab{k}", "ab"), Est())
            ab = fmt(-e.est, "pts") if e.ok() else DASH
            out[r["id"]] = (f"alpha-beta at d in root OM's place gives ab - ab{k} = {ab} points; root OM's gain "
                            f"over ab at d is read as exploitation only if this verdict is 'root OM beats the "
                            "matched alpha-beta'")
    return out
