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
  RESULTS/S2/depths/tables.md: S2's depths arm (depths.py), whose five verdicts join
  verdicts.md outside the Holm family; RESULTS/S2/depths-p/tables.md: its replication
  at 3-point power (the same module, arm DEPTHS_P), three verdicts beside them;
  RESULTS/S2/depths-q/tables.md: its depth-8 and node-matched parts at 3-point power
  (arm DEPTHS_Q), three more.
  RESULTS/S2/power/tables.md: S2's openings arm replayed at 3-point power (power.py).
  RESULTS/S2/power2/tables.md: the rest of S2's 30-opening bounds at 3-point power
  (power2.py).
  RESULTS/S2/hisarms, hiswrong, omview, promarms, promprobe and hisall/tables.md: S2's
  arms with Donkers' evaluators (hisarms.py, hiswrong.py, omview.py, promarms.py,
  promprobe.py, hisall.py).

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
from .depths import (DEPTHS_P, DEPTHS_Q, reading_entries, replication_readings, run_depths, two_level_entries,
                     verdict_entries)
from .e4 import run_e4, subgroup_s
from .e5 import run_e5, run_e5m
from .e6 import analyse_e6, analyse_e6b, figure_e6, figure_e6b, tables_e6, tables_e6b, verdicts_e6, verdicts_e6b
from .e7 import analyse_e7, figure_e7, tables_e7, verdicts_e7
from .e9sp import thesis_entries
from .experiment import Context, boot_for, load_all
from .hisarms import run_hisarms
from .hiswrong import run_hiswrong
from .power import run_power
from .power2 import run_power2
from .hypotheses import write_verdicts
from .loading import infer_scale
from .omview import run_omview
from .promarms import run_promarms
from .promprobe import run_promprobe
from .hisall import run_hisall
from .readings import readings
from .records import InputError
from .reference import tables_reference
from .second_pass import run_e6c, run_second_pass
from .tables import write_text
from .two_level import two_level_cells, two_level_rows


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
    run_hisarms(os.path.join(a.results, "S2"), ctx)
    run_hiswrong(os.path.join(a.results, "S2"), ctx)
    run_omview(os.path.join(a.results, "S2"), ctx)
    run_promarms(os.path.join(a.results, "S2"), ctx)
    run_promprobe(os.path.join(a.results, "S2"), ctx)
    run_hisall(os.path.join(a.results, "S2"), ctx)
    try:
        run_power(os.path.join(a.results, "S2"), ctx)
        run_power2(os.path.join(a.results, "S2"), ctx)
    except InputError as e:
        print(f"thesis-analyse: error: {e}", file=sys.stderr)
        sys.exit(2)
    e6c = run_e6c(exps, ctx)
    try:
        depths = run_depths(a.results, ctx)
        depths_p = run_depths(a.results, ctx, DEPTHS_P)
        depths_q = run_depths(a.results, ctx, DEPTHS_Q)
    except InputError as e:
        print(f"thesis-analyse: error: {e}", file=sys.stderr)
        sys.exit(2)
    if depths is not None:
        verdicts.update(verdict_entries(depths))
    if depths_p is not None:
        verdicts.update(verdict_entries(depths_p, DEPTHS_P))
    if depths_q is not None:
        verdicts.update(verdict_entries(depths_q, DEPTHS_Q))
    boots = {name: boot_for(exps.get(name), ctx) for name in ("E5", "E5dd", "E6", "E6b", "E7", "E5s", "E5g")}
    two = two_level_cells(two_level_rows(exps, s, ctx, boots, e6b[1] if e6b else None))
    reading = readings(exps, verdicts, s, ctx, e5, e6b, arms)
    if depths is not None:
        two.update(two_level_entries(depths))
        reading.update(reading_entries(depths))
    if depths_p is not None:
        two.update(two_level_entries(depths_p, DEPTHS_P))
        reading.update(reading_entries(depths_p))
    if depths_q is not None:
        two.update(two_level_entries(depths_q, DEPTHS_Q))
        reading.update(reading_entries(depths_q))
        for hid, text in replication_readings(depths_q, DEPTHS_Q).items():
            if hid in reading:
                reading[hid] += text
    try:
        for part, entries in zip((verdicts, two, reading), thesis_entries(a.results)):
            part.update(entries)
    except InputError as e:
        print(f"thesis-analyse: error: {e}", file=sys.stderr)
        sys.exit(2)
    write_verdicts(a.results, verdicts, ctx, notes, two, reading)
    if e5 or e6 or e6b:
        e5 = e5 + (e5[1]["boot"],) if e5 else None
        write_text(os.path.join(a.results, "reference.md"), tables_reference(e5, e6, ctx, e6b, arms, e6c))
