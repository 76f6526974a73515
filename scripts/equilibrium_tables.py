"""Regenerate the committed equilibrium tables (``sim/players/tables/``, package data that
ships in the wheel): the bidding game solved by Monte Carlo CFR under tuned's card play, for the
published rules, for stick the dealer and for OpenSpiel's two ``euchre`` games
(``sim.agents.openspiel.OPENSPIEL_GAMES``: the dealer may not discard the upcard), each written
where the ``equilibrium`` strategy looks for it (``sim.equilibrium_table_path``).

Checkpoints go to ``results/equilibrium/.checkpoints/`` (not committed); ``--resume`` goes on
from them, so a run cut short, or one with more ``--iterations``, continues where it stopped.
A manifest beside the tables (``sim/players/tables/manifest.json``) records each table's facts.

    python scripts/equilibrium_tables.py --iterations 150000000
    python scripts/equilibrium_tables.py --iterations 300000000 --resume
    python scripts/equilibrium_tables.py --only stick-the-dealer --iterations 2000000
    python scripts/equilibrium_tables.py --only openspiel,openspiel-lone-defender \
        --iterations 100000000
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CHECKPOINTS = ROOT / "results" / "equilibrium" / ".checkpoints"

RULE_SETS = ("published", "stick-the-dealer", "openspiel", "openspiel-lone-defender")


def rule_set(name: str):
    """The rules of a rule set's name: a preset, or one of OpenSpiel's games."""
    import sim
    from sim.agents.openspiel import OPENSPIEL_GAMES, openspiel_rules

    if name.startswith("openspiel"):
        return openspiel_rules(**OPENSPIEL_GAMES[name != "openspiel"])
    return sim.PRESETS[name]


def main(argv=None) -> int:
    import sim
    from sim.atomic import write_atomic
    from sim.run.manifests import manifest

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=150_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default=None, metavar="NAME[,NAME]",
                    help=f"some of the rule sets: {', '.join(RULE_SETS)}")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--threads", type=int, default=None)
    a = ap.parse_args(argv)
    facts = {}
    tables = sim.equilibrium_table_path(sim.Rules()).parent
    if not tables.is_relative_to(ROOT):
        ap.error(f"sim is imported from {tables}, not from this checkout ({ROOT})")
    mpath = tables / "manifest.json"
    if mpath.exists():
        facts = json.loads(mpath.read_text()).get("tables", {})
    names = RULE_SETS if a.only is None else tuple(a.only.split(","))
    if set(names) - set(RULE_SETS):
        ap.error(f"--only: choose among {', '.join(RULE_SETS)}")
    for name in names:
        rules = rule_set(name)
        out = sim.equilibrium_table_path(rules)
        ck = CHECKPOINTS / (out.stem + ".checkpoint.npz")
        ck.parent.mkdir(parents=True, exist_ok=True)
        resume = a.resume and ck.exists()
        print(f"{name}: {a.iterations:,} deals -> {out}", flush=True)
        table = sim.solve_equilibrium(rules, "tuned", a.iterations, a.seed, out=out,
                                      checkpoint=ck, resume=resume, checkpoint_every=120,
                                      threads=a.threads)
        facts[name] = {**table.meta, "file": out.name, "bytes": out.stat().st_size}
        print(f"  {table.meta['wall_s']:.0f} s solving, {out.stat().st_size / 1e6:.1f} MB",
              flush=True)
        write_atomic(mpath, json.dumps(manifest("equilibrium tables", tables=facts), indent=1)
                     + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
