"""Regenerate ``results/models/``: each of the mission's answers under every model of play that
was run, side by side, from the committed single-model results:

* ordering up (order minus pass, by position and trumps): ``basic`` (``results/orderup``),
  ``tuned`` (``results/tuned/orderup``), ``pimc`` (``results/pimc/orderup``) and perfect play
  after basic's bidding (``results/perfect``);
* going alone (alone minus with partner): the same four, from the ``alone`` folders;
* stick the dealer minus redeal: ``basic`` (``results/compare``), ``tuned``
  (``results/tuned/compare``) and ``pimc`` where run (``results/pimc/compare``);
* the win probability by score under published rules: the same models;
* and each of them with ``equilibrium`` at every seat (equilibrium bidding, tuned's card play:
  ``results/equilibrium/orderup``, ``alone`` and ``compare``).

Writes ``order_up_models.png``/``.svg``, ``alone_models``, ``stick_the_dealer_models``,
``win_probability_models``, the stacked tables (``*_models.csv``), the agreement tables
(``*_agreement.csv``: each model's sign of the gain and whether the clear ones agree) and
``manifest.json``.  Regenerate the inputs first (``scripts/regen_orderup.py``,
``regen_compare.py``, ``regen_perfect.py``, each with ``--strategy``; for equilibrium
``--strategy equilibrium --out results/equilibrium``).

Usage: python scripts/models_figures.py [--results results]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIN_DEALS = 20


def _read(path: Path, **where):
    import pandas as pd

    if not path.is_file():
        print(f"  (no {path}: left out)", file=sys.stderr)
        return None
    df = pd.read_csv(path)
    for k, v in where.items():
        df = df[df[k] == v]
    return df


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--results", type=Path, default=ROOT / "results")
    args = p.parse_args(argv)
    from analysis.models import agreement, stack
    from analysis.plots import (
        plot_gain_by_models,
        plot_stick_by_models,
        plot_win_probability_by_models,
        save_figure,
    )

    r = args.results
    out = r / "models"
    out.mkdir(parents=True, exist_ok=True)
    inputs = {}
    for question, folder, csv, label in (
            ("order_up", "orderup", "order_vs_pass_by_trumps.csv", "order up minus pass"),
            ("alone", "alone", "alone_vs_partner_by_trumps.csv", "alone minus with partner")):
        sources = {"basic": r / folder / csv, "tuned": r / "tuned" / folder / csv,
                   "pimc": r / "pimc" / folder / csv, "perfect": r / "perfect" / csv,
                   "equilibrium": r / "equilibrium" / folder / csv}
        frames = {m: _read(path, play="perfect" if m == "perfect" else "strategy")
                  for m, path in sources.items()}
        df = stack(frames)
        # groups of fewer than MIN_DEALS deals (pimc's rare five-trump hands) have no useful
        # interval: left out of the figure and the tables
        df = df[(df["position"] != "all") & (df["deals"] >= MIN_DEALS)]
        df.to_csv(out / f"{question}_models.csv", index=False, float_format="%.10g")
        agreement(df).to_csv(out / f"{question}_agreement.csv", index=False)
        fig = plot_gain_by_models(df, f"{label}, points a hand",
                                  f"{label.capitalize()}, by who is playing (paired deals, "
                                  f"95% intervals)")
        save_figure(fig, out / f"{question}_models")
        inputs[question] = {m: str(path.relative_to(r)) for m, path in sources.items()
                            if frames[m] is not None}
    compare = {"basic": r / "compare", "tuned": r / "tuned" / "compare",
               "pimc": r / "pimc" / "compare", "equilibrium": r / "equilibrium" / "compare"}
    cmp = stack({m: _read(f / "comparison.csv") for m, f in compare.items()})
    cmp.to_csv(out / "stick_the_dealer_models.csv", index=False, float_format="%.10g")
    save_figure(plot_stick_by_models(cmp), out / "stick_the_dealer_models")
    win = stack({m: _read(f / "win_probability.csv", rules="published rules")
                 for m, f in compare.items()})
    win.to_csv(out / "win_probability_models.csv", index=False, float_format="%.10g")
    save_figure(plot_win_probability_by_models(win), out / "win_probability_models")
    inputs["stick_the_dealer"] = {m: str(f.relative_to(r)) for m, f in compare.items()
                                  if (f / "comparison.csv").is_file()}
    (out / "manifest.json").write_text(json.dumps({"script": "scripts/models_figures.py",
                                                   "inputs": inputs}, indent=2) + "\n")
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
