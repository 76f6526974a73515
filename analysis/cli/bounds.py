"""How big a command's counts may be (hands, deals, games, worlds, samples, iterations): one
check for every command, ``check_counts``.

A count that could never run is refused at once, naming its option: one past the memory this
machine has (a run that keeps something for each hand, deal or world), past numpy's sizes or a
64-bit count.  A count that could take long is timed by a short warm-up of the same work
(``sim.run.sizes.warm_rate``), skipped below the count that surely runs in a minute; an estimate
over a minute goes to stderr, and past ``LONG_RUN_S`` the run is refused unless ``--yes``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import click

from analysis.cli.options import check_at_least

LONG_RUN_S = 3600  # a run estimated to take longer needs --yes
SAY_FROM_S = 60  # an estimate this long is printed on stderr
SLOW_SHARE = 1000  # a table with a searching player or an outside bot plays this much slower


@dataclass(frozen=True)
class Count:
    """One count of a command: ``option`` (``--hands``) given ``n`` (None: not given).

    ``least``: the smallest allowed.  ``memory``: bytes the run keeps for each one (or a
    function of ``n`` giving the bytes; 0: the run's memory does not grow with it).  ``sure``:
    the count that surely runs within a minute (no warm-up up to it).  ``estimate(n)``: the
    run's (seconds, units a second) here, from a warm-up.  ``unit`` names one in messages
    (``hands``); ``also``: other options the time scales with, named in the refusal;
    ``smaller``: False for a count the user does not give (the refusal then asks for no
    smaller one)."""

    option: str
    n: int | None
    unit: str = "hands"
    least: int = 1
    memory: float | Callable[[int], float] = 0
    sure: int = 0
    estimate: Callable[[int], tuple[float, float]] | None = None
    also: tuple[str, ...] = ()
    smaller: bool = True

    def bytes(self) -> float:
        return self.memory(self.n) if callable(self.memory) else self.memory * self.n


def size_text(n: float) -> str:
    """Bytes in words: "512 MiB", "18 TiB"."""
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"):
        if n < 1024 or unit == "EiB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1024
    return f"{n:,.0f} EiB"  # pragma: no cover (the loop returns)


def rate_text(rate: float) -> str:
    """A rate in words: whole numbers from 100 up ("216,219"), else three figures ("0.0472")."""
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:.3g}"


def _check_memory(c: Count, have: int) -> None:
    need = c.bytes()
    if need <= have:
        return
    per = need / c.n
    most = int(have / per) if per > 0 else c.n
    raise click.ClickException(
        f"{c.option} {c.n:,} needs about {size_text(need)} of memory, more than the "
        f"{size_text(have)} this machine has: give a smaller {c.option} (at most about "
        f"{most:,})")


def check_counts(*counts: Count, yes: bool = False, hint: str = "") -> None:
    """Check each count (at least ``least``, within a 64-bit count and this machine's memory),
    then the run's time: the counts past their ``sure`` are estimated and summed; an estimate
    over ``SAY_FROM_S`` is printed on stderr, one over ``LONG_RUN_S`` is refused without
    ``yes`` (``hint``: another way out, added to the refusal).  Every refusal is one ``Error:``
    line naming the option."""
    from sim.run.sizes import duration_text, machine_memory

    given = [c for c in counts if c.n is not None]
    for c in given:
        check_at_least(c.option, c.n, c.least)
    have = machine_memory()
    for c in given:
        _check_memory(c, have)
    timed = [(c, c.estimate(c.n)) for c in given
             if c.estimate is not None and c.n > c.sure]
    if not timed:
        return
    seconds = sum(s for _c, (s, _r) in timed)
    parts = " and ".join(f"{c.n:,} {c.unit} at about {rate_text(rate)} {c.unit.split()[0]}/s"
                         for c, (_s, rate) in timed)
    estimate = f"{parts} here (from a warm-up) take about {duration_text(seconds)}"
    options = list(dict.fromkeys(o for c, _e in timed for o in (c.option, *c.also)))
    if seconds > LONG_RUN_S and not yes:
        fewer = " or ".join(dict.fromkeys(o for c, _e in timed if c.smaller
                                          for o in (c.option, *c.also)))
        fewer = f", or give a smaller {fewer}" if fewer else ""
        raise click.ClickException(f"{', '.join(options)}: {estimate}: add --yes to start it"
                                   f"{fewer}{hint}")
    if seconds > SAY_FROM_S:
        click.echo(f"estimate: {estimate} ({', '.join(options)})", err=True)


def check_count(option: str, n: int | None, *, yes: bool = False, hint: str = "", **kw) -> None:
    """``check_counts`` of one count (``Count``'s fields as keywords)."""
    check_counts(Count(option, n, **kw), yes=yes, hint=hint)


def yes_option(f):
    """``--yes``: start a run estimated to take over an hour."""
    return click.option("--yes", is_flag=True,
                        help="Start a run estimated to take over an hour (estimated from a "
                             "warm-up).")(f)


def slow(*strategies) -> bool:
    """Whether a run with these strategies plays at search or referee speed: a searching
    player (pimc) or an outside bot (played through the referee)."""
    seats = [s for x in strategies for s in getattr(x, "seats", (x,))]
    return any(s.player.searches or s.player.decide is None for s in seats)


def sure(fast: int, *strategies) -> int:
    """The count that surely runs in a minute: ``fast`` for the kernel's players, a
    ``SLOW_SHARE``-th of it with a searching player or an outside bot."""
    return max(1, fast // SLOW_SHARE) if slow(*strategies) else fast


def rate_of(play, first: int = 64, per: float = 1.0, most: int | None = None):
    """An ``estimate`` from a warm-up of ``play(k)``, the command's own work on ``k`` units;
    ``per``: the units of work each one of the count stands for (the seatings, the rule
    sets)."""

    def estimate(n):
        from sim.run.sizes import warm_rate

        rate = warm_rate(play, first, most) / per
        return n / rate, rate

    return estimate


def hands_rate(table, rules, *, games: bool = False, records: bool = False, threads=None,
               per: float = 1.0):
    """An ``estimate`` of hands (or games) of ``table`` under ``rules``
    (``sim.run.sizes.estimate_seconds``), ``per`` of them for each one counted."""

    def estimate(n):
        from sim.run import sizes

        seconds, rate = sizes.estimate_seconds(n, rules, table, games=games, records=records,
                                               threads=threads)
        return seconds * per, rate / per

    return estimate


__all__ = ["Count", "check_counts", "check_count", "yes_option", "slow", "sure", "rate_of",
           "hands_rate", "size_text", "rate_text", "LONG_RUN_S", "SAY_FROM_S"]
