"""scripts/thesis-analyse RESULTS [--scale NAME] [--resamples N] [--seed S]
(python3 -m bao_analysis thesis RESULTS ...)

Analyses the raw games of the Bao thesis experiments E4-E7 under RESULTS by the rules
declared in docs/results.md ("Depth 6: hypotheses and decision rules") and writes:
  RESULTS/E4/tables.md, E5/tables.md, E5dd/tables.md, E6/tables.md, E7/tables.md
  RESULTS/E4/E4.png|pdf, E5/E5.png|pdf (E5dd's rows included; E5dd/E5dd.png|pdf only
  without E5), E6/E6.png|pdf, E7/E7.png|pdf
  RESULTS/verdicts.md, RESULTS/verdicts.csv: one row per hypothesis, the verdict by its
  declared rule and beside it the verdict after Holm's correction over the family of
  primary verdicts (design.py, FAMILY); beside each primary verdict its
  two-level interval (evaluator pairs and openings resampled, two_level.py)
  and a reading of what it means (readings.py); every other row and cell
  is marked exploratory or secondary.
  RESULTS/reference.md: the effect sizes of Donkers' 2002 program (measured with his
  program) beside ours with their intervals (exploratory).

Input: RESULTS/<E>/<tournament>/games.jsonl.gz (else games.jsonl) and config.ini for E in
E4, E5, E5dd, E6, E7, and RESULTS/E7/learned/<opponent>-<how>.txt. Player names follow
scripts/thesis-configs: gauntlets "opp_<Y>" against "<variant>_<X>", the round robin
"ab_<X>".

Statistics: the unit is the opening (a player's mean score over its games of that
opening); gains pair two players of the same opponent opening by opening; 95% intervals
are percentile intervals of a bootstrap over opening indices (the same resampled indices
for every cell of an experiment; numpy PCG64 seeded by --seed), BCa intervals for H5g's
correlations (acceleration from leaving one opening out). A verdict's p-value inverts
its interval rule; Holm's step-down adjusts the family's. The same input gives
byte-identical outputs. Absent experiments are skipped (their rows say "no data"); a
malformed record stops the script with its file and line, exit status 2.

The order of the work (main): read every experiment (a malformed record stops everything
before any output), then E4 (its ratings give subgroup S), E5 and E5dd, E5m, E6, E6b, E7,
the verdicts, and the effect sizes beside Donkers' program last."""
import argparse
import os
import sys

from .arms import run_arms
from .second_pass import run_e6c, run_second_pass
from .analysis import analyse_e4, analyse_e6, analyse_e6b, analyse_e7, analyse_gauntlet, h5g, point_cis, subgroup_s
from .design import E5_ORDER, E5DD_ORDER
from .experiment import load_all
from .figures import e5_figures, figure_e4, figure_e6, figure_e6b, figure_e7
from .hypotheses import (verdicts_e4, verdicts_e5, verdicts_e5dd, verdicts_e6, verdicts_e6b, verdicts_e7,
                         write_verdicts)
from .loading import InputError, infer_scale
from .readings import readings
from .stats import Boot
from .two_level import two_level_cells, two_level_rows
from .tables import (gauntlet_tables, h5g_table, tables_e4, tables_e5m, tables_e6, tables_e6b, tables_e7,
                     tables_reference,
                     write_text)


class Context:
    def __init__(self, scale, resamples, seed):
        self.scale, self.resamples, self.seed = scale, resamples, seed


def boot_for(exp, ctx):
    return Boot(exp.n, ctx.resamples, ctx.seed) if exp is not None and exp.n > 0 else None


def run_e4(results, exps, ctx, v):
    exp = exps.get("E4")
    if exp is None or exp.n == 0:
        return None
    e4 = analyse_e4(exp, boot_for(exp, ctx), ctx)
    write_text(os.path.join(exp.folder, "tables.md"), tables_e4(exp, e4, ctx))
    figure_e4(exp, e4, ctx, os.path.join(exp.folder, "E4"))
    verdicts_e4(v, e4)
    return e4


def run_e5(exps, ctx, v, s):
    results = {}
    for name, order, title in (("E5", E5_ORDER, "E5: OM variants against alpha-beta"),
                               ("E5dd", E5DD_ORDER, "E5dd: (D,d)-OM against a shallower alpha-beta")):
        exp = exps.get(name)
        if exp is None or exp.n == 0:
            continue
        boot = boot_for(exp, ctx)
        res = analyse_gauntlet(exp, boot, s, order)
        text = gauntlet_tables(exp, boot, res, ctx, title, s)
        if name == "E5":
            res["h5g"] = h5g(exp, boot, res["cells"])
            res["h5g"]["cis"] = point_cis(exp, boot, res["h5g"]["points"], res["cells"])
            text += h5g_table(res["h5g"])
            verdicts_e5(v, res, s)
        else:
            verdicts_e5dd(v, res, s)
        write_text(os.path.join(exp.folder, "tables.md"), text)
        results[name] = (exp, res)
        res["boot"] = boot
    e5_figures(results, ctx)
    return results


def run_e5m(exps, ctx, s):
    """Exploratory, added after the standard run (docs/results.md, H5f): E5's equal-nodes
    players against alpha-beta with the budget at which it uses about the nodes a move
    they used (eqabm, E5m), paired by opening: E5m plays E5's openings."""
    e5, e5m = exps.get("E5"), exps.get("E5m")
    if e5 is None or e5m is None:
        return
    if e5m.n != e5.n:
        raise InputError(f"E5m has {e5m.n} openings and E5 {e5.n}: E5m must play E5's openings")
    write_text(os.path.join(e5m.folder, "tables.md"), tables_e5m(e5, e5m, boot_for(e5, ctx), s, ctx))


def run_analysed(name, exps, ctx, v, analyse, tables, figure, verdicts):
    """E6 and E7: analyse, then the tables, the figure and the verdicts of the result."""
    exp = exps.get(name)
    if exp is None or exp.n == 0:
        return None
    boot = boot_for(exp, ctx)
    res = analyse(exp, boot)
    write_text(os.path.join(exp.folder, "tables.md"), tables(exp, res, boot, ctx))
    figure(exp, res, ctx, os.path.join(exp.folder, name))
    verdicts(v, res)
    return exp, res, boot


def main(argv):
    """Runs the analysis of argv (the program's name first); --help shows this module's
    usage text."""
    ap = argparse.ArgumentParser(prog=os.path.basename(argv[0]), description=__doc__.split("\n\nThe order of the work")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", help="the results folder holding E4 ... E7")
    ap.add_argument("--scale", help="the scale named in titles (default: read from the configs)")
    ap.add_argument("--resamples", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=17)
    a = ap.parse_args(argv[1:])
    if a.resamples < 1:
        ap.error("--resamples must be at least 1")
    if not os.path.isdir(a.results):
        ap.error(f"{a.results} is not a folder")
    try:
        exps, notes = load_all(a.results)
    except InputError as e:
        print(f"thesis-analyse: error: {e}", file=sys.stderr)
        sys.exit(2)
    ctx = Context(a.scale or infer_scale(a.results), a.resamples, a.seed)
    verdicts = {}
    e4 = run_e4(a.results, exps, ctx, verdicts)
    s = subgroup_s(e4) if e4 else None
    e5 = run_e5(exps, ctx, verdicts, s).get("E5")
    try:
        run_e5m(exps, ctx, s)
    except InputError as e:
        print(f"thesis-analyse: error: {e}", file=sys.stderr)
        sys.exit(2)
    e6 = run_analysed("E6", exps, ctx, verdicts, analyse_e6, tables_e6, figure_e6, verdicts_e6)
    e6b = run_analysed("E6b", exps, ctx, verdicts, analyse_e6b, tables_e6b, figure_e6b, verdicts_e6b)
    e7 = run_analysed("E7", exps, ctx, verdicts, analyse_e7, tables_e7, figure_e7, verdicts_e7)
    # The second pass (docs/results.md, "Second pass: arms declared before the data"):
    # E5s, E5g, D8, E7b and H7b-NI, then S2's sensitivity arms for the reference table.
    run_second_pass(exps, ctx, verdicts, s, e7)
    arms = run_arms(exps, ctx, s)
    e6c = run_e6c(exps, ctx)
    boots = {name: boot_for(exps.get(name), ctx) for name in ("E5", "E5dd", "E6", "E6b", "E7", "E5s", "E5g")}
    two = two_level_cells(two_level_rows(exps, s, ctx, boots, e6b[1] if e6b else None))
    reading = readings(exps, verdicts, s, ctx, e5, e6b, arms)
    write_verdicts(a.results, verdicts, ctx, notes, two, reading)
    if e5 or e6 or e6b:
        e5 = e5 + (e5[1]["boot"],) if e5 else None
        write_text(os.path.join(a.results, "reference.md"), tables_reference(e5, e6, ctx, e6b, arms, e6c))
