"""Charts, one module per study: each plot takes a tidy DataFrame and ``ax=None`` (or
``axes=``) and returns what it drew; ``theme`` holds the one style and ``save_figure``.
"""

from analysis.plots.compare import (
    comparison_figure,
    plot_differences,
    plot_maker_rates,
    plot_side_by_side,
    plot_win_probability,
    plot_win_probability_difference,
    win_probability_figure,
)
from analysis.plots.headtohead import plot_tournament
from analysis.plots.ladder import plot_ladder
from analysis.plots.models import (
    plot_gain_by_models,
    plot_stick_by_models,
    plot_win_probability_by_models,
)
from analysis.plots.orderup import (
    MIN_POINT_DEALS,
    POINTS_LABEL,
    bower_figure,
    bower_table,
    decision_figure,
    figure_note,
    plot_bower_heatmap,
    plot_decision_heatmap,
    plot_gain_by_points,
    plot_rate_by_points,
    plot_rate_heatmap,
    position_grid,
    trumps_label,
)
from analysis.plots.perfect import published_figure, two_models_figure, two_models_heatmaps
from analysis.plots.review import play_review_figure, plot_play_review
from analysis.plots.theme import (
    PNG_METADATA,
    STYLE,
    SVG_METADATA,
    axes_or_new,
    colour_map,
    figure_png,
    save_figure,
    style,
)

__all__ = [
    "STYLE", "PNG_METADATA", "SVG_METADATA", "style", "axes_or_new", "colour_map", "figure_png",
    "save_figure",
    "plot_decision_heatmap", "plot_rate_heatmap", "plot_rate_by_points", "plot_gain_by_points",
    "position_grid", "decision_figure", "trumps_label", "figure_note", "bower_table",
    "plot_bower_heatmap", "bower_figure", "POINTS_LABEL", "MIN_POINT_DEALS",
    "plot_side_by_side", "plot_differences", "plot_win_probability", "plot_maker_rates",
    "plot_win_probability_difference", "comparison_figure", "win_probability_figure",
    "plot_tournament", "plot_ladder", "plot_play_review", "play_review_figure",
    "plot_gain_by_models", "plot_stick_by_models", "plot_win_probability_by_models",
    "two_models_figure", "two_models_heatmaps", "published_figure",
]  # fmt: skip
