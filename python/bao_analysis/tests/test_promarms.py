"""S2's promarms (bao_analysis.promarms): the tournament names paired with hisevals', and
the family's level, Bonferroni over two arms of two rows each."""
import pytest

from bao_analysis.promarms import ARMS, LEVEL, ROWS, his_cfg
from bao_analysis.records import InputError


def test_tournaments_pair_with_hisevals():
    assert his_cfg("S2-promties-vs-donkers-ga1") == "S2-hisevals-vs-donkers-ga1"
    assert his_cfg("S2-promdecisive-vs-donkers-tdl2b") == "S2-hisevals-vs-donkers-tdl2b"
    for bad in ("S2-histable-vs-donkers-ga1", "S2-promties-donkers-ga1", "S2-promtiesx-vs-donkers-ga1"):
        with pytest.raises(InputError):
            his_cfg(bad)


def test_family_level_is_bonferroni_over_four_rows():
    assert len(ARMS) * len(ROWS) == 4
    assert LEVEL == pytest.approx(0.9875)
