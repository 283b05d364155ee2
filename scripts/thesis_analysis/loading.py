"""Passes on bao_analysis.loading to the thesis modules not yet moved into the package."""
from bao_analysis.loading import *  # noqa: F401,F403
