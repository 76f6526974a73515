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
