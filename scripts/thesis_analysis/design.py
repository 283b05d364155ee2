"""Passes on bao_analysis.design to the thesis modules not yet moved into the package."""
from bao_analysis.design import *  # noqa: F401,F403
