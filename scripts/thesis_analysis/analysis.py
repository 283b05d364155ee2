"""Passes on bao_analysis.analysis to the thesis modules not yet moved into the package."""
from bao_analysis.analysis import *  # noqa: F401,F403
from bao_analysis.e5 import analyse_gauntlet, bca_est  # noqa: F401,E402
from bao_analysis.e6 import e6_cells  # noqa: F401,E402
from bao_analysis.e7 import inside_truth, tv_distance  # noqa: F401,E402
