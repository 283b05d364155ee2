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
import os

from .design import DONKERS_2002
from .figures import limits, plt, save_figure
from .records import games_file, read_games
from .reference import explained_by
from .stats import Boot, Est, hit_rate, percentile_ci, pooled
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

