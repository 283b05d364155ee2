"""python3 -m bao_analysis s2depths-q RESULTS [--scale NAME] [--resamples N] [--seed S]:
S2 depths-q (docs/results.md, "S2 depths-q: PrOM at depth 8 and node-matched alpha-beta
at 3-point power (declared before the data)"), analysed by S2 depths' module (depths.py)
with the arm's description DEPTHS_Q: RESULTS/S2/depths-q/tables.md."""
from .depths import DEPTHS_Q
from .depths import main as depths_main


def main(argv):
    return depths_main(argv, DEPTHS_Q)
