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
