"""scripts/e9s-analyse E9S_FOLDER (python3 -m bao_analysis e9s E9S_FOLDER): E9s's tables,
verdicts and figure (docs/results.md, "E9s: safe exploitation on root OM at d"), from the
raw games of its three gauntlets (E9s-model, E9s-deeper, E9s-omaware: the opponent first
in every pairing).

Each gain is a challenger's score against the opponent minus alpha-beta's (`ab`) in the
same gauntlet, paired by opening: a ratio of per-opening sums bootstrapped over the
openings (gauntlet.Gauntlet, 10,000 resamples, seed 17), percentile intervals at 95% and
at the family's Bonferroni level over nine verdicts (multiplicity.bonferroni_level(9),
99.44%). The nine: for each safe variant (safe4, safe16, bank) its gain against the
modelled opponent (G), and its loss against each exploiting opponent bounded by the
declared margin (L, 3 points). Deterministic."""
import os
import sys

import numpy as np

from .figure_saver import save_figure
from .gauntlet import RESAMPLES, Gauntlet
from .multiplicity import bonferroni_level
from .records import InputError, games_file, read_games
from .stats import Boot, level_interval
from .tables import write_gauntlet_tables

SEED = 17
FAMILY = 9
LEVEL = bonferroni_level(FAMILY)  # 0.99444...
MARGIN = 0.03  # the loss bound of the L verdicts, 3 points (declared)
OPPONENTS = [("E9s-model", "model", "alpha-beta at d (the model)"),
             ("E9s-deeper", "deeper", "alpha-beta at d+2"),
             ("E9s-omaware", "omaware", "root OM at d modelling MAX")]
SAFE = [("safe4", "safe-om on root OM, eps 4"), ("safe16", "safe-om on root OM, eps 16"),
        ("bank", "safe-om on root OM, banked gifts")]
CHALLENGERS = [("omd", "root OM at d (unbounded)")] + SAFE


def identical_share(folder, name, k, games=None):
    """The share of name's games of the first k openings that are alpha-beta's game move
    for move (same opening and colours): the searchers are deterministic, so the games are
    the same exactly when every move is. games: folder's records, when already read."""
    moves = {}
    for g in games if games is not None else (g for _, g in read_games(games_file(folder))):
        if g["opening_index"] < k:
            moves[(g["second"], g["opening_index"], g["game"])] = g["moves"]
    keys = [k for k in moves if k[0] == name and ("ab",) + k[1:] in moves]
    if not keys:
        raise InputError(f"{folder}: no games of {name} beside alpha-beta's")
    return sum(moves[k] == moves[("ab",) + k[1:]] for k in keys) / len(keys), len(keys)


def complete_openings(g):
    """The number of leading openings of gauntlet g that every challenger (and `ab`) played
    with both colours."""
    names = ["ab"] + [n for n, _ in CHALLENGERS]
    k = 0
    while all(g.cells.get(n, {}).get(k, [0, 0])[1] == 2 for n in names):
        k += 1
    return k


def truncate(g, k):
    """g restricted to its first k openings (the declared stop rule), its bootstrap redrawn."""
    g.cells = {n: {o: c for o, c in cells.items() if o < k} for n, cells in g.cells.items()}
    g.n = k
    g.boot = Boot(k, RESAMPLES, SEED)


def g_verdict(lo, hi):
    return "gains" if lo > 0 else "loses" if hi < 0 else "not decided"


def l_verdict(lo, hi):
    return "bounded" if lo >= -MARGIN else "not bounded" if hi < -MARGIN else "not decided"


def variant_reading(g, l_deeper, l_omaware):
    """The declared reading of one safe variant from its three verdicts: supported when G
    gains and both L are bounded (informative or not), contradicted when G loses or an L is
    not bounded, else not decided."""
    if g == "gains" and l_deeper.startswith("bounded") and l_omaware.startswith("bounded"):
        return "supported"
    if g == "loses" or "not bounded" in (l_deeper, l_omaware):
        return "contradicted"
    return "not decided"


def figure(stem, rows):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 3.8))
    for j, (_, opp, label) in enumerate(OPPONENTS):
        xs, ys, lo, hi, flo, fhi = [], [], [], [], [], []
        for i, (name, _) in enumerate(CHALLENGERS):
            est, (l95, h95), (lf, hf) = rows[(opp, name)][:3]
            xs.append(i + (j - 1) * 0.22)
            ys.append(100 * est)
            lo.append(100 * (est - l95))
            hi.append(100 * (h95 - est))
            flo.append(100 * (est - lf))
            fhi.append(100 * (hf - est))
        ax.errorbar(xs, ys, yerr=[flo, fhi], fmt="none", capsize=0, lw=0.8, color=f"C{j}", alpha=0.5)
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o", capsize=3, color=f"C{j}", label=f"against {label}")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.axhline(-100 * MARGIN, color="grey", lw=0.8, ls=":")
    ax.set_xticks(range(len(CHALLENGERS)), [c[1].replace(", ", ",\n").replace(" (", "\n(") for c in CHALLENGERS],
                  fontsize=8)
    ax.set_ylabel("gain over alpha-beta at d, points")
    ax.set_title("E9s: safe exploitation on root OM at d (95%; thin: 99.44%)", fontsize=10)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    save_figure(fig, stem)


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    e9s = argv[1]
    try:
        gauntlets = {opp: Gauntlet(os.path.join(e9s, folder), SEED, "scripts/reproduce-e9s")
                     for folder, opp, _ in OPPONENTS}
        # The declared stop rule: the first K openings complete in all three gauntlets.
        k = min(complete_openings(g) for g in gauntlets.values())
        if k < 1:
            raise InputError(f"{e9s}: no opening complete in every gauntlet")
        for g in gauntlets.values():
            if g.n != k:
                truncate(g, k)
        rows = {}
        for folder, opp, _ in OPPONENTS:
            g = gauntlets[opp]
            for name, _ in CHALLENGERS:
                est, res = g.gain(name)
                same, units = identical_share(os.path.join(e9s, folder), name, k)
                rows[(opp, name)] = (est, level_interval(res, 0.95), level_interval(res, LEVEL), same, units)
    except InputError as e:
        print(f"e9s-analyse: {e}", file=sys.stderr)
        return 1
    pct = lambda x: f"{100 * x:+.1f}"  # noqa: E731
    out = ["# E9s: safe exploitation on root OM at d", "",
           "Made by `scripts/reproduce-e9s` from the raw games in this folder; hypotheses and decision rules:",
           "docs/results.md (E9s). Gains are points over alpha-beta at d against the same opponent, paired by",
           f"opening (bootstrap of the openings, 10,000 resamples, seed {SEED}); verdicts on 99.44% intervals",
           "(Bonferroni over nine); L's margin is -3 points.", "",
           f"Openings analysed: the first {k} of every gauntlet (complete in all three, the declared stop rule); a",
           f"worst-case gain of {100 * 3.61 * 0.47 / k ** 0.5:.1f} points is detected at 80% power on the family's "
           "level.", "",
           "## Scores against each opponent", "",
           "| opponent | openings | " + " | ".join(n for n, _ in [("ab", "")] + CHALLENGERS) + " |",
           "|---|---|" + "---|" * (1 + len(CHALLENGERS))]
    for _, opp, label in OPPONENTS:
        g = gauntlets[opp]
        cells = [f"{100 * g.score(n)[0]:.1f}%" for n, _ in [("ab", "")] + CHALLENGERS]
        out.append(f"| {label} | {g.n} | " + " | ".join(cells) + " |")
    out += ["", "## Gains over alpha-beta at d", "",
            "| opponent | challenger | gain | 95% | 99.44% | games as alpha-beta's | verdict |",
            "|---|---|---|---|---|---|---|"]
    verdicts = []
    for _, opp, label in OPPONENTS:
        for name, clabel in CHALLENGERS:
            est, (l95, h95), (lf, hf), same, units = rows[(opp, name)]
            v = "-"
            if name != "omd":
                if opp == "model":
                    vid, v, what = f"HsG-{name}", g_verdict(lf, hf), f"{clabel}: gain against the model"
                else:
                    vid, v, what = f"HsL-{name}-{opp}", l_verdict(lf, hf), f"{clabel}: gain against {label}"
                    if v == "bounded" and rows[(opp, "omd")][2][0] >= -MARGIN:
                        v = "bounded, uninformative"  # the unbounded exploiter is not beaten either
                verdicts.append((vid, what, est, lf, hf, v, gauntlets[opp].n))
            out.append(f"| {label} | {clabel} | {pct(est)} | [{pct(l95)}, {pct(h95)}] | [{pct(lf)}, {pct(hf)}] | "
                       f"{100 * same:.1f}% of {units} | {v} |")
    out += ["", "## Safe exploitation, per variant (supported: gains against the model and bounded against both",
            "exploiting opponents)", "", "| variant | reading |", "|---|---|"]
    by_id = {v[0]: v[5] for v in verdicts}
    for name, clabel in SAFE:
        parts = [by_id[f"HsG-{name}"], by_id[f"HsL-{name}-deeper"], by_id[f"HsL-{name}-omaware"]]
        reading = variant_reading(*parts)
        out.append(f"| {clabel} | {reading} (G {parts[0]}; L deeper {parts[1]}, OM-aware {parts[2]}) |")
    # The degenerate endpoint named in the declaration: the unbounded exploiter's own loss.
    out += ["", "Root OM at d (unbounded) against the exploiting opponents, 99.44%: " + "; ".join(
        f"{label} {pct(rows[(opp, 'omd')][0])} [{pct(rows[(opp, 'omd')][2][0])}, {pct(rows[(opp, 'omd')][2][1])}] "
        f"({l_verdict(*rows[(opp, 'omd')][2])})" for _, opp, label in OPPONENTS[1:]) + "."]
    write_gauntlet_tables(e9s, out, verdicts, "0.9944")
    figure(os.path.join(e9s, "E9s"), rows)
    print("\n".join(f"{h}: {v}" for h, _, _, _, _, v, _ in verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
