"""The one command (python3 -m bao_analysis, scripts/analyse) and the scripts that stay
as its thin wrappers: the list of experiments, refusals with a message and exit status
2, and the wrappers running the package's module."""
import os
import subprocess
import sys

PYTHON = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(args, **kw):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=PYTHON, MPLBACKEND="Agg")
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=120, **kw)


def test_help_lists_every_experiment():
    p = run([sys.executable, "-m", "bao_analysis", "--help"])
    assert p.returncode == 0
    for name in ("thesis RESULTS [--scale NAME] [--resamples N] [--seed S]", "e8 E8_FOLDER", "e9 E9_FOLDER", "e11 E11_FOLDER", "e12 E12_FOLDER", "e7d E7D_FOLDER",
                 "e12m-budget E12_FOLDER BAO"):
        assert f"  {name}\n" in p.stdout


def test_an_unknown_experiment_is_refused_by_name():
    p = run([sys.executable, "-m", "bao_analysis", "e99", "x"])
    assert p.returncode == 2
    assert p.stderr.startswith("bao_analysis: unknown experiment 'e99' (one of thesis, e8, e9,")
    p = run([sys.executable, "-m", "bao_analysis"])
    assert p.returncode == 2 and p.stderr.startswith("usage: python3 -m bao_analysis EXPERIMENT")


def test_the_wrappers_run_the_package_s_modules(tmp_path, root):
    for name, folder in (("e8-analyse", "E8-vs-ab-default"), ("e9-analyse", "E9-noise-0"), ("e11-analyse", "E11-mm"),
                         ("e12-analyse", "E12-d4"), ("e9s-analyse", "E9s-model")):
        p = run([sys.executable, os.path.join(root, "scripts", name), str(tmp_path)])
        assert p.returncode == 1, name
        assert f"{tmp_path}/{folder}: no games" in p.stderr, (name, p.stderr)
        q = run([sys.executable, "-m", "bao_analysis", name.split("-")[0], str(tmp_path)])
        assert (q.returncode, q.stderr) == (1, p.stderr), name


def test_scripts_analyse_is_the_command(tmp_path, root):
    analyse = os.path.join(root, "scripts", "analyse")
    p = run([analyse, "--help"])
    assert p.returncode == 0 and "  e12m-budget E12_FOLDER BAO\n" in p.stdout
    p = run([analyse, "e12", str(tmp_path)])
    assert (p.returncode, p.stderr) == (1, f"e12-analyse: {tmp_path}/E12-d4: no games (run scripts/reproduce-e12)\n")
    p = run([analyse, "thesis", str(tmp_path / "missing")])
    assert p.returncode == 2 and p.stderr.endswith(f"thesis: error: {tmp_path}/missing is not a folder\n")


def test_from_raw_reads_the_results_folder(tmp_path, root):
    analyse = os.path.join(root, "scripts", "analyse")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", MPLBACKEND="Agg", BAO_RESULTS=str(tmp_path))
    p = subprocess.run([analyse, "e9", "--from-raw"], capture_output=True, text=True, env=env, timeout=120)
    assert (p.returncode, p.stderr) == (1, f"e9-analyse: {tmp_path}/E9/E9-noise-0: no games.jsonl.gz or games.jsonl "
                                           "(run scripts/reproduce-e9)\n")
    p = subprocess.run([analyse, "e9s", "--from-raw"], capture_output=True, text=True, env=env, timeout=120)
    assert (p.returncode, p.stderr) == (1, f"e9s-analyse: {tmp_path}/E9s/E9s-model: no games.jsonl.gz or games.jsonl "
                                           "(run scripts/reproduce-e9s)\n")
    p = subprocess.run([analyse, "e12m-budget", "--from-raw"], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2 and "--from-raw takes an experiment that analyses games" in p.stderr
    assert "not 'e12m-budget'" in p.stderr
