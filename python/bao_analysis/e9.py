"""scripts/e9-analyse E9_FOLDER (python3 -m bao_analysis e9 E9_FOLDER): the tables, verdicts
and figures of E9 (docs/results.md) from its gauntlets' raw games (E9-noise-A/,
E9-other-E/ with games.jsonl.gz) and the type estimators' held-out scores
(prediction.tsv). Gains are differences of per-opening score sums against one opponent,
bootstrapped over openings (10,000 resamples, seeded: one input gives one output). H9a-c
form one family of 8 comparisons, each decided on its 99.375% interval (Bonferroni), as
declared; every other figure is exploratory with a 95% interval."""
import csv
import os
import sys

import numpy as np

from .figure_saver import COMPACT, save_figure
from .gauntlet import RESAMPLES, Gauntlet
from .multiplicity import bonferroni_level, z_power, z_two_sided
from .records import InputError, games_file
from .stats import level_interval as interval

SEED = 2009
FAMILY = 8
LEVEL = bonferroni_level(FAMILY)  # 99.375%
Z_FAMILY, Z80 = z_two_sided(FAMILY, places=3), z_power()  # 2.734 and 0.842: two-sided 0.05/8, 80% power
NOISES = (0, 1, 2, 4, 8, 16, 32)
DECIDING = (0, 32, 4)  # the gauntlets H9a and H9b are decided on
OTHERS = ("default", "material")
EPS = (0, 4, 16, 64)
WEIGHTS = (25, 50, 75)
LOSS_BOUND = -0.01  # H9a: at most 1 point lost at the largest amplitude
MARGIN = 0.01  # H9c: nats a move
SEARCHERS = ("rootom", "rootomr", "ombeta", "prom90", "safe0", "safe4", "safe16", "safe64", "rob25", "rob50",
             "rob75", "ommcts")


def played(folder):
    return games_file(folder) is not None


def gauntlet(folder):
    """One of E9's gauntlets: against one opponent, seeded by E9's seed."""
    return Gauntlet(folder, SEED, "scripts/reproduce-e9")


def condition(est, samples, bound, n, strict=False):
    """One condition 'the statistic is at or above bound' (strict: above): (estimate, lo,
    hi, holds, fails, openings that would decide an effect of the size seen)."""
    lo, hi = interval(samples, LEVEL)
    holds = lo > bound if strict else lo >= bound
    effect = abs(est - bound)
    sd = np.nanstd(samples) * np.sqrt(n)
    need = int(np.ceil(((Z_FAMILY + Z80) * sd / effect) ** 2)) if effect > 0 else -1
    return est, lo, hi, holds, hi < bound, need


def h9a(g0, g32):
    """Per eps: (name, keeps-half condition, small-loss condition); and the root OM gain."""
    root = g0.gain("rootom")
    rows = []
    for e in EPS:
        s0 = g0.gain(f"safe{e}")
        keep = condition(s0[0] - root[0] / 2, s0[1] - root[1] / 2, 0.0, g0.n)
        rows.append((f"safe{e}", keep, condition(*g32.gain(f"safe{e}"), LOSS_BOUND, g32.n)))
    return rows, condition(*root, 0.0, g0.n)


def h9b(g4):
    rows = []
    for w in WEIGHTS:
        over_om = g4.gain(f"rob{w}", "ombeta")
        rows.append((f"rob{w}", condition(*over_om, 0.0, g4.n, strict=True),
                     condition(*g4.gain(f"rob{w}"), 0.0, g4.n, strict=True)))
    return rows


def union_verdict(rows):
    """Supported when some row meets both conditions, contradicted when every row fails one."""
    if any(a[3] and b[3] for _, a, b in rows):
        return "supported"
    if all(a[4] or b[4] for _, a, b in rows):
        return "contradicted"
    return "not decided at this scale"


def read_prediction(path):
    """{opponent: {estimator: {seed: log_loss}}} from prediction.tsv."""
    if not os.path.isfile(path):
        raise InputError(f"{path}: missing (run scripts/reproduce-e9)")
    out = {}
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    need = {"opponent", "seed", "estimator", "log_loss"}
    if not rows or not need <= set(rows[0]):
        raise InputError(f"{path}: not E9's prediction table (columns {sorted(need)})")
    for line, r in enumerate(rows, start=2):
        if r["log_loss"] == "-":
            continue  # count gives no estimate on a sample without an unambiguous position
        try:
            v = float(r["log_loss"])
        except ValueError:
            raise InputError(f"{path}:{line}: log_loss '{r['log_loss']}' is not a number") from None
        out.setdefault(r["opponent"], {}).setdefault(r["estimator"], {})[int(r["seed"])] = v
    return out


def mean_difference(pred, a, b, rng):
    """Mean over opponents of the per-opponent mean of a - b over the seeds both have, and
    its bootstrap over seeds within each opponent."""
    ests, samples = [], []
    for opp in sorted(pred):
        seeds = sorted(set(pred[opp].get(a, {})) & set(pred[opp].get(b, {})))
        if not seeds:
            raise InputError(f"prediction.tsv: no seed of {opp} with both {a} and {b}")
        d = np.array([pred[opp][a][s] - pred[opp][b][s] for s in seeds])
        ests.append(d.mean())
        samples.append(d[rng.integers(0, len(d), size=(RESAMPLES, len(d)))].mean(axis=1))
    return float(np.mean(ests)), np.mean(samples, axis=0)


def h9c(pred):
    rng = np.random.Generator(np.random.PCG64(SEED))
    est, samples = mean_difference(pred, "bayes", "em", rng)
    lo, hi = interval(samples, LEVEL)
    v = "supported" if hi <= MARGIN else "contradicted" if lo > MARGIN else "not decided at this scale"
    learns = {e: mean_difference(pred, e, "uniform", rng)[0] for e in ("em", "bayes")}
    if v == "supported" and all(abs(x) < MARGIN for x in learns.values()):
        v = "supported, degenerate: no estimator predicts better than the uniform mixture"
    return est, lo, hi, v, learns


def pts(x):
    return f"{100 * x:+.1f}"


def gain_row(label, g, a, b="ab"):
    est, s = g.gain(a, b)
    lo, hi = interval(s, 0.95)
    return f"| {label} | {pts(est)} | [{pts(lo)}, {pts(hi)}] |"


def condition_cells(c, scale=100):
    est, lo, hi, _, _, need = c
    return f"{scale * est:+.1f} [{scale * lo:+.1f}, {scale * hi:+.1f}]", need


def verdict_tables(a_rows, root, a_v, b_rows, b_v, c):
    out = ["## Verdicts (99.375% intervals, points unless said)", "",
           f"Root OM's gain at A = 0 (the half H9a keeps): {condition_cells(root)[0]}.", "",
           "| id | searcher | condition 1 | condition 2 | both hold | openings to decide (1, 2) |",
           "|---|---|---|---|---|---|"]
    for h, rows in (("H9a", a_rows), ("H9b", b_rows)):
        for name, c1, c2 in rows:
            (t1, n1), (t2, n2) = condition_cells(c1), condition_cells(c2)
            out.append(f"| {h} | {name} | {t1} | {t2} | {'yes' if c1[3] and c2[3] else 'no'} | {n1}, {n2} |")
    out += ["", "H9a: condition 1 is G_safe(0) - G_rootom(0)/2 >= 0, condition 2 G_safe(32) >= -1 point.",
            "H9b: condition 1 is G_rob(4) - G_ombeta(4) > 0, condition 2 G_rob(4) > 0.", "",
            "| id | verdict |", "|---|---|", f"| H9a | {a_v} |", f"| H9b | {b_v} |",
            f"| H9c | {c[3]}: bayes - em log-loss {c[0]:+.4f} [{c[1]:+.4f}, {c[2]:+.4f}] nats a move, "
            f"margin +{MARGIN} (em - uniform {c[4]['em']:+.4f}, bayes - uniform {c[4]['bayes']:+.4f}) |"]
    return out


def gains_table(gauntlets):
    heads = [g.name.replace("E9-noise-", "A = ").replace("E9-other-", "") for g in gauntlets]
    out = ["", "## Gains over ab, points [95% interval], by opponent (A: td-short~A)", "",
           "| searcher | " + " | ".join(heads) + " |", "|---|" + "---|" * len(heads)]
    for x in SEARCHERS + ("eqsafe16-eqab", "ommcts-mcts", "rootomr-rootom"):
        a, b = x.split("-") if "-" in x else (x, "ab")
        cells = []
        for g in gauntlets:
            est, s = g.gain(a, b)
            lo, hi = interval(s, 0.95)
            cells.append(f"{pts(est)} [{pts(lo)}, {pts(hi)}]")
        out.append(f"| {x} | " + " | ".join(cells) + " |")
    out += ["", "## ab's score against each opponent, %", "", "| opponent | score | games |", "|---|---|---|"]
    for g in gauntlets:
        est, _ = g.score("ab")
        out.append(f"| {g.name} | {100 * est:.1f} | {sum(k for _, k in g.cells['ab'].values())} |")
    return out


# One colour and one marker per searcher (SEARCHERS' order): matplotlib's ten tab10
# colours, then black and magenta, so that no two searchers share a colour.
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf", "#000000", "#e6007e")
MARKERS = ("o", "s", "^", "v", "D", "<", ">", "p", "h", "*", "X", "P")
# rootom and rootomr are E5's omdD: MAX's own search to d after the model's predicted
# reply, two plies deeper than alpha-beta at d; E9b marks them so.
DEEPER = ("rootom", "rootomr")
NEAR = 8  # E9b: points within this many points of 0 on both axes are shown enlarged too


def place_labels(ax, points, bars):
    """Writes each (label, x, y, colour) beside its point (a label None: a point without
    one) where the text overlaps no label written before it, no point and no bar (((x0,
    y0), (x1, y1)) in data units: the error bars), inside the axes: offsets tried on
    rings of growing radius, 12 directions each, with a thin line to the point once the
    label is off the first ring. Points are taken from the top down, so one input gives
    one layout."""
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    px = ax.transData.transform
    dots = [px((x, y)) for _, x, y, _ in points]
    segments = [(px(a), px(b)) for a, b in bars]

    def crosses(box, seg):
        (x0, y0), (x1, y1) = seg  # horizontal or vertical
        return min(x0, x1) <= box.x1 and max(x0, x1) >= box.x0 and min(y0, y1) <= box.y1 and max(y0, y1) >= box.y0

    taken = []
    for label, x, y, colour in sorted((p for p in points if p[0]), key=lambda p: (-p[2], p[1])):
        for radius, k in ((r, k) for r in range(8, 240, 6) for k in range(12)):
            dx, dy = radius * np.cos(np.pi / 6 * k), radius * np.sin(np.pi / 6 * k)
            align = dict(ha="left" if dx > 1 else "right" if dx < -1 else "center",
                         va="bottom" if dy > 1 else "top" if dy < -1 else "center")
            t = ax.annotate(label, (x, y), xytext=(dx, dy), textcoords="offset points", fontsize=7, **align)
            box = t.get_window_extent(renderer).expanded(1.08, 1.25)
            t.remove()
            if (ax.bbox.contains(box.x0, box.y0) and ax.bbox.contains(box.x1, box.y1)
                    and not any(box.overlaps(b) for b in taken) and not any(box.contains(*d) for d in dots)
                    and not any(crosses(box, s) for s in segments)):
                break
        else:  # nowhere free: beside the point
            radius, dx, dy, align = 8, 4.0, 4.0, {}
        line = dict(arrowprops=dict(arrowstyle="-", lw=0.6, color=colour, shrinkA=1, shrinkB=3)) if radius > 8 else {}
        t = ax.annotate(label, (x, y), xytext=(dx, dy), textcoords="offset points", fontsize=7, color=colour,
                        **align, **line)
        taken.append(t.get_window_extent(renderer).expanded(1.08, 1.25))


def figures(e9, noise):
    import matplotlib.patches
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8.4, 4.4))
    levels = list(noise)
    x = np.arange(len(levels))
    for i, name in enumerate(SEARCHERS):
        gs = [noise[a].gain(name) for a in levels]
        e = np.array([100 * g[0] for g in gs])
        iv = np.array([interval(g[1], 0.95) for g in gs]) * 100
        ax.errorbar(x + (i - 5.5) * 0.03, e, yerr=[e - iv[:, 0], iv[:, 1] - e], fmt=MARKERS[i], ms=3.5, capsize=2,
                    lw=1, label=name, color=COLOURS[i], ls="--" if "mcts" in name else "-")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xticks(x, [str(a) for a in levels])
    ax.set_xlabel("opponent's noise A (td-short~A)")
    ax.set_ylabel("gain over alpha-beta, points")
    ax.set_title("E9a: gain against model error (95% intervals)", fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    fig.tight_layout()
    save_figure(fig, os.path.join(e9, "E9a"), COMPACT)

    # Left the whole frontier, right the points near 0 enlarged (their labels would
    # overlap at the left's scale).
    fig, (ax, zoom) = plt.subplots(1, 2, figsize=(10.4, 4.8), gridspec_kw={"width_ratios": [1.15, 1]})
    at, bars = {}, []  # at: (gain at 0, gain at 32) -> (searchers there, top colour)
    for i, name in enumerate(SEARCHERS):
        (e0, s0), (e32, s32) = noise[0].gain(name), noise[32].gain(name)
        x, y = 100 * e0, 100 * e32
        i0, i32 = np.array(interval(s0, 0.95)) * 100, np.array(interval(s32, 0.95)) * 100
        deeper = name in DEEPER
        for a in (ax, zoom):
            a.errorbar(x, y, xerr=[[x - i0[0]], [i0[1] - x]], yerr=[[y - i32[0]], [i32[1] - y]], fmt=MARKERS[i],
                       ms=4, capsize=2, lw=0.8, color=COLOURS[i], mfc="white" if deeper else COLOURS[i])
        at[(x, y)] = (at.get((x, y), ([], None))[0] + [name + (" (d+2)" if deeper else "")], COLOURS[i])
        bars += [((i0[0], y), (i0[1], y)), ((x, i32[0]), (x, i32[1]))]
    near = [(x, y) for x, y in at if max(abs(x), abs(y)) <= NEAR]
    xs, ys = [x for x, _ in near] or [0.0], [y for _, y in near] or [0.0]
    box = (min(xs) - 2.5, max(xs) + 2.5, min(ys) - 2.5, max(ys) + 2.5)
    zoom.set_xlim(box[0], box[1])
    zoom.set_ylim(box[2], box[3])
    ax.add_patch(matplotlib.patches.Rectangle((box[0], box[2]), box[1] - box[0], box[3] - box[2], fill=False,
                                              lw=0.6, ls=":", color="0.3"))
    for a in (ax, zoom):
        a.axhline(0, color="grey", lw=0.8, ls="--")
        a.axvline(0, color="grey", lw=0.8, ls="--")
        a.set_xlabel("gain at A = 0 (model right), points")
    ax.set_ylabel("gain at A = 32, points")
    ax.set_title("E9b: the exploitation frontier (95% intervals); open markers (d+2): root OM scored at d,\n"
                 "two plies deeper than alpha-beta, so their gain is not exploitation alone", fontsize=9)
    zoom.set_title(f"the points within {NEAR} points of 0, enlarged", fontsize=9)
    fig.tight_layout()
    labels = [(" = ".join(names), x, y, c) for (x, y), (names, c) in at.items()]
    place_labels(ax, [(None if (p[1], p[2]) in near else p[0],) + p[1:] for p in labels], bars)
    place_labels(zoom, [p for p in labels if (p[1], p[2]) in near], bars)
    save_figure(fig, os.path.join(e9, "E9b"), COMPACT)


def write_verdicts(path, a_rows, a_v, b_rows, b_v, c, n):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "part", "estimate", "lo", "hi", "level", "holds", "verdict", "units", "n"])
        for h, rows, v in (("H9a", a_rows, a_v), ("H9b", b_rows, b_v)):
            for name, c1, c2 in rows:
                for part, cc in (("1", c1), ("2", c2)):
                    w.writerow([h, f"{name}:{part}", f"{cc[0]:.4f}", f"{cc[1]:.4f}", f"{cc[2]:.4f}", f"{LEVEL:.5f}",
                                "yes" if cc[3] else "no", v, "openings", n])
        w.writerow(["H9c", "bayes-em", f"{c[0]:.4f}", f"{c[1]:.4f}", f"{c[2]:.4f}", f"{LEVEL:.5f}",
                    "yes" if c[2] <= MARGIN else "no", c[3], "seeds", ""])


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    e9 = argv[1]
    try:
        noise = {a: gauntlet(os.path.join(e9, f"E9-noise-{a}")) for a in DECIDING}
        # The exploratory gauntlets are reported where they have been played.
        noise.update({a: gauntlet(os.path.join(e9, f"E9-noise-{a}")) for a in NOISES
                      if a not in DECIDING and played(os.path.join(e9, f"E9-noise-{a}"))})
        noise = {a: noise[a] for a in NOISES if a in noise}
        others = [gauntlet(os.path.join(e9, f"E9-other-{o}")) for o in OTHERS
                  if played(os.path.join(e9, f"E9-other-{o}"))]
        a_rows, root = h9a(noise[0], noise[32])
        a_v = union_verdict(a_rows)
        if not root[1] > 0:
            a_v = f"degenerate: root OM has no gain to keep ({a_v} as computed)"
        b_rows = h9b(noise[4])
        b_v = union_verdict(b_rows)
        c = h9c(read_prediction(os.path.join(e9, "prediction.tsv")))
        out = ["# E9: exploiting a model safely, gain against model error", "",
               "Made by `scripts/e9-analyse` from the raw games and prediction.tsv in this folder;",
               "hypotheses and decision rule: docs/results.md (E9). Gains in points (% of a point a game)",
               "over alpha-beta(td-long), bootstrap over openings (10,000 resamples).", ""]
        out += verdict_tables(a_rows, root, a_v, b_rows, b_v, c)
        out += gains_table(list(noise.values()) + others)
        missing = [f"E9-noise-{a}" for a in NOISES if a not in noise] + \
            [f"E9-other-{o}" for o in OTHERS if not any(g.name == f"E9-other-{o}" for g in others)]
        if missing:
            out += ["", "Not played yet (exploratory; `scripts/reproduce-e9` resumes them): " + ", ".join(missing) + "."]
        with open(os.path.join(e9, "tables.md"), "w") as f:
            f.write("\n".join(out) + "\n")
        write_verdicts(os.path.join(e9, "verdicts.csv"), a_rows, a_v, b_rows, b_v, c, noise[0].n)
        figures(e9, noise)
    except InputError as e:
        print(f"e9-analyse: {e}", file=sys.stderr)
        return 1
    print(f"H9a: {a_v}\nH9b: {b_v}\nH9c: {c[3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
