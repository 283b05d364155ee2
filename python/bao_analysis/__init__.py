"""bao_analysis: the analysis of the toolkit's experiments (docs/results.md), one module
per experiment over a few shared ones. One command runs any of them:

  python3 -m bao_analysis EXPERIMENT ARGS...   (scripts/analyse EXPERIMENT ARGS...)

Shared:
  records       the one reader of games.jsonl[.gz] (pure Python: scripts/simulate-scaling
                and scripts/e11-leaves read records with it too)
  stats         the bootstrap over openings, estimates and their intervals, BCa, TOST
  multiplicity  Holm's step-down and Bonferroni's levels and quantiles, per family
  figure_saver  the one figure saver (PNG and PDF with the same bytes on every rerun)
  gauntlet      one opponent's gauntlet bootstrapped over openings (E8, E9)

By experiment:
  e8, e9, e11, e12, e12m   one module each (e12m: E12m's table and its budget)

The package itself imports nothing, so that the pure-Python reader can be used without
numpy or matplotlib.
"""
