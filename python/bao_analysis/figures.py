"""What the thesis' figures share (RESULTS/<E>/<E>.png and .pdf, each drawn in its
experiment's module): matplotlib's Agg backend, axis limits that clip no interval, a
legend without repeated labels, and the package's figure saver (figure_saver.py, its
STANDARD style: no dates or version strings, so that reruns give identical files)."""
import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402,F401 (the experiments draw through it)

from .figure_saver import save_figure  # noqa: E402,F401 (the experiments save through it)


def limits(values, pad_frac=0.08, min_pad=1.0):
    """Axis limits that contain every interval end (no clipped error bars)."""
    v = [x for x in values if x is not None and np.isfinite(x)]
    if not v:
        return -1.0, 1.0
    lo, hi = min(v), max(v)
    pad = max((hi - lo) * pad_frac, min_pad)
    return lo - pad, hi + pad


def dedup_legend(ax, fontsize=8, **kw):
    handles, labels = ax.get_legend_handles_labels()
    seen = {}
    for h, l in zip(handles, labels):
        seen.setdefault(l, h)
    ax.legend(seen.values(), seen.keys(), fontsize=fontsize, **kw)
