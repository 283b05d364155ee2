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

# The family of the primary verdicts, corrected for multiplicity by Holm's step-down
# at 5%: every hypothesis of the declaration's table (docs/results.md) that has a
# decision rule (H7a is reported without one), H6a with its two declared conditions,
# H7b with the declared count estimator. Every other verdict row is secondary.
FAMILY = ["H4", "H5a", "H5b", "H5c", "H5d", "H5e", "H5f", "H5g", "H6a-right", "H6a-wrong", "H6b", "H7b-count"]


def eval_order(name):
    """Sort key: the evaluators in EVALS order, any other after them by name."""
    return (EVALS.index(name) if name in EVALS else 99, name)
