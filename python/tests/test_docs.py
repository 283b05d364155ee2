"""Every ```python block of docs/*.md runs as written, with the built module.

The blocks of one file run in order in one namespace, as a reader would type them into one
interpreter (a later block uses the `p` of an earlier one), in a scratch folder that has
the repository's tests/, experiments/ and docs/ beside it, so that the relative paths of
the examples (tests/data/game1994.txt, experiments/configs/...) resolve and what they
write (results/...) stays out of the checkout.

A block that is not meant to run says so on its first line with the comment
`# not run: REASON` (shown in the page as it stands); it is skipped, and the reason is
printed with -v. A block that fails names its file and first line.
"""

import os
import pathlib
import re

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


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_examples_run(doc, tmp_path, monkeypatch, capsys):
    import bao  # noqa: F401  (the built module: PYTHONPATH names it)

    for name in ("tests", "experiments", "docs", "models"):
        (tmp_path / name).symlink_to(SOURCE_DIR / name)
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__docs__"}
    ran = skipped = 0
    for line, code in python_blocks(doc):
        first = code.lstrip().splitlines()[0] if code.strip() else ""
        if first.startswith(NOT_RUN):
            skipped += 1
            print(f"{doc.name}:{line}: skipped ({first[len(NOT_RUN):].strip()})")
            continue
        try:
            exec(compile(code, f"{doc.name}:{line}", "exec"), namespace)
        except Exception as e:
            pytest.fail(f"docs/{doc.name}, the block at line {line}: {type(e).__name__}: {e}")
        ran += 1
    assert ran > 0, f"docs/{doc.name}: every python block is marked not run"
