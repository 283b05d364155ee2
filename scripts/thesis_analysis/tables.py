"""Passes on bao_analysis.tables to the thesis modules not yet moved into the package."""
from bao_analysis.tables import *  # noqa: F401,F403
from bao_analysis.reference import UNMEASURED, explained_by  # noqa: F401,E402
