#!/usr/bin/env python3
"""scripts/_bench_ratios.py A1.json B1.json [A2.json B2.json ...]: the table of
scripts/bench-compare (which runs it; it is also its --from-json mode).

Reads `bao bench --suite --json` documents in pairs (run i of A, run i of B) and prints,
per line of the suite (matched by name), the median speed of A and of B, and the ratio
B/A of the speed: its median over the pairs and its range (min-max). The speed is what
the suite calls `speed`: leaves/s for perft, 1/seconds (time to depth) for a search, so
a ratio above 1 means B is faster. The ratio of node counts is printed beside it (a
search that changed visits other nodes). Pairing each A run with the B run after it is
the fishtest/`bench` habit for a shared, noisy machine: both see the same load.

Exit status: 0, or 1 with a message naming the file for a missing, unreadable or
malformed document, an odd number of files, or no line common to A and B.
Environment: BENCH_COMPARE_TITLE, a first line to print (the revisions compared).
"""
import json
import math
import os
import statistics
import sys

FORMAT = "bao bench --suite"


def fail(message):
    print(f"bench-compare: {message}", file=sys.stderr)
    sys.exit(1)


def load(path):
    """The lines of one suite document by name, checked enough to compute with."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    except json.JSONDecodeError as e:
        fail(f"{path} is not JSON ({e.msg} at line {e.lineno}); expected `bao bench --suite --json` output")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != 1:
        fail(f"{path} is not a `bao bench --suite --json` document of version 1 (its 'format' and 'version')")
    lines = {}
    for n, line in enumerate(doc.get("lines", []), 1):
        try:
            name, speed, nodes = line["name"], float(line["speed"]), float(line["nodes"])
            depth = int(line["depth"])
        except (KeyError, TypeError, ValueError):
            fail(f"{path}: line {n} lacks a name, depth, nodes or numeric speed")
        if not speed > 0 or not math.isfinite(speed):
            fail(f"{path}: line '{name}' has speed {speed}, not a positive number")
        lines[name] = {"speed": speed, "nodes": nodes, "depth": depth, "unit": line.get("speed_unit", "")}
    return lines


def speed_text(speed, unit):
    """Leaves/s as millions; a search's 1/s as the seconds it stands for."""
    if unit == "1/s":
        return f"{1.0 / speed:.4f} s"
    return f"{speed / 1e6:.2f} M/s"


def main(paths):
    if not paths or len(paths) % 2:
        fail(f"--from-json takes files in pairs A1 B1 [A2 B2 ...], found {len(paths)} file(s)")
    runs = [(load(a), load(b)) for a, b in zip(paths[0::2], paths[1::2])]
    names = [n for n in runs[0][0] if all(n in a and n in b for a, b in runs)]
    if not names:
        fail("no line of the suite is in every file of A and of B")
    title = os.environ.get("BENCH_COMPARE_TITLE")
    if title:
        print(title)
    print(f"{len(runs)} pair(s) of runs; speed: perft leaves/s, searches 1/time to depth (shown as seconds);"
          " B/A above 1: B is faster")
    width = max(len("measure"), *(len(n) for n in names))
    print(f"{'measure':<{width}} {'depth':>5} {'A median':>11} {'B median':>11} {'B/A median':>10} "
          f"{'B/A min-max':>13} {'nodes B/A':>9}")
    medians = []
    for n in names:
        a = [r[0][n] for r in runs]
        b = [r[1][n] for r in runs]
        ratios = [y["speed"] / x["speed"] for x, y in zip(a, b)]
        med = statistics.median(ratios)
        medians.append(med)
        unit = a[0]["unit"]
        depth = str(a[0]["depth"]) if a[0]["depth"] == b[0]["depth"] else f"{a[0]['depth']}/{b[0]['depth']}"
        nodes = statistics.median(y["nodes"] / x["nodes"] if x["nodes"] else 1.0 for x, y in zip(a, b))
        print(f"{n:<{width}} {depth:>5} {speed_text(statistics.median(x['speed'] for x in a), unit):>11} "
              f"{speed_text(statistics.median(y['speed'] for y in b), unit):>11} {med:>10.3f} "
              f"{min(ratios):>6.3f}-{max(ratios):<6.3f} {nodes:>9.3f}")
    if any(r[0][n]["depth"] != r[1][n]["depth"] for r in runs for n in names):
        print("depth A/B: the suites searched to other depths (other defaults); the same "
              "--suite-args --depth/--perft-depths/--om-depth/--long-depth for both compare like with like")
    for side, i in (("A", 0), ("B", 1)):
        for n in runs[0][i]:
            if n not in names:
                print(f"{n}: only in {side} (or not in every run)")
    geo = math.exp(sum(math.log(m) for m in medians) / len(medians))
    print(f"geometric mean of the {len(medians)} median ratios: {geo:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
