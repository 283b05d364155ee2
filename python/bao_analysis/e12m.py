"""E12m (docs/results.md, E12m): the MCTS family against OP at equal time, a family of six
verdicts of its own, whose table sits in E12's tables.md (tables, called by e12.py), and
its iterations per move, measured once before its games (main: scripts/e12m-budget
E12_FOLDER BAO, python3 -m bao_analysis e12m-budget E12_FOLDER BAO).

The budget: plays two small matches with BAO (`bao run`, 20 openings of E12's kind, 2
threads, as the gauntlets are played) at each of OP's depths 4 and 6: OP against itself,
and OP against mcts(alpha=0.5) at 2,000 iterations a move. N is OP's mean search seconds
per move over mcts' mean seconds per iteration, from the records' search times, rounded to
100 (at least 100); writes budget-mcts.txt ("d4 N", "d6 N") and keeps the matches under
budget-runs/. A measurement of speed: run once, before E12m's games, and keep its file."""
import os
import subprocess
import sys

from .e12 import Z95, ZFAM, check_record, load, pct, score
from .records import read_games

ITERATIONS = 2000
MCTS = [("mcts", "mcts(alpha=0.5)", "H12m-mcts"), ("ommcts", "om-mcts(model=op)", "H12m-om"),
        ("prommcts", "prom-mcts(types=op:0.5)", "H12m-prom")]
MCTS_FOLDERS = [("E12m-d4", "depth 4"), ("E12m-d6", "depth 6")]
HEADER = ("game = checkers(draw_moves=40)\nschedule = pairing\nopenings = 20\nopening_plies = 4\nseed = 2012\n"
          "ply_cap = 300\nthreads = 2\n")


def seconds_per_move(folder, player):
    """The player's search seconds over its moves, summed over the folder's games."""
    secs = moves = 0.0
    for _, g in read_games(os.path.join(folder, "games.jsonl"), check=check_record):
        for side in ("south", "north"):
            if g[side] == player:
                secs += g["time_" + side]
                moves += g["plies"] / 2.0
    return secs / moves


def run(bao, folder, text):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "config.txt")
    with open(path, "w") as f:
        f.write(text)
    subprocess.run([bao, "run", path, "--out", os.path.join(folder, "out")], check=True, stdout=subprocess.DEVNULL)
    return os.path.join(folder, "out")


def tables(e12, verdicts):
    """E12m's section of E12's tables.md (its lines); its verdicts appended to verdicts.
    Missing games raise InputError."""
    out = ["", "## E12m: the MCTS family at equal time (its own family of six, 99.17%)", "",
           "| OP's depth | searcher | iterations a move | W / D / L | score | 95% interval | 99.17% interval | verdict |",
           "|---|---|---|---|---|---|---|---|"]
    budgets = {}
    budget_path = os.path.join(e12, "budget-mcts.txt")
    if os.path.isfile(budget_path):
        with open(budget_path) as f:
            budgets = dict(line.split() for line in f if line.strip())
    for folder, depth in MCTS_FOLDERS:
        pairs, wdl = load(os.path.join(e12, folder))
        for name, label, vid in MCTS:
            m, se, n = score(pairs[name])
            lo, hi = m - ZFAM * se, m + ZFAM * se
            v = "above 50%" if lo > 0.5 else "below 50%" if hi < 0.5 else "not decided"
            verdicts.append((f"{vid}-{depth.split()[1]}", f"{label}, equal time, OP at {depth}", m, lo, hi, v, n))
            w, d, l = wdl[name]
            out.append(f"| {depth.split()[1]} | {label} | {budgets.get('d' + depth.split()[1], '?')} | {w} / {d} / {l} | "
                       f"{pct(m)}% | [{pct(m - Z95 * se)}, {pct(m + Z95 * se)}] | [{pct(lo)}, {pct(hi)}] | {v} |")
    return out


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    e12, bao = argv[1], argv[2]
    lines = []
    for depth in (4, 6):
        base = os.path.join(e12, "budget-runs", f"d{depth}")
        op = f"\n[player.op]\nsearcher = alphabeta(tt_mb=4)\neval = f\ndepth = {depth}\n"
        a = run(bao, os.path.join(base, "op"), HEADER + "players = op, op2\n" + op +
                op.replace("[player.op]", "[player.op2]"))
        b = run(bao, os.path.join(base, "mcts"), HEADER + "players = op, mcts\n" + op +
                f"\n[player.mcts]\nsearcher = mcts(alpha=0.5,pool_mb=64)\neval = f\nnodes = {ITERATIONS}\n")
        t_op = (seconds_per_move(a, "op") + seconds_per_move(a, "op2")) / 2
        t_it = seconds_per_move(b, "mcts") / ITERATIONS
        n = max(100, int(round(t_op / t_it / 100.0)) * 100)
        lines.append(f"d{depth} {n}")
        print(f"e12m-budget: depth {depth}: OP {1000 * t_op:.3f} ms a move, mcts {1e6 * t_it:.2f} us an iteration: "
              f"{n} iterations", file=sys.stderr)
    with open(os.path.join(e12, "budget-mcts.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
