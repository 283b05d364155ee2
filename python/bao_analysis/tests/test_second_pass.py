"""The second pass' statistics (second_pass.py) on data whose answer is known: H5g''s
slope with pair fixed effects, H5f''s mean over budgets, the bootstrap over openings and
repeats of E7b's on-line gain, H7b-NI's non-inferiority rule at its margin, and the
learned files' errors."""
import numpy as np
import pytest

from bao_analysis.experiment import Experiment
from bao_analysis.records import InputError, check_game
from bao_analysis.second_pass import (NI_MARGIN, analyse_e5s, fe_slope, mean_of_ratios, read_repeats,
                                      repeat_counts, repeat_generator, repeats_ratio, verdicts_h7b_ni)
from bao_analysis.stats import Boot, Est, bootstrap_p


def test_fixed_effects_slope_recovers_a_known_slope_whatever_the_pair_intercepts():
    # Five pairs with very different intercepts (which alone would make the pooled slope
    # negative: high-hit pairs have low intercepts), gain = intercept + 0.4 hit exactly.
    rng = np.random.Generator(np.random.PCG64(1))
    groups, gain, hit = [], [], []
    for p, intercept in enumerate([0.5, 0.2, -0.1, -0.4, -0.7]):
        h = 0.3 + 0.1 * p + rng.uniform(0, 0.2, size=5)
        groups += [f"pair{p}"] * 5
        hit += list(h)
        gain += list(intercept + 0.4 * h)
    assert fe_slope(np.array(gain), np.array(hit), groups)[0] == pytest.approx(0.4)
    assert np.polyfit(hit, gain, 1)[0] < 0  # without the pair effects the sign flips
    # Rows are resamples: each row's slope on its own.
    two = fe_slope(np.array([gain, [-g for g in gain]]), np.array([hit, hit]), groups)
    assert two == pytest.approx([0.4, -0.4])


def test_fixed_effects_slope_is_least_squares_with_one_intercept_per_pair():
    # Against numpy's least squares on the design [hit, one dummy per pair].
    rng = np.random.Generator(np.random.PCG64(2))
    groups = [f"p{i // 5}" for i in range(20)]
    hit, gain = rng.uniform(size=20), rng.normal(size=20)
    design = np.column_stack([hit] + [[1.0 if g == p else 0.0 for g in groups] for p in dict.fromkeys(groups)])
    beta = np.linalg.lstsq(design, gain, rcond=None)[0][0]
    assert fe_slope(gain, hit, groups)[0] == pytest.approx(beta)


def test_mean_of_ratios_averages_each_budget_gain_at_the_same_resampled_openings():
    # Two budgets, three openings: gains 0, 0.5, 1 (one unit each) and 0.2 on two units of
    # opening 0 only. G = (0.5 + 0.2) / 2; a resample that draws only opening 1 has the
    # second budget without units: NaN, left out of the interval.
    boot = Boot.from_counts([[1, 1, 1], [3, 0, 0], [0, 3, 0]])
    parts = [(np.array([0.0, 0.5, 1.0]), np.ones(3)), (np.array([0.4, 0.0, 0.0]), np.array([2.0, 0, 0]))]
    g = mean_of_ratios(boot, parts, games=10)
    assert g.est == pytest.approx(0.35) and g.n == 3 and g.games == 10
    assert g.samples[:2] == pytest.approx([0.35, 0.1]) and np.isnan(g.samples[2])
    # A budget without any unit is left out of the mean.
    assert mean_of_ratios(boot, parts[:1] + [(np.zeros(3), np.zeros(3))], 0).est == pytest.approx(0.5)


def test_repeats_bootstrap_without_resampling_is_the_mean_over_repeats():
    # Every opening and every repeat drawn once: each sample is the point estimate, the
    # mean over repeats of each repeat's mean gain (every unit played).
    num = np.array([[0.1, 0.3], [0.3, 0.5]])  # openings x repeats
    den = np.ones((2, 2))
    boot = Boot.from_counts([[1, 1], [1, 1]])
    point, samples = repeats_ratio(boot, [(num, den, np.ones((2, 2)))])
    assert point == pytest.approx(0.3) and samples == pytest.approx([0.3, 0.3])
    # Drawing repeat 2 twice: the mean of repeat 2, 0.4.
    point, samples = repeats_ratio(boot, [(num, den, np.array([[0.0, 2.0], [2.0, 0.0]]))])
    assert samples == pytest.approx([0.4, 0.2])


def test_repeat_draws_are_k_with_replacement_and_seeded():
    a = repeat_counts(repeat_generator(17), 500, 10)
    b = repeat_counts(repeat_generator(17), 500, 10)
    assert a.shape == (500, 10) and (a.sum(1) == 10).all() and np.array_equal(a, b)
    # Not the openings' stream: the first draws differ from Boot's with the same seed.
    assert not np.array_equal(repeat_counts(np.random.Generator(np.random.PCG64(17)), 500, 10), a)


def test_repeats_and_openings_bootstrap_covers_the_truth_and_counts_the_repeats_spread():
    # Ten repeats whose true gains spread around 0.05 (sd 0.08), 30 openings of noise sd
    # 0.3 each; the truth is the mean over the population of repeats, 0.05. Over 40
    # simulated data sets the 95% interval covers it in most; resampling the repeats too
    # gives wider intervals than the openings alone.
    rng = np.random.Generator(np.random.PCG64(5))
    covered, wider = 0, 0
    for _ in range(40):
        mu = 0.05 + 0.08 * rng.standard_normal(10)
        num = mu[None, :] + 0.3 * rng.standard_normal((30, 10))
        den = np.ones((30, 10))
        boot = Boot(30, 1000, int(rng.integers(1 << 30)))
        counts = repeat_counts(repeat_generator(3), boot.B, 10)
        _, both = repeats_ratio(boot, [(num, den, counts)])
        _, openings = repeats_ratio(boot, [(num, den, np.ones((boot.B, 10)))])
        lo, hi = np.percentile(both, [2.5, 97.5])
        covered += lo <= 0.05 <= hi
        wider += np.ptp(np.percentile(both, [2.5, 97.5])) > np.ptp(np.percentile(openings, [2.5, 97.5]))
    assert covered >= 34 and wider >= 36


def ni_result(est, lo, hi, samples):
    return {"h7b": {"count": Est(est, lo, hi, 150, 1800, np.array(samples)),
                    "em": Est(est, lo, hi, 150, 1800, np.array(samples))}}


def test_h7b_ni_decides_at_the_minus_three_point_margin():
    v = {}
    samples = [-0.029] * 30 + [0.0] * 970  # no resample at or below -3 points
    verdicts_h7b_ni(v, ni_result(0.0, -0.029, 0.03, samples))
    assert v["H7b-NI"][0][5] == "reproduced" and "amendment after the data" in v["H7b-NI"][1]
    assert v["H7b-NI"][2] == 0.0 and np.isnan(v["H7b-NI-em"][2])  # EM: exploratory, no p
    verdicts_h7b_ni(v, ni_result(-0.06, -0.09, -0.031, [-0.06] * 1000))
    assert v["H7b-NI"][0][5] == "not reproduced"
    # Straddling -3: not decided; its p inverts the interval against -3 (not 0).
    samples = np.array([-0.05] * 100 + [0.0] * 900)
    verdicts_h7b_ni(v, ni_result(0.0, -0.05, 0.02, samples))
    assert v["H7b-NI"][0][5] == "not decided at this scale"
    assert v["H7b-NI"][2] == pytest.approx(bootstrap_p(samples, NI_MARGIN)) == pytest.approx(0.2)


def test_e5s_gain_per_budget_and_g_over_s(game):
    # Two budgets, one pair in S (a/b) and one outside (b/a), two openings. Over S the
    # gains are: budget 10: openings 1 - 0, 0.5 - 0.5 -> 0.5; budget 20: 0 - 1, 1 - 1 ->
    # -0.5; G = 0. All pairs add b/a with gain 0 at both budgets.
    exp = Experiment("E5s", "unused")
    scores = {("eqomd10", "a"): [1, 0.5], ("eqab10", "a"): [0, 0.5], ("eqomd20", "a"): [0, 1],
              ("eqab20", "a"): [1, 1], ("eqomd10", "b"): [1, 1], ("eqab10", "b"): [1, 1],
              ("eqomd20", "b"): [0, 0], ("eqab20", "b"): [0, 0]}
    for (var, x), pts in scores.items():
        y = "b" if x == "a" else "a"
        for o, p in enumerate(pts):
            record = game(f"opp_{y}", f"{var}_{x}", o, 0, 1 - p)
            check_game(record)
            exp.add(f"E5s-vs-{y}", record)
    exp.finish()
    res = analyse_e5s(exp, Boot(2, 200, 17), {("a", "b")})
    assert res["budgets"] == [10, 20]
    assert res["gain"][10][1].est == pytest.approx(0.5) and res["gain"][20][1].est == pytest.approx(-0.5)
    assert res["gain"][10][0].est == pytest.approx(0.25)
    assert res["G"].est == pytest.approx(0.0) and res["G"].n == 2


def test_a_malformed_repeat_file_names_file_and_line(tmp_path):
    learned = tmp_path / "learned"
    learned.mkdir()
    (learned / "inside-online-1.txt").write_text("type probability\nga-material@6 0.9\ntd-short@6 0.1\n")
    (learned / "inside-online-2.txt").write_text("type probability\nga-material@6 0.9 0.1\n")
    with pytest.raises(InputError, match=r"inside-online-2\.txt:2:"):
        read_repeats(str(tmp_path))
    (learned / "inside-online-2.txt").write_text("type probability\nga-material@6 0.5\ntd-short@6 0.5\n")
    (learned / "inside-online-10.txt").write_text("type probability\nga-material@6 1\n")
    reps = read_repeats(str(tmp_path))
    assert list(reps) == ["inside"] and list(reps["inside"]) == [1, 2, 10]
    assert reps["inside"][2]["types"]["td-short"] == (0.5, None)


def test_e6c_scores_and_gain_of_prom_08_worked_out_by_hand(tmp_path, game, write_jsonl):
    """Two openings, one pair: ab_x scores 0.5 in both, p80_x 1 then 0.5 (both colours
    alike), so p80 scores 0.75 and gains 0.25 over ab; the reference row reads them."""
    from bao_analysis.experiment import load_experiment
    from bao_analysis.second_pass import run_e6c

    folder = tmp_path / "E6c" / "E6c-right-01"
    folder.mkdir(parents=True)
    games = []
    for o in (0, 1):
        for c in (0, 1):
            games.append(game("opp_y", "ab_x", o, c, 0.5))
            games.append(game("opp_y", "p80_x", o, c, 1 - (1, 0.5)[o]))
    write_jsonl(str(folder / "games.jsonl"), games)

    class Ctx:
        scale, resamples, seed = "test", 4, 17

    res = run_e6c({"E6c": load_experiment(str(tmp_path), "E6c")}, Ctx())
    assert res["pairs"] == 1
    assert res["score"]["ab"].est == pytest.approx(0.5)
    assert res["score"]["p80"].est == pytest.approx(0.75)
    assert res["gain"].est == pytest.approx(0.25)
    text = (tmp_path / "E6c" / "tables.md").read_text()
    assert "+25.0" in text and "54.6%" in text
    assert run_e6c({}, Ctx()) is None
