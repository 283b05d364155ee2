"""The one figure saver: every figure of the package is written as STEM.png and
STEM.pdf by save_figure, in one of two styles, each giving the same bytes on every rerun
with the same matplotlib:

  STANDARD  150 dpi, the box cut to the drawing, no date or version string in either
            file (E4-E7, the second pass, S2, E11, E12).
  COMPACT   120 dpi, the figure's own box, no date in the PDF; matplotlib writes its
            version into both files (E8, E9: their committed figures were made so, and a
            style change would change their bytes).
"""
from dataclasses import dataclass, field

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


@dataclass(frozen=True)
class Style:
    dpi: int
    tight: bool  # bbox_inches="tight": the saved box is the drawing's
    png_metadata: dict = field(default=None)  # None: matplotlib's own (its version as Software)
    pdf_metadata: dict = field(default=None)


STANDARD = Style(dpi=150, tight=True, png_metadata={"Software": None},
                 pdf_metadata={"CreationDate": None, "Producer": None, "Creator": None})
COMPACT = Style(dpi=120, tight=False, png_metadata=None, pdf_metadata={"CreationDate": None})


def save_figure(fig, stem, style=STANDARD):
    """Writes stem.png and stem.pdf in style, then closes fig."""
    box = {"bbox_inches": "tight"} if style.tight else {}
    fig.savefig(stem + ".png", dpi=style.dpi, metadata=style.png_metadata, **box)
    if style.tight:
        fig.savefig(stem + ".pdf", metadata=style.pdf_metadata, **box)
    else:
        fig.savefig(stem + ".pdf", dpi=style.dpi, metadata=style.pdf_metadata)
    plt.close(fig)
