"""Every ```python block of docs/*.md runs as written, with the built module.

The blocks of one file run in order in one namespace, as a reader would type them into one
interpreter (a later block uses the `p` of an earlier one), in a scratch folder that has
the repository's tests/, experiments/ and docs/ beside it, so that the relative paths of
the examples (tests/data/game1994.txt, experiments/configs/...) resolve and what they
write (results/...) stays out of the checkout.

A block that is not meant to run says so on its first line with the comment
`# not run: REASON` (shown in the page as it stands); it is skipped, and the reason is
printed with -v. A block that fails names its file and first line.

The blocks run statement by statement, so that a shown answer is checked as well: a
statement on one line that is an expression, followed by a comment that is a Python
literal (`p.pit("A5")  # 6`), or a literal and an explanation after ": "
(`p.is_legal("a2")  # False: a North move`), must give that value: the expression's value
== ast.literal_eval(LITERAL). A comment that is not a literal (`# bao.Side.South or
bao.Side.North`) is a description, and a literal with `...` in it (`['hand', ...]`) an
abbreviation: neither is checked. The count of checked answers is
printed with -v.
"""

import ast
import io
import os
import pathlib
import re
import tokenize

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("BAO_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
NOT_RUN = "# not run:"


def python_blocks(path):
    """[(first line number, code)] of the ```python blocks of a markdown file."""
    blocks, code, start = [], None, 0
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if code is None and re.match(r"^```python\s*$", line):
            code, start = [], n + 1
        elif code is not None and line.startswith("```"):
            blocks.append((start, "\n".join(code) + "\n"))
            code = None
        elif code is not None:
            code.append(line)
    return blocks


DOCS = sorted(p for p in (SOURCE_DIR / "docs").glob("*.md") if python_blocks(p))


def test_the_docs_have_python_examples():
    assert any(d.name == "python.md" for d in DOCS), [d.name for d in DOCS]


def shown_answer(comment):
    """The literal a comment shows as the answer, (True, value), or (False, None).

    The comment is the literal, or the literal followed by ": " and words; of the ways to
    cut it at ": " the longest that parses is taken, so a dict (`{'A6L*': 4}`) is whole.
    """
    text = comment.lstrip("#").strip()
    cuts = [len(text)] + [m.start() for m in re.finditer(": ", text)][::-1]
    for cut in cuts:
        try:
            value = ast.literal_eval(text[:cut].strip())
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        return (False, None) if elided(value) else (True, value)
    return False, None


def elided(value):
    """Whether a shown value leaves a part out with `...` (then it is not checked)."""
    if value is Ellipsis:
        return True
    if isinstance(value, dict):
        return any(elided(k) or elided(v) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(elided(v) for v in value)
    return False


def comments_by_line(code):
    """{line number in code: comment text} of the comments of a block."""
    comments = {}
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string
    return comments


def run_block(doc, first_line, code, namespace):
    """Runs one block statement by statement; returns how many shown answers it checked."""
    tree = ast.parse(code, f"{doc.name}:{first_line}")
    ast.increment_lineno(tree, first_line - 1)  # errors name the page's line numbers
    comments = {n + first_line - 1: c for n, c in comments_by_line(code).items()}
    lines_used = {}
    for stmt in tree.body:
        for n in range(stmt.lineno, stmt.end_lineno + 1):
            lines_used[n] = lines_used.get(n, 0) + 1
    checked = 0
    for stmt in tree.body:
        line = stmt.lineno
        answer = (False, None)
        if (isinstance(stmt, ast.Expr) and stmt.end_lineno == line and lines_used[line] == 1
                and line in comments):
            answer = shown_answer(comments[line])
        if not answer[0]:
            exec(compile(ast.Module([stmt], type_ignores=[]), f"docs/{doc.name}", "exec"), namespace)
            continue
        value = eval(compile(ast.Expression(stmt.value), f"docs/{doc.name}", "eval"), namespace)
        expected = answer[1]
        # A shown True or False is a bool, not a number that equals it.
        if not (value == expected and (type(expected) is not bool or isinstance(value, bool))):
            raise AssertionError(f"line {line}: {ast.unparse(stmt.value)} gives {value!r}, "
                                 f"the page shows {expected!r}")
        checked += 1
    return checked


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_examples_run(doc, tmp_path, monkeypatch, capsys):
    import bao  # noqa: F401  (the built module: PYTHONPATH names it)

    for name in ("tests", "experiments", "docs", "models"):
        (tmp_path / name).symlink_to(SOURCE_DIR / name)
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__docs__"}
    ran = skipped = checked = 0
    for line, code in python_blocks(doc):
        first = code.lstrip().splitlines()[0] if code.strip() else ""
        if first.startswith(NOT_RUN):
            skipped += 1
            print(f"{doc.name}:{line}: skipped ({first[len(NOT_RUN):].strip()})")
            continue
        try:
            checked += run_block(doc, line, code, namespace)
        except Exception as e:
            pytest.fail(f"docs/{doc.name}, the block at line {line}: {type(e).__name__}: {e}")
        ran += 1
    assert ran > 0, f"docs/{doc.name}: every python block is marked not run"
    print(f"{doc.name}: {ran} blocks run, {checked} shown answers checked")


def test_shown_answers_are_read():
    assert shown_answer("# 6") == (True, 6)
    assert shown_answer("# True: moves are read leniently") == (True, True)
    assert shown_answer("# {'A6L*': 4, 'A6R*': 4}") == (True, {"A6L*": 4, "A6R*": 4})
    assert shown_answer("# {'A6L*': 4}: per move") == (True, {"A6L*": 4})
    assert shown_answer("# 'A6L*', 1, ['A6L*']") == (True, ("A6L*", 1, ["A6L*"]))
    assert shown_answer("# bao.Side.South or bao.Side.North") == (False, None)
    assert shown_answer("# the position string (docs/notation.md)") == (False, None)
    assert shown_answer("# ['hand', 'front1', ..., 'opp_hand', ...]") == (False, None)


def test_a_wrong_shown_answer_fails(tmp_path):
    doc = tmp_path / "page.md"
    code = "x = 2\nx + 1  # 4: wrong\n"
    with pytest.raises(AssertionError, match="line 11: x \\+ 1 gives 3, the page shows 4"):
        run_block(doc, 10, code, {})
    with pytest.raises(AssertionError, match="gives 1, the page shows True"):
        run_block(doc, 10, "1  # True\n", {})
    assert run_block(doc, 10, "x = 2\nx + 1  # 3\nx  # a number\n", {}) == 1
