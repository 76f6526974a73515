"""The benchmark's figures as text (what ``euchre-sim bench`` prints): compile time, hands per
second by strategy, mode and threads, and the solver's and pimc's costs."""

from __future__ import annotations


def format_solver(s: dict) -> list[str]:
    lines = [f"{'exact solver, one core':<27} {'min':>6} {'median':>7} {'p99':>7} {'mean':>7} "
             f"{'nodes med':>9} {'mean':>6}   (us per whole deal, table emptied each time)"]
    for key, label in (("four_handed", "four-handed deal"), ("alone", "lone maker deal"),
                       ("four_handed_card_values", "four-handed, each card")):
        r = s[key]
        lines.append(f"{label:<27} {r['min_us']:>6.2f} {r['median_us']:>7.2f} "
                     f"{r['p99_us']:>7.1f} {r['mean_us']:>7.2f} {r['median_nodes']:>9.0f} "
                     f"{r['mean_nodes']:>6.0f}")
    lines.append(f"{'solver, all cores':<27} {s['deals_per_s_all_cores']:>12,.0f} "
                 "four-handed deals/s")
    p = s["pimc_card"]
    lines.append(f"{'pimc card decision':<27} {p['ms_per_decision']:>12.2f} ms CPU "
                 f"({p['worlds']} worlds, {p['mean_worlds_solved']:.0f} solved on average, "
                 f"{p['decisions']} decisions)")
    h = s["pimc_hand"]
    lines.append(f"{'pimc hand, four pimc':<27} {h['ms_per_hand']:>12.2f} ms CPU per complete "
                 f"hand ({h['hands']} hands, one thread, default settings)")
    for kind in ("card", "bid", "discard"):
        k = h[kind]
        lines.append(f"{'  pimc ' + kind + ' decision':<27} {k['ms']:>12.2f} ms CPU "
                     f"({k['per_hand']:.2f} a hand, {k['worlds']:.0f} worlds and "
                     f"{k['solves']:.0f} solves on average)")
    for key, name in (("bids", "bids"), ("bids_play", "bids+play")):
        b = s.get(f"pimc_hand_inference_{key}")
        if b:
            lines.append(f"{'pimc, inference=' + name:<27} {b['ms_per_hand']:>12.2f} ms "
                         f"CPU per complete hand ({b['ms_per_hand'] / h['ms_per_hand']:.2f} x "
                         "default, the same deals)")
            card = b["card"]
            if "effective_worlds" in card:
                lines.append(f"{'  its card decision':<27} {card['ms']:>12.2f} ms CPU "
                             f"(the {card['weighed']} worlds it weighs worth "
                             f"{card['effective_worlds']:.0f} uniform ones; {card['solves']:.0f} "
                             "solved)")
    return lines


def cold_start_lines(c: dict | None) -> list[str]:
    """The cold-start row: the main job with an empty compile cache."""
    if not c:
        return []
    return [f"{'cold start (main job)':<27} {c['wall_s']:8.2f} s wall, {c['compile_s']:.2f} s "
            f"compiling, {c['max_rss_mb']:.0f} MB peak  (euchre-sim simulate, empty cache)"]


def format_agents(a: dict) -> list[str]:
    lines = [f"agent tuned, act(view)      {a['tuned_act_us']:8.0f} us  (a view built: "
             f"{a['view_us']:.0f} us more)",
             f"agent pimc, act(view)       {a['pimc_act_ms']:8.1f} ms"]
    for key, rate in sorted(a.items()):
        if key.startswith("bot_hands_per_s_"):
            n = key.rsplit("_", 1)[1]
            label = f"bot vs tuned, {n} process{'es' if n != '1' else ''}"
            lines.append(f"{label:<27} {rate:8.0f} hands/s (an outside bot, through the "
                         "referee)")
    return lines


def format_equilibrium(e: dict) -> list[str]:
    lines = [f"equilibrium MCCFR            {e['deals_per_s']:12,.0f} deals/s (each traversed "
             f"for 4 positions); state {e['state_mb']:.0f} MB"]
    if "perfect_deals_per_s" in e:
        lines.append(f"  under perfect play         {e['perfect_deals_per_s']:12,.0f} deals/s "
                     "(the solver values each contract)")
    if "score_deals_per_s" in e:
        lines.append(f"  at a score (9-8)           {e['score_deals_per_s']:12,.0f} deals/s "
                     f"(x{e['score_deals_per_s'] / e['deals_per_s']:.2f} of 0-0); score tables "
                     f"{e['score_tables_mb']:.1f} MB")
    for name, t in e["tables"].items():
        lines.append(f"  table {name:<21} {t['mb']:6.1f} MB, {t['deals']:,} deals in "
                     f"{t['hours']:.2f} h")
    return lines


def format_web(w: dict) -> list[str]:
    """The web application's rows (``analysis.web.bench``)."""
    lines = [f"{'serve: first page, cold':<27} {w['first_page_s']:8.2f} s   (empty compile "
             "cache; the compile goes on in the background)",
             f"{'serve: advise answer, warm':<27} {w['advise_s']:8.2f} s   (GET /api/advise, "
             "the default question, equilibrium)"]
    for spec, m in w["bot_move"].items():
        lines.append(f"{'serve: ' + spec + ' bot move':<27} {m['median_ms']:8.2f} ms median, "
                     f"{m['p99_ms']:.2f} ms at the 99th percentile, {m['max_ms']:.1f} ms worst "
                     f"({m['moves']} moves)")
    return lines


COLD_ROWS = (("first_page_s", "first page", ""),
             ("game_playable_s", "a game playable", "the Play page's new game answered"),
             ("first_hint_s", "first hint", ""),
             ("first_bot_move_s", "first move answered", "the bots' replies included"),
             ("first_advise_s", "advisor, first answer", "equilibrium at the table"),
             ("first_advise_round2_s", "advisor, first round 2", ""),
             ("first_advise_score_s", "advisor, first at a score", "9-6"),
             ("compiled_s", "everything compiled", "the background compile done"))
WARM_ROWS = (("bot_move", "a move (bots' replies)"), ("hint", "a hint (64 worlds)"),
             ("advise", "advise, round 1"), ("advise_round2", "advise, round 2"),
             ("advise_score", "advise at 9-6"), ("advise_other", "advise, another hand"))


def format_web_cold(c: dict) -> list[str]:
    """A cold start of ``serve`` as a player meets it (``analysis.web.bench.cold_figures``):
    seconds from the command's start, then the answers once warm."""
    lines = [f"serve, cold start (empty caches, {c.get('cores', '?')} cores, load "
             f"{c.get('load_before', '?')} before, {c['load']} after): seconds from the command's "
             "start, asked as a player asks"]
    for key, label, note in COLD_ROWS:
        if key not in c:
            continue
        extra = note
        if key == "first_hint_s":
            extra = (f"{c.get('first_hint_phase') or 'a decision'}, "
                     f"{c.get('first_hint_worlds')} worlds"
                     + (", plain Python while the solver compiles" if c.get("first_hint_note")
                        else ""))
        elif key.startswith("first_advise") and f"{key[:-2]}_took_s" in c:
            took = c[f"{key[:-2]}_took_s"]
            extra = ", ".join(x for x in (note, f"answered in {took:.2f} s",
                                          f"{c.get(key[:-2] + '_deals') or 0:,} deals") if x)
        lines.append(f"  {label:<25} {c[key]:8.2f} s" + (f"   ({extra})" if extra else ""))
    warm = c.get("warm_s") or {}
    if warm:
        lines.append(f"serve, warm: the slowest of {c.get('later', '?')} of each answer")
        for key, label in WARM_ROWS:
            if key in warm:
                lines.append(f"  {label:<25} {warm[key]:8.2f} s")
    return lines


def format_bench(b: dict) -> str:
    lines = [
        f"euchre-sim bench: best of {b['repeats']}, {b['cores']} cores",
        f"compile / cache load        {b['compile_s']:8.2f} s (first call beyond a warm call)",
        *cold_start_lines(b.get("cold_start")),
        f"referee replay              {b['referee_hands_per_s']:12,.0f} hands/s",
        "",
        f"{'strategy':<12} {'mode':<10} {'threads':>7} {'hands/s':>13} {'ns/hand/core':>13} "
        f"{'x referee':>10}",
    ]
    for r in b["kernel"]:
        lines.append(
            f"{r['strategy']:<12} {r['mode']:<10} {r['threads']:>7} {r['hands_per_s']:>13,.0f} "
            f"{r['ns_per_hand_per_core']:>13.0f} {r['x_referee']:>10,.0f}"
        )
    by = {(r["strategy"], r["mode"], r["threads"]): r["hands_per_s"] for r in b["kernel"]}
    top = max(r["threads"] for r in b["kernel"])
    base = by.get(("basic", "aggregate", top))
    if base:
        lines.append("")
        for label, mode in (("basic games", "games"), ("tuned", "aggregate"),
                            ("equilibrium", "aggregate"), ("TOML file", "aggregate"),
                            ("code", "aggregate")):
            if (label, mode, top) in by:
                lines.append(f"{label + ' / basic hands':<27} {by[(label, mode, top)] / base:8.2f}")
        eq, tuned = by.get(("equilibrium", "aggregate", top)), by.get(("tuned", "aggregate", top))
        if eq and tuned:
            lines.append(f"{'equilibrium / tuned hands':<27} {eq / tuned:8.2f}")
        on = by.get(("equilibrium games, score tables", "games", top))
        off = by.get(("equilibrium games, 0-0 table", "games", top))
        if on and off:
            lines.append(f"{'score tables / 0-0, games':<27} {on / off:8.2f}")
    lines.append("")
    lines.append(f"advise (default run)        {b['advise_s']:8.2f} s   "
                 '"JS AS 9H 9D TC" --upcard 9S --position first')
    if "solver" in b:
        lines.append("")
        lines.extend(format_solver(b["solver"]))
    if "agents" in b:
        lines.append("")
        lines.extend(format_agents(b["agents"]))
    if "equilibrium" in b:
        lines.append("")
        lines.extend(format_equilibrium(b["equilibrium"]))
    if "web" in b:
        lines.append("")
        lines.extend(format_web(b["web"]))
        if b["web"].get("cold"):
            lines.extend(format_web_cold(b["web"]["cold"]))
    lines.append(f"peak resident memory        {b['max_rss_mb']:8.0f} MB")
    return "\n".join(lines)


__all__ = ["format_bench", "format_solver", "format_agents", "format_equilibrium", "format_web",
           "format_web_cold"]
