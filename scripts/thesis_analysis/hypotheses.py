"""Passes on bao_analysis.hypotheses to the thesis modules not yet moved into the package."""
from bao_analysis.hypotheses import *  # noqa: F401,F403
