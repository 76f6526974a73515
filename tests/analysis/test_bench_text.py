"""The bench's agent rows read as a person expects."""

from analysis.text.bench import format_agents


def test_agent_rows_name_what_was_timed():
    lines = format_agents({"tuned_act_us": 23.4, "view_us": 176.0, "pimc_act_ms": 0.62,
                           "bot_hands_per_s_1": 223.5, "bot_hands_per_s_2": 406.2})
    assert lines[0].startswith("agent tuned, act(view)") and "23 us" in lines[0]
    assert "176 us more" in lines[0] and "0.6 ms" in lines[1]
    assert [ln.split()[3] for ln in lines[2:]] == ["1", "2"]
    assert "1 process " in lines[2] and "2 processes" in lines[3]
    assert "406 hands/s" in lines[3]


def test_web_rows_name_what_was_timed():
    from analysis.text.bench import format_web

    lines = format_web({"first_page_s": 1.15, "advise_s": 0.1, "bot_move": {
        "tuned": {"median_ms": 0.02, "p99_ms": 0.06, "max_ms": 3.0, "moves": 225},
        "pimc": {"median_ms": 0.09, "p99_ms": 4.5, "max_ms": 4.9, "moves": 208}}})
    assert lines[0].startswith("serve: first page, cold") and "1.15 s" in lines[0]
    assert "0.10 s" in lines[1] and "GET /api/advise" in lines[1]
    assert lines[3].startswith("serve: pimc bot move") and "4.9 ms worst (208 moves)" in lines[3]


def test_web_cold_rows_name_what_was_timed():
    from analysis.text.bench import format_web_cold

    lines = format_web_cold({
        "cores": 2, "load_before": "1.2 1.0 0.9", "load": "1.9 1.3 1.0", "later": 3,
        "first_page_s": 1.1, "game_playable_s": 2.5, "first_bot_move_s": 2.6,
        "first_hint_s": 6.1, "first_hint_phase": "round1", "first_hint_worlds": 16,
        "first_hint_note": {"worlds": 16},
        "first_advise_s": 40.2, "first_advise_took_s": 0.4, "first_advise_deals": 25169,
        "compiled_s": 150.0, "warm_s": {"bot_move": 0.01, "hint": 0.09, "advise": 0.3}})
    assert lines[0].startswith("serve, cold start (empty caches, 2 cores, load 1.2 1.0 0.9 ")
    assert lines[1].split() == ["first", "page", "1.10", "s"]
    assert "a game playable" in lines[2] and "2.50 s" in lines[2]
    assert "round1, 16 worlds, plain Python while the solver compiles" in lines[3]
    assert "answered in 0.40 s, 25,169 deals" in lines[5]
    assert lines[-4].startswith("serve, warm: the slowest of 3")
    assert lines[-1].split()[-2:] == ["0.30", "s"]
