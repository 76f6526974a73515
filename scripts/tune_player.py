"""Regenerate ``results/tune/``: the ``tuned`` player, how it was found and what it measures.

1. **Card-play settings** (``settings.csv``): each of basic's card-play switches, set alone
   against basic and then added to the kept ones (replacing a kept setting of the same switch),
   on ``--setting-deals`` paired deals; a setting is kept when its interval against the kept
   set lies above 0.  These are the heuristics the
   solver's review of basic's play pointed at (``results/review/``): leads lose the most.
2. **The search** (``history.csv``, ``search.png``): CMA-ES over basic's bidding numbers from
   basic with the kept switches, in two stages: ``--generations`` against ``basic`` on
   ``--deals`` new deals a generation, then ``--pimc-generations`` from there against a pool of
   ``basic`` and a sample of ``pimc`` play (``PIMC_POOL``), with a smaller step.
3. **The switches again** (``settings_on_tuned.csv``): each flipped on the tuned bidding and
   kept when it measures better, since the best card play depends on how the hands were bid;
   a switch turned on from basic's default must gain at least ``--min-gain`` points a hand,
   since each one costs kernel speed (``tuned`` is the default player, and the issue asks
   for 0.8 of basic's speed: ``short_lead`` and ``short_discard`` together cost about a
   third of it for under 0.002 points a hand).
4. **Validation** on deals the search never saw (``validation.csv``): tuned against basic on
   ``--check-deals`` deals and ``--check-games`` games; tuned and basic each against pimc on the
   same ``--pimc-deals`` deals (the share of basic's gap to pimc that tuned closes).
5. ``tuned.toml``: the strategy; ``TUNED_PARAMS`` in ``sim/players/tuned.py`` (the built-in
   ``tuned``) holds the same numbers (a test checks they agree).  ``manifest.json``: sizes,
   seeds, timings.

Usage: python scripts/tune_player.py [--generations 80] [--deals 200000] [--seed 2026]
                                     [--scale 1.0] [--threads K]
(``--scale 0.01`` runs a hundredth of every size, for a quick look.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the card-play switches tried, in order, each with the setting tried
SWITCHES = (("stop_pulling", 2.0), ("stop_pulling", 3.0), ("stop_pulling", 1.0),
            ("short_discard", 1.0), ("second_low", 1.0), ("boss_lead", 1.0),
            ("short_lead", 1.0), ("partner_pulls", 0.0), ("overtake_partner", 2.0),
            ("overtake_partner", 0.0))
PIMC_POOL = "pimc@200"      # the second stage's sample of pimc play, deals per candidate


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _switches(basic, args, n, h2h):
    """Step 1: each switch against basic and against the kept set; (kept, table)."""
    import pandas as pd

    kept: dict = {}
    rows = []
    for name, value in SWITCHES:
        alone = basic.with_params(f"{name}={value:g}", **{name: value})
        with_kept = basic.with_params("kept+", **{**kept, name: value})
        ref = basic.with_params("kept", **kept)
        a = h2h(alone, basic, n(args.setting_deals), args.seed + 1000)
        b = h2h(with_kept, ref, n(args.setting_deals), args.seed + 1000)
        keep = bool(b["low"] > 0)
        rows.append({"setting": name, "value": value, "vs_basic": a["margin"],
                     "vs_basic_low": a["low"], "vs_basic_high": a["high"],
                     "vs_kept": b["margin"], "vs_kept_low": b["low"], "vs_kept_high": b["high"],
                     "kept_before": json.dumps(kept, sort_keys=True), "kept": keep,
                     "deals": n(args.setting_deals)})
        _log(f"{name}={value:g}: {a['margin']:+.4f} against basic, {b['margin']:+.4f} "
             f"[{b['low']:+.4f}, {b['high']:+.4f}] against the kept set -> "
             f"{'kept' if keep else 'dropped'}")
        if keep:
            kept[name] = value
    return kept, pd.DataFrame(rows)


def _search(start, args, n, out, timings):
    """Step 2: the two stages of CMA-ES; (result of the second, the whole history)."""
    import pandas as pd

    from analysis import tune_strategy

    def step(row):
        _log(f"generation {row['generation']}: mean {row['mean_score']:+.4f}, best "
             f"{row['best']:+.4f}, sigma {row['sigma']:.3f}")

    t0 = time.perf_counter()
    # (the file's strategy is named tuned-result: the name tuned belongs to the built-in)
    first = tune_strategy(start, deals=n(args.deals), generations=args.generations,
                          seed=args.seed, state=out / "search.state", threads=args.threads,
                          name="tuned-result", progress=step)
    (out / "search.state").unlink()
    timings["search_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    result = tune_strategy(first.strategy, deals=n(args.deals), generations=args.pimc_generations,
                           pool=("basic", PIMC_POOL), sigma=0.2, seed=args.seed + 500,
                           state=out / "search.state", threads=args.threads,
                           name="tuned-result", progress=step)
    (out / "search.state").unlink()
    timings["pimc_search_s"] = time.perf_counter() - t0
    history = pd.concat([first.history.assign(stage="basic"),
                         result.history.assign(stage="basic and pimc")], ignore_index=True)
    history["step"] = range(1, len(history) + 1)
    return result, history


def _polish(tuned, args, n, h2h):
    """Step 3: the switches again, on the tuned bidding: each one flipped (to its tried
    setting, or back to basic's default when the search started from that setting), kept when
    it measures better against the player so far (seed + 2000), by ``--min-gain`` at least
    when it turns a switch on; (player, table)."""
    import pandas as pd

    from sim.players import BASIC_PARAMS, P

    rows = []
    for name, value in SWITCHES:
        now = tuned.vector()[P[name]]
        flip = BASIC_PARAMS[name][0] if now == value else value
        if flip == now:
            continue
        trial = tuned.with_params("tuned-result", **{name: flip})
        r = h2h(trial, tuned, n(args.setting_deals), args.seed + 2000)
        turned_on = now == BASIC_PARAMS[name][0]
        keep = bool(r["low"] > 0 and (r["margin"] >= args.min_gain or not turned_on))
        rows.append({"setting": name, "from": now, "to": flip, "margin": r["margin"],
                     "low": r["low"], "high": r["high"], "kept": keep,
                     "deals": n(args.setting_deals)})
        _log(f"on the tuned bidding, {name} {now:g} -> {flip:g}: {r['margin']:+.4f} "
             f"[{r['low']:+.4f}, {r['high']:+.4f}] -> {'kept' if keep else 'dropped'}")
        if keep:
            tuned = trial
    return tuned, pd.DataFrame(rows)


def _validate(tuned, basic, args, n, h2h, timings):
    """Step 4, on deals of seed + 5000: (table, the tuned-basic row, its games row)."""
    import pandas as pd

    from analysis import head_to_head_games
    from sim import load_strategy

    t0 = time.perf_counter()
    check = args.seed + 5000
    h = h2h(tuned, basic, n(args.check_deals), check)
    g = head_to_head_games(tuned, basic, n(args.check_games), check,
                           threads=args.threads).iloc[0]
    val = [{"match": "tuned - basic", "deals": int(h["deals"]), "margin": h["margin"],
            "low": h["low"], "high": h["high"], "games": int(g["games"]),
            "a_wins": g["a_wins"], "wins_low": g["low"], "wins_high": g["high"]}]
    timings["check_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    pimc = load_strategy("pimc")
    for label, s in (("tuned", tuned), ("basic", basic)):
        r = h2h(s, pimc, n(args.pimc_deals), check)
        val.append({"match": f"{label} - pimc", "deals": int(r["deals"]),
                    "margin": r["margin"], "low": r["low"], "high": r["high"]})
        _log(f"{label} - pimc: {r['margin']:+.4f} [{r['low']:+.4f}, {r['high']:+.4f}]")
    timings["pimc_s"] = time.perf_counter() - t0
    validation = pd.DataFrame(val)
    gap = -validation.loc[2, "margin"]
    validation["gap_closed"] = [None, 1 - (-validation.loc[1, "margin"]) / gap, None]
    return validation, h, g


def _chart(history, args, n, out) -> None:
    import matplotlib.pyplot as plt

    from analysis.plots import save_figure, style

    with style():
        fig, ax = plt.subplots(figsize=(7, 3.6))
        ax.plot(history["step"], history["vs_basic"], label="the mean against basic")
        second = history[history["stage"] != "basic"]
        ax.plot(second["step"], second[f"vs_{PIMC_POOL}"], lw=0.8,
                label=f"the mean against pimc ({PIMC_POOL.split('@')[1]} deals)")
        ax.axhline(0, color="0.6", lw=0.8)
        ax.axvline(args.generations + 0.5, color="0.6", lw=0.8, ls="--")
        ax.set_xlabel("generation (after the dashed line: pool of basic and pimc)")
        ax.set_ylabel("points a hand")
        ax.set_title(f"CMA-ES self-play, {n(args.deals):,} new paired deals a generation")
        ax.legend(fontsize=8)
    save_figure(fig, out / "search")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--generations", type=int, default=100)
    p.add_argument("--pimc-generations", type=int, default=20)
    p.add_argument("--deals", type=int, default=200_000, help="deals a candidate, a generation")
    p.add_argument("--setting-deals", type=int, default=1_000_000)
    p.add_argument("--check-deals", type=int, default=10_000_000)
    p.add_argument("--check-games", type=int, default=200_000)
    p.add_argument("--pimc-deals", type=int, default=10_000)
    p.add_argument("--min-gain", type=float, default=0.002,
                   help="points a hand a switch turned on in step 3 must gain (its speed cost)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--scale", type=float, default=1.0, help="share of every size")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--out", type=Path, default=ROOT / "results" / "tune")
    args = p.parse_args(argv)

    from analysis import head_to_head, strategy_toml
    from sim import load_strategy

    def n(x):
        return max(int(x * args.scale), 2)

    def h2h(a, b, deals, seed):
        return head_to_head(a, b, deals, seed, threads=args.threads).iloc[0]

    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    basic = load_strategy("basic")
    timings = {}
    t0 = time.perf_counter()
    kept, settings = _switches(basic, args, n, h2h)
    settings.to_csv(out / "settings.csv", index=False, float_format="%.10g")
    timings["settings_s"] = time.perf_counter() - t0
    result, history = _search(basic.with_params("basic+play", **kept), args, n, out, timings)
    history.to_csv(out / "history.csv", index=False, float_format="%.10g")
    t0 = time.perf_counter()
    tuned, polish = _polish(result.strategy, args, n, h2h)
    polish.to_csv(out / "settings_on_tuned.csv", index=False, float_format="%.10g")
    timings["polish_s"] = time.perf_counter() - t0
    validation, h, g = _validate(tuned, basic, args, n, h2h, timings)
    validation.to_csv(out / "validation.csv", index=False, float_format="%.10g")
    _log(validation.to_string())

    text = strategy_toml(replace(result, strategy=tuned),
                         "basic's bidding tuned by CMA-ES self-play, with the card-play "
                         "switches the solver's review found", [
        "written by: python scripts/tune_player.py (results/tune/manifest.json has the sizes)",
        f"against basic on {int(h['deals']):,} new deals: {h['margin']:+.4f} points a hand "
        f"[{h['low']:+.4f}, {h['high']:+.4f}]; games to 10 won: {g['a_wins']:.1%}",
    ])  # fmt: skip
    (out / "tuned.toml").write_text(text)
    _chart(history, args, n, out)
    manifest = {"script": "scripts/tune_player.py", "seed": args.seed, "scale": args.scale,
                "generations": args.generations, "pimc_generations": args.pimc_generations,
                "pimc_pool": PIMC_POOL, "deals": n(args.deals),
                "setting_deals": n(args.setting_deals), "check_deals": n(args.check_deals),
                "check_games": n(args.check_games), "pimc_deals": n(args.pimc_deals),
                "check_seed": args.seed + 5000, "min_gain": args.min_gain,
                "kept_settings": kept,
                "params": {k: v for k, v in sorted(tuned.params.items())},
                **{k: round(v, 1) for k, v in timings.items()}}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    _log(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
