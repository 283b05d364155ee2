"""E7: opponent types learned off-line and on-line (docs/results.md, E7): the learned
probabilities against the truth (total variation), PrOM's gain with the learned types,
its hit rates. Writes RESULTS/E7/tables.md and E7.png|pdf."""
import numpy as np

from .design import E7_LEARNERS, E7_OPPONENTS, E7_OUTSIDE, eval_order
from .figures import dedup_legend, limits, plt, save_figure
from .hypotheses import entry
from .stats import NAN, Z95, Est, hit_rate, pooled
from .tables import DASH, fmt, header_lines, md_table, pct_ci, pts_ci, role


def inside_truth(exp):
    """The real evaluator of opponent 'inside' from its config (the thesis-configs default)."""
    for cfg, conf in sorted(exp.configs.items()):
        if "player.opp_inside.eval" in conf:
            return conf["player.opp_inside.eval"]
    return "ga-material"


def tv_distance(learned, truth):
    probs = {t: p for t, (p, _) in learned["types"].items()}
    total = sum(probs.values())
    return 0.5 * sum(abs(p / total - (1.0 if t == truth else 0.0)) for t, p in probs.items())


def e7_cells(exp, which):
    return [c for c in exp.cells() if c[1][4:] in which]


def analyse_e7(exp, boot):
    learned = exp.learned
    truth = inside_truth(exp)
    out = {"learned": learned, "truth": truth, "tv": {}, "h7b": {}, "per_opp": {}, "vs_ab": {}}
    for how in E7_LEARNERS:
        if ("inside", how) in learned:
            out["tv"][how] = tv_distance(learned[("inside", how)], truth)
        out["h7b"][how] = pooled(exp, boot, e7_cells(exp, E7_OUTSIDE), f"prom{how}", "promuniform", keep=True)
        out["vs_ab"][how] = pooled(exp, boot, e7_cells(exp, E7_OUTSIDE), f"prom{how}", "ab")
    for opp in E7_OPPONENTS:
        for v in ("count", "em", "online", "true"):
            out["per_opp"][(opp, v)] = pooled(exp, boot, e7_cells(exp, [opp]), f"prom{v}", "promuniform")
    out["true_inside"] = out["per_opp"][("inside", "true")]
    return out


def tables_e7(exp, res, boot, ctx):
    text = header_lines("E7: PrOM with learned, uniform and true type probabilities", ctx, exp)
    text += f"## H7a: learned probabilities (offline: mean and sd over repeats); truth for 'inside': {res['truth']} = 1\n\n"
    types = sorted({t for l in res["learned"].values() for t in l["types"]},
                   key=eval_order)
    rows = []
    for (opp, how), l in sorted(res["learned"].items(), key=lambda kv: (E7_OPPONENTS.index(kv[0][0]), E7_LEARNERS.index(kv[0][1]))):
        cells = [learned_cell(l["types"].get(t)) for t in types]
        tv = f"{tv_distance(l, res['truth']):.3f}" if opp == "inside" else DASH
        rows.append([opp, how] + cells + [tv])
    text += md_table(["opponent", "learner"] + types + ["TV distance to truth"], rows)
    text += "\n## Scores per opponent, % [95% CI]\n\n"
    players = exp.variants(["ab", "promcount", "promem", "promonline", "promuniform", "promtrue"])
    rows = [[opp] + [pct_ci(pooled(exp, boot, e7_cells(exp, [opp]), v)) for v in players] for opp in E7_OPPONENTS]
    text += md_table(["opponent"] + players, rows)
    text += "\n## Gains over uniform probabilities, points [95% CI] (outside = depth, noisy, heldout pooled)\n\n"
    rows = [[f"prom{v} - promuniform"] + [pts_ci(res["per_opp"][(o, v)]) for o in E7_OPPONENTS]
            + [role(pts_ci(res["h7b"][v]), "H7b-count" if v == "count" else f"H7b-{v}, secondary")
               if v != "true" else DASH] for v in ("count", "em", "online", "true")]
    text += md_table(["gain"] + E7_OPPONENTS + ["outside pooled"], rows)
    text += "\nExploratory, learned PrOM minus ab_td-long (outside pooled): " + "; ".join(
        f"{how} {pts_ci(res['vs_ab'][how])}" for how in E7_LEARNERS) + ".\n"
    return text + e7_hits(exp, boot, players)


def learned_cell(v):
    if v is None:
        return DASH
    p, sd = v
    return f"{p:.3f}" + (f" ± {sd:.3f}" if sd is not None else "")


def e7_hits(exp, boot, players):
    rows = [[v] + [f"{pct_ci(e)} ({e.n})" for e in (hit_rate(exp, boot, e7_cells(exp, [o]), v) for o in E7_OPPONENTS)]
            for v in players]
    return "\n## Hit rate of the predicted replies, % [95% CI] (predictions)\n\n" + md_table(["player"] + E7_OPPONENTS, rows)


def figure_e7(exp, res, ctx, stem):
    fig, (a, b) = plt.subplots(1, 2, figsize=(15, 5.5), gridspec_kw={"width_ratios": [1.5, 1]})
    learned_panel(a, res)
    e7_gain_panel(b, res)
    fig.suptitle(f"E7: PrOM with learned type probabilities ({ctx.scale} scale, {exp.games} games)")
    save_figure(fig, stem)


def learned_spread(learned, t):
    """(p, low, high, kind) of one type's learned probability: with repeats (an sd) the
    +-1.96 sd interval cut to [0, 1]; for a single on-line run the range of its estimate
    over the run's games (how far it moved, not a confidence interval); else no spread."""
    p, sd = learned["types"].get(t, (0.0, None))
    if sd is not None:
        return p, max(p - Z95 * sd, 0.0), min(p + Z95 * sd, 1.0), "sd"
    games = (learned.get("games") or {}).get(t)
    if games:
        return p, min(games + [p]), max(games + [p]), "range"
    return p, p, p, None


def learned_panel(ax, res):
    keys = [(o, h) for o in E7_OPPONENTS for h in E7_LEARNERS if (o, h) in res["learned"]]
    types = sorted({t for l in res["learned"].values() for t in l["types"]},
                   key=eval_order)
    width = 0.8 / max(1, len(types))
    for ti, t in enumerate(types):
        x = np.arange(len(keys)) + (ti - (len(types) - 1) / 2) * width
        spread = [learned_spread(res["learned"][k], t) for k in keys]
        p = np.array([v[0] for v in spread])
        ax.bar(x, p, width, color=f"C{ti}", label=f"type {t}")
        for kind, style, label in (("sd", dict(color="k", capsize=2),
                                    "+-1.96 sd over the learner's repeats, cut to [0, 1]"),
                                   ("range", dict(color="0.25", capsize=3, ls="none", elinewidth=1.2),
                                    "on-line (one run): range of its estimate over the run's games")):
            idx = [i for i, v in enumerate(spread) if v[3] == kind]
            if idx:
                eb = ax.errorbar(x[idx], p[idx], yerr=[[p[i] - spread[i][1] for i in idx],
                                                       [spread[i][2] - p[i] for i in idx]], fmt="none", label=label,
                                 **style)
                if kind == "range":
                    eb[-1][0].set_linestyle((0, (2, 1)))
        truth = [i for i, k in enumerate(keys) if k[0] == "inside"]
        ax.plot(x[truth], [1.0 if t == res["truth"] else 0.0 for _ in truth], "k_", ms=12, mew=2,
                label="truth (opponent inside)")
    ax.set_xticks(range(len(keys)), [f"{o}\n{h}" for o, h in keys], fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("learned probability of the type")
    dedup_legend(ax, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=3)


def e7_gain_panel(ax, res):
    rows = [(f"{h}: outside pooled", res["h7b"][h]) for h in E7_LEARNERS]
    rows += [(f"{h}: vs {o}", res["per_opp"][(o, h)]) for h in E7_LEARNERS for o in E7_OPPONENTS]
    rows += [("true: vs inside", res["true_inside"])]
    ends = [0.0]
    for y, (label, e) in enumerate(rows):
        if e.ok():
            primary = "pooled" in label
            ax.errorbar(100 * e.est, y, xerr=[[100 * (e.est - e.lo)], [100 * (e.hi - e.est)]], fmt="o" if primary else ".",
                        color="C0" if primary else "C7", capsize=3, label="outside pooled (H7b)" if primary else "per opponent")
            ends += [100 * e.lo, 100 * e.hi]
    ax.axvline(0, ls="--", color="grey", label="no gain (null 0)")
    ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(*limits(ends))
    ax.set_xlabel("gain over PrOM with uniform probabilities (score points)")
    dedup_legend(ax, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=3)


def verdicts_e7(v, res):
    for how in E7_LEARNERS:
        if how in res["tv"]:
            e = Est(res["tv"][how], NAN, NAN, 0, 0)
            v[f"H7a-{how}"] = ([fmt(e.est, "tv"), DASH, DASH, DASH, DASH, "reported (no published target)", DASH], "", NAN)
        v[f"H7b-{how}"] = entry(res["h7b"][how], "pts", 0.0, 1)
