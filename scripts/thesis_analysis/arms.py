"""S2, the sensitivity arms against Donkers' 2002 program (docs/results.md, "S2: the
sensitivity arms against Donkers' program")."""


def run_arms(exps, ctx, s):
    """Writes S2's tables when its games are present; returns what the reference table
    needs, or None without S2."""
    return None
