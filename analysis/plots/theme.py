"""The charts' theme: the one style (``STYLE``, applied by ``style()``) and what every plot
module shares: axes when none are given, colour maps with a no-data colour, and ``save_figure``
/ ``figure_png``, which pin the metadata so the same table always gives the same files.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt

STYLE = {
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.labelsize": 9,
    "figure.titlesize": 11,
    "legend.fontsize": 8,
    "axes.grid": False,
    "figure.constrained_layout.use": True,
    "svg.hashsalt": "euchre-sim",  # fixed ids in SVG output
    "svg.fonttype": "none",  # text stays text: small, diffable SVGs
    "image.cmap": "RdBu",
}
PNG_METADATA = {"Software": None}
SVG_METADATA = {"Date": None, "Creator": None}
NO_DATA_COLOUR = "#eeeeee"
BAR_COLOURS = ("#4c72b0", "#dd8452")


@contextmanager
def style():
    """The package's matplotlib style (``STYLE``) for the duration of a block."""
    with mpl.rc_context(STYLE):
        yield


def axes_or_new(ax, figsize=(5.0, 4.0)):
    """``ax``, or the axes of a new figure of ``figsize`` when ``ax`` is None."""
    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    return ax


def colour_map(name: str):
    """Matplotlib colour map ``name`` with cells lacking data drawn in ``NO_DATA_COLOUR``."""
    return mpl.colormaps[name].with_extremes(bad=NO_DATA_COLOUR)


def figure_png(fig, dpi: int = 100) -> bytes:
    """``fig`` as PNG bytes (pinned metadata); closes the figure."""
    import io

    buf = io.BytesIO()
    with style():
        fig.savefig(buf, format="png", dpi=dpi, metadata=PNG_METADATA)
    plt.close(fig)
    return buf.getvalue()


def save_figure(fig, stem, dpi: int = 100) -> list[Path]:
    """Write ``stem.png`` and ``stem.svg`` with pinned metadata and close the figure."""
    stem = Path(stem)
    paths = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
    with style():
        fig.savefig(paths[0], dpi=dpi, metadata=PNG_METADATA)
        fig.savefig(paths[1], metadata=SVG_METADATA)
    plt.close(fig)
    return paths


__all__ = ["STYLE", "PNG_METADATA", "SVG_METADATA", "BAR_COLOURS", "style", "axes_or_new",
           "colour_map", "figure_png", "save_figure"]  # fmt: skip
