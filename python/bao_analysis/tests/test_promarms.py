"""S2's promarms (bao_analysis.promarms) and promprobe: the tournament names paired with
hisevals', and each family's level, Bonferroni over its arms' rows (promarms: two arms of
two rows each; promprobe: one arm of two rows)."""
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


def test_promprobe_is_a_family_of_its_own_two_rows():
    from bao_analysis.promprobe import PROMPROBE

    assert PROMPROBE.level == pytest.approx(0.975)
    assert his_cfg("S2-promprobe-vs-donkers-default", PROMPROBE) == "S2-hisevals-vs-donkers-default"
    with pytest.raises(InputError):
        his_cfg("S2-promprobe-vs-donkers-default")  # not an arm of promarms
    with pytest.raises(InputError):
        his_cfg("S2-promties-vs-donkers-default", PROMPROBE)
