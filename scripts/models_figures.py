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
``manifest.json``: the study ``analysis.studies.MODELS``.  Regenerate the inputs first
(``scripts/regen_orderup.py``, ``regen_compare.py``, ``regen_perfect.py``, each with
``--strategy``; for equilibrium ``--strategy equilibrium --out results/equilibrium``).

Usage: python scripts/models_figures.py [--results results]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--results", type=Path, default=ROOT / "results")
    args = p.parse_args(argv)
    from analysis.studies import MODELS

    out = args.results / "models"
    MODELS.run(args.results, log=lambda line: print(line, file=sys.stderr)).write(out, force=True)
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
