"""S2's promarms (docs/results.md, "S2 promarms", declared before its games): hisevals'
PrOM rows, PrOM {X: 0.5, Y: 0.5} (p50) and {X: 0.8, Y: 0.2} (p80), with one of Donkers'
2002 rules at PrOM's MIN nodes (search/prom_min_rules.h): arm 'promties', each type's
first of equally good replies (prom-beta ties=first), and check 'promdecisive', his
decisive early exit (decisive=exit); on hisevals' 20 pairs of his evaluators and its
first openings, in RESULTS/S2/promarms/. hisevals' own games on the same openings are the
base: its ab for the gain, its p50 and p80 for the effect.

Declared measures, for each arm and r in {p50, p80}: gain_arm(r) = score(r) -
score(hisevals' ab) and Delta(r) = score(r) - score(hisevals' r), both paired by opening
index with one bootstrap of the indices for both experiments; Delta's interval at 98.75%
(Bonferroni over the family's four rows), the gains' at 95%. The reading per row is
hisarms' (his_table_reading) and the bound the end of Delta's interval on the side of his
figure. Also: the share of games equal to hisevals' move for move and nodes a move.

The same analysis reads any family of such arms (ArmFamily: its folder, arms, section and
so its level): S2 promprobe (promprobe.py) is another."""
import math
from typing import NamedTuple

from .arms import HIS_FOLDER, his_row_effect, level_ci
from .hisarms import arm_cells, his_table_reading, run_his_arm, same_as_base, share
from .records import InputError
from .stats import nodes_per_move, pooled
from .tables import DASH, header_lines, md_table, pct_ci, pts_ci

ROWS = ["p50", "p80"]
ROW_LABELS = {"p50": "PrOM {X: 0.5, Y: 0.5} (p50)", "p80": "PrOM {X: 0.8, Y: 0.2} (p80)"}
COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 6: "six", 8: "eight"}


class ArmFamily(NamedTuple):
    """A family of arms on hisevals' PrOM rows, read together: the folder under S2, its
    section of docs/results.md, {arm: its option}, the tables' title and the sentence
    naming the arms. The family's level is Bonferroni over its arms' rows."""
    folder: str
    section: str
    arms: dict
    title: str
    arms_text: str

    @property
    def level(self):
        return 1 - 0.05 / (len(self.arms) * len(ROWS))


PROMARMS = ArmFamily(
    "promarms", "S2 promarms", {"promties": "ties=first", "promdecisive": "decisive=exit"},
    "S2 promarms (exploratory): PrOM's rules at MIN nodes as Donkers' program has them",
    "each with one of his rules at PrOM's MIN nodes: arm 'promties' (prom-beta ties=first: a type's first of equally "
    "good replies) and check 'promdecisive' (decisive=exit: a decisive probe or child value ends the node)")
FOLDER = PROMARMS.folder
ARMS = PROMARMS.arms
LEVEL = PROMARMS.level  # Bonferroni over the four rows


def his_cfg(cfg, family=PROMARMS):
    """hisevals' tournament of the same model Y: 'S2-promties-vs-Y' (or
    'S2-promdecisive-vs-Y', or another arm of the family) -> 'S2-hisevals-vs-Y'."""
    for name in family.arms:
        prefix = f"S2-{name}-"
        if cfg.startswith(prefix) and cfg[len(prefix):].startswith("vs-"):
            return "S2-hisevals-" + cfg[len(prefix):]
    raise InputError(f"{family.section}: tournament '{cfg}' is not named S2-ARM-vs-Y for an arm of "
                     f"{', '.join(family.arms)}")


def analyse_arm(arm, his, boot, name, family=PROMARMS):
    """One arm's rows: gains, Deltas (at the family's level), readings, bounds, scores,
    nodes a move and games equal to hisevals'; None when the arm has no games."""
    cells = arm_cells(arm, name)
    if not cells:
        return None

    def base_cfg(cfg):
        return his_cfg(cfg, family)

    his_cells = [(base_cfg(c), o, x) for c, o, x in cells]
    base_from = {"base_exp": his, "base_cfg": base_cfg}
    same = same_as_base(arm, his, ROWS, name, base_cfg)
    out = {"pairs": len({(c[0], c[2]) for c in cells}), "rows": {}}
    for r in ROWS:
        gain = pooled(arm, boot, cells, r, "ab", **base_from)
        base = pooled(his, boot, his_cells, r, "ab")
        delta = pooled(arm, boot, cells, r, r, keep=True, **base_from)
        lo, hi = level_ci(delta.samples, family.level) if delta.ok() else (math.nan, math.nan)
        h, hw = his_row_effect(r)
        out["rows"][r] = {"gain": gain, "base": base, "delta": delta, "lo": lo, "hi": hi, "his": (h, hw),
                          "reading": his_table_reading(base, gain, lo, hi, h, hw), "score": pooled(arm, boot, cells, r),
                          "nodes": nodes_per_move(arm, cells, r), "base_nodes": nodes_per_move(his, his_cells, r),
                          "same": same[r]}
    return out


def analyse_promarms(arm, his, boot, family=PROMARMS):
    """{arm name: its rows (analyse_arm)} for the arms with games. Both experiments must
    have the same number of openings, the arm being paired with hisevals by opening."""
    if arm.n != his.n:
        raise InputError(f"{family.section} has {arm.n} openings and S2 hisevals {his.n}: the arms are paired "
                         "with hisevals by opening, so both need the same openings")
    return {name: a for name in family.arms if (a := analyse_arm(arm, his, boot, name, family)) is not None}


def tables_promarms(arm, res, ctx, family=PROMARMS):
    level = f"{100 * family.level:.2f}%"
    rows_word = COUNT_WORDS.get(len(family.arms) * len(ROWS), str(len(family.arms) * len(ROWS)))
    text = header_lines(family.title, ctx, arm)
    text += (f"Declared before the games (docs/results.md, \"{family.section}\"). hisevals' PrOM rows against "
             f"alpha-beta(Y) on the ordered pairs of Donkers' evaluators, {family.arms_text}. gain = score(r) - "
             "score(hisevals' ab); Delta = score(r) - score(hisevals' r) = the gain less hisevals' gain; both paired "
             f"by opening with one bootstrap of the indices. Delta's interval at {level} (Bonferroni over the "
             f"{rows_word} rows), the rest 95%. His effect with his 95% half-width (1.3 points). Reading: explains (Delta excludes "
             "0 toward his figure and the gain is his within the combined error), partly explains (toward it, short "
             "of it), does not explain (Delta does not exclude 0 toward it, or the gain overshoots). Bound: Delta's "
             "interval end on the side of his figure.\n\n")
    rows = []
    for name, a in res.items():
        for r in ROWS:
            x = a["rows"][r]
            h, hw = x["his"]
            d = x["delta"]
            reading = x["reading"]
            rows.append([f"{name}: {ROW_LABELS[r]}", f"{100 * h:+.1f} +- {100 * hw:.1f}", pts_ci(x["base"]),
                         f"{pts_ci(x['gain'])} ({x['gain'].n})" if x["gain"].ok() else DASH,
                         f"{100 * d.est:+.1f} [{100 * x['lo']:+.1f}, {100 * x['hi']:+.1f}]" if d.ok() else DASH,
                         reading[0] if reading else DASH, f"{100 * reading[1]:+.1f}" if reading else DASH])
    text += md_table(["arm: row", "his effect", "hisevals gain", "arm gain (units)", f"Delta [{level}]", "reading",
                      "bound toward his figure"], rows)
    text += "\n## Scores, nodes a move and games equal to hisevals' move for move\n\n"
    text += md_table(["arm: player", "score % [95% CI]", "nodes a move (hisevals')", "games equal to hisevals'"],
                     [[f"{name}: {r}", pct_ci(a["rows"][r]["score"]),
                       f"{a['rows'][r]['nodes']:,.0f} ({a['rows'][r]['base_nodes']:,.0f})", share(a["rows"][r]["same"])]
                      for name, a in res.items() for r in ROWS])
    return text


def run_family(s2_folder, ctx, family):
    """RESULTS/S2/<family folder>/tables.md when an arm has games (and hisevals has its
    base)."""
    return run_his_arm(s2_folder, family.folder, ctx, lambda arm, his, boot: analyse_promarms(arm, his, boot, family),
                       lambda arm, res, ctx: tables_promarms(arm, res, ctx, family))


def run_promarms(s2_folder, ctx):
    """RESULTS/S2/promarms/tables.md when an arm has games (and hisevals has its base)."""
    return run_family(s2_folder, ctx, PROMARMS)


def family_main(argv, family, doc):
    """python3 -m bao_analysis <family folder> S2_FOLDER [--resamples N] [--seed S]: the
    family's tables; exit 2 on a bad folder or record."""
    from .s2_arm_command import s2_arm_main

    return s2_arm_main(argv, family.folder, doc.split("\n\n")[0], f"hisevals/ and {family.folder}/",
                       lambda s2, ctx: run_family(s2, ctx, family),
                       lambda s2: f"no games under {s2}/{family.folder} or {s2}/{HIS_FOLDER}")


def main(argv):
    """python3 -m bao_analysis promarms S2_FOLDER [--resamples N] [--seed S]: the arms'
    tables; exit 2 on a bad folder or record."""
    return family_main(argv, PROMARMS, __doc__)
