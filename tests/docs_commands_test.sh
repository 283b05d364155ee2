#!/usr/bin/env bash
# The `bao` command lines of the docs run: every line of a ```sh block of README.md and
# docs/*.md that starts with `bao`, `scripts/bao` or `build/bao` must exit 0, and every
# `$ scripts/bao ...` transcript in a plain ``` block must print what the page shows
# after it. Each runs as `bash -c` with the built bao in place of the three names (and
# `scripts/bao` alone as what it runs: `bao run experiments/configs/default.ini --out
# results/default`), in a scratch folder holding copies of experiments/configs/ and
# models/weights/ and a link to tests/, so relative paths resolve and what a command
# writes (--out models/weights/..., results/...) stays out of the checkout.
#
# Made cheap, mechanically (the line as run is printed):
#   * CONFIG is experiments/configs/default.ini;
#   * a synopsis, a line still holding `[` or a placeholder in capitals (DIR, N,
#     KEY=VALUE), is checked as `bao COMMAND --help` (`bao --help` without a command);
#   * a long run is shortened by lowering these options to the value given (a range
#     A-B to A-min(B, cap), a list K,J,M each), and adding those marked + when absent:
#       bao run        --set openings=2 (+, last --set wins)
#       bao learn-eval --games 8  --generations 1  --population 4  --openings 2  --depth 2
#       bao trees      --depth 4  --trees 2
#       bao bench --suite  --repeat 1 (+)  --min-seconds 0 (+)  --perft-depths 6,6,6 (+)
#                      --long-depth 4 (+)  --om-depth 3 (+)  --depth 4 (+)  --ratio-depth 0 (+)
# The notebook command of docs/python.md (a ```sh line running `jupyter nbconvert`) runs
# as written too, in the scratch folder, where build/ is a link to the build folder (the
# one holding BAO, with the Python module in build/python) and docs/ one to the docs.
# Not run, with the reason printed: other lines that are not `bao` (mpirun: tests/mpi_run_test.sh;
# scripts/reproduce-thesis, bench-compare, install, test, slurm/: their own tests;
# build/bench/ and valgrind: benchmarks of minutes; python3: python/tests/test_docs.py).
# Usage: docs_commands_test.sh BAO REPO_ROOT
BAO="$1"
root="$2"
source "$(dirname "$0")/lib.sh"
export BAO

work="$tmp/work"
mkdir -p "$work/experiments" "$work/models"
cp -r "$root/experiments/configs" "$work/experiments/"
cp -r "$root/models/weights" "$work/models/"
ln -s "$root/tests" "$work/tests"
ln -s "$root/docs" "$work/docs"
ln -s "$(cd "$(dirname "$BAO")" && pwd)" "$work/build"

# The commands, one record each: LOCATION, KIND (run, transcript or skip), the command
# as run or the reason, and for a transcript the file with the expected output.
python3 - "$root" "$tmp/expected" > "$tmp/commands" <<'PY'
import pathlib, re, shlex, sys

root, expected_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
expected_dir.mkdir()
BAO_NAMES = ("bao", "scripts/bao", "build/bao")
PLACEHOLDER = re.compile(r"(^|[\s=,(])[A-Z][A-Z_]*([\s=,.)]|$)")
# command -> [(option, cap, add when absent)]; a --set value for run.
CAPS = {
    "run": [("--set", "openings=2", True)],
    "learn-eval": [("--games", 8, False), ("--generations", 1, False), ("--population", 4, False),
                   ("--openings", 2, False), ("--depth", 2, False)],
    "trees": [("--depth", 4, False), ("--trees", 2, False)],
    "bench --suite": [("--repeat", 1, True), ("--min-seconds", 0, True), ("--perft-depths", 6, True),
                      ("--long-depth", 4, True), ("--om-depth", 3, True), ("--depth", 4, True),
                      ("--ratio-depth", 0, True)],
}


def lower(value, cap):
    """value with every number above cap lowered to it ('2-10' -> '2-4', '12,10' -> '6,6')."""
    return re.sub(r"\d+", lambda m: str(min(int(m.group()), cap)), value)


def shorten(args):
    """The arguments after `bao` with the CAPS applied."""
    key = "bench --suite" if args[:1] == ["bench"] and "--suite" in args else args[0] if args else ""
    for option, cap, add in CAPS.get(key, []):
        if option == "--set":
            args = args + ["--set", cap]
            continue
        if option in args:
            i = args.index(option)
            args[i + 1] = lower(args[i + 1], cap)
        elif add:
            args = args + [option, ",".join([str(cap)] * 3) if option == "--perft-depths" else str(cap)]
    return args


def as_run(line):
    """('run', command) or ('skip', reason) for one command line."""
    line = line.replace("CONFIG", "experiments/configs/default.ini")
    words = shlex.split(line, comments=True)
    if not words or words[0] not in BAO_NAMES:
        return "skip", "not a bao command line"
    args = words[1:]
    if words[0] == "scripts/bao" and not args:
        args = ["run", "experiments/configs/default.ini", "--out", "results/default"]
    rest = " ".join(words[1:])
    if "[" in rest or PLACEHOLDER.search(rest):
        command = args[0] if args and re.fullmatch(r"[a-z][a-z-]*", args[0]) else None
        return "run", '"$BAO" ' + (f"{command} --help" if command else "--help")
    return "run", '"$BAO" ' + " ".join(shlex.quote(a) for a in shorten(args))


def blocks(path):
    """(language, [(line number, line)]) of every fenced block, continuation lines joined."""
    lang, lines = None, []
    for n, text in enumerate(path.read_text().splitlines(), 1):
        if lang is None:
            m = re.match(r"^```(\S*)\s*$", text)
            if m:
                lang, lines = m.group(1) or "plain", []
        elif text.startswith("```"):
            yield lang, lines
            lang = None
        elif lines and lines[-1][1].endswith("\\"):
            lines[-1] = (lines[-1][0], lines[-1][1][:-1] + " " + text.strip())
        else:
            lines.append((n, text))


docs = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
count = 0
for doc in docs:
    name = doc.relative_to(root)
    for lang, lines in blocks(doc):
        if lang == "sh":
            for n, text in lines:
                first = text.split(None, 1)[0] if text.strip() else ""
                if not first or first.startswith("#"):
                    continue
                if first.startswith("["):
                    print(f"{name}:{n}\tskip\tthe synopsis above goes on")
                    continue
                if first.startswith("PYTHONPATH=") and "jupyter nbconvert" in text:
                    kind, what = "run", text
                else:
                    kind, what = as_run(text) if first in BAO_NAMES else ("skip", f"{first}: not a bao command line")
                print(f"{name}:{n}\t{kind}\t{what}")
        elif lang == "plain":
            for i, (n, text) in enumerate(lines):
                m = re.match(r"^\$ ((?:scripts/|build/)?bao .*)$", text)
                if not m:
                    continue
                words = m.group(1).split(None, 1)
                shown = []
                for _, out in lines[i + 1:]:
                    if out.startswith("$ "):
                        break
                    shown.append(out)
                count += 1
                expected = expected_dir / f"{count}"
                expected.write_text("\n".join(shown) + "\n")
                print(f"{name}:{n}\ttranscript\t\"$BAO\" {words[1]}\t{expected}")
PY

# runs COMMAND: runs it in the scratch folder, its output in $tmp/out; on failure shows
# the end of its standard error.
runs() {
  bash -c "cd '$work' && { $1; }" > "$tmp/out" 2> "$tmp/err" < /dev/null && return 0
  echo "     exit $?; stderr:"
  tail -n 5 "$tmp/err" | sed 's/^/     | /'
  return 1
}
# prints COMMAND EXPECTED: runs it and compares its output with the file EXPECTED.
prints() {
  runs "$1" || return 1
  diff "$tmp/out" "$2" > "$tmp/diff" && return 0
  echo "     output < the page >:"
  head -n 10 "$tmp/diff" | sed 's/^/     | /'
  return 1
}

ran=0
while IFS=$'\t' read -r where kind command expected; do
  case "$kind" in
    skip) echo "skip $where: $command" ;;
    run)
      # The notebook needs the Python module, which a sanitizer build leaves out (python/
      # CMakeLists.txt); CMake says whether this build has it (BAO_PYTHON_BUILT).
      if [[ "$command" == *"jupyter nbconvert"* && "${BAO_PYTHON_BUILT:-1}" != 1 ]]; then
        echo "skip $where: the Python module is not built in this build folder (a sanitizer build)"
        continue
      fi
      ran=$((ran + 1))
      check "$where: $command" runs "$command"
      ;;
    transcript)
      ran=$((ran + 1))
      check "$where: $command prints what the page shows" prints "$command" "$expected"
      ;;
  esac
done < "$tmp/commands"
check "the docs have bao command lines to run" test "$ran" -gt 10
if [ "${BAO_PYTHON_BUILT:-1}" = 1 ]; then
  check "the notebook command of docs/python.md ran, its page written" \
    test -s "$work/notebook-html/analyse-tournament.html"
fi
finish
