"""Our players against OpenSpiel's own bots in OpenSpiel's ``euchre`` game, with OpenSpiel
enforcing the rules (``pyspiel.evaluate_bots``): uniform random and ISMCTS.

Each hand is played twice on the same deal (the same chance seed), our player's team first on
seats N-S and then on E-W, so the margin is paired.  Both of OpenSpiel's games the tables cover
(``sim.agents.openspiel.OPENSPIEL_GAMES``: its default, stick the dealer; and redeal with a lone
defender), where the dealer may not discard the upcard: ``equilibrium`` bids by the committed
table for those rules.  Writes ``results/openspiel/matches.csv``, ``matches.md`` (the table the
README shows) and ``manifest.json``.  The rows against uniform random are the same run after
run; OpenSpiel's ISMCTS bot searches differently from run to run with the same seeds (two runs of
the same twelve deals differ), so its rows move within their intervals.  Needs the ``openspiel``
extra: ``pip install 'euchre-sim[openspiel]'``.

    python scripts/openspiel_match.py              # tuned and equilibrium vs random and ISMCTS
    python scripts/openspiel_match.py --ours basic --hands 200 --ismcts-hands 50
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def opponents(game, seed: int, simulations: int):
    import pyspiel

    def random_bot(p):
        return pyspiel.make_uniform_random_bot(p, seed + p)

    def ismcts_bot(p):
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed + p)
        return pyspiel.ISMCTSBot(seed + p, evaluator, 2.0, simulations, -1,
                                 pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, True)

    return {"uniform random": random_bot, f"ISMCTS ({simulations} simulations)": ismcts_bot}


def match(game, ours: str, make_opponent, hands: int, seed: int) -> dict:
    """Our strategy's points a hand minus the opponent's, paired over seatings."""
    import pyspiel

    from sim import openspiel_bot
    from sim.intervals import Z95_ROUNDED, half_width

    diffs = []
    t0 = time.perf_counter()
    for h in range(hands):
        pair = 0.0
        for team in (0, 1):
            bots = [openspiel_bot(ours, game, p, seed) if p % 2 == team else make_opponent(p)
                    for p in range(4)]
            returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed * 100_003 + h)
            pair += returns[team]
        diffs.append(pair / 2)
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = half_width(sd, n, Z95_ROUNDED)
    return {"hands": n, "margin": mean, "low": mean - half, "high": mean + half,
            "seconds": time.perf_counter() - t0}


def write_manifest(args, rows) -> None:
    """``manifest.json``: the settings, OpenSpiel's version and each match's time."""
    import json

    import pyspiel

    from sim.agents.openspiel import OPENSPIEL_GAMES
    from sim.run.manifests import manifest

    facts = manifest("openspiel matches", ours=args.ours.split(","), hands=args.hands,
                     ismcts_hands=args.ismcts_hands, simulations=args.simulations,
                     seed=args.seed, games=[dict(g) for g in OPENSPIEL_GAMES],
                     open_spiel=getattr(pyspiel, "__version__", None),
                     reproducible="the rows against uniform random; ISMCTS's search varies "
                                  "from run to run with the same seeds",
                     seconds={f"{r['ours']} vs {r['opponent']}, {r['game']}": r["seconds"]
                              for r in rows},
                     command="python scripts/openspiel_match.py" + "".join(
                         f" --{k.replace('_', '-')} {v}" for k, v in (
                             ("ours", args.ours), ("hands", args.hands),
                             ("ismcts_hands", args.ismcts_hands),
                             ("simulations", args.simulations), ("seed", args.seed))))
    (args.out / "manifest.json").write_text(json.dumps(facts, indent=1) + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ours", default="tuned,equilibrium",
                    help="our strategies, comma separated (any spec sim.agent takes)")
    ap.add_argument("--hands", type=int, default=1000, help="deals against uniform random")
    ap.add_argument("--ismcts-hands", type=int, default=1000, help="deals against ISMCTS")
    ap.add_argument("--simulations", type=int, default=1000, help="ISMCTS simulations a move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=ROOT / "results" / "openspiel")
    args = ap.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        print("needs OpenSpiel: pip install 'euchre-sim[openspiel]'", file=sys.stderr)
        return 2
    from sim.agents.openspiel import OPENSPIEL_GAMES

    rows = []
    for ours in args.ours.split(","):
        for params in OPENSPIEL_GAMES:
            game = pyspiel.load_game("euchre", params)
            for name, make in opponents(game, args.seed, args.simulations).items():
                n = args.hands if name == "uniform random" else args.ismcts_hands
                r = match(game, ours, make, n, args.seed)
                rows.append({"ours": ours, "opponent": name,
                             "game": ",".join(f"{k}={str(v).lower()}" for k, v in params.items()),
                             **{k: round(v, 4) if isinstance(v, float) else v
                                for k, v in r.items()}})
                print(rows[-1], flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "matches.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    lines = ["| ours | opponent | OpenSpiel game | deals | points a hand, ours - theirs (95%) |",
             "|---|---|---|---:|---|"]
    lines += [f"| {r['ours']} | {r['opponent']} | {r['game']} | {r['hands']:,} | "
              f"{r['margin']:+.3f} [{r['low']:+.3f}, {r['high']:+.3f}] |" for r in rows]
    (args.out / "matches.md").write_text("\n".join(lines) + "\n")
    write_manifest(args, rows)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
