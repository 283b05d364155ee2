"""Passes on bao_analysis.loading to the thesis modules not yet moved into the package."""
from bao_analysis.loading import *  # noqa: F401,F403
from bao_analysis.records import check_game  # noqa: F401,E402 (test_second_pass reads it here)
