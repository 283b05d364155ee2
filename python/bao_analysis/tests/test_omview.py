"""S2's omview arm (bao_analysis.omview): the tournament names paired with hisevals', the
zero-sum model's tournaments told apart, and the PrOM 0.5 minus OM reading on
constructed estimates, the arithmetic in the comments."""
import pytest

from bao_analysis.omview import negated, omview_base_cfg, p50_minus_om_reading, zero_sum_model
from bao_analysis.records import InputError
from bao_analysis.stats import Est


def test_tournaments_pair_with_hisevals():
    assert omview_base_cfg("S2-omview-vs-donkers-ga1") == "S2-hisevals-vs-donkers-ga1"
    for bad in ("S2-histable-vs-donkers-ga1", "S2-omview-donkers-ga1", "S2-hisevals-vs-donkers-ga1"):
        with pytest.raises(InputError):
            omview_base_cfg(bad)


def test_the_zero_sum_model_is_told_apart():
    assert zero_sum_model("S2-omview-vs-donkers-material")
    assert not zero_sum_model("S2-omview-vs-donkers-default")
    assert not zero_sum_model("S2-omview-vs-donkers-material-x")


def test_negated_turns_the_interval_round():
    e = negated(Est(0.1, 0.05, 0.2, 7, 30))
    assert (e.est, e.lo, e.hi, e.n, e.games) == (-0.1, -0.2, -0.05, 7, 30)
    assert not negated(Est()).ok()


@pytest.mark.parametrize("gain, reading", [
    # |0.16 - 0.147| = 0.013 <= sqrt(0.02^2 + 0.0184^2) = 0.027: his within the combined error.
    (Est(0.16, 0.14, 0.18), "stays his"),
    # |0.10 - 0.147| = 0.047 > sqrt(0.02^2 + 0.0184^2) = 0.027.
    (Est(0.10, 0.08, 0.12), "moves away"),
])
def test_p50_minus_om_reading(gain, reading):
    assert p50_minus_om_reading(gain, 0.147, 0.0184) == reading
    assert p50_minus_om_reading(Est(), 0.147, 0.0184) is None
