"""scripts/e12-analyse E12_FOLDER (python3 -m bao_analysis e12 E12_FOLDER): E12's tables,
verdicts and figure (docs/results.md, E12), with E12m's table (e12m.py), from the raw games of its two gauntlets (E12-d4/, E12-d6/: OP first in every pairing).
Each searcher's score against OP is the mean of the opening pairs' scores (its points over
the pair's two games, halved) with a normal interval; the six verdicts (root OM, risk-
managed root OM and PrOM at the two depths) on 99.17% intervals (Bonferroni over six),
M* and the alpha-beta control without verdicts, as declared. Deterministic."""
import math
import os
import sys

from .figure_saver import save_figure
from .multiplicity import z_two_sided
from .records import InputError, check_of_game, games_file, read_games
from .stats import pair_mean as score
from .tables import write_gauntlet_tables

Z95, ZFAM = z_two_sided(), z_two_sided(6)  # 1.959964, 2.638257: two-sided 0.05 and 0.05/6
SEARCHERS = [  # name, label, verdict id (None: no verdict), the Bao figure
    ("ab", "alpha-beta (control)", None, "0 by construction"),
    ("romd", "root OM, true depth", "H12a", "+3.0 [+1.6, +4.4] (E5 omd)"),
    ("romdr", "root OM with risk management", "H12r", "+0.6 [-0.2, +1.5] (E5 omdr)"),
    ("prom", "PrOM {own 0.5, OP 0.5}", "H12p", "-1.1 [-2.3, +0.1] (E6b)"),
    ("mstar", "M* (om-beta, true model)", None, "-14.2 [-15.5, -12.9] (E6b full-depth OM)"),
]
FOLDERS = [("E12-d4", "depth 4"), ("E12-d6", "depth 6")]
# Exploratory, added after the data: root OM whose model is alpha-beta's own assumption.
CONTROLS = [("E12-ctl-d4", "depth 4"), ("E12-ctl-d6", "depth 6")]


check_record = check_of_game("checkers")


def load(folder):
    """{searcher: {opening: [its points in each game]}} and the W/D/L counts."""
    path = games_file(folder)
    if path is None:
        raise InputError(f"{folder}: no games (run scripts/reproduce-e12)")
    pairs, wdl = {}, {}
    for _, g in read_games(path, check=check_record):
        if g["first"] != "op":
            raise InputError(f"{path}: a pairing without OP first ({g['pairing']})")
        p = 1.0 - g["first_points"]
        pairs.setdefault(g["second"], {}).setdefault(g["opening_index"], []).append(p)
        c = wdl.setdefault(g["second"], [0, 0, 0])
        c[0 if p == 1 else 1 if p == 0.5 else 2] += 1
    return pairs, wdl


def pct(x):
    return f"{100 * x:.1f}"


def figure(stem, rows):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    for j, (_, depth) in enumerate(FOLDERS):
        xs, ys, lo, hi = [], [], [], []
        for i, (name, label, _, _) in enumerate(SEARCHERS):
            if (depth, name) not in rows:
                continue
            m, se, _ = rows[(depth, name)]
            xs.append(i + (j - 0.5) * 0.25)
            ys.append(100 * (m - 0.5))
            lo.append(100 * Z95 * se)
            hi.append(100 * Z95 * se)
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o", capsize=4, label=f"{depth} (95%)")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xticks(range(len(SEARCHERS)), [s[1].replace(", ", ",\n").replace(" with ", "\nwith ") for s in SEARCHERS],
                  fontsize=8)
    ax.set_ylabel("score against OP minus 50, points")
    ax.set_title("E12: the Bao study's searchers against OP on checkers")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    save_figure(fig, stem)


def main(argv):
    from . import e12m  # E12m's table sits in E12's tables.md; e12m reads its games with this module

    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    e12 = argv[1]
    try:
        data = {depth: load(os.path.join(e12, folder)) for folder, depth in FOLDERS}
    except InputError as e:
        print(f"e12-analyse: {e}", file=sys.stderr)
        return 1
    rows, verdicts = {}, []
    out = ["# E12: the Bao study's searchers against OP on checkers", "",
           "Made by `scripts/reproduce-e12` from the raw games in this folder; hypotheses and decision rule:",
           "docs/results.md (E12). Scores are each searcher's against OP, the mean of the opening pairs' scores",
           "with its normal interval; verdicts on 99.17% intervals (Bonferroni over six).", "",
           "| depth | searcher | W / D / L | score | 95% interval | 99.17% interval | gain over alpha-beta | verdict | "
           "the Bao finding (gain, points) |", "|---|---|---|---|---|---|---|---|---|"]
    for _, depth in FOLDERS:
        pairs, wdl = data[depth]
        for name, label, vid, bao in SEARCHERS:
            if name not in pairs:
                raise SystemExit(f"e12-analyse: {depth}: no games of {name}")
            m, se, n = score(pairs[name])
            rows[(depth, name)] = (m, se, n)
            lo, hi = m - ZFAM * se, m + ZFAM * se
            v = "-"
            if vid:
                v = "above 50%" if lo > 0.5 else "below 50%" if hi < 0.5 else "not decided"
                verdicts.append((f"{vid}-{depth.split()[1]}", f"{label}, {depth}: score against OP", m, lo, hi, v, n))
            w, d, l = wdl[name]
            out.append(f"| {depth} | {label} | {w} / {d} / {l} | {pct(m)}% | [{pct(m - Z95 * se)}, {pct(m + Z95 * se)}] "
                       f"| [{pct(lo)}, {pct(hi)}] | {100 * (m - 0.5):+.1f} | {v} | {bao} |")
    try:
        out += e12m.tables(e12, verdicts)
    except InputError as e:
        print(f"e12-analyse: {e}", file=sys.stderr)
        return 1
    out += ["", "## Control: root OM with alpha-beta's own assumption as its model (exploratory, added after the data)",
            "", "`root-om(model=op,model_depth=d)`: the model is OP minimising MAX's f, what alpha-beta assumes; its",
            "gain is root OM's search shape (the reply searched d plies from the child, then MAX's d-2), not knowledge",
            "of OP. The difference to root OM with the true model (`model=f`) is on the same openings.", "",
            "| depth | W / D / L | score | 95% interval | gain over alpha-beta | true model minus this [95%] |",
            "|---|---|---|---|---|---|"]
    for folder, depth in CONTROLS:
        try:
            pairs, wdl = load(os.path.join(e12, folder))
        except InputError as e:
            print(f"e12-analyse: {e}", file=sys.stderr)
            return 1
        m, se, n = score(pairs["romd_mm"])
        true_pairs = data[depth][0]["romd"]
        diffs = [sum(true_pairs[o]) / 2 - sum(v) / 2 for o, v in pairs["romd_mm"].items() if o in true_pairs]
        dm = sum(diffs) / len(diffs)
        dse = math.sqrt(sum((x - dm) ** 2 for x in diffs) / (len(diffs) - 1) / len(diffs))
        w, d, l = wdl["romd_mm"]
        out.append(f"| {depth} | {w} / {d} / {l} | {pct(m)}% | [{pct(m - Z95 * se)}, {pct(m + Z95 * se)}] | "
                   f"{100 * (m - 0.5):+.1f} | {100 * dm:+.1f} [{100 * (dm - Z95 * dse):+.1f}, "
                   f"{100 * (dm + Z95 * dse):+.1f}] |")
    write_gauntlet_tables(e12, out, verdicts, "0.9917")
    figure(os.path.join(e12, "E12"), rows)
    print("\n".join(f"{h}: {v}" for h, _, _, _, _, v, _ in verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
