"""Passes on bao_analysis.tables to the thesis modules not yet moved into the package."""
from bao_analysis.tables import *  # noqa: F401,F403
