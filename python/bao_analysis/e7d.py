"""scripts/e7d-analyse E7D_FOLDER (python3 -m bao_analysis e7d E7D_FOLDER): E7d's tables
and verdicts (docs/results.md, "E7d: learning the opponent's depth during the game"),
from the raw games of its gauntlets (E7d-X-vs-Y-dD/: alpha-beta(Y) at depth D first, then
ab, omtrue, omlearn and om6 with MAX's evaluator X).

A unit is one opening of one gauntlet played with both colours; a player's score there is
its points over the two games, halved. A difference of two players is the mean over all
units of the per-unit differences (the same openings, so paired), with a normal interval
(mean +- z se, se the units' standard deviation over sqrt(n)); the units are the openings
all four players finished with both colours in every gauntlet. The two verdicts (H7d-NI,
H7d-AB) are read on 97.5% intervals (Bonferroni over two), the rest at 95%, exploratory.
Deterministic: no resampling."""
import math
import os
import re
import sys

from .multiplicity import z_two_sided
from .records import InputError, games_file, read_games
from .tables import write_gauntlet_tables

Z95, ZFAM = z_two_sided(), z_two_sided(2)  # 1.959964, 2.241403
PLAYERS = [("ab", "alpha-beta(X)"), ("omtrue", "root OM told the depth"), ("omlearn", "root OM learning the depth"),
           ("om6", "root OM assuming depth 6")]
MARGIN = 0.03  # H7d-NI's non-inferiority margin: 3 points
FOLDER = re.compile(r"^E7d-(.+)-vs-(.+)-d(\d+)$")


def gauntlets(e7d):
    """[(folder name, X, Y, D)] of the E7d folder, sorted by pair (as listed) then depth."""
    out = []
    for name in sorted(os.listdir(e7d)):
        m = FOLDER.match(name)
        if m and os.path.isdir(os.path.join(e7d, name)):
            out.append((name, m.group(1), m.group(2), int(m.group(3))))
    if not out:
        raise InputError(f"{e7d}: no gauntlets E7d-X-vs-Y-dD (run scripts/reproduce-e7d)")
    return sorted(out, key=lambda t: (t[1], t[2], t[3]))


def load(folder):
    """{player: {opening: [its points in each game]}}, {player: [nodes, moves]} and
    {player: [predicted replies right, predicted]}."""
    path = games_file(folder)
    if path is None:
        raise InputError(f"{folder}: no games (run scripts/reproduce-e7d)")
    pts, nodes, hits = {}, {}, {}
    for line, g in read_games(path):
        if g["first"] != "opp":
            raise InputError(f"{path}:{line}: a pairing without the opponent first ({g['pairing']})")
        p, who = g["second"], g["second"]
        pts.setdefault(who, {}).setdefault(g["opening_index"], []).append(1.0 - g["first_points"])
        side = 0 if g["south"] == who else 1
        mover_side = 0 if g["opening"].split()[1] == "S" else 1
        own = [i for i in range(len(g["moves"])) if (mover_side + i) % 2 == side]
        n = nodes.setdefault(p, [0, 0])
        n[0] += g["nodes_south" if side == 0 else "nodes_north"]
        n[1] += len(own)
        pred = g.get("predicted")
        if pred:
            h = hits.setdefault(p, [0, 0])
            for i in own:
                if i + 1 < len(g["moves"]) and pred[i]:
                    h[1] += 1
                    h[0] += pred[i] == g["moves"][i + 1]
    return pts, nodes, hits


def finished(pts):
    """The openings every player of PLAYERS played with both colours in one gauntlet."""
    names = [p for p, _ in PLAYERS]
    if not all(p in pts for p in names):
        return set()
    return set.intersection(*({o for o, v in pts[p].items() if len(v) == 2} for p in names))


def keep(pts, openings):
    """pts kept to `openings`."""
    return {p: {o: v for o, v in q.items() if o in openings} for p, q in pts.items()}


def units(pts, a, b):
    """The per-unit differences a - b over the openings both played with both colours."""
    pa, pb = pts.get(a, {}), pts.get(b, {})
    return [sum(pa[o]) / 2 - sum(pb[o]) / 2 for o in sorted(pa) if o in pb and len(pa[o]) == 2 and len(pb[o]) == 2]


def mean_se(xs):
    n = len(xs)
    if n == 0:
        raise InputError("no opening played with both colours by both players")
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, sd / math.sqrt(n), n


def pts_ci(m, se, z):
    return f"{100 * m:+.1f} [{100 * (m - z * se):+.1f}, {100 * (m + z * se):+.1f}]"


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    e7d = argv[1]
    try:
        cells = [(name, x, y, d, load(os.path.join(e7d, name))) for name, x, y, d in gauntlets(e7d)]
        for name, _, _, _, (pts, _, _) in cells:
            for p, _ in PLAYERS:
                if p not in pts:
                    raise InputError(f"{os.path.join(e7d, name)}: no games of {p}")
    except InputError as e:
        print(f"e7d-analyse: {e}", file=sys.stderr)
        return 1
    depths = sorted({d for _, _, _, d, _ in cells})
    # The openings finished in every gauntlet: a run stopped early (opening-major) is
    # analysed on the same openings everywhere, as declared.
    common = set.intersection(*(finished(pts) for _, _, _, _, (pts, _, _) in cells))
    cells = [(name, x, y, d, (keep(pts, common), nodes, hits)) for name, x, y, d, (pts, nodes, hits) in cells]

    def pooled(a, b, which=lambda d: True):
        xs = []
        for _, _, _, d, (pts, _, _) in cells:
            if which(d):
                xs += units(pts, a, b)
        return mean_se(xs)

    try:
        ni, ni_ab, ab = pooled("omlearn", "omtrue"), pooled("ab", "omtrue"), pooled("omlearn", "ab")
    except InputError as e:
        print(f"e7d-analyse: {e}", file=sys.stderr)
        return 1
    verdicts = []
    m, se, n = ni
    lo, hi = m - ZFAM * se, m + ZFAM * se
    v = "non-inferior" if lo > -MARGIN else "inferior" if hi < -MARGIN else "not decided"
    if v == "non-inferior" and ni_ab[0] - ZFAM * ni_ab[1] > -MARGIN:
        v += " (degenerate: alpha-beta passes too)"
    verdicts.append(("H7d-NI", "omlearn - omtrue, pooled", m, lo, hi, v, n))
    m, se, n = ab
    lo, hi = m - ZFAM * se, m + ZFAM * se
    v = "beats alpha-beta" if lo > 0 else "loses to alpha-beta" if hi < 0 else "not decided"
    verdicts.append(("H7d-AB", "omlearn - ab, pooled", m, lo, hi, v, n))

    games = sum(len(p) for _, _, _, _, (pts, _, _) in cells for q in pts.values() for p in q.values())
    out = ["# E7d: learning the opponent's depth during the game", "",
           "Made by `scripts/reproduce-e7d` from the raw games in this folder; hypotheses and decision rules:",
           "docs/results.md (E7d, declared before the data). A unit is an opening of one gauntlet with both colours;",
           "differences are per-unit, paired, pooled over the gauntlets, in points (percent of a point a game), with",
           f"normal intervals; verdicts on 97.5% intervals (Bonferroni over two), the rest 95% and exploratory. {games} games",
           f"on the {len(common)} openings finished in every gauntlet; nodes and predicted replies over every game played.",
           "", "## Verdicts", "", "| id | measure | points [97.5%] (units) | verdict |", "|---|---|---|---|"]
    for h, what, est, lo, hi, v, n in verdicts:
        out.append(f"| {h} | {what} | {100 * est:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}] ({n}) | {v} |")
    out.append(f"| (endpoint) | ab - omtrue, pooled: would alpha-beta pass H7d-NI? | {pts_ci(ni_ab[0], ni_ab[1], ZFAM)} "
               f"({ni_ab[2]}) | {'yes' if ni_ab[0] - ZFAM * ni_ab[1] > -MARGIN else 'no'} |")

    out += ["", "## Differences by the opponent's depth, points [95%] (exploratory)", "",
            "| opponent depth | omlearn - omtrue | omlearn - ab | omtrue - ab | om6 - ab | omlearn - om6 |",
            "|---|---|---|---|---|---|"]
    for d in depths + [None]:
        row = []
        for a, b in [("omlearn", "omtrue"), ("omlearn", "ab"), ("omtrue", "ab"), ("om6", "ab"), ("omlearn", "om6")]:
            m, se, n = pooled(a, b, (lambda x: True) if d is None else (lambda x, d=d: x == d))
            row.append(f"{pts_ci(m, se, Z95)} ({n})")
        out.append(f"| {'all' if d is None else d} | " + " | ".join(row) + " |")

    out += ["", "## Scores against alpha-beta(Y) at depth D, nodes a move and predicted replies (exploratory)", "",
            "| own X | model Y | D | player | score % [95%] | nodes a move | predicted replies right |",
            "|---|---|---|---|---|---|---|"]
    for _, x, y, d, (pts, nodes, hits) in cells:
        for p, _ in PLAYERS:
            s = [sum(v) / 2 for v in pts[p].values() if len(v) == 2]
            m, se, _ = mean_se([x_ - 0.5 for x_ in s])
            nm = nodes[p][0] / max(1, nodes[p][1])
            h = hits.get(p, [0, 0])
            hr = f"{100 * h[0] / h[1]:.1f}% of {h[1]}" if h[1] else "-"
            out.append(f"| {x} | {y} | {d} | {p} | {100 * (m + 0.5):.1f}% [{100 * (m + 0.5 - Z95 * se):.1f}, "
                       f"{100 * (m + 0.5 + Z95 * se):.1f}] | {nm:,.0f} | {hr} |")
    write_gauntlet_tables(e7d, out, verdicts, "0.975")
    print("\n".join(f"{h}: {v}" for h, _, _, _, _, v, _ in verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
