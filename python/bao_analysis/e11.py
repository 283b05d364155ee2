"""scripts/e11-analyse E11_FOLDER (python3 -m bao_analysis e11 E11_FOLDER): E11's tables,
verdicts and figure (docs/results.md, E11) from its raw games (E11-mm/, E11-mstar/, E11-eq-ab/, E11-eq-abstar/, each games.jsonl.gz
or games.jsonl) and leaves.tsv (scripts/e11-leaves). Scores are the first player's, with
pentanomial intervals: the mean of the 400 opening pairs' scores (each pair's points over
its two games, halved) with the normal interval of that mean; the two verdicts on 97.5%
intervals (Bonferroni over {H11a, H11b}), as declared. Deterministic."""
import csv
import math
import os
import sys

from .figure_saver import save_figure
from .multiplicity import z_two_sided
from .records import InputError, check_of_game, games_file, read_games
from .stats import pair_mean
from .tables import write_gauntlet_tables

GAME = "checkers(draw_moves=40)"
Z95, Z975 = z_two_sided(), z_two_sided(2)  # 1.959964, 2.241403: two-sided 0.05 and 0.05/2
MATCHES = [  # folder, what, published (wins, draws, losses) or None
    ("E11-mm", "MM against OP, depth 4", (171, 461, 168)),
    ("E11-mstar", "M* against OP, depth 4", (290, 351, 159)),
    ("E11-eq-ab", "alpha-beta against OP, equal budget", None),
    ("E11-eq-abstar", "alpha-beta* against OP, equal budget", (226, 328, 246)),
]
# Added after the data, exploratory (docs/results.md, E11 results): M* against OP under a
# longer draw count, to see whether the draw rule makes our draws.
EXPLORATORY = [("E11-mstar-long", "M* against OP, depth 4, draw_moves=127, ply cap 2000", (290, 351, 159))]
SHORT = {"E11-mm": "MM, depth 4", "E11-mstar": "M*, depth 4", "E11-eq-ab": "alpha-beta,\nbudget N",
         "E11-eq-abstar": "alpha-beta*,\nbudget N", "E11-mstar-long": "M*, depth 4,\nlong draw count\n(exploratory)"}
LEAVES_PUBLISHED = {"om-plain(model=op)": 723, "om-bounded(model=op,bound=96)": 190,
                    "alphabeta(tt_mb=0,ordering=false,pvs=false)": 66}


check_record = check_of_game("checkers")


class Match:
    def __init__(self, folder):
        path = games_file(folder)
        if path is None:
            raise InputError(f"{folder}: no games (run scripts/reproduce-e11)")
        self.pairs, self.wdl, self.games = {}, [0, 0, 0], 0
        for _, g in read_games(path, check=check_record):
            p = g["first_points"]
            self.pairs.setdefault(g["opening_index"], []).append(p)
            self.wdl[0 if p == 1 else 1 if p == 0.5 else 2] += 1
            self.games += 1
        odd = [k for k, v in self.pairs.items() if len(v) != 2]
        if odd:
            raise InputError(f"{path}: opening {odd[0]} has {len(self.pairs[odd[0]])} games, not a pair")
        self.mean, self.se, self.n = pair_mean(self.pairs)

    def ci(self, z):
        return self.mean - z * self.se, self.mean + z * self.se


def published(wdl):
    """Score and its standard error from a win-draw-loss count (per-game variance)."""
    w, d, l = wdl
    n = w + d + l
    m = (w + 0.5 * d) / n
    return m, math.sqrt(((w + 0.25 * d) / n - m * m) / n)


def pct(x):
    return f"{100 * x:.1f}"


def read_leaves(path):
    if not os.path.isfile(path):
        raise InputError(f"{path}: missing (run scripts/e11-leaves)")
    out = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            out.setdefault(r["searcher"], []).append((int(r["leaf_evals"]), int(r["nodes"])))
    return out


def figure(stem, rows):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    for i, (label, ours, theirs) in enumerate(rows):
        m, lo, hi = ours
        ax.errorbar([i - 0.12], [100 * m], yerr=[[100 * (m - lo)], [100 * (hi - m)]], fmt="o", color="C0", capsize=4,
                    label="ours (95%)" if i == 0 else None)
        if theirs:
            tm, tse = theirs
            ax.errorbar([i + 0.12], [100 * tm], yerr=[[100 * Z95 * tse], [100 * Z95 * tse]], fmt="s", color="C1",
                        capsize=4, label="Carmel and Markovitch 1996 (95%)" if i == 0 or not rows[0][2] else None)
    ax.axhline(50, color="grey", lw=0.8, ls="--")
    ax.set_xticks(range(len(rows)), [r[0] for r in rows], fontsize=8)
    ax.set_ylabel("first player's score against OP, %")
    ax.set_title("E11: M* and alpha-beta* against OP on checkers")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    save_figure(fig, stem)


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    e11 = argv[1]
    try:
        m = {name: Match(os.path.join(e11, name)) for name, _, _ in MATCHES + EXPLORATORY}
        leaves = read_leaves(os.path.join(e11, "leaves.tsv"))
        with open(os.path.join(e11, "budget.txt")) as f:
            budget = int(f.read().strip())
    except (InputError, OSError, ValueError) as e:
        print(f"e11-analyse: {e}", file=sys.stderr)
        return 1

    a, b = m["E11-mstar"], m["E11-eq-abstar"]
    a_lo, a_hi = a.ci(Z975)
    b_lo, b_hi = b.ci(Z975)
    verdicts = [
        ("H11a", "M*'s score against OP, depth 4", a.mean, a_lo, a_hi,
         "reproduced" if a_lo > 0.5 else "contradicted" if a_hi < 0.5 else "not reproduced (interval includes 50%)",
         a.n),
        ("H11b", "alpha-beta*'s score against OP, equal budget", b.mean, b_lo, b_hi,
         "reproduced" if b_hi < 0.53 else "not reproduced (a gain of 3 points or more is not excluded)", b.n),
    ]
    out = ["# E11: Carmel and Markovitch's M* experiment on checkers", "",
           "Made by `scripts/reproduce-e11` from the raw games in this folder; hypotheses and decision rules:",
           "docs/results.md (E11). Scores are the first player's, the mean of the opening pairs' scores with",
           f"its normal interval; verdicts on 97.5% intervals (Bonferroni over two). Equal budget: N = {budget} nodes.",
           "", "## Verdicts", "", "| id | measure | score | 97.5% interval | verdict | opening pairs |",
           "|---|---|---|---|---|---|"]
    for h, what, est, lo, hi, v, n in verdicts:
        out.append(f"| {h} | {what} | {pct(est)}% | [{pct(lo)}, {pct(hi)}] | {v} | {n} |")
    out += ["", "## Ours beside theirs", "",
            "Points as the paper counts them (2 a win, 1 a draw; a game capped at 300 plies is a draw). Their",
            "interval is from their own counts (per-game variance of 800 games); the difference's interval",
            "combines both standard errors.", "",
            "| match | ours: W / D / L | ours: points | ours: score [95%] | theirs: W / D / L | theirs: points | "
            "theirs: score [95%] | ours minus theirs [95%] |", "|---|---|---|---|---|---|---|---|"]
    rows = []
    for name, what, pub in MATCHES + EXPLORATORY:
        x = m[name]
        lo, hi = x.ci(Z95)
        w, d, l = x.wdl
        ours = f"{w} / {d} / {l} | {2 * w + d} of {2 * x.games} | {pct(x.mean)}% [{pct(lo)}, {pct(hi)}]"
        if pub:
            tm, tse = published(pub)
            diff = x.mean - tm
            half = Z95 * math.hypot(x.se, tse)
            theirs = (f"{pub[0]} / {pub[1]} / {pub[2]} | {2 * pub[0] + pub[1]} of {2 * sum(pub)} | "
                      f"{pct(tm)}% [{pct(tm - Z95 * tse)}, {pct(tm + Z95 * tse)}] | "
                      f"{100 * diff:+.1f} [{100 * (diff - half):+.1f}, {100 * (diff + half):+.1f}]")
            rows.append((SHORT[name], (x.mean, lo, hi), (tm, tse)))
        else:
            theirs = "- | - | - | -"
            rows.append((SHORT[name], (x.mean, lo, hi), None))
        out.append(f"| {what} | {ours} | {theirs} |")
    out += ["", "The last row is exploratory, added after the data.", "",
            "## Decisive games (exploratory, added after the data)", "",
            "Our draw rate is far above theirs; the first player's share of the decisive games (wins over wins",
            "plus losses, a binomial 95% interval) compares the matches without the draws:", "",
            "| match | ours: wins of decisive | ours: share [95%] | theirs: wins of decisive | theirs: share [95%] |",
            "|---|---|---|---|---|"]
    for name, what, pub in MATCHES + EXPLORATORY:
        w, _, l = m[name].wdl
        if w + l == 0 or not pub:
            continue
        share, se = w / (w + l), math.sqrt(w * l / (w + l)) / (w + l)
        tshare = pub[0] / (pub[0] + pub[2])
        tse = math.sqrt(tshare * (1 - tshare) / (pub[0] + pub[2]))
        out.append(f"| {what} | {w} of {w + l} | {pct(share)}% [{pct(share - Z95 * se)}, {pct(share + Z95 * se)}] | "
                   f"{pub[0]} of {pub[0] + pub[2]} | {pct(tshare)}% [{pct(tshare - Z95 * tse)}, "
                   f"{pct(tshare + Z95 * tse)}] |")
    depths = os.path.join(e11, "depths.tsv")
    if os.path.isfile(depths):
        with open(depths, newline="") as f:
            by = {}
            for r in csv.DictReader(f, delimiter="\t"):
                by.setdefault(r["searcher"], []).append(int(r["depth"]))
        out += ["", f"## Depth reached with the budget N = {budget} nodes (exploratory, added after the data)", "",
                "| searcher | mean depth | depths (count) |", "|---|---|---|"]
        for spec, ds in by.items():
            counts = ", ".join(f"{d}: {ds.count(d)}" for d in sorted(set(ds)))
            out.append(f"| `{spec}` | {sum(ds) / len(ds):.2f} | {counts} |")
    out += ["", "## Leaves per move at depth 4", "",
            f"Mean over the {len(next(iter(leaves.values())))} opening positions (leaf evaluations; nodes visited "
            "beside), with the paper's figure.", "",
            "| searcher | leaves, mean | leaves, median | nodes, mean | paper |", "|---|---|---|---|---|"]
    for spec, vals in leaves.items():
        lv = sorted(v[0] for v in vals)
        nd = [v[1] for v in vals]
        pub = LEAVES_PUBLISHED.get(spec)
        out.append(f"| `{spec}` | {sum(lv) / len(lv):.0f} | {lv[len(lv) // 2]} | {sum(nd) / len(nd):.0f} | "
                   f"{pub if pub else '-'} |")
    write_gauntlet_tables(e11, out, verdicts, "0.975")
    figure(os.path.join(e11, "E11"), rows)
    print("\n".join(f"{h}: {v}" for h, _, _, _, _, v, _ in verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
