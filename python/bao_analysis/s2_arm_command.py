"""The command line shared by S2's arms analysed on their own (hisarms, hiswrong, omview):
python3 -m bao_analysis ARM S2_FOLDER [--resamples N] [--seed S], exit 2 with a message
on a bad folder, a bad record or an arm without games."""
import argparse
import os
import sys

from .experiment import Context
from .loading import infer_scale
from .records import InputError


def s2_arm_main(argv, name, description, holds, run, missing):
    """Parses argv, runs run(s2_folder, ctx) and returns the exit status; holds names the
    folders S2_FOLDER must hold, missing(s2) the message when run finds no games."""
    ap = argparse.ArgumentParser(prog=os.path.basename(argv[0]), description=description)
    ap.add_argument("s2", help=f"the results folder of S2, holding {holds}")
    ap.add_argument("--resamples", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=17)
    a = ap.parse_args(argv[1:])
    if a.resamples < 1:
        ap.error("--resamples must be at least 1")
    if not os.path.isdir(a.s2):
        ap.error(f"{a.s2} is not a folder")
    try:
        ctx = Context(infer_scale(os.path.dirname(os.path.abspath(a.s2))), a.resamples, a.seed)
        res = run(a.s2, ctx)
    except InputError as e:
        print(f"{name}-analyse: error: {e}", file=sys.stderr)
        return 2
    if res is None:
        print(f"{name}-analyse: error: {missing(a.s2)}", file=sys.stderr)
        return 2
    return 0
