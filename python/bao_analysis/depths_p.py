"""python3 -m bao_analysis s2depths-p RESULTS [--scale NAME] [--resamples N] [--seed S]:
S2 depths-p (docs/results.md, "S2 depths-p: PrOM at 6/7/8 at 3-point power on fresh
openings (declared before the data)"), analysed by S2 depths' module (depths.py) with
the arm's description DEPTHS_P: RESULTS/S2/depths-p/tables.md."""
from .depths import DEPTHS_P
from .depths import main as depths_main


def main(argv):
    return depths_main(argv, DEPTHS_P)
