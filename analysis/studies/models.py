"""The models study (``analysis.models``): each of the mission's answers under every model of
play that was run, side by side, read from the single-model run folders under one results
folder (``basic``: ``orderup``, ``alone``, ``compare``; ``tuned``, ``pimc`` and ``equilibrium``:
the same under their own folder; ``pimc+inference``, pimc reading the bids and the play
(``pimc:inference=bids+play``), under ``pimc_inference``; ``rollout``, the equilibrium's bids
with cards valued by tuned's rollouts on pimc's weighed worlds, under ``rollout``; perfect
play after basic's bidding: ``perfect``).  The two pimc models' gains by hand class are also
set side by side (``order_up_by_class_pimc``, ``alone_by_class_pimc``)."""

from __future__ import annotations

from pathlib import Path

from analysis.studies.study import Chart, Study, StudyResult

MIN_DEALS = 20  # groups with fewer deals have no useful interval: left out
GAINS = (  # (question, folder, table, label)
    ("order_up", "orderup", "order_vs_pass_by_trumps.csv", "order up minus pass"),
    ("alone", "alone", "alone_vs_partner_by_trumps.csv", "alone minus with partner"),
)
# the folder of each model run by a strategy at every seat (basic's is the results folder)
FOLDERS = {"tuned": "tuned", "pimc": "pimc", "pimc+inference": "pimc_inference",
           "rollout": "rollout", "equilibrium": "equilibrium"}
BY_CLASS = ("position", "hand_class", "trumps", "off_aces", "deals", "gain", "gain_low",
            "gain_high", "verdict")


def _gain_chart(question, label):
    def draw(t, _m):
        from analysis.plots import plot_gain_by_models

        return plot_gain_by_models(t[f"{question}_models"], f"{label}, points a hand",
                                   f"{label.capitalize()}, by who is playing (paired deals, "
                                   f"95% intervals)")  # fmt: skip

    return draw


def _stick_chart(t, _m):
    from analysis.plots import plot_stick_by_models

    return plot_stick_by_models(t["stick_the_dealer_models"])


def _win_chart(t, _m):
    from analysis.plots import plot_win_probability_by_models

    return plot_win_probability_by_models(t["win_probability_models"])


class Models(Study):
    """``models``: the single-model tables stacked with a ``model`` column, where their
    verdicts agree, and a chart of each question by model."""

    name = "models"
    charts = (
        *(Chart(f"{q}_models", _gain_chart(q, label), needs=(f"{q}_models",))
          for q, _, _, label in GAINS),
        Chart("stick_the_dealer_models", _stick_chart, needs=("stick_the_dealer_models",)),
        Chart("win_probability_models", _win_chart, needs=("win_probability_models",)),
    )  # fmt: skip
    float_formats = {"order_up_agreement": None, "alone_agreement": None}

    def run(self, results: Path, *, log=None) -> StudyResult:
        """The tables from the run folders under ``results``; ``log(line)`` hears of each
        input that is missing (left out)."""
        from analysis.models import agreement, stack

        r = Path(results)
        tables, inputs = {}, {}
        for question, folder, csv, _ in GAINS:
            sources = {"basic": r / folder / csv,
                       **{m: r / f / folder / csv for m, f in FOLDERS.items()},
                       "perfect": r / "perfect" / csv}
            frames = {m: _read(path, log, play="perfect" if m == "perfect" else "strategy")
                      for m, path in sources.items()}  # fmt: skip
            df = stack(frames)
            df = df[(df["position"] != "all") & (df["deals"] >= MIN_DEALS)]
            tables[f"{question}_models"] = df
            tables[f"{question}_agreement"] = agreement(df)
            inputs[question] = {m: str(path.relative_to(r)) for m, path in sources.items()
                                if frames[m] is not None}  # fmt: skip
            by_class = csv.replace("_by_trumps", "_by_class")
            pimcs = {m: _read(r / FOLDERS[m] / folder / by_class, log, play="strategy")
                     for m in ("pimc", "pimc+inference")}
            if all(f is not None for f in pimcs.values()):
                tables[f"{question}_by_class_pimc"] = stack(
                    {m: f[list(BY_CLASS)] for m, f in pimcs.items()})
        compare = {"basic": r / "compare",
                   **{m: r / f / "compare" for m, f in FOLDERS.items()}}
        tables["stick_the_dealer_models"] = stack(
            {m: _read(f / "comparison.csv", log) for m, f in compare.items()})
        tables["win_probability_models"] = stack(
            {m: _read(f / "win_probability.csv", log, rules="published rules")
             for m, f in compare.items()})  # fmt: skip
        inputs["stick_the_dealer"] = {m: str(f.relative_to(r)) for m, f in compare.items()
                                      if (f / "comparison.csv").is_file()}  # fmt: skip
        return StudyResult(self, tables, {"inputs": inputs})

    def manifest(self, result: StudyResult) -> dict:
        from sim.run.manifests import manifest

        return manifest(self.name, script="scripts/models_figures.py",
                        inputs=result.args["inputs"])  # fmt: skip


def _read(path: Path, log, **where):
    import pandas as pd

    if not path.is_file():
        if log is not None:
            log(f"  (no {path}: left out)")
        return None
    df = pd.read_csv(path)
    for k, v in where.items():
        df = df[df[k] == v]
    return df


MODELS = Models()

__all__ = ["MODELS", "Models", "MIN_DEALS"]
