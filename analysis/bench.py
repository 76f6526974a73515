"""Benchmarks: kernel hands per second against the referee measured in the same run.

Machines here are shared and noisy, so every figure is the best of ``repeats`` timed runs and
the kernel's speed is also given as a ratio to the pure-Python referee's replay speed measured
seconds earlier in the same process.  Compile (or cache-load) time is reported separately: it is
the first call's time minus a timed call's.  Used by ``euchre-sim bench`` and ``scripts/bench.py``.
"""

from __future__ import annotations

import os
import random
import resource
import time

import numba

from sim import Rules, Table, simulate


def _best(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def referee_rate(n: int = 2_000, seed: int = 0) -> float:
    """Referee replay speed (hands/s) over ``n`` kernel-traced hands of mixed strategies."""
    from sim import replay_record, trace

    records = trace(seed, range(n), Rules(), Table.teams("basic", "random"))
    t = _best(lambda: [replay_record(r) for r in records], 2)
    return n / t


def compile_seconds() -> float:
    """Time of the first kernel call in this process beyond a warm call of the same size."""
    t0 = time.perf_counter()
    simulate(1_000, seed=0, table=Table.teams("basic"))
    simulate(1_000, seed=0, records=True, table=Table.teams("basic"))
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    simulate(1_000, seed=0, table=Table.teams("basic"))
    simulate(1_000, seed=0, records=True, table=Table.teams("basic"))
    return first - (time.perf_counter() - t0)


def solver_rows(deals: int = 2_000) -> dict:
    """The exact solver: microseconds per whole deal on one core with the transposition table
    emptied before each (four-handed, alone, and four-handed with every first card's value),
    and four-handed deals per second on all cores."""
    from sim.solver import timing

    return {
        "four_handed": timing.solve_rates(deals, seed=1),
        "alone": timing.solve_rates(deals, seed=2, alone=True),
        "four_handed_card_values": timing.solve_rates(deals, seed=1, with_cards=True),
        "deals_per_s_all_cores": timing.parallel_rate(10 * deals, seed=3),
        "pimc_card": pimc_card_rate(),
        **pimc_hand_rates(),
    }


# the bench's rows of pimc with inference: (key, the inference parameter)
INFERENCES = {"bids": "bids", "bids_play": "bids+play"}


def pimc_hand_rates(hands: int = 200) -> dict:
    """CPU milliseconds per complete hand with four pimc players on one thread, and per
    decision by kind (``sim.run.costs.decision_costs``): at the default settings
    (``pimc_hand``) and weighing its worlds by the bids (``pimc_hand_inference_bids``) and by
    the bids and the play (``pimc_hand_inference_bids_play``), on the same deals."""
    from sim.run.costs import decision_costs

    seed = random.randrange(1 << 30)
    return {"pimc_hand": decision_costs(hands, seed=seed, strategy="pimc"),
            **{f"pimc_hand_inference_{key}": decision_costs(
                hands, seed=seed, strategy=f"pimc:inference={name}")
               for key, name in INFERENCES.items()}}


def pimc_card_rate(hands: int = 40, worlds: int = 100) -> dict:
    """CPU milliseconds per card decision of the pimc player (decisions with a choice) at
    ``worlds`` worlds, over the card plays of ``hands`` traced hands."""
    from sim import trace
    from sim.players.pimc.play import decision_ms

    return decision_ms(trace(7, range(hands)), worlds)


def agent_rows(decisions: int = 400, bot_deals: int = 200) -> dict:
    """The decision API and outside bots: ``sim.agent("tuned").act(view)`` in microseconds (a
    checked view built from the referee's hand, then the kernel's decision), the view alone,
    ``pimc``'s ``act`` in milliseconds (default settings), and an outside bot against tuned
    through the referee in hands a second, one process and all cores."""
    import dataclasses

    from sim import Agent, Rules, Table, load_strategy, simulate, view_for
    from sim.referee import Hand
    from sim.run.refereed import deal_of

    views = []
    agent = Agent("tuned")
    for i in range(10_000):
        hand = Hand(*deal_of(9, i))
        while hand.phase != "done" and len(views) < decisions:
            seat = hand.dealer if hand.phase == "discard" else hand.turn
            view = view_for(hand, seat)
            views.append(view)
            hand.apply(agent.act(view, hand=i))
        if len(views) >= decisions:
            break
    agent.act(views[0], hand=0)                         # compile or load first

    def act_all(who=agent, vs=views):
        for v in vs:
            who.act(v, hand=0)

    def build_all():
        for v in views:
            dataclasses.replace(v)          # made and checked again from its fields

    out = {"tuned_act_us": 1e6 * _best(act_all, 3) / len(views),
           "view_us": 1e6 * _best(build_all, 3) / len(views)}
    pimc = Agent("pimc")
    few = views[:40]
    act_all(pimc, few)          # compile or load each kind of decision first (pimc's load lazily)
    out["pimc_act_ms"] = 1e3 * _best(lambda: act_all(pimc, few), 1) / len(few)
    table = Table((load_strategy("tuned"), load_strategy("examples/bot.py:TrumpCounter")) * 2)
    for threads in sorted({1, numba.config.NUMBA_NUM_THREADS}):
        r = simulate(bot_deals, seed=random.randrange(1 << 30), rules=Rules(), table=table,
                     threads=threads)
        out[f"bot_hands_per_s_{threads}"] = r.hands / r.wall_s
    return out


def equilibrium_rows(deals: int = 300_000) -> dict:
    """The bidding game's solver: deals of MCCFR a second on all threads (after a warm-up that
    compiles) under tuned's card play and under perfect play, the solver's state in memory, and
    each committed table's size on disk and the solving time it took (its manifest)."""
    import json

    from sim import Rules, equilibrium_table_path, solve_equilibrium
    from sim.equilibrium.cfr import State
    from sim.players.equilibrium_table import SCORE_TABLES, score_win_path

    def rate(play, n, **at):
        solve_equilibrium(play=play, iterations=1_000, batch=1_000, **at)
        t = solve_equilibrium(play=play, iterations=n, seed=random.randrange(1 << 30), **at)
        return n / t.meta["wall_s"] if t.meta["wall_s"] else float("nan")

    out = {"deals_per_s": rate("tuned", deals),
           "perfect_deals_per_s": rate("perfect", max(deals // 20, 1_000)),
           "state_mb": sum(a.nbytes for a in State().arrays.values()) / 1e6, "tables": {}}
    win = score_win_path(Rules())
    if win is not None:
        from analysis.win_csv import load_win_csv

        out["score_deals_per_s"] = rate("tuned", deals, score=(9, 8),
                                        win=load_win_csv(win, Rules().game_to))
        out["score_tables_mb"] = sum(f.stat().st_size for f in SCORE_TABLES.rglob("*.npz")) / 1e6
    manifest = equilibrium_table_path(Rules()).parent / "manifest.json"
    if manifest.is_file():
        for name, f in json.loads(manifest.read_text())["tables"].items():
            out["tables"][name] = {"mb": f["bytes"] / 1e6, "deals": f["iterations"],
                                   "hours": f["wall_s"] / 3600}
    return out


def cold_start() -> dict:
    """The README's main job (``euchre-sim simulate`` on defaults) in a new process with an
    empty compile cache: its wall time, the compile time it reports and its peak memory."""
    import json
    import subprocess
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        t0 = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", "from analysis.cli import main; main()", "simulate",
             "--json", "--silent"],
            capture_output=True, text=True, env={**os.environ, "NUMBA_CACHE_DIR": cache})
        wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise RuntimeError(f"the cold-start run failed: {done.stderr.strip()[-500:]}")
    report = json.loads(done.stdout)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"wall_s": wall, "compile_s": report["compile_s"],
            "hands_per_s": report["hands_per_s"], "max_rss_mb": peak}


def run_bench(hands: int = 4_000_000, repeats: int = 3, progress=None) -> dict:
    """All benchmark figures as a dict (``analysis.text.bench.format_bench`` prints them)."""
    out = {"hands": hands, "repeats": repeats, "cores": numba.config.NUMBA_NUM_THREADS}
    out["cold_start"] = cold_start()          # first: the peak memory is its process's
    out["compile_s"] = compile_seconds()
    out["referee_hands_per_s"] = referee_rate()
    rows = []
    thread_counts = sorted({1, numba.config.NUMBA_NUM_THREADS})
    for strategy in ("basic", "random"):
        for records in (False, True):
            for threads in thread_counts:
                n = hands if not records else max(hands // 2, 1)
                table = Table.teams(strategy)
                seed = random.randrange(1 << 30)
                def run(n=n, seed=seed, table=table, records=records, threads=threads):
                    simulate(n, seed=seed, table=table, records=records, threads=threads)

                t = _best(run, repeats)
                rate = n / t
                rows.append({
                    "strategy": strategy, "mode": "records" if records else "aggregate",
                    "threads": threads, "hands": n, "seconds": t, "hands_per_s": rate,
                    "ns_per_hand_per_core": 1e9 * t / n * threads,
                    "x_referee": rate / out["referee_hands_per_s"],
                })
                if progress:
                    progress(rows[-1])
    # games, TOML and code strategies, all threads, aggregate mode
    from pathlib import Path

    from sim import simulate_games

    examples = Path(__file__).resolve().parent.parent / "examples"
    # tuned: basic's kernel with its card-play switches on (the played-cards mask kept)
    extra = [("basic games", "basic", "games"), ("tuned", "tuned", "aggregate")]
    toml = examples / "strategies" / "lighter-dealer-partner.toml"
    if toml.is_file():
        extra.append(("TOML file", str(toml), "aggregate"))
    from sim import Rules, equilibrium_table_path

    if equilibrium_table_path(Rules()).is_file():
        extra += [("equilibrium", "equilibrium", "aggregate"),
                  # in games the score-reading player bids by the table for each score
                  ("equilibrium games, 0-0 table", "equilibrium:scores=off", "games"),
                  ("equilibrium games, score tables", "equilibrium", "games")]
    if (examples / "code_strategy.py").is_file():
        import sys

        sys.path.insert(0, str(examples.parent))
        extra.append(("code", "examples.code_strategy:BowerHunter", "aggregate"))
    threads = max(thread_counts)
    for label, spec, mode in extra:
        table = Table.teams(spec)
        seed = random.randrange(1 << 30)
        if mode == "games":
            games = max(hands // 12, 1)
            simulate_games(100, seed=seed, table=table)            # warm-up / compile
            best = None
            for _ in range(repeats):
                r = simulate_games(games, seed=seed, table=table, threads=threads)
                if best is None or r.wall_s < best.wall_s:
                    best = r
            n, t = best.hands_played, best.wall_s
        else:
            simulate(1_000, seed=seed, table=table)                # warm-up / compile
            n = hands

            def run(n=n, seed=seed, table=table):
                simulate(n, seed=seed, table=table, threads=threads)

            t = _best(run, repeats)
        rate = n / t
        rows.append({
            "strategy": label, "mode": mode, "threads": threads, "hands": n, "seconds": t,
            "hands_per_s": rate, "ns_per_hand_per_core": 1e9 * t / n * threads,
            "x_referee": rate / out["referee_hands_per_s"],
        })
        if progress:
            progress(rows[-1])
    out["kernel"] = rows
    from analysis.advise import advise_bench

    out["advise_s"] = min(advise_bench() for _ in range(repeats))
    out["solver"] = solver_rows()
    if (Path(__file__).resolve().parent.parent / "examples" / "bot.py").is_file():
        out["agents"] = agent_rows()
    out["equilibrium"] = equilibrium_rows()
    # memory stays flat in aggregate mode: peak RSS after a long aggregate run
    out["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


__all__ = ["run_bench", "referee_rate", "compile_seconds", "solver_rows", "pimc_hand_rates",
           "pimc_card_rate", "agent_rows", "equilibrium_rows"]
