"""Passes on bao_analysis.stats to the thesis modules not yet moved into the package."""
from bao_analysis.stats import *  # noqa: F401,F403
