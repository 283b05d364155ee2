"""The cells of the gauntlets' gains, shared by E5, E5dd, E6, E7 and the second pass: a
variant's baseline (alpha-beta, or the equal-cost alpha-beta), a cell's evaluator pair
(own X, model Y), and the split of the cells by subgroup S (e4.subgroup_s)."""


def baseline(variant):
    return "eqab" if variant.startswith("eq") else "ab"


def pair_of(cell):
    cfg, opp, x = cell
    return (x, opp[4:])


def split_cells(cells, s):
    """(all, subgroup S, complement); S None (no E4) gives empty subgroups."""
    if s is None:
        return cells, [], []
    return cells, [c for c in cells if pair_of(c) in s], [c for c in cells if pair_of(c) not in s]
