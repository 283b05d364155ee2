"""thesis_analysis: S2's arms (arms.py) and the second pass (second_pass.py,
second_pass_figures.py), the last thesis modules outside the package bao_analysis
(python/bao_analysis/); the other modules here pass on the package's modules of the same
name to them."""
