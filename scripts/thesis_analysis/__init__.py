"""thesis_analysis: the analysis of the Bao thesis experiments E4-E7 behind
scripts/thesis-analyse, by concern:

  design      the experiments, evaluators and player variants (scripts/thesis-configs)
  loading     reading games.jsonl[.gz], config.ini and learned files (pure Python, also
              used by scripts/simulate-scaling)
  experiment  one experiment's games as per-opening sums per (tournament, player, opponent)
  stats       the bootstrap over openings, estimates and their intervals, ranks, ratings
  analysis    the measures of each experiment (ratings, gains, hit rates, best p, ...)
  hypotheses  the declared hypotheses, their decision rules and the verdicts files
  two_level   the two-level bootstrap (pairs and openings) beside the primary verdicts
  readings    what a verdict means where its rule alone misleads (degenerate, superseded)
  tables      number formats and the tables.md of each experiment
  figures     the figures (matplotlib, Agg)
  main        the command line and the order of the work

The package itself imports nothing, so that the pure-Python reader can be used without
numpy or matplotlib.
"""
