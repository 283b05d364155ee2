"""E10's analysis (python3 -m bao_analysis e10 E10_FOLDER; scripts/e10-analyse E10_FOLDER):
E10's tables, verdicts and figure (docs/results.md,
E10: perfect play as a ground truth) from its raw data, E10_FOLDER/raw/GAME.jsonl.gz (or
.jsonl) for kalah43, kalah53 and kujifunza (scripts/e10-collect). Writes tables.md,
verdicts.csv and E10.png into E10_FOLDER. Deterministic: the bootstrap is seeded, and the
figure carries no date.

Measures, for the position p and a searcher's move m, both from p's mover's view: V(p)
and V(m) under perfect play; Kalah's margin lost V(p) - V(m) and result blunder (the
sign of V(m) below the sign of V(p)); Bao's blunder (p won, m's child lost); A(m), the
value after the opponent O's reply. The eight verdicts are mean paired differences over
positions with percentile bootstrap intervals by position at 99.375% (Bonferroni over
eight), as declared."""
import csv
import gzip
import json
import math
import os
import sys

import numpy as np

from .stats import Boot

GAMES = [("kalah43", "Kalah(4,4)"), ("kalah53", "Kalah(5,3)"), ("kujifunza", "Bao la Kujifunza")]
RESAMPLES, SEED = 10_000, 10
FAMILY = 8
LEVEL = 1 - 0.05 / FAMILY
Z95 = 1.959964
KALAH_EVALS = ["stores", "sides"]
BAO_EVALS = ["material", "default", "ga-long", "ga-material", "ga-short", "td-long", "td-short"]
CONTROL = {"kalah": "ab-sides-4", "bao": "ab-default-4"}


class InputError(Exception):
    pass


def read_raw(folder, name):
    for path, opener in ((os.path.join(folder, "raw", name + ".jsonl.gz"), gzip.open),
                         (os.path.join(folder, "raw", name + ".jsonl"), open)):
        if os.path.exists(path):
            with opener(path, "rt") as f:
                recs = []
                for i, line in enumerate(f, 1):
                    try:
                        recs.append(json.loads(line))
                    except ValueError as e:
                        raise InputError(f"{path}:{i}: not a JSON line ({e})")
            for r in recs:
                for key in ("index", "source", "value", "children"):
                    if key not in r:
                        raise InputError(f"{path}: index {r.get('index')}: no '{key}'")
            return sorted(recs, key=lambda r: r["index"])
    raise InputError(f"{os.path.join(folder, 'raw', name)}.jsonl.gz: no raw data (run scripts/reproduce-e10)")


def num(v):
    """A value as a number: Kalah's margin, Bao's win 1 and loss 0."""
    return 1 if v == "win" else 0 if v == "loss" else int(v)


def sign(x):
    return (x > 0) - (x < 0)


class Position:
    """One kept position: per searcher, its measures."""

    def __init__(self, r, bao):
        self.bao, self.source = bao, r["source"]
        kids = {k["move"]: num(k["value"]) for k in r["children"]}
        self.v = num(r["value"])
        if self.v != max(kids.values()):
            raise InputError(f"{r['game']} index {r['index']}: value {r['value']} is not its best child's")
        vals = kids.values()
        if bao:
            self.contested = self.v == 1 and min(vals) == 0
            self.contested_result = self.contested
        else:
            self.contested = min(vals) < self.v
            self.contested_result = min(sign(x) for x in vals) < sign(self.v)
        self.picks = r["picks"]
        self.child = {sid: kids[m] for sid, m in self.picks.items()}
        # A(m); None where Bao's solver left the position after O's reply open.
        self.after = {sid: None if r["after_reply"][m]["value"] == "open" else num(r["after_reply"][m]["value"])
                      for sid, m in self.picks.items()}

    def lost(self, sid):
        """Kalah: margin lost; Bao: 1 for a blunder (won to lost)."""
        return self.v - self.child[sid]

    def result_blunder(self, sid):
        return int(sign(self.child[sid]) < sign(self.v))


def wilson(k, n, z=Z95):
    if n == 0:
        return float("nan"), float("nan")
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def boot_mean(x, level=0.95):
    """Mean of x and its percentile bootstrap interval by position at `level`."""
    x = np.asarray(x, dtype=float)
    if x.size == 0:
        return float("nan"), float("nan"), float("nan")
    b = Boot(x.size, RESAMPLES, SEED)
    s = b.ratio(x, np.ones_like(x))
    q = (1 - level) / 2
    lo, hi = np.percentile(s, [100 * q, 100 * (1 - q)])
    return float(x.mean()), float(lo), float(hi)


def fmt(x, d=2):
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{d}f}"


def pct(x):
    return fmt(100 * x, 1)


def searcher_ids(positions):
    ids = list(positions[0].picks) if positions else []
    return ids


def kalah_rows(ps):
    rows = []
    cm = [p for p in ps if p.contested]
    cr = [p for p in ps if p.contested_result]
    for sid in searcher_ids(ps):
        m, lo, hi = boot_mean([p.lost(sid) for p in cm])
        k = sum(p.result_blunder(sid) for p in cr)
        wl, wh = wilson(k, len(cr))
        a, alo, ahi = boot_mean([p.after[sid] - p.v for p in ps if p.after[sid] is not None])
        rows.append((sid, f"{fmt(m)} [{fmt(lo)}, {fmt(hi)}]",
                     f"{k} of {len(cr)}: {pct(k / len(cr)) if cr else 'n/a'}% [{pct(wl)}, {pct(wh)}]",
                     f"{fmt(a)} [{fmt(alo)}, {fmt(ahi)}]"))
    return rows


def bao_rows(ps):
    rows = []
    c = [p for p in ps if p.contested]
    for sid in searcher_ids(ps):
        k = sum(p.lost(sid) for p in c)
        wl, wh = wilson(k, len(c))
        known = [p.after[sid] for p in ps if p.after[sid] is not None]
        won = sum(known)
        al, ah = wilson(won, len(known))
        rows.append((sid, f"{k} of {len(c)}: {pct(k / len(c)) if c else 'n/a'}% [{pct(wl)}, {pct(wh)}]",
                     f"{won} of {len(known)}: {pct(won / len(known)) if known else 'n/a'}% [{pct(al)}, {pct(ah)}]"))
    return rows


def table(head, rows):
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def verdict(lo, hi):
    return "above 0" if lo > 0 else "below 0" if hi < 0 else "not decided"


def hypotheses(kalah, bao):
    """The declared family: (id, what, positions, per-position differences, differing share, expected)."""
    out = []
    evals = {"K": KALAH_EVALS, "B": BAO_EVALS}
    for tag, ps, ctl in (("K", kalah, CONTROL["kalah"]), ("B", bao, CONTROL["bao"])):
        c = [p for p in ps if p.contested]
        ev = evals[tag]
        d = [np.mean([p.lost(f"ab-{e}-2") for e in ev]) - np.mean([p.lost(f"ab-{e}-6") for e in ev]) for p in c]
        what = "margin lost" if tag == "K" else "blunder rate"
        out.append((f"H10a-{tag}", f"alpha-beta's {what}, depth 2 minus depth 6 (mean over evaluators), contested", c,
                    d, None, "above 0"))
        for hid, sid, measure, expected in (("H10b", "om-right-4", "after", "above 0"),
                                           ("H10c", "om-right-4", "lost", "above 0"),
                                           ("H10d", "om-wrong-4", "after", "not above 0")):
            pop = [p for p in ps if p.after[sid] is not None and p.after[ctl] is not None] if measure == "after" else c
            if measure == "after":
                diff = [p.after[sid] - p.after[ctl] for p in pop]
                what = ("A (value after O's reply)" + (", win share" if tag == "B" else ", margin"))
            else:
                diff = [p.lost(sid) - p.lost(ctl) for p in pop]
                what = "margin lost" if tag == "K" else "blunder rate"
            differ = sum(p.picks[sid] != p.picks[ctl] for p in pop) / len(pop) if pop else float("nan")
            scope = "all kept" if measure == "after" else "contested"
            out.append((f"{hid}-{tag}", f"{sid} minus {ctl}: {what}, {scope}", pop, diff, differ, expected))
    return out


def figure(path, kalah, bao):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(13, 6.5))
    for ax, ps, title in ((axes[0], kalah, "Kalah(4,4) and (5,3): mean margin lost, contested positions"),
                          (axes[1], bao, "Bao la Kujifunza: blunder rate, won contested positions")):
        c = [p for p in ps if p.contested]
        ids = searcher_ids(ps)
        est, los, his = [], [], []
        for sid in ids:
            x = [p.lost(sid) for p in c]
            if ps and ps[0].bao:
                k = sum(x)
                lo, hi = wilson(k, len(x))
                est.append(k / len(x) if x else float("nan"))
                los.append(lo)
                his.append(hi)
            else:
                m, lo, hi = boot_mean(x)
                est.append(m)
                los.append(lo)
                his.append(hi)
        y = np.arange(len(ids))
        err = np.array([[e - lo for e, lo in zip(est, los)], [hi - e for e, hi in zip(est, his)]])
        ax.barh(y, est, xerr=err, color="#4c72b0", ecolor="black", capsize=2)
        ax.set_yticks(y)
        ax.set_yticklabels(ids, fontsize=7)
        ax.invert_yaxis()
        ax.set_title(title, fontsize=9)
        ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)


def main(argv):
    if len(argv) != 2:
        print("usage: e10-analyse E10_FOLDER", file=sys.stderr)
        return 1
    folder = argv[1]
    try:
        raw = {name: read_raw(folder, name) for name, _ in GAMES}
    except InputError as e:
        print(f"e10-analyse: {e}", file=sys.stderr)
        return 2
    try:
        kept = {name: [Position(r, name == "kujifunza") for r in recs if "dropped" not in r] for name, recs in raw.items()}
    except (InputError, KeyError) as e:
        print(f"e10-analyse: {e}", file=sys.stderr)
        return 2
    kalah = kept["kalah43"] + kept["kalah53"]
    bao = kept["kujifunza"]
    md = ["# E10: perfect play as a ground truth", "",
          "Made by scripts/e10-analyse from results/E10/raw/ (docs/results.md, E10). Values under perfect play are",
          "the mover's; intervals 95% (Wilson for rates, percentile bootstrap by position for means) unless named.", "",
          "## Positions", ""]
    rows = []
    for name, label in GAMES:
        recs = raw[name]
        by = {}
        for r in recs:
            by.setdefault(r["source"], [0, 0])
            by[r["source"]][0] += 1
            by[r["source"]][1] += "dropped" in r
        ps = kept[name]
        won = sum(p.v > 0 for p in ps)
        drawn = sum(p.v == 0 for p in ps) if name != "kujifunza" else 0
        rows.append((label, len(recs), ", ".join(f"{s} {d} of {n}" for s, (n, d) in sorted(by.items())), len(ps),
                     f"{won} / {drawn} / {len(ps) - won - drawn}" if name != "kujifunza" else f"{won} / - / {len(ps) - won}",
                     f"{sum(p.contested for p in ps)} ({pct(sum(p.contested for p in ps) / len(ps)) if ps else 'n/a'}%)",
                     f"{sum(p.contested_result for p in ps)}" if name != "kujifunza" else "(the same)",
                     f"{np.mean([p.v for p in ps]):.2f}" if ps else "n/a"))
    md += [table(["game", "sampled", "dropped by source", "kept", "mover wins / draws / loses",
                  "contested (margin; Bao: won and a move loses)", "contested (result)", "mean V(p)"], rows), ""]
    for label, ps in (("Kalah, both sizes", kalah), ("Kalah(4,4)", kept["kalah43"]), ("Kalah(5,3)", kept["kalah53"])):
        md += [f"## {label}", "",
               table(["searcher", "mean margin lost, contested", "result blunders, result-contested",
                      "A - V(p): seeds gained after O's reply"], kalah_rows(ps)), ""]
    md += ["## Bao la Kujifunza", "",
           table(["searcher", "blunders (won to lost), won contested positions",
                  "wins after O's reply, positions where it is proven"], bao_rows(bao)), ""]
    hyps = hypotheses(kalah, bao)
    vrows, csv_rows = [], []
    for hid, what, pop, diff, differ, expected in hyps:
        m, lo, hi = boot_mean(diff, LEVEL)
        v = verdict(lo, hi) if pop else "not decided"
        flag = " (under 5% of positions differ)" if differ is not None and differ < 0.05 else ""
        vrows.append((hid, what, len(pop), f"{fmt(m, 3)} [{fmt(lo, 3)}, {fmt(hi, 3)}]",
                      "" if differ is None else pct(differ) + "%", v + flag, expected))
        csv_rows.append([hid, what, len(pop), fmt(m, 4), fmt(lo, 4), fmt(hi, 4),
                         "" if differ is None else fmt(differ, 4), v, expected])
    md += ["## Verdicts (99.375% intervals, Bonferroni over eight)", "",
           table(["id", "difference", "positions", "mean [99.375%]", "moves differ", "verdict", "expected"], vrows), ""]
    with open(os.path.join(folder, "tables.md"), "w") as f:
        f.write("\n".join(md))
    with open(os.path.join(folder, "verdicts.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "difference", "positions", "mean", "lo", "hi", "moves_differ", "verdict", "expected"])
        w.writerows(csv_rows)
    figure(os.path.join(folder, "E10.png"), kalah, bao)
    return 0
