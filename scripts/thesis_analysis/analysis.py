"""Passes on bao_analysis.analysis to the thesis modules not yet moved into the package."""
from bao_analysis.analysis import *  # noqa: F401,F403
