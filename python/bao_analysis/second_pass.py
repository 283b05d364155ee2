"""Passes on thesis_analysis.second_pass (scripts/thesis_analysis/, moved last) to the package."""
from thesis_analysis.second_pass import *  # noqa: F401,F403
