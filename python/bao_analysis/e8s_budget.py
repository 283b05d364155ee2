"""E8s' equal time (docs/results.md, E8s).

python3 -m bao_analysis e8s-budget PILOT_FOLDER OPPONENT [BASE N]: the iterations a move that
give each challenger the opponent's time a move (with BASE N: the time a move of player
BASE at N iterations, as E8s' rule has it), from a pilot gauntlet's records (search seconds
and iterations of each side): N = the opponent's mean seconds a move / the challenger's
mean seconds an iteration, rounded to a multiple of 10; and the processor seconds a game
of each pairing, to size the run. Prints them (the budget is a timing: it is recorded
once, not recomputed by --from-raw).
"""
import sys

from .records import InputError, games_file, read_games


def side_moves(g, side):
    """The moves `side` (south or north) made in game g: the opening's side to move plays first."""
    first = "south" if g["opening"].split()[1] == "S" else "north"
    plies = len(g["moves"])
    return (plies + 1) // 2 if side == first else plies // 2


def budget(folder):
    """{player: (moves, seconds, iterations)} and {pairing: (games, seconds)} of a pilot."""
    path = games_file(folder)
    if path is None:
        raise InputError(f"{folder}: no games.jsonl.gz or games.jsonl (play the pilot first)")
    players, pairings = {}, {}
    for _, g in read_games(path):
        for side in ("south", "north"):
            p = players.setdefault(g[side], [0, 0.0, 0])
            p[0] += side_moves(g, side)
            p[1] += g[f"time_{side}"]
            p[2] += g[f"nodes_{side}"]
        c = pairings.setdefault(g["pairing"], [0, 0.0])
        c[0] += 1
        c[1] += g["time_south"] + g["time_north"]
    return players, pairings


def main(argv):
    if len(argv) not in (3, 5):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        players, pairings = budget(argv[1])
        opponent = argv[2]
        if opponent not in players:
            raise InputError(f"{argv[1]}: no games of the opponent '{opponent}'")
        moves, seconds, _ = players[opponent]
        per_move = seconds / moves
        print(f"{opponent}: {moves} moves, {1000 * per_move:.2f} ms a move")
        if len(argv) == 5:
            base, base_n = argv[3], int(argv[4])
            if base not in players:
                raise InputError(f"{argv[1]}: no games of '{base}'")
            _, s, it = players[base]
            per_move = s / it * base_n
            print(f"{base} at {base_n} iterations: {1000 * per_move:.2f} ms a move (the time each N below gives)")
        for name, (m, s, it) in sorted(players.items()):
            if name == opponent:
                continue
            per_it = s / it
            n = max(10, int(round(per_move / per_it / 10)) * 10)
            print(f"{name}: {m} moves, {it / m:.0f} iterations a move, {1e6 * per_it:.1f} us an iteration: "
                  f"N = {n}")
        for name, (k, s) in sorted(pairings.items()):
            print(f"{name}: {k} games, {s / k:.2f} search seconds a game")
    except InputError as e:
        print(f"e8s-budget: {e}", file=sys.stderr)
        return 1
    return 0
