"""The design of the thesis experiments as the analysis reads it: experiment folders,
evaluator names, player variants in table order, E7's learners and opponents. The names
follow scripts/thesis-configs."""

EXPERIMENTS = ["E4", "E5", "E5dd", "E5m", "E6", "E7"]
EVALS = ["ga-material", "td-short", "ga-short", "ga-long", "td-long"]
E5_ORDER = ["ab", "om", "omd", "omd1", "omdr", "omd1r", "omdD", "omd1D", "omdrD", "omd1rD",
            "eqab", "eqomd", "eqomd1", "eqomdr", "eqom"]
E5DD_ORDER = ["ab", "ddom", "eqab", "eqddom"]
H5G_VARIANTS = ["om", "omd1", "omd1r", "omdD", "omd1D", "eqom", "eqomd1"]
E7_LEARNERS = ["count", "em", "online"]
E7_OPPONENTS = ["inside", "depth", "noisy", "heldout"]
E7_OUTSIDE = ["depth", "noisy", "heldout"]


def eval_order(name):
    """Sort key: the evaluators in EVALS order, any other after them by name."""
    return (EVALS.index(name) if name in EVALS else 99, name)
