"""The one reader of games.jsonl[.gz] (bao_analysis.records) and the thesis' other inputs
(bao_analysis.loading) on tiny files written
here, and what scripts/thesis-analyse and scripts/simulate-scaling make of a malformed
line: exit status 2 and the file and line."""
import gzip
import json
import os
import subprocess
import sys

import pytest

from bao_analysis.experiment import load_experiment
from bao_analysis.loading import parse_learned, parse_online_log, read_config
from bao_analysis.records import InputError, games_file, read_games


def test_reads_records_with_their_line_numbers(tmp_path, game, write_jsonl):
    path = str(tmp_path / "games.jsonl")
    a, b = game("opp_x", "ab_y", 0, 0, 1), game("opp_x", "ab_y", 0, 1, 0.5)
    write_jsonl(path, [a, "  ", b])
    assert list(read_games(path)) == [(1, a), (3, b)]


def test_reads_gzip_by_the_name(tmp_path, game):
    path = str(tmp_path / "games.jsonl.gz")
    a = game("opp_x", "ab_y", 0, 0, 1)
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write(json.dumps(a) + "\n[2]\n")
    assert list(read_games(path, check=None)) == [(1, a), (2, [2])]
    with pytest.raises(InputError, match=r"games\.jsonl\.gz:2: not a JSON object$"):
        list(read_games(path))


def test_malformed_line_names_file_and_line(tmp_path, game, write_jsonl):
    path = str(tmp_path / "games.jsonl")
    write_jsonl(path, [game("opp_x", "ab_y", 0, 0, 1), "", '{"pairing": "a vs b",'])
    with pytest.raises(InputError) as e:
        list(read_games(path))
    assert str(e.value).startswith(f"{path}:3: not valid JSON")


def test_refused_record_names_file_line_and_reason(tmp_path, game, write_jsonl):
    path = str(tmp_path / "games.jsonl")
    broken = game("opp_x", "ab_y", 0, 1, 1)
    del broken["time_north"]
    wrong = dict(game("opp_x", "ab_y", 1, 0, 1), first_points=2)
    write_jsonl(path, [game("opp_x", "ab_y", 0, 0, 1), broken])
    with pytest.raises(InputError, match=r":2: missing key 'time_north'$"):
        list(read_games(path))
    write_jsonl(path, [wrong])
    with pytest.raises(InputError, match=r":1: first_points 2 is not 0, 0.5 or 1$"):
        list(read_games(path))


def test_cut_gzip_is_unreadable_at_the_next_line(tmp_path, game, write_jsonl):
    path = str(tmp_path / "games.jsonl.gz")
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write("".join(f'{{"n": {i}}}\n' for i in range(2000)))
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[:len(data) // 2])
    with pytest.raises(InputError, match=r"games\.jsonl\.gz:\d+: unreadable"):
        list(read_games(path, check=None))


def test_games_file_config_and_learned(tmp_path):
    assert games_file(str(tmp_path)) is None
    (tmp_path / "games.jsonl").write_text("")
    (tmp_path / "games.jsonl.gz").write_bytes(gzip.compress(b""))
    assert games_file(str(tmp_path)) == str(tmp_path / "games.jsonl.gz")
    assert games_file(str(tmp_path), ("games.jsonl", "games.jsonl.gz")) == str(tmp_path / "games.jsonl")
    (tmp_path / "config.ini").write_text("# comment\nseed = 7\nplayer.ab_x.depth = 6\n\n[section]\n")
    assert read_config(str(tmp_path / "config.ini")) == {"seed": "7", "player.ab_x.depth": "6"}
    learned = tmp_path / "inside-count.txt"
    learned.write_text("type mean stddev hit_rate\nga-material@6 0.75 0.05 0.4\ntd-long@6 0.25 0.05 0.3\n")
    assert parse_learned(str(learned)) == {"kind": "offline",
                                           "types": {"ga-material": (0.75, 0.05), "td-long": (0.25, 0.05)}}
    learned.write_text("type probability\nga-material 0.5\n")
    with pytest.raises(InputError, match=r"inside-count\.txt:2: unexpected line 'ga-material 0.5'"):
        parse_learned(str(learned))


def test_online_log_gives_the_estimate_after_each_game(tmp_path):
    log = tmp_path / "depth-online.log"
    log.write_text("game 1/2: 0.2 0.8\nsome other line\ngame 2/2: 0.6 0.4\n")
    assert parse_online_log(str(log), ["ga-material", "td-short"]) == {"ga-material": [0.2, 0.6], "td-short": [0.8, 0.4]}
    assert parse_online_log(str(tmp_path / "absent.log"), ["ga-material"]) is None
    log.write_text("game 1/2: 0.2 0.8 0.1\n")
    with pytest.raises(InputError, match="depth-online.log:1: expected 2 probabilities"):
        parse_online_log(str(log), ["ga-material", "td-short"])


def test_experiment_refuses_duplicates_and_foreign_names(tmp_path, game, write_jsonl):
    folder = tmp_path / "E4" / "E4-t"
    folder.mkdir(parents=True)
    path = str(folder / "games.jsonl")
    write_jsonl(path, [game("ab_x", "ab_y", 0, 0, 1), game("ab_x", "ab_y", 0, 0, 0)])
    with pytest.raises(InputError, match=r"games\.jsonl:2: duplicate game 0 of opening 0"):
        load_experiment(str(tmp_path), "E4")
    write_jsonl(path, [game("ab_x", "omd_y", 0, 0, 1)])
    with pytest.raises(InputError, match=r"games\.jsonl:1: player names 'ab_x', 'omd_y' do not fit E4"):
        load_experiment(str(tmp_path), "E4")
    assert load_experiment(str(tmp_path), "E6") is None


def run_script(scripts_dir, name, *args):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, os.path.join(scripts_dir, name), *args],
                          capture_output=True, text=True, env=env, timeout=120)


def test_thesis_analyse_stops_on_a_malformed_record(tmp_path, game, write_jsonl, scripts_dir):
    folder = tmp_path / "E4" / "E4-t"
    folder.mkdir(parents=True)
    path = str(folder / "games.jsonl")
    write_jsonl(path, [game("ab_x", "ab_y", 0, 0, 1), "{oops"])
    p = run_script(scripts_dir, "thesis-analyse", str(tmp_path))
    assert p.returncode == 2
    assert p.stderr.strip().endswith(f"thesis-analyse: error: {path}:2: not valid JSON (Expecting property name "
                                     "enclosed in double quotes)")
    assert not (tmp_path / "verdicts.md").exists()


def test_simulate_scaling_reads_with_the_same_reader(tmp_path, game, write_jsonl, scripts_dir):
    path = str(tmp_path / "games.jsonl")
    write_jsonl(path, [game("ab_x", "ab_y", 0, 0, 1), game("ab_x", "ab_y", 0, 1, 0)])
    p = run_script(scripts_dir, "simulate-scaling", str(tmp_path), "--games", "4", "--workers", "1")
    assert p.returncode == 0, p.stderr
    # Each game costs 0.25 + 0.5 s: four games, 3 s, on one worker.
    assert "| 1 | 3 | 100.0% |" in p.stdout
    write_jsonl(path, [game("ab_x", "ab_y", 0, 0, 1), dict(game("ab_x", "ab_y", 0, 1, 0), time_south="slow")])
    p = run_script(scripts_dir, "simulate-scaling", path)
    assert p.returncode == 2
    assert p.stderr == f"simulate-scaling: {path}:2: key 'time_south' has the wrong type (str)\n"


def test_a_check_of_one_game_takes_its_records_only(tmp_path, game, write_jsonl):
    from bao_analysis.records import check_of_game
    path = str(tmp_path / "games.jsonl")
    ok = dict(game("op", "x", 0, 0, 1), game_spec="checkers(draw_moves=40)")
    write_jsonl(path, [ok, dict(ok, game_spec="kalah(houses=6)"), game("op", "x", 1, 0, 1)])
    check = check_of_game("checkers")
    with pytest.raises(InputError, match=r"games\.jsonl:2: not a checkers record \(game_spec 'kalah\(houses=6\)'\)$"):
        list(read_games(path, check=check))
    write_jsonl(path, [ok, game("op", "x", 1, 0, 1)])
    with pytest.raises(InputError, match=r"games\.jsonl:2: not a checkers record \(game_spec None\)$"):
        list(read_games(path, check=check))
    write_jsonl(path, [ok, dict(ok, first_points="1")])
    with pytest.raises(InputError, match=r"games\.jsonl:2: key 'first_points' has the wrong type \(str\)$"):
        list(read_games(path, check=check))
