"""How strong is ``pimc``?  Paired, seat-swapped tournaments written to
``results/pimc/tournament/``:

* ``pimc-basic``: pimc against basic (points per hand and games to 10, with 95% intervals);
* ``pimc-pass-models``: pimc's two pass models against each other (basic, the default, against
  zero);
* ``pimc-inference``: pimc with inference from the bids against pimc without;

and the published PIMC hand priced by ``advise`` (``results/pimc/advise_published_hand*.json``:
"JS AS 9H 9D TC", 9S up, first seat) with pimc players around the table, once with each pass
model.  Each tournament is the ``tournament`` command's study (``analysis.studies.TOURNAMENT``),
and its manifest carries the command that reproduces it.

Usage: python scripts/pimc_tournament.py [--scale 1.0] [--seed 2026]
(``--scale 0.1`` runs a tenth of the deals and games, for a quick look.)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# (folder, a, b, deals, games)
MATCHES = (
    ("pimc-basic", "pimc", "basic", 20_000, 2_000),
    ("pimc-pass-models", "pimc", "pimc:pass_model=zero", 4_000, 400),
    ("pimc-inference", "pimc:inference=basic", "pimc", 4_000, 400),
)
HAND = ("JS AS 9H 9D TC", "9S", "first")


def _run(args: list[str], out: Path | None = None) -> None:
    print("$ euchre-sim " + " ".join(args), file=sys.stderr, flush=True)
    done = subprocess.run(["euchre-sim", *args], check=True, capture_output=out is not None,
                          text=True)
    if out is not None:
        tmp = out.with_suffix(".tmp")
        tmp.write_text(done.stdout)
        tmp.replace(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scale", type=float, default=1.0, help="share of the deals and games")
    p.add_argument("--seed", type=int, default=2026, help="run seed (default 2026)")
    args = p.parse_args(argv)
    if not 0 < args.scale <= 10:
        p.error("--scale must be above 0 and at most 10")
    t0 = time.perf_counter()
    from analysis.studies import TOURNAMENT

    for folder, a, b, deals, games in MATCHES:
        out = ROOT / "results" / "pimc" / "tournament" / folder
        result = TOURNAMENT.run(a, b, max(int(deals * args.scale), 2),
                                max(int(games * args.scale), 2), args.seed)
        command = TOURNAMENT.reproduce(result, out, force=True)
        print(f"$ {command}", file=sys.stderr, flush=True)
        result.write(out, force=True, command=command)
    pimc_dir = ROOT / "results" / "pimc"
    pimc_dir.mkdir(parents=True, exist_ok=True)
    for suffix, strategy in (("", "pimc"), ("_zero_pass", "pimc:pass_model=zero")):
        _run(["advise", HAND[0], "--upcard", HAND[1], "--position", HAND[2], "--strategy",
              strategy, "--deals", str(max(int(4_000 * args.scale), 1)), "--seed",
              str(args.seed), "--json"], pimc_dir / f"advise_published_hand{suffix}.json")
    print(f"done in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
