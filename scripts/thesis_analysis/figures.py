"""Passes on bao_analysis.figures to the thesis modules not yet moved into the package."""
from bao_analysis.figures import *  # noqa: F401,F403
