"""Number formats and the markdown every RESULTS/<E>/tables.md is written in: estimates
with their 95% intervals, tables, the header of a file and the marks of the cells that
decide a primary verdict. Each experiment's tables are in its module (e4 ... e7,
reference, second_pass, arms)."""
import csv
import math
import os

from .design import FAMILY


DASH = "—"


# ---------------------------------------------------------------- formatting

def fmt(x, unit):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return DASH
    return {"pts": lambda v: f"{100 * v:+.1f}", "pct": lambda v: f"{100 * v:.1f}", "rho": lambda v: f"{v:+.3f}",
            "p": lambda v: f"{v:.2f}", "tv": lambda v: f"{v:.3f}"}[unit](x)


def pts_ci(e):
    """'+3.1 [-1.0, +7.2]' in score points, or a dash."""
    if not e.ok():
        return DASH
    return f"{100 * e.est:+.1f} [{100 * e.lo:+.1f}, {100 * e.hi:+.1f}]"


def pct_ci(e):
    if not e.ok():
        return DASH
    return f"{100 * e.est:.1f}% [{100 * e.lo:.1f}, {100 * e.hi:.1f}]"


def md_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def write_text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def header_lines(title, ctx, exp):
    return (f"# {title}\n\n{ctx.scale} scale; {exp.games} games; {exp.n} openings; bootstrap over openings, "
            f"{ctx.resamples} resamples, seed {ctx.seed}; intervals are 95% percentile intervals. "
            "Scores and gains in score points (percent of a point per game).\n\n" + ROLES)


# Which cells carry a verdict: the primary ones are the Holm family of results/verdicts.md.
ROLES = (f"A cell marked [H..] decides that primary verdict (one of the family of {len(FAMILY)} corrected by Holm, "
         "results/verdicts.md); [H.., secondary] a secondary verdict, outside the family; every other cell is "
         "exploratory: described, not tested, not corrected for multiplicity.\n\n")


def role(text, hid):
    """The cell's text with its hypothesis, when it has one."""
    return f"{text} [{hid}]" if hid and text != DASH else text


def write_gauntlet_tables(folder, lines, verdicts, level):
    """E11's and E12's tables.md (`lines`) and verdicts.csv: one row a verdict (id, measure,
    estimate, lo, hi, verdict, n), at the interval level `level` as written, over opening pairs."""
    with open(os.path.join(folder, "tables.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(folder, "verdicts.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "measure", "estimate", "lo", "hi", "level", "verdict", "units", "n"])
        for h, what, est, lo, hi, v, n in verdicts:
            w.writerow([h, what, f"{est:.4f}", f"{lo:.4f}", f"{hi:.4f}", level, v, "opening pairs", n])


def write_opening_verdicts(folder, lines, groups):
    """tables.md (`lines`) and verdicts.csv of a gauntlet decided over openings (E8s, E8v,
    E8p): groups are (rows, level) pairs, each row (id, measure, estimate, lo, hi,
    verdict, n, openings needed), written at its group's interval level."""
    with open(os.path.join(folder, "tables.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(folder, "verdicts.csv"), "w") as f:
        f.write("id,measure,estimate,lo,hi,level,verdict,units,n,n_needed\n")
        for rows, level in groups:
            for h, what, est, lo, hi, v, n, need in rows:
                f.write(f"{h},{what},{est:.4f},{lo:.4f},{hi:.4f},{level:.4f},{v},openings,{n},{need}\n")
