"""scripts/analyse e9sp E9SP_FOLDER [E9S_FOLDER] (python3 -m bao_analysis e9sp ...): E9s-p's
tables and verdicts (docs/results.md, "E9s-p: safe exploitation against the deeper
opponent at power"), from the raw games of its one gauntlet, E9s-p-deeper: E9s' deeper
gauntlet again on seed 2091's openings, decided on these games alone.

The measures, rules and bootstrap are E9s' (bao_analysis.e9s: gains over `ab` paired by
opening, 10,000 resamples, seed 17, the L rule at -3 points and its uninformative case),
at this family's level: Bonferroni over its three verdicts, 98.33%. E9S_FOLDER (default:
E9s beside E9SP_FOLDER) gives E9s' HsG and HsL-omaware verdicts (its verdicts.csv) for the
per-variant reading and E9s' deeper openings for the gains on the openings not among
them; without it those two parts are left out. Deterministic."""
import copy
import csv
import math
import os
import sys

import numpy as np

from . import e9s
from .gauntlet import RESAMPLES, Gauntlet
from .multiplicity import bonferroni_level, z_power, z_two_sided
from .records import InputError, games_file, read_games
from .stats import Boot, level_interval
from .tables import DASH, fmt, write_gauntlet_tables

FOLDER = "E9s-p-deeper"
FAMILY = 3
LEVEL = bonferroni_level(FAMILY)  # 0.98333...
DECLARED = 5200  # the openings the declaration plays before its stop time


def opening_sd(g, name, base="ab"):
    """The standard deviation over g's openings (n - 1 in the denominator) of name's
    points less base's, each over its games of that opening: the per-opening sd the
    declaration sized the openings from. NaN with fewer than two openings."""
    diff = []
    for o in range(g.n):
        a, b = g.cells.get(name, {}).get(o), g.cells.get(base, {}).get(o)
        if a and b and a[1] and b[1]:
            diff.append(a[0] / a[1] - b[0] / b[1])
    return float(np.std(diff, ddof=1)) if len(diff) > 1 else math.nan


def decides(sd, n, m=FAMILY):
    """The distance from the margin a verdict is decided at with 80% power on n openings,
    at Bonferroni's level over m: (z + z_power) sd / sqrt(n)."""
    return (z_two_sided(m) + z_power()) * sd / math.sqrt(n)


def restrict(g, openings):
    """g on the given opening indices only, renumbered in their order, its bootstrap redrawn
    (the declared resamples and seed)."""
    index = {o: i for i, o in enumerate(sorted(openings))}
    g.cells = {n: {index[o]: c for o, c in cells.items() if o in index} for n, cells in g.cells.items()}
    g.n = len(index)
    g.boot = Boot(g.n, RESAMPLES, e9s.SEED)
    return g


def positions(folder):
    """{opening index: opening position} of the games in folder."""
    return {g["opening_index"]: g["opening"] for _, g in read_games(games_file(folder))}


def e9s_verdicts(e9s_folder):
    """{id: verdict} of E9s' verdicts.csv, {} when the folder has none."""
    path = os.path.join(e9s_folder, "verdicts.csv")
    if not os.path.isfile(path):
        return {}
    with open(path, newline="") as f:
        return {r["id"]: r["verdict"] for r in csv.DictReader(f)}


def analyse(e9sp, e9s_folder):
    """The gauntlet truncated to its complete openings, and per challenger (gain, 95%, this
    family's level, E9s' 99.44%, share of games identical to ab's, per-opening sd)."""
    folder = os.path.join(e9sp, FOLDER)
    g = Gauntlet(folder, e9s.SEED, "scripts/reproduce-e9sp")
    games = [r for _, r in read_games(games_file(folder))]
    played = g.n
    k = e9s.complete_openings(g)
    if k < 2:
        raise InputError(f"{folder}: {k} opening(s) complete, two are needed")
    whole = copy.deepcopy(g)
    if g.n != k:
        e9s.truncate(g, k)
    rows = {}
    for name, _ in e9s.CHALLENGERS:
        est, res = g.gain(name)
        same = e9s.identical_share(folder, name, k, games)
        rows[name] = (est, level_interval(res, 0.95), level_interval(res, LEVEL), level_interval(res, e9s.LEVEL),
                      same, opening_sd(g, name))
    fresh = None
    deeper = os.path.join(e9s_folder, "E9s-deeper")
    if games_file(deeper) is not None:
        old = set(positions(deeper).values())
        new = {r["opening_index"] for r in games if r["opening_index"] < k and r["opening"] not in old}
        if len(new) > 1:
            h = restrict(whole, new)
            fresh = (len(new), {n: (h.gain(n)[0], level_interval(h.gain(n)[1], LEVEL)) for n, _ in e9s.CHALLENGERS})
    return g, played, rows, fresh


def verdict(rows, name):
    """HsLp-name-deeper by E9s' L rule at this family's level, with its uninformative case."""
    lo, hi = rows[name][2]
    v = e9s.l_verdict(lo, hi)
    if v == "bounded" and rows["omd"][2][0] >= -e9s.MARGIN:
        v = "bounded, uninformative"
    return v


def tables(g, played, rows, fresh, old_verdicts):
    pct = lambda x: f"{100 * x:+.1f}"  # noqa: E731
    ci = lambda p: f"[{pct(p[0])}, {pct(p[1])}]"  # noqa: E731
    k = g.n
    out = ["# E9s-p: safe exploitation against the deeper opponent at power", "",
           "Made by `scripts/reproduce-e9sp` from the raw games in this folder; hypotheses and decision rules:",
           "docs/results.md (E9s-p). E9s' deeper gauntlet (alpha-beta at d+2 on td-short first in every pairing)",
           "on seed 2091's openings. Gains are points over alpha-beta at d, paired by opening (bootstrap of the",
           f"openings, 10,000 resamples, seed {e9s.SEED}); verdicts on 98.33% intervals (Bonferroni over three), L's",
           "margin -3 points; E9s' 99.44% beside, without a verdict.", "",
           f"Openings analysed: the first {k} complete (every challenger, both colours) of {played} started and "
           f"{DECLARED} declared.", "",
           "| challenger | score | gain | 95% | 98.33% | 99.44% | per-opening sd | decided at 80% power when "
           "the gain is this far from -3 | games as alpha-beta's | verdict |",
           "|---|---|---|---|---|---|---|---|---|---|",
           f"| alpha-beta at d | {100 * g.score('ab')[0]:.1f}% | | | | | | | | |"]
    verdicts = []
    for name, label in e9s.CHALLENGERS:
        est, c95, cf, c9, (same, units), sd = rows[name]
        v = "-" if name == "omd" else verdict(rows, name)
        if name != "omd":
            what = f"{label}: gain against alpha-beta at d+2"
            verdicts.append((f"HsLp-{name}-deeper", what, est, cf[0], cf[1], v, k))
        out.append(f"| {label} | {100 * g.score(name)[0]:.1f}% | {pct(est)} | {ci(c95)} | {ci(cf)} | {ci(c9)} | "
                   f"{sd:.3f} | {100 * decides(sd, k):.2f} | {100 * same:.1f}% of {units} | {v} |")
    omd = rows["omd"]
    out += ["", f"Root OM at d (unbounded), 98.33%: {pct(omd[0])} {ci(omd[2])} "
            f"({e9s.l_verdict(*omd[2])} by the L rule): the bound is "
            + ("uninformative (the opponent does not exploit the model enough to test it)." if omd[2][0] >= -e9s.MARGIN
               else "informative (the unbounded exploiter's interval reaches below -3).")]
    if old_verdicts:
        out += ["", "## Safe exploitation, per variant (E9s' reading with HsLp-X-deeper in place of HsL-X-deeper)", "",
                "| variant | reading |", "|---|---|"]
        by_id = {v[0]: v[5] for v in verdicts}
        for name, label in e9s.SAFE:
            parts = [old_verdicts.get(f"HsG-{name}", "-"), by_id[f"HsLp-{name}-deeper"],
                     old_verdicts.get(f"HsL-{name}-omaware", "-")]
            out.append(f"| {label} | {e9s.variant_reading(*parts)} (E9s' G {parts[0]}; L deeper {parts[1]}, "
                       f"E9s' OM-aware {parts[2]}) |")
    if fresh is not None:
        m, gains = fresh
        out += ["", f"## On the {m} of the {k} openings whose positions are not among E9s' deeper openings "
                "(no verdict)", "",
                "| challenger | gain | 98.33% |", "|---|---|---|"]
        out += [f"| {label} | {pct(gains[n][0])} | {ci(gains[n][1])} |" for n, label in e9s.CHALLENGERS]
    return out, verdicts


def thesis_entries(results):
    """E9s-p's rows of RESULTS/verdicts.md (hypotheses.write_verdicts), from RESULTS/E9s-p's
    merged games: ({id: (cells, note, p)}, {id: (two-level interval, its verdict)}, {id:
    reading}); three empty dicts without those games."""
    e9sp = os.path.join(results, "E9s-p")
    if games_file(os.path.join(e9sp, FOLDER)) is None:
        return {}, {}, {}
    g, _, rows, _ = analyse(e9sp, os.path.join(results, "E9s"))
    omd = rows["omd"]
    v, two, reading = {}, {}, {}
    for name, label in e9s.SAFE:
        hid = f"HsLp-{name}-deeper"
        est, _, (lo, hi), _, (same, _), _ = rows[name]
        cells = [fmt(est, "pts"), fmt(lo, "pts"), fmt(hi, "pts"), str(g.n), str(g.games(name) + g.games("ab")),
                 verdict(rows, name), DASH]
        v[hid] = (cells, "98.33% interval (Bonferroni over three)", math.nan)
        two[hid] = (DASH, "one opponent and one evaluator pair: openings only")
        reading[hid] = (f"alpha-beta at d has G = 0 and passes this rule; {name} plays alpha-beta's game move for "
                        f"move in {100 * same:.1f}% of its games; root OM at d (unbounded) {fmt(omd[0], 'pts')} "
                        f"[{fmt(omd[2][0], 'pts')}, {fmt(omd[2][1], 'pts')}] (98.33%); E9s' gain against the model: "
                        "results/E9s/verdicts.csv")
    return v, two, reading


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    e9sp = argv[1]
    e9s_folder = argv[2] if len(argv) == 3 else os.path.join(os.path.dirname(os.path.abspath(e9sp)), "E9s")
    try:
        g, played, rows, fresh = analyse(e9sp, e9s_folder)
    except InputError as e:
        print(f"e9sp: {e}", file=sys.stderr)
        return 2
    out, verdicts = tables(g, played, rows, fresh, e9s_verdicts(e9s_folder))
    write_gauntlet_tables(e9sp, out, verdicts, "0.9833")
    print("\n".join(f"{h}: {v}" for h, _, _, _, _, v, _ in verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
