"""S2's promprobe (docs/results.md, "S2 promprobe", declared before its games): hisevals'
PrOM rows, PrOM {X: 0.5, Y: 0.5} (p50) and {X: 0.8, Y: 0.2} (p80), with Donkers' 2002
prediction of a type whose probe fails against its beta bound (prom-beta
probe_fail=bound, search/prom_min_rules.h: the child of the lowest fail-soft bound); on
hisevals' 20 pairs of his evaluators and its openings, in RESULTS/S2/promprobe/, read as
promarms reads its arms (promarms.py) with the family of this arm's two rows (97.5%)."""
from .promarms import ArmFamily, family_main, run_family

PROMPROBE = ArmFamily(
    "promprobe", "S2 promprobe", {"promprobe": "probe_fail=bound"},
    "S2 promprobe (exploratory): PrOM's probe prediction on a cut-off window as Donkers' program has it",
    "with his prediction where a type's probe fails against its beta bound: arm 'promprobe' (prom-beta "
    "probe_fail=bound: the child of the failed probe's lowest fail-soft bound)")


def run_promprobe(s2_folder, ctx):
    """RESULTS/S2/promprobe/tables.md when the arm has games (and hisevals has its base)."""
    return run_family(s2_folder, ctx, PROMPROBE)


def main(argv):
    """python3 -m bao_analysis promprobe S2_FOLDER [--resamples N] [--seed S]: the arm's
    tables; exit 2 on a bad folder or record."""
    return family_main(argv, PROMPROBE, __doc__)
