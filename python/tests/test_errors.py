"""Every class of bad input raises bao.Error (a ValueError) with the `bao` command's message,
and none brings the interpreter down."""

import pytest

import bao

START = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"


def cli_message(cli, *args):
    """The message `bao` prints for a bad input, without its "bao COMMAND: " prefix."""
    r = cli(*args, check=False)
    assert r.returncode == 2, r
    line = r.stderr.strip().splitlines()[-1]
    prefix = f"bao {args[0]}: "
    assert line.startswith(prefix), line
    return line[len(prefix):]


def message(call):
    with pytest.raises(bao.Error) as e:
        call()
    return str(e.value)


def test_error_is_a_value_error():
    assert issubclass(bao.Error, ValueError)
    with pytest.raises(ValueError):
        bao.Position("nonsense")


BAD_POSITIONS = [
    ("kiswahili", "0,0,0,0,6,2,2,0 S 22,22 Aa -"),  # field count
    ("kiswahili", START.replace("6,2,2,0/0", "6,x,2,0/0", 1)),  # a count
    ("kiswahili", START.replace("/0,0,0,0,0,0,0,0 S", " S")),  # rows
    ("kiswahili", START.replace("0,0,0,0,0,0,0,0/0,0,0,0,6", "0,0,0,0,0,0,0/0,0,0,0,6", 1)),  # pits per row
    ("kiswahili", START.replace(" S ", " W ")),  # side
    ("kiswahili", START.replace("22,22", "22,21")),  # seed total
    ("kiswahili", START.replace("6,2,2,0/0", "0,2,2,0/0", 1).replace("22,22", "28,22")),  # hand above 22
    ("kujifunza", START),  # a hand in kujifunza
    ("kujifunza", "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 Aa -"),  # houses
    ("kiswahili", START.replace("Aa -", "Aa a3")),  # takasia of the wrong side
    ("kiswahili", START.replace("Aa -", "Xa -")),  # houses field
]


@pytest.mark.parametrize("variant,text", BAD_POSITIONS)
def test_bad_position_strings(cli, variant, text):
    expected = cli_message(cli, "show", "--variant", variant, "--position", text)
    assert message(lambda: bao.Position(text, variant=variant)) == expected
    assert message(lambda: bao.Position.parse(text, variant)) == expected
    assert message(lambda: bao.search(text, depth=1, rules={"variant": variant})) == expected


def test_bad_variant_and_rules_options(cli):
    assert message(lambda: bao.Position.start("swahili")) == cli_message(cli, "show", "--variant", "swahili")
    assert message(lambda: bao.Rules(variant="x")) == cli_message(cli, "show", "--variant", "x")
    assert message(lambda: bao.Rules(frob=1)) == cli_message(cli, "show", "--rule", "frob=1")
    assert message(lambda: bao.Rules(long_move_limit=-1)) == cli_message(cli, "show", "--rule", "long_move_limit=-1")
    assert message(lambda: bao.Rules(takasia_after_namua="maybe")) == cli_message(
        cli, "show", "--rule", "takasia_after_namua=maybe")
    assert "expected a bool, a number or a text" in message(lambda: bao.Rules(tax_any_lone_house=[1]))
    assert "expected a bao.Rules, a dict" in message(lambda: bao.Position.start(rules=5))
    r = bao.Rules()
    with pytest.raises(bao.Error):
        r.long_move_limit = "lots"
    with pytest.raises(bao.Error):
        r.variant = "x"
    with pytest.raises(bao.Error):
        r.set("nope", True)
    assert r == bao.Rules()


def test_bad_moves():
    p = bao.Position.start()
    legal = "(legal: A6L* A6R* A7L* A7R*)"
    for text in ("Z9", "A9L", "A7Q", ""):
        assert message(lambda: p.play(text)).endswith(legal)
    m = message(lambda: p.play("a5R"))
    assert "names a pit of North, but South is to move" in m and m.endswith(legal)
    assert "matches no legal move" in message(lambda: p.play("A1L")) or legal in message(lambda: p.play("A1L"))
    assert message(lambda: p.play("A1L")) == f"move: 'A1L' matches no legal move {legal}"
    assert "expected a move text" in message(lambda: p.play(7))
    assert not p.is_legal("A1L") and p.is_legal("A7L")
    assert p == bao.Position.start()  # a failed play changes nothing


def test_bad_search_arguments(cli):
    p = bao.Position.start()
    assert message(lambda: bao.search(p, "alphabta", depth=3)) == cli_message(
        cli, "search", "--searcher", "alphabta", "--depth", "3")
    assert message(lambda: bao.search(p, "alphabeta", "nope", depth=3)) == cli_message(
        cli, "search", "--eval", "nope", "--depth", "3")
    assert message(lambda: bao.search(p, "alphabeta(tt_mb=x)", depth=3)) == cli_message(
        cli, "search", "--searcher", "alphabeta(tt_mb=x)", "--depth", "3")
    assert message(lambda: bao.search(p, "alphabeta(frob=1)", depth=3)) == cli_message(
        cli, "search", "--searcher", "alphabeta(frob=1)", "--depth", "3")
    assert message(lambda: bao.search(p, "om-beta", depth=3)) == cli_message(
        cli, "search", "--searcher", "om-beta", "--depth", "3")
    assert message(lambda: bao.search(p, "prom-beta(types=material:1.5)", depth=3)) == cli_message(
        cli, "search", "--searcher", "prom-beta(types=material:1.5)", "--depth", "3")
    assert message(lambda: bao.search(p, "minimax", nodes=100)) == cli_message(
        cli, "search", "--searcher", "minimax", "--nodes", "100")
    assert message(lambda: bao.search(p)) == "give a limit: depth=D, nodes=N or time_ms=T"
    assert message(lambda: bao.search(p, depth=0)) == "depth must be at least 1, found 0"
    assert message(lambda: bao.search(p, depth=128)) == (
        "depth must be at most 127 (the deepest ply a search reaches), found 128")
    assert message(lambda: bao.search(p, nodes=0)) == "nodes must be at least 1, found 0"
    assert message(lambda: bao.search(p, time_ms=-5)) == "time_ms must be at least 1, found -5"
    over = "8,8,8,8,8,8,8,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0 -- -"
    assert message(lambda: bao.search(over, depth=2, rules={"variant": "kujifunza"})) == cli_message(
        cli, "search", "--variant", "kujifunza", "--position", over, "--depth", "2")
    assert "position:" in message(lambda: bao.search(p, depth=1, rules=bao.Rules("kujifunza")))
    assert "expected a bao.Position or a position string" in message(lambda: bao.search(42, depth=1))
    assert "a kiswahili position, the rules are for kujifunza" in message(
        lambda: bao.Searcher(variant="kujifunza").search(p, depth=1))
    assert "unknown evaluator" in message(lambda: bao.evaluate(p, "nope"))
    assert "side:" in message(lambda: bao.evaluate(p, side=2))
    assert "side:" in message(lambda: bao.features(p, side="south"))


def test_bad_perft_and_pits():
    p = bao.Position.start()
    assert message(lambda: p.perft(31)) == "depth must be between 0 and 30, found 31"
    assert message(lambda: p.perft(-1)) == "depth must be between 0 and 30, found -1"
    assert "expected a pit name" in message(lambda: p.pit("C3"))
    assert "to divide" in message(lambda: p.perft_divide(0))


def test_garbage_pickles_and_sides():
    """A damaged pickle or an out-of-range side is a bao.Error, not an IndexError or a
    RuntimeError of a failed cast."""
    def unpickle(state):
        return message(lambda: bao.Position.__new__(bao.Position).__setstate__(state))

    for state in ((), ("x",), (5, {}), 5, [START, {}], (START, {}, 1)):
        assert "expected a pickled state (position string, rules dict)" in unpickle(state)
    assert "expected 5 fields" in unpickle(("nonsense", {}))
    assert "unknown rules option 'frob'" in unpickle((START, {"frob": 1}))
    assert "expected a bao.Rules, a dict" in unpickle((START, 5))
    p = bao.Position.start()
    for side in (2, -1, 2**80, "south", 1.0):
        assert "side:" in message(lambda: bao.evaluate(p, side=side))


def test_bad_game_records(cli, tmp_path):
    record = "1: A7L* a5R;\n2: A6L* a9R;\n"
    path = tmp_path / "bad.txt"
    path.write_text(record)
    expected = cli_message(cli, "replay", path)
    assert message(lambda: bao.load_game(str(path))) == expected
    assert message(lambda: bao.load_game(path)) == expected  # a pathlib.Path, as bao.run takes
    assert message(lambda: bao.read_game(record, source=str(path))) == expected
    missing = tmp_path / "missing.txt"
    assert message(lambda: bao.load_game(str(missing))) == cli_message(cli, "replay", missing)
    assert "variant" in message(lambda: bao.read_game("variant: kujifunza\n1: A7L*;\n", variant="kiswahili"))
    # A message quoting bytes that are not UTF-8 keeps them escaped (it came through empty).
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"1: A7L* a5R\xff;\n")
    assert message(lambda: bao.load_game(str(latin))) == (
        f"{latin} line 1, move 1N: 'a5R\\xff' is not a move: expected <row><pit><L|R>[>][*], for example A7L*"
        " (legal: a5L a5R)")


def test_bad_configs(cli, tmp_path, tiny_config):
    out = tmp_path / "out"
    missing = tmp_path / "missing.ini"
    assert message(lambda: bao.run(str(missing), out=str(out))) == cli_message(cli, "run", missing, "--out", out)
    bad = tmp_path / "bad.ini"
    bad.write_text(tiny_config.read_text() + "frobnicate = 3\n")
    assert message(lambda: bao.run(bad, out=out)) == cli_message(cli, "run", bad, "--out", out)
    assert message(lambda: bao.run(tiny_config, out=out, overrides={"player.deep.depth": "x"})) == cli_message(
        cli, "run", tiny_config, "--out", out, "--set", "player.deep.depth=x")
    assert message(lambda: bao.load_config(tiny_config, ["players=deep,ghost"])) == cli_message(
        cli, "run", tiny_config, "--check", "--set", "players=deep,ghost")
    assert "overrides: expected a dict" in message(lambda: bao.run(tiny_config, overrides="openings=1"))
    assert "threads must be" in message(lambda: bao.run(tiny_config, threads=-1))
    assert not out.exists()


def test_results_folder_from_another_config_is_refused(tmp_path, tiny_config):
    out = tmp_path / "out"
    bao.run(tiny_config, out=out, overrides={"openings": 1})
    m = message(lambda: bao.run(tiny_config, out=out, overrides={"openings": 1, "seed": 6}))
    assert "seed" in m


def test_bad_trees(cli):
    assert "width" in message(lambda: bao.RandomTree(width=17))
    assert "width" in message(lambda: bao.RandomTree(width=(5, 2)))
    assert "width" in message(lambda: bao.RandomTree(width=2.5))
    assert "depth" in message(lambda: bao.RandomTree(depth=0))
    assert "types" in message(lambda: bao.RandomTree(types=9))
    for spread in (-1.0, float("nan"), float("inf"), 1e12):  # NaN and 1e12 made an undefined int cast
        assert "spread: expected 0 to 1000" in message(lambda: bao.RandomTree(spread=spread))
    assert "step: expected 0 to 1000000" in message(lambda: bao.RandomTree(step=2**31 - 1))  # overflowed
    assert "bound: expected 0..1000, found -5" in message(lambda: bao.RandomTree().search("om-bounded", bound=-5))
    t = bao.RandomTree(width=3, depth=4)
    assert "unknown searcher 'om-fast'" in message(lambda: t.search("om-fast"))
    assert "depth" in message(lambda: t.search("alphabeta", depth=5))
    assert "model" in message(lambda: t.search("om-beta", model=0))
    assert "add up to 1.1, not 1" in message(lambda: t.search("prom-beta", probs=[0.5, 0.6]))
    assert "path" in message(lambda: t.values([0, 3]))
    broken = bao.RandomTree(width=3, depth=4, bound=10, spread=5.0, seed=3)
    assert "om-bounded" in message(lambda: broken.search("om-bounded"))
    assert message(lambda: bao.trees_grid(width=2, depth=2, bound=10, trees=1, searchers="om-fast")) == cli_message(
        cli, "trees", "--width", "2", "--depth", "2", "--bound", "10", "--trees", "1", "--searchers", "om-fast")
    assert "depth" in message(lambda: bao.trees_grid(depth="0-3", trees=1))
    assert "max-leaves" in message(lambda: bao.trees_grid(width=16, depth=8, trees=1, max_leaves=10))
    # Far more OpenMP threads than a config may ask for crashed the interpreter.
    for threads in (-1, 1025, 100000):
        assert message(lambda: bao.trees_grid(width=2, depth=2, bound=10, trees=1, threads=threads)) == (
            f"threads must be 0 (all cores) to 1024, found {threads}")


def test_bad_results_folder(tmp_path):
    assert "no folder" in message(lambda: bao.results.load(tmp_path / "nothing"))
    assert "neither games.jsonl nor summary.csv" in message(lambda: bao.results.load(tmp_path))


def test_a_results_file_that_is_not_a_regular_file_is_refused_at_once(tmp_path):
    """A FIFO summary.csv (pandas waited for a writer for good) or games.jsonl, and a folder
    of that name, are refused naming the path, without opening them."""
    import os

    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / "summary.csv")
    assert message(lambda: bao.results.load(out)) == (
        f"cannot read '{out / 'summary.csv'}': not a regular file (a device, FIFO or socket); not read")
    os.remove(out / "summary.csv")
    (out / "summary.csv").mkdir()
    assert message(lambda: bao.results.load(out)) == f"cannot read '{out / 'summary.csv'}': a folder; not read"
    os.rmdir(out / "summary.csv")
    os.mkfifo(out / "games.jsonl")
    assert "not a regular file" in message(lambda: bao.results.load(out))


def test_text_without_a_utf8_form_is_a_bao_error():
    """A str holding a lone surrogate raised RuntimeError ("Unable to cast Python instance
    to C++ type"); it is bao.Error naming the argument."""
    suffix = "'\\ud800' is not text bao reads: it holds a lone surrogate, which has no UTF-8 form"
    assert message(lambda: bao.Position("\ud800")) == "position: " + suffix
    assert message(lambda: bao.Position.start().play("A6L*", "\ud800")) == "move: " + suffix
    assert message(lambda: bao.Rules(variant="\ud800")) == "rules option variant: " + suffix
    assert message(lambda: bao.Rules(**{"\ud800": 1})) == "rules option: " + suffix
    assert message(lambda: bao.search("\ud800" * 100, depth=1)).startswith("position: '" + "\\ud800" * 8)


def test_bools_are_not_numbers():
    """bool is a subclass of int: depth=True searched depth 1. Every number argument
    refuses True and False."""
    p = bao.Position.start()
    expected = "expected a number, found the bool {} (True and False are not numbers here)"
    for call, value in ((lambda: bao.search(p, depth=True), True), (lambda: bao.search(p, nodes=False), False),
                        (lambda: bao.search(p, time_ms=True), True),
                        (lambda: bao.Searcher().search(p, depth=True), True), (lambda: p.perft(True), True),
                        (lambda: p.perft_divide(True), True), (lambda: bao.random_opening(1, True), True),
                        (lambda: bao.random_opening(1, 0, max_plies=True), True),
                        (lambda: bao.RandomTree(depth=True), True), (lambda: bao.RandomTree(spread=True), True),
                        (lambda: bao.RandomTree().search(depth=True), True),
                        (lambda: bao.trees_grid(threads=False), False),
                        (lambda: bao.run("x.ini", threads=True), True)):
        assert message(call) == expected.format(value)
    assert bao.search(p, depth=1).depth == 1  # a number still reads


def test_damaged_results_folder(cli, tmp_path, tiny_config):
    """A damaged games.jsonl is read as `bao run` reads it (same message); a record with a
    field missing or of the wrong type is refused at load, rather than breaking pandas later."""
    out = tmp_path / "out"
    bao.run(tiny_config, out=out, overrides={"openings": 1})
    games = out / "games.jsonl"
    lines = games.read_text().splitlines(keepends=True)
    for damaged in (lines[0].replace('"moves":', '"mooves":'), lines[0].replace('"plies":', '"plies":"x","p":'),
                    "[1, 2]\n"):
        games.write_text(damaged + "".join(lines[1:]))
        m = message(lambda: bao.results.load(out))
        assert m.startswith(f"{games}:1: not a game record") and m.endswith("(fix or remove this line)")
        assert m == cli_message(cli, "run", tiny_config, "--out", out, "--set", "openings=1")
    assert "no file" in message(lambda: bao.results.read_games(tmp_path / "missing.jsonl"))
    games.write_text("".join(lines))
    for summary in ("", "\xff\n"):
        (out / "summary.csv").write_text(summary, encoding="latin-1")
        assert "summary.csv: not a summary.csv" in message(lambda: bao.results.load(out))
