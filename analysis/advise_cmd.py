"""The ``advise`` command: price every option for one hand, seat and upcard.

A thin wrapper over ``analysis.advise.advise``: one line per option, then the recommendation
with the paired interval of the best against the runner-up.
"""

from __future__ import annotations

import json
import math
import sys

import click

from analysis.options import rules_options, strategy_options


def _pct(v, lo, hi) -> str:
    return f"{100 * v:5.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"


def format_advice(df) -> str:
    a = df.attrs
    head = (
        f"{a['hand']}, upcard {a['upcard']}, {a['position']} position, round {a['round']}"
        + (f", score {a['score'][0]}-{a['score'][1]}" if a["score"] else "")
        + (f", discard {a['discard']}" if a["discard"] else "")
    )
    lines = [
        head,
        f"strategy {a['strategy']}, {a['rules']}; {a['deals']:,} deals (seed {a['seed']}), "
        f"{a['wall_s']:.2f} s",
    ]
    if a["dealt"] != a["deals"]:
        lines.append(
            f"the auction reached the player in {a['deals']:,} of {a['dealt']:,} deals "
            f"(acceptance {100 * a['deals'] / a['dealt']:.1f}%)"
        )
    width = max(len(o) for o in df["option"]) + 2
    win = "win" in df.columns
    header = (
        f"{'option':<{width}}{'net points per hand':<22}{'making':<21}{'march':<21}"
        f"{'euchred':<21}" + ("game win" if win else "")
    )
    lines.append(header.rstrip())
    for r in df.itertuples(index=False):
        ev = f"{r.net:+.3f} ± {(r.net_high - r.net_low) / 2:.3f}"
        line = (
            f"{r.option:<{width}}{ev:<22}{_pct(r.making, r.making_low, r.making_high):<21}"
            f"{_pct(r.march, r.march_low, r.march_high):<21}"
            f"{_pct(r.euchred, r.euchred_low, r.euchred_high):<21}"
        )
        if win:
            line += _pct(r.win, r.win_low, r.win_high)
        lines.append(line.rstrip())
    lines.append(_verdict(a["recommendation"], "points per hand"))
    if "recommendation_win" in a:
        lines.append("by game win probability: " + _verdict(a["recommendation_win"], "", 100))
    return "\n".join(lines)


def _verdict(rec: dict, unit: str, scale: float = 1) -> str:
    if rec["runner_up"] is None:
        return f"recommended: {rec['option']} (the only option)"
    d, lo, hi = (scale * rec[k] for k in ("difference", "low", "high"))
    unit = unit or "percentage points"
    if not rec["decided"]:
        return (
            f"too close to call: {rec['option']} v {rec['runner_up']} differ by {d:.3f} "
            f"[{lo:.3f}, {hi:.3f}] {unit}"
        )
    return (
        f"recommended: {rec['option']} (better than {rec['runner_up']} by {d:.3f} "
        f"[{lo:.3f}, {hi:.3f}] {unit})"
    )


def _clean(v):
    if isinstance(v, float) and math.isnan(v):
        return None
    if hasattr(v, "item"):
        return _clean(v.item())
    return v


def advice_json(df) -> dict:
    records = [{k: _clean(v) for k, v in r.items()} for r in df.to_dict(orient="records")]
    out = {k: v for k, v in df.attrs.items() if k not in ("recommendation", "paired")}
    out["options"] = records
    out["recommendation"] = {k: _clean(v) for k, v in df.attrs["recommendation"].items()}
    out["paired"] = [{k: _clean(v) for k, v in p.items()} for p in df.attrs["paired"]]
    if "recommendation_win" in df.attrs:
        out["recommendation_win"] = {
            k: _clean(v) for k, v in df.attrs["recommendation_win"].items()
        }
    return out


@click.command()
@click.argument("hand")
@click.option("--upcard", required=True, metavar="CARD", help="The upcard (round 2: turned down).")
@click.option("--position", required=True, metavar="POS", help="first, second, third or dealer.")
@click.option(
    "--round",
    "round_",
    default="1",
    metavar="1|2",
    show_default=True,
    help="Round of bidding: 1 order up or pass, 2 call a suit or pass.",
)
@click.option(
    "--score",
    default=None,
    metavar="US-THEM",
    help="Score before the hand, the player's team first: adds game win probability.",
)
@rules_options
@strategy_options
@click.option(
    "--deals",
    type=int,
    default=None,
    metavar="N",
    help="Accepted deals to play (deals where the auction reaches the player).",
)
@click.option(
    "--precision",
    type=float,
    default=None,
    metavar="POINTS",
    help="Deal until the paired 95% interval of the top two options is this narrow.",
)
@click.option(
    "--discard",
    default=None,
    metavar="CARD",
    help="As dealer in round 1: the card to discard after picking up.",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@click.option("--json", "as_json", is_flag=True, help="Print the options and advice as JSON.")
@click.option("--silent", is_flag=True, help="No progress bar.")
def advise(
    hand,
    upcard,
    position,
    round_,
    score,
    rules,
    table,
    deals,
    precision,
    discard,
    seed,
    as_json,
    silent,
):
    """Price every option for one hand: pass, order up, alone (or call a suit in round 2).

    The unseen cards are dealt at random consistent with what the player sees; every option is
    played on the same deals by the chosen strategy for everyone else.  Without --deals or
    --precision it deals until each option's 95% interval is within ±0.02 points.

    \b
    Example:
        euchre-sim advise "JS AS 9H 9D TC" --upcard 9S --position first
        euchre-sim advise "9C TC 9D TD QS" --upcard 9H --position second --round 2 --score 6-8
    """
    from analysis.advise import advise as run_advise

    kwargs = dict(
        hand=hand, upcard=upcard, position=position, round_=round_, score=score,
        strategy=table, rules=rules, deals=deals, precision=precision, seed=seed,
        discard=discard,
    )  # fmt: skip
    bars = []

    def progress(done, total):
        # the bar starts with the first batch, so bad input gives only its one error line
        if not bars:
            bars.append(click.progressbar(length=max(total, 1), label="deals", file=sys.stderr))
            bars[0].__enter__()
        bar = bars[0]
        bar.length = max(total, 1)
        bar.update(done - bar.pos)

    try:
        df = run_advise(progress=None if silent else progress, **kwargs)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    finally:
        if bars:
            bars[0].__exit__(None, None, None)
    if as_json:
        click.echo(json.dumps(advice_json(df), indent=2))
    else:
        click.echo(format_advice(df))


__all__ = ["advise", "format_advice", "advice_json"]
