"""Reading the inputs of the analysis: game records (games.jsonl, or games.jsonl.gz),
tournament configs (config.ini), E7's learned type probabilities, and the scale a results
folder was made at. Pure Python (no numpy), so that scripts/simulate-scaling reads game
records with the same reader.

A game record is one JSON object a line as experiments/records.cpp writes it; read_games
checks each against the keys and types the analyses use. Every error is an InputError
whose message starts with FILE:LINE.
"""
import gzip
import json
import os
import re
import zlib

from .design import E7_LEARNERS, E7_OPPONENTS, EXPERIMENTS


class InputError(Exception):
    """A malformed input: the message names the file and line."""


# ---------------------------------------------------------------- game records

# The keys every record must have, with their JSON types (bool is refused where a number
# is wanted, although Python counts it as an int).
REQUIRED = {"pairing": str, "first": str, "second": str, "opening_index": int, "game": int,
            "south": str, "north": str, "opening": str, "moves": list, "first_points": (int, float),
            "nodes_south": (int, float), "nodes_north": (int, float),
            "time_south": (int, float), "time_north": (int, float)}


def check_types(g):
    """Raises ValueError when a required key is missing or has the wrong type."""
    if not isinstance(g, dict):
        raise ValueError("not a JSON object")
    for key, kind in REQUIRED.items():
        if key not in g:
            raise ValueError(f"missing key '{key}'")
        if not isinstance(g[key], kind) or isinstance(g[key], bool):
            raise ValueError(f"key '{key}' has the wrong type ({type(g[key]).__name__})")
    if not all(isinstance(m, str) for m in g["moves"]):
        raise ValueError("moves must be strings")
    pred = g.get("predicted")
    if pred is not None and (not isinstance(pred, list) or len(pred) != len(g["moves"])
                             or not all(isinstance(p, str) for p in pred)):
        raise ValueError("predicted must be a list of strings as long as moves")


def check_game(g):
    """Raises ValueError naming what is wrong with one game record: its types, then that
    its values fit each other (points, colours, pairing)."""
    check_types(g)
    if g["first_points"] not in (0, 0.5, 1):
        raise ValueError(f"first_points {g['first_points']} is not 0, 0.5 or 1")
    if g["game"] not in (0, 1) or g["opening_index"] < 0:
        raise ValueError("game must be 0 or 1 and opening_index >= 0")
    fields = g["opening"].split()
    if len(fields) < 2 or fields[1] not in ("S", "N"):
        raise ValueError("opening's second field (side to move) is not S or N")
    first, second = g["first"], g["second"]
    if g["pairing"] != f"{first} vs {second}" or first == second:
        raise ValueError(f"pairing '{g['pairing']}' does not match first/second")
    south_first = g["game"] == 0
    if (g["south"], g["north"]) != ((first, second) if south_first else (second, first)):
        raise ValueError("south/north do not match first/second and game")


def read_games(path, check=check_game):
    """Yields (line number, record) for each non-blank line of a games.jsonl file, gzip
    compressed when the name ends in .gz. check(record) raises ValueError for a record
    that is not wanted (default: check_game; None: any JSON value). Bad JSON, a refused
    record and an unreadable file raise InputError "PATH:LINE: reason"."""
    opener = gzip.open if path.endswith(".gz") else open
    line_no = 0
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            for line_no, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as e:
                    raise InputError(f"{path}:{line_no}: not valid JSON ({e.msg})")
                if check is not None:
                    try:
                        check(record)
                    except ValueError as e:
                        raise InputError(f"{path}:{line_no}: {e}")
                yield line_no, record
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as e:
        raise InputError(f"{path}:{line_no + 1}: unreadable ({e})")


def games_file(folder, names=("games.jsonl.gz", "games.jsonl")):
    """The games file of a tournament folder: the first of names there, else None."""
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return None


# ---------------------------------------------------------------- configs and scale

def read_config(path):
    """config.ini as {key: value}; "player.NAME.KEY" keys kept whole. A missing file
    gives {}."""
    out = {}
    if not os.path.isfile(path):
        return out
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                key, value = line.split("=", 1)
                out[key.strip()] = value.strip()
    return out


def infer_scale(results):
    """The scale named in the generating config (thesis-configs header), else the depth."""
    for e in EXPERIMENTS:
        folder = os.path.join(results, e)
        if not os.path.isdir(folder):
            continue
        for sub in sorted(os.listdir(folder)):
            scale = scale_of_config(os.path.join(folder, sub, "config.ini"))
            if scale:
                return scale
    return "unknown"


def scale_of_config(path):
    """The "(NAME scale)" of the config file a tournament's config.ini names in its
    "# config:" line, else "depth D" of its alpha-beta players, else None."""
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^# config: (.+)$", text, re.M)
    if m and os.path.isfile(m.group(1).strip()):
        with open(m.group(1).strip(), encoding="utf-8") as f:
            s = re.search(r"\((\w+) scale\)", f.readline())
            if s:
                return s.group(1)
    d = re.search(r"^player\.ab_[^.]+\.depth = (\d+)$", text, re.M)
    return f"depth {d.group(1)}" if d else None


# ---------------------------------------------------------------- learned probabilities

def parse_learned(path):
    """{'types': {type: (probability, sd or None)}, 'kind': offline|online} of a file
    bao learn-types wrote."""
    types, kind = {}, None
    with open(path, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            parts = line.split()
            try:
                kind = learned_line(parts, types, kind)
            except ValueError as e:
                raise InputError(f"{path}:{line_no}: {e}")
    if not types or kind is None:
        raise InputError(f"{path}:1: no header ('type mean stddev hit_rate' or 'type probability') or no types")
    return {"types": types, "kind": kind}


def learned_line(parts, types, kind):
    """Reads one line's fields into types; returns the kind the header set so far."""
    if not parts or parts[0] in ("unpredicted", "ambiguous", "observed") or parts[0].startswith("prom-beta("):
        return kind
    if parts[0] == "type":
        return "offline" if parts[1:2] == ["mean"] else "online"
    if "@" not in parts[0] or kind is None or len(parts) != (4 if kind == "offline" else 2):
        raise ValueError(f"unexpected line '{' '.join(parts)}'")
    p = float(parts[1])
    types[parts[0].split("@")[0]] = (p, float(parts[2]) if kind == "offline" else None)
    return kind


GAME_LINE = re.compile(r"game (\d+)/(\d+):((?: \S+)+)$")


def parse_online_log(path, types):
    """The on-line learner's estimate after each game, {type: [p after game 1, 2, ...]},
    from the lines 'game K/N: p1 p2 ...' of its log (the types in the order of its
    .txt); None without the file or such lines. A game line with another number of
    values, or one that is not a number, is an InputError naming file and line."""
    if not os.path.isfile(path):
        return None
    path_of = {t: [] for t in types}
    with open(path, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            m = GAME_LINE.match(line.strip())
            if not m:
                continue
            values = m.group(3).split()
            try:
                numbers = [float(x) for x in values]
            except ValueError:
                numbers = []
            if len(numbers) != len(types):
                raise InputError(f"{path}:{line_no}: expected {len(types)} probabilities after '{line.split(':')[0]}:'")
            for t, p in zip(types, numbers):
                path_of[t].append(p)
    return path_of if any(path_of.values()) else None


def read_learned(folder):
    """{(opponent, learner): parse_learned(...)} of FOLDER/learned/<opponent>-<how>.txt;
    an on-line learner's also has 'games': its estimate after each game (its .log), or
    None."""
    out = {}
    for opp in E7_OPPONENTS:
        for how in E7_LEARNERS:
            path = os.path.join(folder, "learned", f"{opp}-{how}.txt")
            if os.path.isfile(path):
                out[(opp, how)] = parse_learned(path)
                if how == "online":
                    log = os.path.join(folder, "learned", f"{opp}-{how}.log")
                    out[(opp, how)]["games"] = parse_online_log(log, list(out[(opp, how)]["types"]))
    return out
