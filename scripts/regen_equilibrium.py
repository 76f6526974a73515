"""Regenerate ``results/equilibrium/`` from the committed tables (``sim/players/tables/``,
package data; ``equilibrium_tables.py`` computes those): the order-up chart under equilibrium
bidding beside tuned's and basic's on the same deals, the dealer with a jack turned, going alone,
each model's exploitability by position (pimc's on a smaller sample, beside the others' on the
same one), the bidding game under perfect play (its table, bids and exploitability; that table is
a study's output, written to ``results/equilibrium/perfect/``), equilibrium against tuned and
pimc (paired deals, seats swapped), and with equilibrium at every seat the studies the other
models answer (``regen_compare.py``: stick the dealer against redeal, each rule set with its own
equilibrium; ``regen_orderup.py``: ordering up and going alone), for
``scripts/models_figures.py``.

    python scripts/regen_equilibrium.py                      # everything (about two hours)
    python scripts/regen_equilibrium.py --only bids,exploit  # bids exploit deepest search
                                                             # perfect strength rules orderup
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "results" / "equilibrium"
SEED = 20261203
PARTS = ("bids", "exploit", "deepest", "search", "perfect", "strength", "rules", "orderup")


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def bids(deals: int) -> dict:
    from analysis.equilibrium import bids_by_class, headline, jack_turned, loner_rates, model_bids
    from analysis.plots.equilibrium import order_up_chart
    from analysis.plots.theme import save_figure
    from sim import PRESETS

    facts = {}
    for name in ("published", "stick-the-dealer"):
        b = model_bids(PRESETS[name], deals, SEED)
        bids_by_class(b).to_csv(OUT / f"bids_by_class-{name}.csv", index=False,
                                float_format="%.5f")
        jack_turned(b).to_csv(OUT / f"jack_turned-{name}.csv", index=False,
                              float_format="%.5f")
        loner_rates(b).to_csv(OUT / f"loners-{name}.csv", index=False, float_format="%.5f")
        h = headline(b)
        facts[name] = {"jack_pass": h["jack_pass"].round(4).to_dict(),
                       "rates": {f"{m} {p}": v for (m, p), v in
                                 h["rates"].round(4).to_dict("index").items()}}
        if name == "published":
            save_figure(order_up_chart(bids_by_class(b)), OUT / "order_up_chart")
    return facts


# the deep pass: fewer hands, eight times the worlds, so the in-sample figure's noise shrinks;
# the deepest four times more again, for the equilibrium alone (its upper figure is the bound)
DEEP = {"samples": 2_000, "worlds": 1_024, "seed": 7, "models": ("equilibrium", "tuned")}
DEEPEST = {"samples": 2_000, "worlds": 4_096, "seed": 8, "models": ("equilibrium",)}
# pimc's bidding on a sample (its bids are searched on every world), the others on the same one
SEARCH = {"samples": 2_000, "worlds": 32, "seed": 9, "models": ("pimc", "tuned", "equilibrium")}
# the bidding game under perfect play: its own table (published rules), what it bids beside the
# tuned-play table and tuned, and every model's exploitability under perfect play
PERFECT = {"deals": 20_000_000, "seed": 1, "samples": 2_000, "worlds": 32, "exploit_seed": 10,
           "dir": OUT / "perfect"}


def exploit(samples: int, worlds: int, seed: int = SEED,
            models=("equilibrium", "tuned", "basic"), name="exploitability") -> list[dict]:
    import pandas as pd

    import sim

    rows = []
    for model in models:
        t0 = time.perf_counter()
        for r in sim.exploitability(sim.bidding_policy(model, sim.Rules()), sim.Rules(),
                                    samples=samples, worlds=worlds, seed=seed):
            rows.append({"strategy": model, **r.__dict__})
        _log(f"  exploit {model}: {time.perf_counter() - t0:.0f} s")
    pd.DataFrame(rows).drop(columns=["deviation", "deviation_low", "deviation_high"]).to_csv(
        OUT / f"{name}.csv", index=False, float_format="%.5f")
    return rows


def perfect() -> dict:
    """The published rules' bidding game under perfect play: the table (``PERFECT["deals"]``,
    checkpointed: a second run resumes), its bids by hand class beside the tuned-play table's and
    tuned's on the same deals, and exploitability under perfect play."""
    import pandas as pd

    import sim
    from analysis.equilibrium import bids_by_class, headline, jack_turned, model_bids

    d = PERFECT["dir"]
    d.mkdir(exist_ok=True)
    out = d / "published-perfect.npz"
    ck = OUT / ".checkpoints" / "published-perfect.checkpoint.npz"
    ck.parent.mkdir(exist_ok=True)
    t0 = time.perf_counter()
    table = sim.solve_equilibrium(sim.Rules(), "perfect", PERFECT["deals"], PERFECT["seed"],
                                  out=out, checkpoint=ck, resume=ck.exists(),
                                  checkpoint_every=120)
    _log(f"  perfect table: {time.perf_counter() - t0:.0f} s")
    models = {"equilibrium (perfect play)": str(out), "equilibrium (tuned's play)": "equilibrium",
              "tuned": "tuned"}
    b = model_bids(sim.Rules(), 200_000, SEED, tuple(models.values()))
    b["model"] = b["model"].map({v: k for k, v in models.items()})
    bids_by_class(b).to_csv(d / "bids_by_class.csv", index=False, float_format="%.5f")
    jack_turned(b).to_csv(d / "jack_turned.csv", index=False, float_format="%.5f")
    h = headline(b)
    rows = []
    for name, spec in {**models, "pimc": "pimc"}.items():
        t0 = time.perf_counter()
        for r in sim.exploitability(sim.bidding_policy(spec, sim.Rules()), sim.Rules(),
                                    "perfect", PERFECT["samples"], PERFECT["worlds"],
                                    PERFECT["exploit_seed"]):
            rows.append({"strategy": name, **r.__dict__})
        _log(f"  exploit {name} under perfect play: {time.perf_counter() - t0:.0f} s")
    pd.DataFrame(rows).drop(columns=["deviation", "deviation_low", "deviation_high"]).to_csv(
        d / "exploitability.csv", index=False, float_format="%.5f")
    return {"table": {**table.meta, "bytes": out.stat().st_size},
            "jack_pass": h["jack_pass"].round(4).to_dict(),
            "rates": {f"{m} {p}": v for (m, p), v in h["rates"].round(4).to_dict("index").items()},
            "exploit": rows}


def tournament(a: str, b: str, hands: int, games: int, out: Path) -> None:
    """The ``tournament`` command's study, ``a`` against ``b``, written into ``out``."""
    from analysis.studies import TOURNAMENT

    result = TOURNAMENT.run(a, b, hands, games, SEED)
    command = TOURNAMENT.reproduce(result, out, force=True)
    _log(f"  {command}")
    result.write(out, force=True, command=command)


def script_run(name: str, *args) -> None:
    """Run another of the scripts (``scripts/NAME ARGS``) as its own process."""
    import subprocess

    _log(f"  python scripts/{name} " + " ".join(map(str, args)))
    subprocess.run([sys.executable, str(ROOT / "scripts" / name), *map(str, args)], check=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(PARTS))
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--samples", type=int, default=8_000)
    ap.add_argument("--worlds", type=int, default=128)
    ap.add_argument("--hands", type=int, default=10_000_000)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--pimc-hands", type=int, default=20_000)
    ap.add_argument("--pimc-games", type=int, default=2_000)
    a = ap.parse_args(argv)
    parts = a.only.split(",")
    facts_path = OUT / "facts.json"
    facts = json.loads(facts_path.read_text()) if facts_path.exists() else {}
    if "bids" in parts:
        facts["bids"] = bids(a.deals)
    if "exploit" in parts:
        facts["exploit"] = exploit(a.samples, a.worlds)
        facts["exploit_deep"] = exploit(DEEP["samples"], DEEP["worlds"], DEEP["seed"],
                                        DEEP["models"], "exploitability-deep")
    if "deepest" in parts:
        facts["exploit_deepest"] = exploit(DEEPEST["samples"], DEEPEST["worlds"],
                                           DEEPEST["seed"], DEEPEST["models"],
                                           "exploitability-deepest")
    if "search" in parts:
        facts["exploit_search"] = exploit(SEARCH["samples"], SEARCH["worlds"], SEARCH["seed"],
                                          SEARCH["models"], "exploitability-pimc")
    if "perfect" in parts:
        facts["perfect"] = perfect()
    if "strength" in parts:
        tournament("equilibrium", "tuned", a.hands, a.games, OUT / "vs-tuned")
        for a_, b_, out in (("pimc:bidding=equilibrium", "pimc", "pimc-bidding"),
                            ("equilibrium", "pimc", "vs-pimc")):
            tournament(a_, b_, a.pimc_hands, a.pimc_games, OUT / out)
    # the studies the other models answer (results/models), with equilibrium at every seat
    for part, script in (("rules", "regen_compare.py"), ("orderup", "regen_orderup.py")):
        if part in parts:
            script_run(script, "--strategy", "equilibrium", "--out", OUT.parent / "equilibrium")
    facts_path.write_text(json.dumps(facts, indent=1, default=float) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
