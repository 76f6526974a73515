"""Regenerate ``results/card/``: the strategy card of each committed rule set's equilibrium
(``euchre-sim card``), the point counts measured against it (agreement with the table, each
position's exploitability, points a hand and games against the equilibrium and tuned on paired
seat-swapped deals) and the fitted count's fit (refit with ``--fit``: the values it finds are
the ones ``sim.players.counts.FITTED`` ships; the script says when they differ).

    python scripts/regen_card.py                         # card, fit check, measurements
    python scripts/regen_card.py --only card             # card fit measure ladder
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "results" / "card"
SEED = 20261205
PARTS = ("card", "fit", "measure", "ladder")
COUNTS = ("euchre-universe", "ohio-bps", "trickster", "trump-rule", "fitted")
SIZES = {"samples": 4_000, "worlds": 64, "hands": 2_000_000, "games": 200_000,
         "fit_samples": 20_000, "fit_worlds": 32, "ladder_hands": 200_000,
         "ladder_games": 20_000}
# the ladder of the fast players at a modest size (the full ladder, pimc's pairs with it, is
# ``scripts/regen_ladder.py``; its default list now holds the counts too)
LADDER = ("basic", "tuned", "equilibrium", *COUNTS)


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def card() -> dict:
    from analysis.studies import CARD
    from analysis.studies.card import save_card
    from sim import PRESETS

    done = {}
    for name in ("published", "stick-the-dealer"):
        result = CARD.run("equilibrium", PRESETS[name])
        result.write(OUT / name, force=True,
                     command=f"euchre-sim card --rules {name} --out results/card/{name}")
        if name == "published":
            save_card(result, OUT / "card.png")
        done[name] = result.text()
        _log(done[name])
    return done


def fit() -> dict:
    import sim
    from analysis.point_counts import describe_values, fit_count
    from sim import Rules
    from sim.players.counts import FITTED

    rules = Rules()
    table = sim.load_equilibrium_table(rules)
    t0 = time.perf_counter()
    stakes = sim.plan_values(sim.bidding_policy("equilibrium", rules), rules,
                             SIZES["fit_samples"], SIZES["fit_worlds"], SEED)
    values, cost = fit_count(stakes, table, passes=12, steps=(-3, -2, -1, 1, 2, 3))
    out = {"values": values.__dict__, "words": describe_values(values), "cost": cost,
           "samples": SIZES["fit_samples"], "worlds": SIZES["fit_worlds"], "seed": SEED,
           "seconds": round(time.perf_counter() - t0, 1)}
    out["same_as_shipped"] = values == FITTED
    _log(f"fitted: {out['words']}; order {values.order}, call {values.call}, alone "
         f"{values.alone1} / {values.alone2}; stakes-weighted disagreement {cost:.1f}; "
         f"{'the shipped values' if out['same_as_shipped'] else 'DIFFERS from FITTED'}")
    (OUT / "fitted.json").write_text(json.dumps(out, indent=2, default=list) + "\n")
    return out


def measure() -> dict:
    import pandas as pd

    import sim
    from analysis.point_counts import agreement, exploit_rows, matches, summary
    from sim import Rules

    rules = Rules()
    table = sim.load_equilibrium_table(rules)
    t0 = time.perf_counter()
    agree = pd.concat([agreement(c, table) for c in COUNTS], ignore_index=True)
    exploit = pd.concat([exploit_rows(s, rules, SIZES["samples"], SIZES["worlds"], SEED)
                         for s in (*COUNTS, "tuned", "equilibrium")], ignore_index=True)
    _log(f"exploitability: {time.perf_counter() - t0:.0f} s")
    match = pd.concat([matches(s, rules, hands=SIZES["hands"], games=SIZES["games"],
                               seed=SEED) for s in (*COUNTS, "tuned")], ignore_index=True)
    _log(f"matches: {time.perf_counter() - t0:.0f} s")
    table_ = summary(agree, exploit, match)
    for name, df in (("agreement", agree), ("exploitability", exploit), ("matches", match),
                     ("point_counts", table_)):
        df.to_csv(OUT / f"{name}.csv", index=False, float_format="%.6g")
    _log(table_.round(4).to_string())
    return {"seconds": round(time.perf_counter() - t0, 1)}


def ladder() -> dict:
    from analysis.studies import LADDER as STUDY

    result = STUDY.run(list(LADDER), SIZES["ladder_hands"], SIZES["ladder_games"], SEED)
    result.write(OUT / "ladder", force=True,
                 command=STUDY.reproduce(result, OUT / "ladder", force=True))
    _log(result.text())
    return {"strategies": list(LADDER)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(PARTS), help=f"parts: {', '.join(PARTS)}")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    parts = args.only.split(",")
    done = {p: globals()[p]() for p in PARTS if p in parts}
    manifest = OUT / "manifest.json"
    old = json.loads(manifest.read_text()) if manifest.exists() else {}
    import sim

    old.update({"analysis": "card", "version": sim.__version__, "seed": SEED, "sizes": SIZES,
                "counts": list(COUNTS), "command": "python scripts/regen_card.py",
                **{f"{p}": v for p, v in done.items()}})
    manifest.write_text(json.dumps(old, indent=2, default=str) + "\n")


if __name__ == "__main__":
    main()
