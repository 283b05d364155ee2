"""Passes on thesis_analysis.arms (scripts/thesis_analysis/, moved last) to the package."""
from thesis_analysis.arms import *  # noqa: F401,F403
