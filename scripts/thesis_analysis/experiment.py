"""Passes on bao_analysis.experiment to the thesis modules not yet moved into the package."""
from bao_analysis.experiment import *  # noqa: F401,F403
