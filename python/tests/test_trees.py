"""Random game trees: every tree searcher on one tree, and the grid against `bao trees`."""

import pytest

import bao

OM = ["om-plain", "om-beta", "om-probe", "om-bounded"]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("width", [2, 3, (2, 5)])
def test_searchers_of_a_family_agree(seed, width):
    t = bao.RandomTree(width=width, depth=5, bound=50, seed=seed)
    ab, mm = t.search("alphabeta"), t.search("minimax")
    assert (ab.move, ab.value) == (mm.move, mm.value)
    assert ab.leaf_evals <= mm.leaf_evals and ab.evals[1] == 0
    om = [t.search(s) for s in OM]
    assert len({(r.move, r.value) for r in om}) == 1
    # om-bounded prunes the root's vop, which the root's choice does not need.
    assert len({r.value_op for r in om[:3]}) == 1
    assert om[1].leaf_evals <= om[0].leaf_evals  # beta-pruning saves evaluations
    prom = [t.search(s, probs=[0.3, 0.7]) for s in ("prom-1p", "prom-plain", "prom-beta", "sp-prom")]
    assert len({r.move for r in prom}) == 1
    assert all(r.value == pytest.approx(prom[0].value) for r in prom)


def test_tree_values_and_shape():
    t = bao.RandomTree(width=3, depth=4, bound=20, seed=11, types=3)
    assert t.width_at() == 3 and t.depth == 4 and t.bound == 20 and t.types == 3
    v = t.values([0, 2, 1, 0])
    assert len(v) == 3 and all(abs(x - v[0]) <= 20 for x in v)
    assert t.search("alphabeta", model=2).evals[2] > 0
    leaves = 3 ** 4
    assert t.search("minimax").leaf_evals == leaves
    assert t.search("alphabeta", depth=2).leaf_evals <= 9
    r = t.search("om-beta", model=2)
    assert r.searcher == "om-beta" and r.move in range(3) and "om-beta" in repr(r)
    assert "RandomTree(width=3" in repr(t)


def test_same_seed_same_tree():
    a = bao.RandomTree(width=(2, 4), depth=6, seed=5).search("om-probe")
    b = bao.RandomTree(width=(2, 4), depth=6, seed=5).search("om-probe")
    assert (a.move, a.value, a.nodes, a.evals) == (b.move, b.value, b.nodes, b.evals)


def test_grid_equals_the_cli(cli):
    grid = bao.trees_grid(width=[2, (2, 4)], depth=range(2, 5), bound=[10, 100], trees=8, seed=3, threads=1)
    out = cli("trees", "--width", "2,2-4", "--depth", "2-4", "--bound", "10,100", "--trees", "8", "--seed", "3",
              "--threads", "1").stdout
    assert grid.csv() == out
    searchers = {r["searcher"] for r in grid.rows}
    assert {"om-beta", "prom-1p", "sp-prom"} <= searchers
    assert len(grid) == 2 * 3 * 2 * len(searchers) and grid.skipped == []
    row = grid.rows[0]
    assert row["searcher"] == "alphabeta" and row["ratio_to_alphabeta"] == 1.0
    md = cli("trees", "--width", "3", "--depth", "3", "--trees", "4", "--format", "md").stdout
    assert bao.trees_grid(width=3, depth=3, trees=4).markdown() == md


def test_grid_skips_cells_over_max_leaves():
    grid = bao.trees_grid(width="2,16", depth="2,8", bound=10, trees=2, searchers=["alphabeta"], max_leaves=1000)
    assert len(grid.skipped) == 1 and "16-16 depth 8" in grid.skipped[0]
    assert {(r["width"], r["depth"]) for r in grid.rows} == {("2", 2), ("2", 8), ("16", 2)}


def test_tree_search_reads_the_specs_parameters():
    """safe-om's eps and robust-om's w reach the search (they were dropped before: a spec
    with parameters was refused as an unknown searcher)."""
    changed = 0
    for seed in range(1, 41):
        t = bao.RandomTree(width=3, depth=4, bound=100, seed=seed)
        a, b = t.search("safe-om(eps=0)"), t.search("safe-om(eps=1000)")
        c, d = t.search("robust-om(w=0)"), t.search("robust-om(w=1)")
        changed += (a.move, a.value, a.nodes) != (b.move, b.value, b.nodes) or (c.move, c.value, c.nodes) != (
            d.move,
            d.value,
            d.nodes,
        )
    assert changed > 0
    t = bao.RandomTree(width=2, depth=3, seed=1)
    with pytest.raises(bao.Error, match="not read on random trees"):
        t.search("om-beta(horizon=2)")
    rows = bao.trees_grid(width="2", depth="2", bound="10", trees=3, searchers="alphabeta,safe-om(eps=5)").rows
    assert {r["searcher"] for r in rows} == {"alphabeta", "safe-om(eps=5)"}
