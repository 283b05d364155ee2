"""bao: the Bao research toolkit from Python, on the same C++ core as the `bao` command.

Positions and rules (Donkers' rules and notation, docs/notation.md and docs/rules.md):

    >>> import bao
    >>> p = bao.Position.start()                 # Bao la Kiswahili; variant="kujifunza" too
    >>> p.legal_moves()
    ['A6L*', 'A6R*', 'A7L*', 'A7R*']
    >>> q = p.play("A7L*")                       # a new position; lenient move reading
    >>> str(q)                                   # the position string
    '0,0,0,1,7,3,0,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 N 21,22 Aa -'
    >>> q.show()                                 # the board diagram of `bao show`
    >>> q.pits                                   # 4x8 NumPy array, rows A, B, a, b
    >>> p.perft(4), q.outcome(), q.side
    >>> bao.Rules(long_move_limit=100)           # every rules option; bao.Rules.donkers2002()

Search and evaluation (any searcher spec of `bao search`, opponent models included):

    >>> r = bao.search(p, "alphabeta", "default", depth=6)
    >>> r.move, r.value, r.pv, r.nodes, r.leaf_evals, r.seconds
    >>> bao.search(p, "om-beta(model=material)", depth=4)
    >>> bao.evaluate(p, "material"), bao.features(p), bao.feature_names()
    >>> bao.searchers(), bao.searcher_info("om-beta"), bao.evaluators()

Any registered game (`bao --game`; Kalah, checkers, Bao by spec):

    >>> g = bao.game("kalah(houses=6,seeds=4)")  # bao.games() lists the names
    >>> s = g.start(); s.legal_moves(); t = s.play("3"); t.side, t.over, str(t)
    >>> bao.search(t, "alphabeta", depth=8)["move"]   # a dict: move, value, pv, nodes, ...

Random game trees (`bao trees`):

    >>> t = bao.RandomTree(width=3, depth=6, bound=100, seed=7)
    >>> t.search("om-bounded").leaf_evals
    >>> bao.trees_grid(width="2,3", depth="2-4", trees=20).rows

Tournaments (`bao run`) and their results as pandas DataFrames:

    >>> rep = bao.run("experiments/configs/pairing.ini", out="/tmp/t",
    ...               overrides={"openings": 2, "player.deep.depth": 2})
    >>> games, summary = bao.results.load(rep.out)

Game records: bao.read_game(text), bao.load_game(path) (checked move by move).

Every bad input raises bao.Error (a ValueError) with the message the `bao` command
prints. Long computations (search, perft, trees, tournaments) release the GIL.
docs/python.md tells how to build the module and find it (PYTHONPATH=build/python).
"""

from ._bao import (
    AnyGame,
    Error,
    Game,
    GameState,
    Outcome,
    Ply,
    Position,
    RandomTree,
    Rules,
    RunReport,
    SearchResult,
    Searcher,
    Side,
    TreeResult,
    TreesGrid,
    evaluate,
    evaluators,
    feature_names,
    features,
    game,
    games,
    load_config,
    load_game,
    random_opening,
    read_game,
    run,
    search,
    searcher_info,
    searchers,
    tree_searchers,
    trees_grid,
)
from . import results

__all__ = [
    "AnyGame",
    "Error",
    "Game",
    "GameState",
    "Outcome",
    "Ply",
    "Position",
    "RandomTree",
    "Rules",
    "RunReport",
    "SearchResult",
    "Searcher",
    "Side",
    "TreeResult",
    "TreesGrid",
    "evaluate",
    "evaluators",
    "feature_names",
    "features",
    "game",
    "games",
    "load_config",
    "load_game",
    "random_opening",
    "read_game",
    "results",
    "run",
    "search",
    "searcher_info",
    "searchers",
    "tree_searchers",
    "trees_grid",
]
