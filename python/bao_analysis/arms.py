"""S2, the sensitivity arms against Donkers' 2002 program (docs/results.md, "S2: the
sensitivity arms against Donkers' program"). Exploratory: a diagnosis outside the Holm
family, every arm reported whatever it shows.

Declared measures, for each arm and row r: gain_arm(r) = score(r) - score(ab) over the
arm's pairs (paired by opening); the risk row's share kept, gain(omdr) - gain(omd); the
arm's effect gain_arm(r) - gain_base(r), its interval from one bootstrap of the opening
indices shared by all arms; and the share of games in which omd, and omdr, play
alpha-beta's game move for move. An arm *explains* a gap to Donkers' figure when its
effect's interval excludes 0 toward his figure (from the base arm's gain); it *accounts
for* the gap when, in addition, its gain's interval contains his effect."""
import math
import os

import numpy as np

from .design import DONKERS_2002
from .e6 import e6_cells
from .experiment import load_experiment
from .figures import limits, plt, save_figure
from .records import InputError, games_file, read_games
from .reference import explained_by
from .stats import Boot, Est, hit_rate, nodes_per_move, percentile_ci, pooled
from .tables import DASH, header_lines, md_table, pct_ci, pts_ci, write_text

PLAYERS = ["ab", "om", "omd", "omdr", "p50"]
MARGINS = [2, 5, 10]  # riskmargin's k (scripts/thesis-configs, S2_MARGINS)
# The arms as reported: name -> (tournament arm, {row player: the player of the arm that
# plays it}). A row player the arm does not play is the base arm's, on the same openings
# (ties: move for move), so the arm's effect on a row it does not play is 0 by design.
ARM_PLAYS = {"base": ("base", {v: v for v in PLAYERS}), "openings": ("openings", {v: v for v in PLAYERS}),
             "rules": ("rules", {v: v for v in PLAYERS}), "ties": ("ties", {"omd": "omd", "omdr": "omdr"}),
             "evals": ("evals", {v: v for v in PLAYERS})}
ARM_PLAYS.update({f"riskmargin-k{k}": ("riskmargin", {"omdr": f"omdrk{k}"}) for k in MARGINS})
ARM_PLAYS["promorder"] = ("promorder", {"p50": "p50swap"})
ARM_PLAYS["search"] = ("search", {v: v for v in PLAYERS})
ARM_PLAYS["mtdf"] = ("mtdf", {v: v for v in PLAYERS})
ARM_PLAYS["shuffle"] = ("shuffle", {v: v for v in PLAYERS})
ARMS = list(ARM_PLAYS)
ARM_CHANGE = {
    "base": "none: our settings (E5's and E6b's players)",
    "openings": "his opening distribution: 6 to 16 random plies",
    "rules": "his 2002 program's rules (long_move_limit = 100 and his four options)",
    "ties": "his tie rule in root OM (ties=pessimistic); omd and omdr only, alpha-beta the base arm's",
    "evals": "evaluators of his kind: material, default, ga-material, td-short, td-long",
    "promorder": "PrOM 0.5 with the model's evaluator Y first, scoring the leaves (p50swap); the rest the base arm's",
    "search": "his iterative deepening by one ply and deeper table entries for the alpha-beta players "
              "(alphabeta(tt_deeper=true,id_step=1): the opponent and alpha-beta(X))",
    "mtdf": "the search arm with his MTD(f) root search for the alpha-beta players "
            "(alphabeta(tt_deeper=true,id_step=1,mtdf=true))",
    "shuffle": "his random move-order rotation in the namua stage for the alpha-beta players "
               "(alphabeta(shuffle=1)); OM's, root OM's and PrOM's searches and model probes without it",
}
ARM_CHANGE.update({f"riskmargin-k{k}": f"risk filter admits moves within {k} units of the best (omdrk{k}); "
                   "the rest the base arm's" for k in MARGINS})
# The rows: Donkers' four (a gain over ab) and two differences of rows (variant, base):
# the risk row's share kept and PrOM 0.5 less OM search (H6c's difference).
ROWS = [("om", "om", "ab"), ("omd", "omd", "ab"), ("omdr", "omdr", "ab"), ("p50", "p50", "ab"),
        ("omdr-omd", "omdr", "omd"), ("p50-om", "p50", "om")]
ROW_LABELS = {"om": "full-depth OM (om)", "omd": "root OM at d (omd)", "omdr": "root OM at d, risk mgmt (omdr)",
              "p50": "PrOM {X: 0.5, Y: 0.5} (p50)", "omdr-omd": "risk row's share kept: gain(omdr) - gain(omd)",
              "p50-om": "PrOM 0.5 minus OM: gain(p50) - gain(om)"}
# The figure's panel titles: what each row is, without the players' code names.
FIGURE_LABELS = {"om": "full-depth OM search", "omd": "root OM, model at the opponent's depth",
                 "omdr": "root OM with risk management", "p50": "PrOM, MAX's own type at 0.5",
                 "omdr-omd": "risk management's cost (root OM with it less without it)",
                 "p50-om": "PrOM 0.5 less OM search"}
SAME_GAME = ("omd", "omdr")  # the row players whose games are compared with alpha-beta's


def his_effect(row):
    """Donkers' figure for a row in score fractions: his score less 0.5 (his alpha-beta(X)
    scores 0.5 by construction), or the difference of his two scores for a difference row."""
    _, v, b = next(r for r in ROWS if r[0] == row)
    return DONKERS_2002[v] - (0.5 if b == "ab" else DONKERS_2002[b])


def arm_of(cfg):
    """'ties' for 'S2-ties-vs-td-long'; None for a name outside S2's naming."""
    parts = cfg.split("-", 2)
    return parts[1] if len(parts) == 3 and parts[0] == "S2" and parts[2].startswith("vs-") else None


def base_cfg(cfg):
    """The base arm's tournament of the same model Y: 'S2-ties-vs-Y' -> 'S2-base-vs-Y'."""
    return "S2-base-" + cfg.split("-", 2)[2]


def arm_cells(exp, arm):
    """The reported arm's gauntlet cells (tournament, opponent, own X) with a game of one
    of its players, sorted."""
    tournament, plays = ARM_PLAYS[arm]
    names = set(plays.values())
    return sorted({(cfg, opp, p.split("_", 1)[1]) for cfg, p, opp in exp.stats
                   if arm_of(cfg) == tournament and opp.startswith("opp_") and p.split("_", 1)[0] in names})


def player_of(arm, variant):
    """The arm's player for a row player, None where the arm plays the base arm's."""
    return ARM_PLAYS[arm][1].get(variant)


def row_gain(exp, boot, cells, arm, row):
    """gain_arm(row) with its resamples (Est, samples kept), or None where the arm does
    not play the row's variant. The row's baseline (ab, or omd, om of a difference row)
    is the arm's own player where it plays one, else the base arm's on the same openings."""
    _, v, b = next(r for r in ROWS if r[0] == row)
    variant = player_of(arm, v)
    if variant is None:
        return None
    if player_of(arm, b) is not None:
        return pooled(exp, boot, cells, variant, player_of(arm, b), keep=True)
    return pooled(exp, boot, cells, variant, b, keep=True, base_exp=exp, base_cfg=base_cfg)


def arm_effect(gain, base):
    """gain - base with the percentile interval of the per-resample differences (both
    from the same resampled opening indices); an empty Est when either is missing."""
    if gain is None or base is None or not gain.ok() or not base.ok():
        return Est()
    diff = gain.samples - base.samples
    lo, hi = percentile_ci(diff)
    return Est(gain.est - base.est, lo, hi, gain.n, gain.games, diff)


def judge(his, base_gain, effect, gain):
    """(explains, accounts for) as declared: the effect's interval excludes 0 on the side
    of his figure as seen from the base arm's gain; and, in addition, the arm's gain
    interval contains his figure. False without an estimate or a gap (his = base)."""
    if effect is None or gain is None or not effect.ok() or base_gain is None or not base_gain.ok():
        return False, False
    gap = his - base_gain.est
    explains = (gap > 0 and effect.lo > 0) or (gap < 0 and effect.hi < 0)
    return explains, bool(explains and gain.lo <= his <= gain.hi)


# ---------------------------------------------------------------- move for move

def challenger_games(path, variants):
    """{(opponent, variant, own X, opening index, colour index): (opening, moves)} of the
    challengers whose variant is in variants, in one games file (loading.read_games
    checks each record)."""
    out = {}
    for _, g in read_games(path):
        v, x = g["second"].split("_", 1)
        if v in variants:
            out[(g["first"], v, x, g["opening_index"], g["game"])] = (g["opening"], tuple(g["moves"]))
    return out


def same_games(folder, base_folder, players=None):
    """{row player: [games equal to alpha-beta's move for move, games with an alpha-beta
    game to compare]} in one tournament folder for players ({row player: the player
    played there}, default SAME_GAME as themselves); alpha-beta's games are read from
    base_folder (the same folder, or the base arm's where the arm plays no alpha-beta).
    A game is matched by opponent, own X, opening index and colour; equal when the
    opening position and every move are."""
    players = players if players is not None else {v: v for v in SAME_GAME}
    path, base_path = games_file(folder), games_file(base_folder)
    counts = {v: [0, 0] for v in players}
    if path is None or base_path is None or not players:
        return counts
    row_of = {p: v for v, p in players.items()}
    ab = challenger_games(base_path, ("ab",))
    for (opp, p, x, o, c), game in sorted(challenger_games(path, set(row_of)).items()):
        ref = ab.get((opp, "ab", x, o, c))
        if ref is not None:
            counts[row_of[p]][0] += game == ref
            counts[row_of[p]][1] += 1
    return counts


def same_game_share(exp, arm):
    """{row player: (equal, compared)} of SAME_GAME's row players the arm plays, summed
    over its tournaments; (0, 0) for those it does not play."""
    tournament, plays = ARM_PLAYS[arm]
    players = {v: plays[v] for v in SAME_GAME if v in plays}
    total = {v: [0, 0] for v in SAME_GAME}
    for cfg in sorted(c for c in exp.configs if arm_of(c) == tournament):
        base = cfg if "ab" in plays else base_cfg(cfg)
        counts = same_games(os.path.join(exp.folder, cfg), os.path.join(exp.folder, base), players)
        for v, (equal, n) in counts.items():
            total[v][0] += equal
            total[v][1] += n
    return {v: tuple(k) for v, k in total.items()}


# ---------------------------------------------------------------- analysis

def analyse_arms(exp, boot):
    """Every declared measure of every arm with games: {'arms': arms played, 'missing':
    arms without games, 'pairs': {arm: pairs}, 'gain', 'effect', 'judge': {(arm, row):
    Est / None / (explains, accounts)}, 'score': {(arm, player): Est}, 'same': {arm:
    {variant: (equal, compared)}}, 'hit': {arm: {variant: root OM's hit rate Est / None}}, 'his': {row:
    his figure}}."""
    cells = {arm: arm_cells(exp, arm) for arm in ARMS}
    arms = [a for a in ARMS if cells[a]]
    res = {"arms": arms, "missing": [a for a in ARMS if not cells[a]], "gain": {}, "effect": {}, "judge": {},
           "score": {}, "same": {}, "hit": {}, "his": {row: his_effect(row) for row, _, _ in ROWS},
           "pairs": {a: len({(c[0], c[2]) for c in cells[a]}) for a in arms}}
    for arm in arms:
        for row, _, _ in ROWS:
            res["gain"][(arm, row)] = row_gain(exp, boot, cells[arm], arm, row)
        for v in PLAYERS:
            p = player_of(arm, v)
            res["score"][(arm, v)] = pooled(exp, boot, cells[arm], p) if p is not None else None
        res["same"][arm] = same_game_share(exp, arm)
        res["hit"][arm] = {v: hit_rate(exp, boot, cells[arm], player_of(arm, v)) if player_of(arm, v) else None
                           for v in SAME_GAME}
    for arm in arms:
        for row, _, _ in ROWS:
            base = res["gain"].get(("base", row))
            eff = arm_effect(res["gain"][(arm, row)], base) if arm != "base" else None
            res["effect"][(arm, row)] = eff
            res["judge"][(arm, row)] = judge(res["his"][row], base, eff, res["gain"][(arm, row)])
    return res


def run_arms(exps, ctx, s):
    """Writes RESULTS/S2/tables.md and S2.png/.pdf when S2's games are present; returns
    analyse_arms' result for the reference table, or None without S2. s (H5a's subgroup)
    is not used: the declared measures pool each arm's pairs."""
    exp = exps.get("S2")
    if exp is None or exp.n == 0:
        return None
    boot = Boot(exp.n, ctx.resamples, ctx.seed)
    res = analyse_arms(exp, boot)
    write_text(os.path.join(exp.folder, "tables.md"), tables_arms(exp, res, ctx))
    figure_arms(res, os.path.join(exp.folder, "S2"))
    run_hisevals(exp, exps, ctx, res)
    run_controls(exp, ctx)
    return res


# ---------------------------------------------------------------- tables.md

def gain_cell(res, arm, row):
    """'+3.0 [+1.6, +4.4] (units)', 'as base' where the arm plays the base arm's players."""
    e = res["gain"].get((arm, row))
    if e is None:
        return "as base (not played)"
    return f"{pts_ci(e)} ({e.n})" if e.ok() else DASH


def effect_cells(res, arm, row):
    """The arm-effect table's cells: effect [CI], explains, accounts for."""
    if arm == "base":
        return ["0 (the reference)", DASH, DASH]
    if res["gain"].get((arm, row)) is None:
        return ["0 by design (the base arm's players)", "no", "no"]
    eff = res["effect"][(arm, row)]
    if not eff.ok():
        return [DASH, DASH, DASH]
    explains, accounts = res["judge"][(arm, row)]
    return [pts_ci(eff), "yes" if explains else "no", "yes" if accounts else "no"]


def share_cell(counts):
    equal, n = counts
    return f"{100 * equal / n:.1f}% ({equal} of {n})" if n else "no data"


def partial_note(res):
    """A warning where an arm that plays the base arm's pairs (all but evals) has fewer of
    them with games than the base arm: its effect then compares different pairs."""
    base = res["pairs"].get("base")
    short = [f"{a} {res['pairs'][a]}" for a in res["arms"] if a not in ("base", "evals") and base
             and res["pairs"][a] < base]
    if not short:
        return ""
    return (f"\nPartial arms (pairs with games, of the base arm's {base}): " + ", ".join(short)
            + "; their effects compare other pairs than the base arm's.\n")


def tables_arms(exp, res, ctx):
    """S2's tables.md: gains and scores per arm, the arm effects with the declared
    explains / accounts-for reading beside Donkers' figures, the move-for-move shares."""
    arms = res["arms"]
    text = header_lines("S2 (exploratory): the sensitivity arms against Donkers' 2002 program", ctx, exp)
    text += ("Declared before the games (docs/results.md, \"S2\"). Each arm changes one thing against the base "
             "arm; X plays against alpha-beta(Y) with model Y. gain_arm(r) = score(r) - score(ab) over the arm's "
             "pairs, paired by opening; a player an arm does not play (ties: alpha-beta, om, p50; riskmargin-k and "
             "promorder: all but omdr with the margin k, resp. PrOM 0.5 with Y's evaluator first) is the base arm's, "
             "on the same openings, and the arm's effect on its rows is 0 by design. The arm's "
             "effect is gain_arm(r) - gain_base(r), its interval from the same resampled opening indices in both "
             "arms. His effect: his score less 50 (a difference row: his difference). An arm *explains* the gap "
             "when its effect's interval excludes 0 on the side of his figure as seen from the base arm's gain; "
             "it *accounts for* it when, in addition, its gain's interval contains his effect. Exploratory: no "
             "verdict rests on it (outside the Holm family).\n\n")
    rows = [[a, ARM_CHANGE[a], res["pairs"][a] if a in arms else "no data"] for a in ARMS]
    text += md_table(["arm", "the one change", "pairs"], rows)
    text += "\n## Gains over alpha-beta(X), points [95% CI] (units: openings x pairs)\n\n"
    rows = [[ROW_LABELS[row], f"{100 * res['his'][row]:+.1f}"] + [gain_cell(res, a, row) for a in arms]
            for row, _, _ in ROWS]
    text += md_table(["row", "his effect"] + arms, rows)
    text += "\n## Arm effects: gain_arm - gain_base, points [95% CI], beside Donkers' figures\n\n"
    rows = []
    for row, _, _ in ROWS:
        base = res["gain"].get(("base", row))
        for a in arms:
            rows.append([ROW_LABELS[row], a, f"{100 * res['his'][row]:+.1f}",
                         pts_ci(base) if base is not None else "no data", gain_cell(res, a, row)]
                        + effect_cells(res, a, row))
    text += md_table(["row", "arm", "his effect", "base gain", "arm gain", "arm effect", "explains", "accounts for"],
                     rows)
    text += "\n## Scores against alpha-beta(Y), % [95% CI]\n\n"
    rows = [[v] + [pct_ci(res["score"][(a, v)]) if res["score"][(a, v)] is not None else "as base (not played)"
                   for a in arms] for v in PLAYERS]
    text += md_table(["player"] + arms, rows)
    text += ("\n## Games equal to alpha-beta's move for move (same opponent, own X, opening and colour; the "
             "base arm's alpha-beta where the arm plays none)\n\n")
    rows = [[a] + [share_cell(res["same"][a][v]) if player_of(a, v) else "not played" for v in SAME_GAME]
            for a in arms]
    text += md_table(["arm"] + [f"{v}: share (equal of compared)" for v in SAME_GAME], rows)
    text += ("\n## Root OM's model: share of its predicted replies the opponent played, % [95% CI] "
             "(predictions)\n\n")
    rows = [[a] + [f"{pct_ci(res['hit'][a][v])} ({res['hit'][a][v].n})" if res["hit"][a][v] is not None
                   else "not played" for v in SAME_GAME] for a in arms]
    text += md_table(["arm"] + [f"{v}: hit rate" for v in SAME_GAME], rows)
    if res["missing"]:
        text += "\nNo data (no games): " + ", ".join(res["missing"]) + ".\n"
    text += partial_note(res)
    text += "\n## What explains each gap\n\n"
    rows = [[ROW_LABELS[row], f"{100 * res['his'][row]:+.1f}", explained_by(res, row)] for row, _, _ in ROWS]
    return text + md_table(["row", "his effect", "explained by"], rows)


# ---------------------------------------------------------------- figure

# How an arm's gain is drawn: (colour, legend label) by toward()'s reading.
DRAWN = {"none": ("C0", "gain over alpha-beta(X), 95% interval"),
         "accounts": ("C2", "moves to his figure: the effect excludes 0 toward it, the gain's interval holds it"),
         "partly": ("C3", "moves toward his figure, short of it (explains in part)"),
         "overshoots": ("C1", "moves past his figure: the gain's interval lies beyond it (does not explain)")}


def toward(res, arm, row, his, lo, hi):
    """How an arm's gain (interval lo, hi in points) stands to his figure (points): none
    where its effect does not exclude 0 toward his figure (declared "explains"), else
    accounts (his figure inside the gain's interval), overshoots (the interval beyond his
    figure, on the far side from the base arm's gain) or partly (short of it)."""
    if arm == "base" or not res["judge"][(arm, row)][0]:
        return "none"
    if lo <= his <= hi:
        return "accounts"
    base = 100 * res["gain"][("base", row)].est
    beyond = lo > his if his > base else hi < his
    return "overshoots" if beyond else "partly"


def figure_arms(res, stem):
    """Per row, the gain of each arm with its 95% interval, the base arm's gain as a
    dotted line and Donkers' figure as a cross: S2.png and S2.pdf (figures.save_figure)."""
    arms = res["arms"]
    fig, axes = plt.subplots(2, 3, figsize=(13, 7.5), sharex=True)
    for ax, (row, _, _) in zip(axes.ravel(), ROWS):
        his = 100 * res["his"][row]
        ends = [his, 0.0]
        for i, a in enumerate(arms):
            e = res["gain"].get((a, row))
            if e is None or not e.ok():
                continue
            y, lo, hi = 100 * e.est, 100 * e.lo, 100 * e.hi
            colour, label = DRAWN[toward(res, a, row, his, lo, hi)]
            ax.errorbar([i], [y], yerr=[[y - lo], [hi - y]], fmt="o", capsize=4, color=colour, label=label)
            ends += [lo, hi]
        base = res["gain"].get(("base", row))
        if base is not None and base.ok():
            ax.axhline(100 * base.est, ls=":", color="C0", lw=1, label="base arm's gain")
        ax.plot(range(len(arms)), [his] * len(arms), "x", color="k", ms=9, mew=2, ls="--", lw=0.8,
                label="Donkers' 2002 program (his effect)")
        ax.axhline(0, color="grey", lw=0.6)
        ax.set_ylim(*limits(ends))
        ax.set_title(FIGURE_LABELS[row], fontsize=9)
        ax.set_xticks(range(len(arms)), arms, rotation=40, ha="right", fontsize=8)
        ax.set_ylabel("points")
    handles = {}
    for ax in axes.ravel():
        for h, l in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(l, h)
    fig.legend(handles.values(), handles.keys(), loc="lower center", ncol=4, fontsize=8)
    fig.suptitle("S2: gains over alpha-beta(X) by sensitivity arm beside Donkers' program (exploratory)")
    fig.tight_layout(rect=(0, 0.05, 1, 0.97))
    save_figure(fig, stem)



# ---------------------------------------------------------------- hisevals

# S2's hisevals arm (docs/results.md, "S2 hisevals", declared before its games): S2's rows
# and PrOM {X: 0.8, Y: 0.2} on the 20 ordered pairs of Donkers' own five evaluators, in
# RESULTS/S2/hisevals/ (its own experiment and bootstrap, so S2's tables stay as they are).
HIS_FOLDER = "hisevals"
HIS_ROWS = ROWS[:4] + [("p80", "p80", "ab")] + ROWS[4:]
HIS_LABELS = dict(ROW_LABELS, p80="PrOM {X: 0.8, Y: 0.2} (p80)")
HIS_FIGURE_LABELS = dict(FIGURE_LABELS, p80="PrOM, MAX's own type at 0.8")
HIS_HW = 0.013  # his figure's 95% half-width on a 20-pair mean: 1.96 x 0.5 / sqrt(300 x 20)
HIS_EXTRA = ("p80",)  # rows not in S2's ROWS: "ours" is E6c's gain (E6b's 20 pairs)
PER_PAIR = ["om", "omd", "omdr", "p50", "p80"]  # the gains reported per ordered pair


def his_row_effect(row):
    """Donkers' figure for a row of HIS_ROWS in score fractions, with its 95% half-width
    (sqrt(2) x HIS_HW for a difference of two of his rows)."""
    _, v, b = next(r for r in HIS_ROWS if r[0] == row)
    return DONKERS_2002[v] - (0.5 if b == "ab" else DONKERS_2002[b]), HIS_HW * (1 if b == "ab" else math.sqrt(2))


def half_width(e):
    return (e.hi - e.lo) / 2


def his_reading(ours, gain, his, his_hw, scale=1.0):
    """The declared reading of one row: (reading, delta, delta_lo, delta_hi, bound) with
    delta = gain - ours and its interval from the two half-widths combined (times scale:
    z at another level over z at 95%, for a family's correction), bound its end on the
    side of his figure; reading 'no gap', 'explains', 'partly explains', 'does not
    explain' or 'does not explain (overshoots)'; None without both estimates."""
    if ours is None or gain is None or not ours.ok() or not gain.ok():
        return None
    delta = gain.est - ours.est
    hw = scale * math.hypot(half_width(gain), half_width(ours))
    lo, hi = delta - hw, delta + hw
    up = his > ours.est
    bound = hi if up else lo
    if abs(ours.est - his) <= math.hypot(half_width(ours), his_hw):
        reading = "no gap"
    elif not (lo > 0 if up else hi < 0):
        reading = "does not explain"
    elif abs(gain.est - his) <= math.hypot(half_width(gain), his_hw):
        reading = "explains"
    elif (gain.est > his) == up:
        reading = "does not explain (overshoots)"
    else:
        reading = "partly explains"
    return reading, delta, lo, hi, bound


def his_ours(exps, ctx, res):
    """{row: ours}: S2's base arm's gain, and E6c's for p80 (None where absent)."""
    out = {row: res["gain"].get(("base", row)) for row, _, _ in ROWS}
    e6c = exps.get("E6c")
    out["p80"] = None
    if e6c is not None and e6c.n:
        out["p80"] = pooled(e6c, Boot(e6c.n, ctx.resamples, ctx.seed), e6_cells(e6c)["right"], "p80", "ab")
    return out


def analyse_hisevals(his_exp, boot, ours):
    """The arm's gains, scores, hit rates, move-for-move shares and readings per row."""
    cells = his_exp.cells()
    out = {"pairs": len({(c[0], c[2]) for c in cells}), "gain": {}, "score": {}, "reading": {}, "his": {},
           "ours": ours}
    for row, v, b in HIS_ROWS:
        out["gain"][row] = pooled(his_exp, boot, cells, v, b)
        his, hw = his_row_effect(row)
        out["his"][row] = (his, hw)
        out["reading"][row] = his_reading(ours.get(row), out["gain"][row], his, hw)
    for v in PLAYERS + ["p80"]:
        out["score"][v] = pooled(his_exp, boot, cells, v)
    out["per_pair"] = {(c[1][4:], c[2]): {v: pooled(his_exp, boot, [c], v, "ab") for v in PER_PAIR} for c in cells}
    out["hit"] = {v: hit_rate(his_exp, boot, cells, v) for v in SAME_GAME}
    total = {v: [0, 0] for v in SAME_GAME}
    for cfg in sorted(his_exp.configs):
        folder = os.path.join(his_exp.folder, cfg)
        for v, (equal, n) in same_games(folder, folder).items():
            total[v][0] += equal
            total[v][1] += n
    out["same"] = {v: tuple(k) for v, k in total.items()}
    return out


def reading_cells(r):
    if r is None:
        return [DASH, DASH, DASH]
    reading, delta, lo, hi, bound = r
    return [f"{100 * delta:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]", reading, f"{100 * bound:+.1f}"]


def tables_hisevals(his_exp, h, ctx):
    text = header_lines("S2 hisevals (exploratory): Donkers' rows with his five evaluators", ctx, his_exp)
    text += ("Declared before the games (docs/results.md, \"S2 hisevals\"). X plays against alpha-beta(Y) with "
             "model Y on the ordered pairs of Donkers' own evaluators (models/donkers_evaluators.h), "
             f"{h['pairs']} pairs. gain = score(r) - score(ab), paired by opening. Ours: S2's base arm's gain "
             "(E6c's for p80). Delta = gain - ours, its interval from the two 95% half-widths combined "
             "(independent samples). His effect with his 95% half-width (1.3 points; 1.8 for a difference). "
             "Reading: no gap (ours is his within the combined error), explains (Delta excludes 0 toward his "
             "figure and the gain is his within the combined error), partly explains (toward it, short of it), "
             "does not explain (Delta does not exclude 0 toward it, or the gain overshoots it). Bound: Delta's "
             "interval end on the side of his figure.\n\n")
    rows = []
    for row, _, _ in HIS_ROWS:
        his, hw = h["his"][row]
        ours = h["ours"].get(row)
        g = h["gain"][row]
        rows.append([HIS_LABELS[row], f"{100 * his:+.1f} +- {100 * hw:.1f}",
                     pts_ci(ours) if ours is not None else "not measured", f"{pts_ci(g)} ({g.n})" if g.ok() else DASH]
                    + reading_cells(h["reading"][row]))
    text += md_table(["row", "his effect", "ours", "hisevals gain (units)", "Delta [95%]", "reading",
                      "bound toward his figure"], rows)
    text += "\n## Scores against alpha-beta(Y), % [95% CI]\n\n"
    text += md_table(["player", "score"], [[v, pct_ci(h["score"][v])] for v in PLAYERS + ["p80"]])
    text += "\n## Root OM: hit rate of the predicted replies, and games equal to alpha-beta's move for move\n\n"
    text += md_table(["player", "hit rate % [95% CI] (predictions)", "games equal to alpha-beta's"],
                     [[v, f"{pct_ci(h['hit'][v])} ({h['hit'][v].n})", share_cell(h["same"][v])] for v in SAME_GAME])
    text += "\n## Gains over alpha-beta(X) per ordered pair, points [95% CI] (exploratory)\n\n"
    text += md_table(["model Y (the opponent)", "own X"] + PER_PAIR,
                     [[y, x] + [pts_ci(g[v]) for v in PER_PAIR] for (y, x), g in sorted(h["per_pair"].items())])
    return text


HIS_DRAWN = {"explains": "C2", "partly explains": "C3", "no gap": "C7", "does not explain": "C0",
             "does not explain (overshoots)": "C1"}


def figure_hisevals(h, stem):
    """Per row: ours (S2's base arm; E6c for p80), the arm's gain coloured by its reading,
    his figure with its half-width."""
    fig, axes = plt.subplots(2, 4, figsize=(15, 7.5))
    for ax, (row, _, _) in zip(axes.ravel(), HIS_ROWS):
        his, hw = (100 * x for x in h["his"][row])
        ends = [his - hw, his + hw, 0.0]
        for i, (e, label) in enumerate(((h["ours"].get(row), "ours"), (h["gain"][row], "hisevals"))):
            if e is None or not e.ok():
                continue
            y, lo, hi = 100 * e.est, 100 * e.lo, 100 * e.hi
            r = h["reading"][row]
            colour = "C4" if label == "ours" else HIS_DRAWN.get(r[0] if r else "", "C0")
            ax.errorbar([i], [y], yerr=[[y - lo], [hi - y]], fmt="s" if label == "ours" else "o", capsize=4,
                        color=colour)
            ends += [lo, hi]
        ax.errorbar([2], [his], yerr=[[hw], [hw]], fmt="x", color="k", ms=9, mew=2, capsize=4)
        ax.axhline(0, color="grey", lw=0.6)
        ax.set_ylim(*limits(ends))
        r = h["reading"][row]
        ax.set_title(f"{HIS_FIGURE_LABELS[row]}\n{r[0] if r else 'no data'}", fontsize=8)
        ax.set_xticks(range(3), ["ours", "his evaluators", "his program"], fontsize=8)
        ax.set_ylabel("gain over alpha-beta(X), points")
    for ax in axes.ravel()[len(HIS_ROWS):]:
        ax.axis("off")
    fig.suptitle("S2 hisevals: our searchers with Donkers' five evaluators beside his program (exploratory)\n"
                 "ours (purple square): S2's base arm, E6c for p80; his evaluators coloured by the declared reading: "
                 "green explains, red partly, orange overshoots, blue does not, grey no gap", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    save_figure(fig, stem)


def run_hisevals(exp, exps, ctx, res):
    """RESULTS/S2/hisevals/tables.md and S2-hisevals.png/.pdf when the arm has games."""
    his_exp = load_experiment(exp.folder, HIS_FOLDER)
    if his_exp is None or his_exp.n == 0:
        return None
    boot = Boot(his_exp.n, ctx.resamples, ctx.seed)
    h = analyse_hisevals(his_exp, boot, his_ours(exps, ctx, res))
    write_text(os.path.join(his_exp.folder, "tables.md"), tables_hisevals(his_exp, h, ctx))
    figure_hisevals(h, os.path.join(his_exp.folder, "S2-hisevals"))
    return h


# ---------------------------------------------------------------- controls

# S2's controls arm (docs/results.md, "S2 controls", declared before its games): on E5's 20
# ordered pairs against alpha-beta(Y), root OM with the true model (omd) and with its own
# evaluator as the model (omdown: alpha-beta's own assumption, so only the search shape
# differs from ab), alpha-beta(X) at d (ab) and at d+1 (abplus), in RESULTS/S2/controls/.
CTL_FOLDER = "controls"
CTL_PLAYERS = ["ab", "abplus", "omd", "omdown"]
CTL_LEVEL = 1 - 0.05 / 3  # Bonferroni over the family of three verdicts
# The family: (id, what it tests, variant, base, (above, below)); each measure is
# score(variant) - score(base), paired by opening.
CTL_VERDICTS = [
    ("C1", "knowing the opponent: omd - omdown", "omd", "omdown", ("knowledge adds", "the own model does better")),
    ("C2", "the search shape: omdown - ab", "omdown", "ab", ("shape gains", "shape loses")),
    ("C3", "one more ply: omd - abplus", "omd", "abplus",
     ("root OM is worth more than a ply", "a ply is worth more")),
]
# Reported at 95%, outside the family: root OM's gain as in E5 and the extra ply's worth.
CTL_EXPLORATORY = [("omd - ab (E5's H5a measure)", "omd", "ab"), ("abplus - ab (one more ply)", "abplus", "ab")]
E5_H5A_ALL = "+3.0 [+1.6, +4.4]"  # E5's omd gain over all 20 pairs (docs/results.md, E5)
DONKERS_OMD = "+8.1 +- 1.3"  # his root OM at d less 50, with the 95% half-width of S2 hisevals


def level_ci(samples, level):
    """The two-sided percentile interval at level (numpy's linear interpolation)."""
    s = samples[np.isfinite(samples)]
    if s.size == 0:
        return math.nan, math.nan
    lo, hi = np.percentile(s, [50 * (1 - level), 50 * (1 + level)])
    return float(lo), float(hi)


def ctl_verdict(lo, hi, words):
    """The declared rule: the first word when the interval lies above 0, the second when
    it lies below, 'not decided' when it contains 0 (or is missing)."""
    if math.isnan(lo) or math.isnan(hi):
        return "no data"
    if lo > 0:
        return words[0]
    if hi < 0:
        return words[1]
    return "not decided"


def analyse_controls(exp, boot):
    """The family's measures at CTL_LEVEL with their verdicts, the exploratory
    differences, scores, nodes a move and hit rates, and omd's and omdown's gains per pair."""
    cells = exp.cells()
    out = {"pairs": len({(c[0], c[2]) for c in cells}), "verdicts": [], "exploratory": [], "score": {},
           "nodes": {}, "hit": {}}
    for cid, what, v, b, words in CTL_VERDICTS:
        e = pooled(exp, boot, cells, v, b, keep=True)
        lo, hi = level_ci(e.samples, CTL_LEVEL) if e.ok() else (math.nan, math.nan)
        out["verdicts"].append((cid, what, e, lo, hi, ctl_verdict(lo, hi, words)))
    for what, v, b in CTL_EXPLORATORY:
        out["exploratory"].append((what, pooled(exp, boot, cells, v, b)))
    for v in CTL_PLAYERS:
        out["score"][v] = pooled(exp, boot, cells, v)
        out["nodes"][v] = nodes_per_move(exp, cells, v)
    out["hit"] = {v: hit_rate(exp, boot, cells, v) for v in ("omd", "omdown")}
    out["per_pair"] = {(c[1][4:], c[2]): {r: pooled(exp, boot, [c], v, b) for r, v, b in CTL_PAIR_ROWS}
                       for c in cells}
    return out


CTL_PAIR_ROWS = [("omd - ab", "omd", "ab"), ("omdown - ab", "omdown", "ab"), ("omd - omdown", "omd", "omdown"),
                 ("omd - abplus", "omd", "abplus")]


def tables_controls(exp, c, ctx):
    level = f"{100 * CTL_LEVEL:.2f}%"
    text = header_lines("S2 controls: root OM's gain beside its search shape and one more ply", ctx, exp)
    text += ("Declared before the games (docs/results.md, \"S2 controls\"). X plays against alpha-beta(Y) on "
             f"E5's ordered pairs, {c['pairs']} pairs: ab (alpha-beta(X) at d), abplus (at d+1), omd (root OM, "
             "model Y at d), omdown (root OM, model X at d: alpha-beta's own assumption, so only the search shape "
             "differs from ab). Each measure is a difference of scores paired by opening, pooled over the pairs; "
             f"the family's intervals are {level} percentile intervals (Bonferroni over three), the rest 95%. "
             f"Beside: E5's omd gain over all 20 pairs {E5_H5A_ALL}; Donkers' root OM {DONKERS_OMD} points.\n\n")
    rows = [[cid, what, f"{100 * e.est:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}] ({e.n})" if e.ok() else DASH, verdict]
            for cid, what, e, lo, hi, verdict in c["verdicts"]]
    text += md_table(["id", "measure", f"points [{level}] (openings)", "verdict"], rows)
    text += "\n## Exploratory differences, points [95% CI]\n\n"
    text += md_table(["measure", "points [95%] (openings)"],
                     [[what, f"{pts_ci(e)} ({e.n})" if e.ok() else DASH] for what, e in c["exploratory"]])
    text += "\n## Scores against alpha-beta(Y) and nodes a move\n\n"
    text += md_table(["player", "score % [95% CI]", "nodes a move"],
                     [[v, pct_ci(c["score"][v]), f"{c['nodes'][v]:,.0f}" if not math.isnan(c["nodes"][v]) else DASH]
                      for v in CTL_PLAYERS])
    text += "\n## Root OM: hit rate of the predicted replies\n\n"
    text += md_table(["player", "hit rate % [95% CI] (predictions)"],
                     [[v, f"{pct_ci(c['hit'][v])} ({c['hit'][v].n})"] for v in ("omd", "omdown")])
    text += "\n## Differences per ordered pair, points [95% CI] (exploratory)\n\n"
    text += md_table(["model Y (the opponent)", "own X"] + [r for r, _, _ in CTL_PAIR_ROWS],
                     [[y, x] + [pts_ci(g[r]) for r, _, _ in CTL_PAIR_ROWS]
                      for (y, x), g in sorted(c["per_pair"].items())])
    return text


def run_controls(exp, ctx):
    """RESULTS/S2/controls/tables.md when the arm has games, and RESULTS/S2/noisyopp/
    tables.md when that arm has games too."""
    ctl_exp = load_experiment(exp.folder, CTL_FOLDER)
    if ctl_exp is None or ctl_exp.n == 0:
        return None
    boot = Boot(ctl_exp.n, ctx.resamples, ctx.seed)
    c = analyse_controls(ctl_exp, boot)
    write_text(os.path.join(ctl_exp.folder, "tables.md"), tables_controls(ctl_exp, c, ctx))
    noisy_exp = load_experiment(exp.folder, NOISY_FOLDER)
    if noisy_exp is not None and noisy_exp.n:
        c["noisyopp"] = analyse_noisyopp(noisy_exp, ctl_exp, boot)
        write_text(os.path.join(noisy_exp.folder, "tables.md"), tables_noisyopp(noisy_exp, c["noisyopp"], ctx))
    return c


# ---------------------------------------------------------------- noisyopp

# S2's noisyopp arm (docs/results.md, "S2 noisyopp", declared before its games): the
# controls arm's ab, omd and omdown against alpha-beta(Y) with a namua-stage move rotation
# (shuffle=1) that root OM's model probe lacks, on the controls' openings, in
# RESULTS/S2/noisyopp/. Its own family of two, Bonferroni.
NOISY_FOLDER = "noisyopp"
NOISY_PLAYERS = ["ab", "omd", "omdown"]
NOISY_LEVEL = 1 - 0.05 / 2


def analyse_noisyopp(noisy, ctl, boot):
    """N1 (omd - ab against the rotating opponent) and N2 (that less the controls arm's
    omd - ab), both from the same resampled openings, with their verdicts; omd - omdown,
    scores, hit rates and nodes a move. The arms must share their openings (the same n)."""
    if noisy.n != ctl.n:
        raise InputError(f"S2 noisyopp has {noisy.n} openings and S2 controls {ctl.n}: N2 pairs them by "
                         "opening, so both arms need the same openings")
    cells = noisy.cells()
    g = pooled(noisy, boot, cells, "omd", "ab", keep=True)
    g_det = pooled(ctl, boot, ctl.cells(), "omd", "ab", keep=True)
    lo, hi = level_ci(g.samples, NOISY_LEVEL) if g.ok() else (math.nan, math.nan)
    out = {"pairs": len({(c[0], c[2]) for c in cells}), "g_det": g_det,
           "verdicts": [("N1", "root OM's gain: omd - ab", g, lo, hi,
                         ctl_verdict(lo, hi, ("root OM gains", "root OM loses")))]}
    d = Est()
    if g.ok() and g_det.ok():
        diff = g.samples - g_det.samples
        d = Est(g.est - g_det.est, math.nan, math.nan, g.n, g.games + g_det.games, diff)
    lo, hi = level_ci(d.samples, NOISY_LEVEL) if d.ok() else (math.nan, math.nan)
    out["verdicts"].append(("N2", "against the rotating less the deterministic opponent: G - G_det", d, lo, hi,
                            ctl_verdict(lo, hi, ("the gain grows", "the gain shrinks"))))
    out["knowledge"] = pooled(noisy, boot, cells, "omd", "omdown")
    out["score"] = {v: pooled(noisy, boot, cells, v) for v in NOISY_PLAYERS}
    out["nodes"] = {v: nodes_per_move(noisy, cells, v) for v in NOISY_PLAYERS}
    out["hit"] = {v: hit_rate(noisy, boot, cells, v) for v in ("omd", "omdown")}
    return out


def tables_noisyopp(exp, n, ctx):
    level = f"{100 * NOISY_LEVEL:.1f}%"
    text = header_lines("S2 noisyopp: root OM against an opponent that is not its model's copy", ctx, exp)
    text += ("Declared before the games (docs/results.md, \"S2 noisyopp\"). X plays against alpha-beta(Y) with "
             f"a namua-stage move rotation (shuffle=1) on E5's ordered pairs, {n['pairs']} pairs, on S2 controls' "
             "openings; root OM's model (Y, or X for omdown) has no rotation. G_det: S2 controls' omd - ab, "
             f"{pts_ci(n['g_det'])}. The family's intervals are {level} percentile intervals (Bonferroni over "
             "two), from the same resampled openings in both arms; the rest 95%.\n\n")
    rows = [[cid, what, f"{100 * e.est:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}] ({e.n})" if e.ok() else DASH, verdict]
            for cid, what, e, lo, hi, verdict in n["verdicts"]]
    text += md_table(["id", "measure", f"points [{level}] (openings)", "verdict"], rows)
    text += "\n## Exploratory, points [95% CI]\n\n"
    k = n["knowledge"]
    text += md_table(["measure", "points [95%] (openings)"],
                     [["omd - omdown (knowing the opponent)", f"{pts_ci(k)} ({k.n})" if k.ok() else DASH]])
    text += "\n## Scores against the rotating alpha-beta(Y), nodes a move and hit rates\n\n"
    text += md_table(["player", "score % [95% CI]", "nodes a move", "hit rate % [95% CI] (predictions)"],
                     [[v, pct_ci(n["score"][v]),
                       f"{n['nodes'][v]:,.0f}" if not math.isnan(n["nodes"][v]) else DASH,
                       f"{pct_ci(n['hit'][v])} ({n['hit'][v].n})" if v in n["hit"] else DASH] for v in NOISY_PLAYERS])
    return text
