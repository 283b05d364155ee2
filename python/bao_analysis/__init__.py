"""bao_analysis: the analysis of the toolkit's experiments (docs/results.md), one module
per experiment over a few shared ones. One command runs any of them:

  python3 -m bao_analysis EXPERIMENT ARGS...   (scripts/analyse EXPERIMENT ARGS...)

Shared by every experiment:
  records       the one reader of games.jsonl[.gz] (pure Python: scripts/simulate-scaling
                and scripts/e11-leaves read records with it too)
  stats         the bootstrap over openings, estimates and their intervals, BCa, TOST
  multiplicity  Holm's step-down and Bonferroni's levels and quantiles, per family
  figure_saver  the one figure saver (PNG and PDF with the same bytes on every rerun)

Shared by the thesis experiments (E4-E7, the second pass, S2):
  design        the experiments, evaluators, player variants and declared constants
  loading       config.ini, the learned type files, the scale of a results folder
  experiment    one experiment's games as per-opening sums; the run's context
  analysis      the gains' cells: baselines, evaluator pairs, subgroup S's split
  tables, figures   number formats and markdown; axis limits, legends, the saver
  hypotheses    decision rules and RESULTS/verdicts.md|csv (Holm over the family)
  two_level     the two-level bootstrap (pairs and openings) beside primary verdicts
  readings      what a verdict means where its rule alone misleads
  reference     RESULTS/reference.md: Donkers' program beside ours
  thesis        the command of E4-E7 and the order of the work

By experiment:
  e4, e5 (E5, E5dd, E5m), e6 (E6, E6b), e7, second_pass (E5s, E5g, D8, E7b, E6c),
  arms (S2), depths (S2 depths: PrOM at 6/7/8, node-matched alpha-beta; S2 depths-p and depths-q, its replications), e8, e9, e11, e12, e12m (E12m's table and its budget)
  gauntlet      one opponent's gauntlet bootstrapped over openings (E8, E9)

The package itself imports nothing, so that the pure-Python reader can be used without
numpy or matplotlib.
"""
