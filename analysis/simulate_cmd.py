"""The ``simulate``, ``show`` and ``strategies`` commands: run hands, look at one, list players.

Thin wrappers over ``sim.runner`` and ``analysis.summary``.  ``simulate --out DIR`` writes a run
folder (DESIGN.md, "Run folders") atomically: everything goes into ``DIR.tmp-<pid>`` first and is
renamed to ``DIR`` only when complete, so an error or Ctrl-C never leaves a half-written run.
The engine (numba) is imported inside the commands so ``--help`` and ``strategies`` stay quick.
"""

from __future__ import annotations

import functools
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click

import sim
from sim.cards import (
    SUIT_NAMES,
    card_name,
    parse_card,
    rank_of,
    suit_of,
)
from sim.rules import Rules, parse_rules
from sim.strategies import BASIC, BASIC_PARAMS, BUILTINS, DEFAULT_STRATEGY

POSITIONS = ("first", "second", "third", "dealer")  # same as sim.runner.POSITIONS
MIN_BATCH = 1 << 16
RECORDS_BATCH = 1 << 18  # bounds the memory of one Parquet part (~35 bytes a hand)


class UsageError(click.ClickException):
    """A wrong combination of options: one line like any ClickException, exit status 2."""

    exit_code = 2


# ---------------------------------------------------------------------------------------------
# shared options


def rules_options(f):
    @click.option(
        "--rules",
        "rules_spec",
        metavar="SPEC",
        default=None,
        help="Preset and/or options, comma separated, e.g. 'house' or "
        "'stick_the_dealer,game_to=7' (default: the published rules).",
    )
    @click.option(
        "--stick-the-dealer", is_flag=True, help="Shorthand for adding stick_the_dealer to --rules."
    )
    @functools.wraps(f)
    def wrapper(*args, rules_spec, stick_the_dealer, **kwargs):
        try:
            rules = parse_rules(rules_spec)
            if stick_the_dealer:
                rules = rules.replace(stick_the_dealer=True)
        except ValueError as e:
            raise click.ClickException(str(e)) from None
        return f(*args, rules=rules, **kwargs)

    return wrapper


def strategy_options(f):
    @click.option(
        "--strategy",
        metavar="NAME|FILE.toml",
        default=None,
        help=f"Strategy for all four seats (default: {DEFAULT_STRATEGY}): a built-in name or a "
        "TOML file that overrides a built-in's parameters; see 'strategies'.",
    )
    @click.option("--team0", metavar="NAME|FILE.toml", default=None, help="Seats 0 and 2.")
    @click.option("--team1", metavar="NAME|FILE.toml", default=None, help="Seats 1 and 3.")
    @click.option("--seat0", metavar="NAME|FILE.toml", default=None, help="Seat 0 only.")
    @click.option("--seat1", metavar="NAME|FILE.toml", default=None, help="Seat 1 only.")
    @click.option("--seat2", metavar="NAME|FILE.toml", default=None, help="Seat 2 only.")
    @click.option("--seat3", metavar="NAME|FILE.toml", default=None, help="Seat 3 only.")
    @functools.wraps(f)
    def wrapper(*args, strategy, team0, team1, seat0, seat1, seat2, seat3, **kwargs):
        table = resolve_table(strategy, team0, team1, (seat0, seat1, seat2, seat3))
        return f(*args, table=table, **kwargs)

    return wrapper


def resolve_table(
    strategy: str | None,
    team0: str | None,
    team1: str | None,
    seats: tuple = (None, None, None, None),
):
    """The seating for ``--strategy/--team0/--team1/--seat0..3``.

    Each value is a built-in name or a ``.toml`` file (``sim.strategy_files.load_strategy``).
    A seat plays its ``--seatN`` strategy, else its team's, else ``--strategy``, else the
    default.  Positions relative to the dealer rotate with the deal (seat ``i % 4`` deals hand
    ``i``), so per-position play is set by the ``first_offset`` .. ``dealer_offset`` parameters
    of a TOML file, not by seat.
    """
    from sim.runner import Table
    from sim.strategy_files import load_strategy

    seats = tuple(seats)
    if strategy is not None and team0 is not None and team1 is not None:
        raise UsageError("--strategy conflicts with giving both --team0 and --team1")
    for team, opt in ((0, team0), (1, team1)):
        if opt is not None and seats[team] is not None and seats[team + 2] is not None:
            raise UsageError(
                f"--team{team} conflicts with giving both --seat{team} and --seat{team + 2}"
            )
    teams = (team0, team1)
    if strategy is not None and all(
        seats[s] is not None or teams[s % 2] is not None for s in range(4)
    ):
        raise UsageError("--strategy conflicts with --team/--seat options that seat every player")
    base = strategy or DEFAULT_STRATEGY
    specs = [seats[s] or teams[s % 2] or base for s in range(4)]
    loaded = {}
    try:
        for spec in specs:
            if spec not in loaded:
                loaded[spec] = load_strategy(spec)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    return Table(tuple(loaded[spec] for spec in specs))


def _check_seed(seed: int) -> None:
    from sim.rng import normalise_seed

    try:
        normalise_seed(seed)
    except ValueError as e:
        raise click.ClickException(f"--seed: {e}") from None


# ---------------------------------------------------------------------------------------------
# simulate


def batch_size(hands: int, records: bool) -> int:
    """Hands per kernel call: about 1% of the run (for the progress bar), whole chunks, capped."""
    from sim.runner import DEFAULT_BATCH, DEFAULT_CHUNK

    b = max(MIN_BATCH, -(-hands // 100))
    b = -(-b // DEFAULT_CHUNK) * DEFAULT_CHUNK
    return min(b, RECORDS_BATCH if records else DEFAULT_BATCH)


def git_revision() -> str | None:
    """The commit of the checkout the package runs from, or None outside git."""
    try:
        p = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(sim.__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    rev = p.stdout.strip()
    return rev if p.returncode == 0 and rev else None


class RunFolder:
    """A run folder written into ``DIR.tmp-<pid>`` and renamed to ``DIR`` by ``commit``."""

    def __init__(self, out: Path, force: bool):
        self.out = out
        if out.is_symlink() or out.exists():
            if not out.is_dir():
                raise click.ClickException(f"--out {out}: exists and is not a folder")
            if any(out.iterdir()):
                if not force:
                    raise click.ClickException(
                        f"--out {out}: folder exists and is not empty (--force overwrites it)"
                    )
                if not (out / "manifest.json").is_file():
                    raise click.ClickException(
                        f"--out {out}: not a run folder (no manifest.json); not overwriting it"
                    )
                if Path.cwd().resolve().is_relative_to(out.resolve()):
                    raise click.ClickException(f"--out {out}: contains the working directory")
        self.tmp = out.parent / f"{out.name}.tmp-{os.getpid()}"
        # parent folders this run creates, removed again if the run fails
        self.made_parents = [p for p in out.parent.absolute().parents if not p.exists()][::-1]
        if not out.parent.absolute().exists():
            self.made_parents.append(out.parent.absolute())
        try:
            if self.tmp.exists():
                shutil.rmtree(self.tmp)
            self.tmp.mkdir(parents=True)
        except OSError as e:
            self.discard()
            raise click.ClickException(f"--out {out}: cannot write there ({_why(e)})") from None

    def write_json(self, name: str, obj) -> None:
        (self.tmp / name).write_text(json.dumps(obj, indent=2) + "\n")

    def commit(self) -> None:
        if self.out.exists():
            old = self.out.parent / f"{self.out.name}.old-{os.getpid()}"
            self.out.rename(old)
            self.tmp.rename(self.out)
            shutil.rmtree(old)
        else:
            self.tmp.rename(self.out)

    def discard(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)
        for p in reversed(self.made_parents):
            try:
                p.rmdir()
            except OSError:
                break


def _why(e: OSError) -> str:
    return e.strerror.lower() if e.strerror else str(e)


def run_or_fail(ctx, folder: RunFolder | None, work):
    """Run ``work()`` (which fills ``folder.tmp`` when there is a folder) and commit the folder;
    on any failure discard it, so nothing half-written is left: Ctrl-C exits 130 with one line,
    a user mistake (``ValueError``) or an unwritable folder becomes one ``Error:`` line."""
    try:
        result = work()
        if folder is not None:
            folder.commit()
        return result
    except KeyboardInterrupt:
        if folder is not None:
            folder.discard()
        click.echo("interrupted: nothing written", err=True)
        ctx.exit(130)
    except ValueError as e:
        if folder is not None:
            folder.discard()
        raise click.ClickException(str(e)) from None
    except OSError as e:
        if folder is not None:
            folder.discard()
        where = f"--out {folder.out}: " if folder is not None else ""
        raise click.ClickException(f"{where}cannot write there ({_why(e)})") from None
    except BaseException:
        if folder is not None:
            folder.discard()
        raise


def scheduler_option(f):
    """``--scheduler ADDR`` for a command that simulates: its whole body then runs with the
    batches of every simulation on Dask (``sim.distributed.scheduler_context``); results are
    identical to a local run."""

    @functools.wraps(f)
    def wrapper(*args, scheduler=None, **kwargs):
        from sim.distributed import scheduler_context

        context = scheduler_context(scheduler)
        try:
            context.__enter__()
        except (ValueError, RuntimeError) as e:
            raise click.ClickException(str(e)) from None
        try:
            return f(*args, **kwargs)
        finally:
            context.__exit__(None, None, None)

    return click.option(
        "--scheduler", default=None, metavar="ADDR",
        help="Run the simulations on Dask: tcp://HOST:PORT or local:N worker processes "
             "(needs the distributed extra).",
    )(wrapper)  # fmt: skip


def run_manifest(seed, rules, table, threads, wall_s, **extra) -> dict:
    """The fields every run folder's manifest.json shares, plus ``extra``."""
    return {
        "version": sim.__version__,
        "git_revision": git_revision(),
        "seed": seed,
        "rules": rules.as_dict(),
        "rules_description": rules.describe(),
        "strategies": table.describe(),
        "threads": threads,
        "wall_s": wall_s,
        **extra,
    }


def _command_line(hands, seed, rules, table, records, out, force, threads) -> str:
    """A canonical command that reproduces the run (written into the manifest)."""
    d = table.describe()
    args = ["euchre-sim", "simulate", "--hands", str(hands), "--seed", str(seed)]
    if rules.changes():
        args += ["--rules", rules.describe()]  # a preset name or option=value items
    if d["team0"] == d["team1"]:
        args += ["--strategy", d["team0"]]
    else:
        args += ["--team0", d["team0"], "--team1", d["team1"]]
    if records:
        args.append("--records")
    if out is not None:
        args += ["--out", str(out)]
    if force:
        args.append("--force")
    if threads is not None:
        args += ["--threads", str(threads)]
    return shlex.join(args)


@click.command()
@click.option(
    "--hands", type=int, default=1_000_000, show_default=True, help="Number of hands to play."
)
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    help="Run seed (hand i is dealt from seed and i).",
)
@rules_options
@strategy_options
@click.option(
    "--games",
    type=int,
    default=None,
    metavar="M",
    help="Play M whole games to game_to instead of single hands.",
)
@click.option(
    "--records", is_flag=True, help="Also write one row per hand or game (needs --out)."
)
@click.option(
    "--out",
    type=click.Path(path_type=Path, dir_okay=True, file_okay=True),
    default=None,
    metavar="DIR",
    help="Write a run folder: manifest.json, summary.csv, records/part-*.parquet.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing run folder at --out.")
@click.option("--threads", type=int, default=None, metavar="K", help="Threads (default: all).")
@click.option("--batch", type=int, default=None, hidden=True,
              help="Hands per kernel call (with --scheduler: hands per chunk).")
@click.option(
    "--scheduler",
    metavar="ADDR",
    default=None,
    help="Play the run in chunks: on a Dask cluster (tcp://HOST:PORT), on N local worker "
    "processes (local:N), or on this process's threads (threads); with --out the run folder "
    "keeps each finished chunk, so --resume can finish an interrupted run.",
)
@click.option(
    "--resume",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    metavar="DIR",
    help="Finish the interrupted chunked run in DIR (its options come from DIR/run.json).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--silent", is_flag=True, help="No progress bar.")
@click.pass_context
def simulate(
    ctx, hands, seed, rules, table, games, records, out, force, threads, batch, scheduler,
    resume, as_json, silent
):
    """Play --hands hands and print the headline statistics with 95% intervals.

    Hand i of a run is dealt from (seed, i), so the same seed gives the same numbers whatever
    the thread count, and runs that differ only in rules or strategies see the same deals.

    \b
    Example:
        euchre-sim simulate --hands 1000000 --seed 1
        euchre-sim simulate --hands 200000 --rules house --team0 aggressive --team1 basic
        euchre-sim simulate --stick-the-dealer --records --out runs/std --silent
        euchre-sim simulate --games 100000 --rules game_to=7
        euchre-sim simulate --hands 1000000000 --scheduler tcp://10.0.0.5:8786 --out runs/big
        euchre-sim simulate --resume runs/big --scheduler local:2
    """
    if games is not None and games < 1:
        raise click.ClickException(f"--games must be at least 1, not {games}")
    if games is not None and ctx.get_parameter_source("hands").name != "DEFAULT":
        raise UsageError("give --hands or --games, not both")
    if hands < 1:
        raise click.ClickException(f"--hands must be at least 1, not {hands}")
    if threads is not None and threads < 1:
        raise click.ClickException(f"--threads must be at least 1, not {threads}")
    if batch is not None and batch < 1:
        raise click.ClickException(f"--batch must be at least 1, not {batch}")
    _check_seed(seed)
    if records and out is None:
        raise UsageError("--records needs --out DIR")
    if resume is not None or scheduler is not None:
        return _simulate_chunked(ctx, hands, seed, rules, table, games, records, out, force,
                                 threads, batch, scheduler, resume, as_json, silent)

    from analysis.summary import by_position, format_summary, summarise, summary_json
    from sim import runner

    folder = RunFolder(out, force) if out is not None else None
    parts = []

    def write_part(frame, part):
        path = folder.tmp / "records" / f"part-{part:05d}.parquet"
        path.parent.mkdir(exist_ok=True)
        frame.to_parquet(path, index=False)
        parts.append(path.name)

    kwargs = dict(
        records=records,
        threads=threads,
        batch=batch or batch_size(hands, records),
        on_records=write_part if records else None,
    )
    if games is not None:
        return _simulate_games(ctx, games, seed, rules, table, records, out, force, threads,
                               folder, as_json, silent)
    def work():
        if silent:
            result = runner.simulate(hands, seed, rules, table, **kwargs)
        else:
            with click.progressbar(length=hands, label="hands", file=sys.stderr) as bar:
                result = runner.simulate(hands, seed, rules, table, progress=bar.update, **kwargs)
        df = summarise(result)
        if folder is not None:
            folder.write_json("manifest.json", run_manifest(
                result.seed, rules, table, result.threads, result.wall_s, hands=result.hands,
                hands_per_s=result.hands_per_s,
                records={"parts": parts, "rows": result.hands} if records else None,
                command=_command_line(hands, seed, rules, table, records, out, force, threads),
            ))
            df.to_csv(folder.tmp / "summary.csv", index=False)
        return result, df

    result, df = run_or_fail(ctx, folder, work)
    if as_json:
        click.echo(json.dumps(summary_json(result), indent=2))
    else:
        click.echo(format_summary(df, result, by_position(result)))
        if out is not None:
            click.echo(f"\nwrote {out}")


CHUNK_ONLY_OPTIONS = ("scheduler", "threads", "as_json", "silent", "resume")


def chunk_size(hands: int, records: bool) -> int:
    """Hands per chunk of a chunked run: about 1/32 of the run (so a few workers share it),
    at least 2^16 (per-chunk overhead), at most 2^20 (2^18 with records), whole kernel chunks."""
    from sim.distributed import DEFAULT_CHUNK_HANDS
    from sim.runner import DEFAULT_CHUNK

    c = max(MIN_BATCH, -(-hands // 32))
    c = -(-c // DEFAULT_CHUNK) * DEFAULT_CHUNK
    return min(c, RECORDS_BATCH if records else DEFAULT_CHUNK_HANDS)


def _chunked_folder(out: Path, force: bool) -> None:
    """Check (and with --force clear) the folder a chunked run writes into directly."""
    if not (out.is_symlink() or out.exists()):
        return
    if not out.is_dir():
        raise click.ClickException(f"--out {out}: exists and is not a folder")
    if not any(out.iterdir()):
        return
    complete = (out / "manifest.json").is_file()
    if (out / "run.json").is_file() and not complete and not force:
        raise click.ClickException(
            f"--out {out}: holds an interrupted run: finish it with --resume {out} "
            "(or --force starts it over)"
        )
    if not complete and not (out / "run.json").is_file():
        raise click.ClickException(
            f"--out {out}: not a run folder (no manifest.json); not overwriting it"
        )
    if not force:
        raise click.ClickException(
            f"--out {out}: folder exists and is not empty (--force overwrites it)"
        )
    if Path.cwd().resolve().is_relative_to(out.resolve()):
        raise click.ClickException(f"--out {out}: contains the working directory")
    shutil.rmtree(out)


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.parent / f".{path.name}.tmp-{os.getpid()}"
    tmp.write_text(text)
    os.replace(tmp, path)


def _simulate_chunked(ctx, hands, seed, rules, table, games, records, out, force, threads,
                      batch, scheduler, resume, as_json, silent):
    """``simulate --scheduler`` / ``--resume``: a chunked run (``sim.distributed``).

    With ``--out DIR`` the run writes straight into DIR (not DIR.tmp-<pid>): run.json and
    ``chunks/chunk-*.npy`` as chunks finish, ``records/part-*.parquet`` from the workers, and
    summary.csv + manifest.json last, so a folder without manifest.json is an unfinished run
    that ``--resume DIR`` completes.
    """
    from analysis.summary import by_position, format_summary, summarise, summary_json
    from sim import distributed as D

    if games is not None:
        raise UsageError("--scheduler and --resume work with --hands runs, not --games")
    if scheduler == "threads":
        scheduler_arg = None
    else:
        scheduler_arg = scheduler
    if resume is not None:
        given = [
            name for name, value in ctx.params.items()
            if name not in CHUNK_ONLY_OPTIONS
            and ctx.get_parameter_source(name).name not in ("DEFAULT", "DEFAULT_MAP")
            and value not in (None, False)
        ]
        if given:
            opt = "--" + given[0].replace("_", "-")
            raise UsageError(f"--resume takes the run's options from its run.json; {opt} "
                             "cannot be given with it (only --scheduler, --threads, --silent, "
                             "--json)")
        out = resume
        if (resume / "manifest.json").is_file():
            raise click.ClickException(
                f"--resume {resume}: the run is already complete (see {resume / 'summary.csv'})"
            )
        try:
            spec = D.read_run_spec(resume)
            hands, seed, rules, table, chunk_hands, records = D.spec_values(spec, resume)
        except ValueError as e:
            raise click.ClickException(f"--resume {e}") from None
    else:
        if batch is not None and batch < 1:
            raise click.ClickException(f"--batch must be at least 1, not {batch}")
        chunk_hands = batch or chunk_size(hands, records)
        if out is not None:
            _chunked_folder(out, force)

    def run(progress=None):
        return D.run_chunked(hands, seed, rules, table, scheduler=scheduler_arg,
                             chunk_hands=chunk_hands, threads=threads, run_dir=out,
                             records=records, progress=progress)

    try:
        if silent:
            cr = run()
        else:
            with click.progressbar(length=hands, label="hands", file=sys.stderr) as bar:
                cr = run(bar.update)
        result = cr.result
        df = summarise(result)
        if out is not None:
            command = _command_line(hands, seed, rules, table, records, out, False, threads)
            command += " " + shlex.join(["--scheduler", scheduler or "threads"])
            parts = sorted(p.name for p in (out / "records").glob("part-*.parquet")) \
                if records else []
            manifest = run_manifest(
                result.seed, rules, table, result.threads, result.wall_s, hands=result.hands,
                hands_per_s=result.hands_per_s,  # hands played by this call / its wall
                records={"parts": parts, "rows": result.hands} if records else None,
                command=command,
                scheduler=scheduler or "threads",
                chunk_hands=cr.chunk_hands,
                chunks=len(D.chunk_ranges(hands, chunk_hands)),
                resumed_chunks=cr.resumed_chunks,
                workers={a: {"chunks": w["chunks"], "hands_per_s": w["hands_per_s"]}
                         for a, w in cr.workers.items()},
            )
            _write_atomic(out / "summary.csv", df.to_csv(index=False))
            _write_atomic(out / "manifest.json", json.dumps(manifest, indent=2) + "\n")
    except KeyboardInterrupt:
        if out is not None and (out / "run.json").is_file():
            try:
                k, n = D.progress_of(out)
            except ValueError:
                k, n = 0, 0
            click.echo(f"interrupted: {k} of {n} chunks saved in {out}; finish with: "
                       f"euchre-sim simulate --resume {out}", err=True)
        else:
            click.echo("interrupted: nothing written", err=True)
        ctx.exit(130)
    except (ValueError, RuntimeError) as e:
        raise click.ClickException(str(e)) from None
    except OSError as e:
        raise click.ClickException(f"--out {out}: cannot write there ({_why(e)})") from None

    if as_json:
        click.echo(json.dumps(summary_json(result), indent=2))
    else:
        click.echo(format_summary(df, result, by_position(result)))
        if out is not None:
            click.echo(f"\nwrote {out}")


def _simulate_games(ctx, games, seed, rules, table, records, out, force, threads, folder,
                    as_json, silent):
    """``simulate --games``: per-game results, the win-probability table, game records."""
    from analysis.games import format_games, games_json, summarise_games, win_probability_table
    from sim.game import simulate_games

    def work():
        if silent:
            result = simulate_games(games, seed, rules, table, records=records, threads=threads)
        else:
            with click.progressbar(length=games, label="games", file=sys.stderr) as bar:
                result = simulate_games(games, seed, rules, table, records=records,
                                        threads=threads, progress=bar.update)
        df = summarise_games(result)
        wp = win_probability_table(result)
        if folder is not None:
            command = _command_line(None, seed, rules, table, records, out, force, threads)
            folder.write_json("manifest.json", run_manifest(
                seed, rules, table, result.threads, result.wall_s, games=games,
                hands=result.hands_played, hands_per_s=result.hands_per_s,
                records={"parts": ["games.parquet"], "rows": games} if records else None,
                command=command.replace("simulate --hands None", f"simulate --games {games}"),
            ))
            df.to_csv(folder.tmp / "summary.csv", index=False)
            wp.to_csv(folder.tmp / "win_probability.csv", index=False)
            if records:
                (folder.tmp / "records").mkdir()
                result.records.to_parquet(folder.tmp / "records" / "games.parquet", index=False)
        return result, df, wp

    result, df, wp = run_or_fail(ctx, folder, work)
    if as_json:
        click.echo(json.dumps(games_json(result), indent=2))
    else:
        click.echo(format_games(df, result, wp))
        if out is not None:
            click.echo(f"\nwrote {out}")


# ---------------------------------------------------------------------------------------------
# show


def seat_label(seat: int, dealer: int) -> str:
    return f"seat {seat} ({POSITIONS[(seat - dealer - 1) % 4]})"


def sort_hand(cards: list[str]) -> str:
    """A hand grouped by printed suit (C D H S), high cards first, two spaces between suits."""
    ints = sorted((parse_card(c) for c in cards), key=lambda c: (suit_of(c), -rank_of(c)))
    groups: dict[int, list[str]] = {}
    for c in ints:
        groups.setdefault(suit_of(c), []).append(card_name(c))
    return "  ".join(" ".join(g) for g in groups.values())


def format_hand(record: dict, rules: Rules | None = None, title: str | None = None) -> str:
    """A hand record laid out for a player: deal, bidding, discard, tricks, points."""
    rules = Rules() if rules is None else rules
    if record.get("rules"):
        rules = rules.replace(**record["rules"])
    dealer = record["dealer"]
    lines = [title] if title else []
    lines.append(f"dealer: seat {dealer} (team {dealer % 2})")
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        lines.append(
            f"  {seat_label(seat, dealer):<17} team {seat % 2}   {sort_hand(record['hands'][seat])}"
        )
    lines.append(f"upcard: {record['upcard']}   (kitty: {' '.join(record['kitty'])})")
    farmer = record.get("farmer")
    if farmer:
        lines.append(
            f"farmer's hand: {seat_label(farmer['seat'], dealer)} gave "
            f"{' '.join(farmer['gave'])}, took {' '.join(farmer['took'])}"
        )

    maker = trump = None
    alone = False
    lone_defender = None
    made_round = 0
    n_bids = 0
    for bid in record["bids"]:
        who = seat_label(bid["seat"], dealer)
        if bid["action"] == "defend_alone":
            lone_defender = bid["seat"]
            lines.append(f"  {who}: defend ALONE")
            continue
        n_bids += 1
        if n_bids in (1, 5):
            lines.append(f"bidding, round {1 if n_bids == 1 else 2}:")
        action = bid["action"]
        if action == "pass":
            text = "pass"
        elif action == "order_up":
            text = "order up"
            trump, made_round = suit_of(parse_card(record["upcard"])), 1
        else:
            text = f"call {SUIT_NAMES['CDHS'.index(bid['suit'])]}"
            trump, made_round = "CDHS".index(bid["suit"]), 2
        if bid.get("alone"):
            text += " ALONE"
            alone = True
        if action != "pass":
            maker = bid["seat"]
        lines.append(f"  {who}: {text}")

    if maker is None:
        lines.append("passed out: no trump, no points (the next dealer deals)")
        return "\n".join(lines)
    if "discard" in record:
        lines.append(
            f"{seat_label(dealer, dealer)} picks up {record['upcard']}, "
            f"discards {record['discard']}"
        )
    how = " alone" if alone else ""
    lines.append(
        f"trump: {SUIT_NAMES[trump]}, made{how} by seat {maker} "
        f"({POSITIONS[(maker - dealer - 1) % 4]}, team {maker % 2}) in round {made_round}"
    )
    out = []
    if alone:
        out.append((maker + 2) % 4)
    if lone_defender is not None:
        out.append((lone_defender + 2) % 4)
    for s in out:
        lines.append(f"{seat_label(s, dealer)} sits out")

    n_active = 4 - len(out)
    plays = [(s, parse_card(c)) for s, c in record["plays"]]
    tricks = [plays[i : i + n_active] for i in range(0, len(plays), n_active)]
    from sim.referee import replay_record

    ref = replay_record(record, rules)
    if ref.get("error"):
        lines.append(f"referee: {ref['error']}")
        return "\n".join(lines)
    winners = ref["trick_winners"]
    points = ref["points"]
    lines.append("play (the first card led, * wins the trick):")
    for i, (trick, w) in enumerate(zip(tricks, winners, strict=False), 1):
        cards = ", ".join(f"seat {s} {card_name(c)}{'*' if s == w else ''}" for s, c in trick)
        lines.append(f"  trick {i}: {cards}   -> seat {w} (team {w % 2})")
    team_tricks = [sum(1 for w in winners if w % 2 == t) for t in (0, 1)]
    lines.append(f"tricks: team 0 {team_tricks[0]}, team 1 {team_tricks[1]}")
    mt = team_tricks[maker % 2]
    if mt == 5:
        why = "march" + (" alone" if alone else "")
    elif mt >= 3:
        why = f"makers took {mt}"
    else:
        why = "makers euchred" + (" by a lone defender" if lone_defender is not None else "")
    lines.append(f"points: team 0 {points[0]}, team 1 {points[1]} ({why})")
    return "\n".join(lines)


def _strategies_text(table) -> str:
    d = table.describe()
    if d["team0"] == d["team1"]:
        return f"{d['team0']} (both teams)"
    return f"team 0 {d['team0']}, team 1 {d['team1']}"


@click.command()
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@click.option("--hand", "index", type=int, required=True, metavar="I", help="Hand number (0 up).")
@rules_options
@strategy_options
@click.option("--json", "as_json", is_flag=True, help="Print the hand record as JSON.")
def show(seed, index, rules, table, as_json):
    """Show hand I of a run as it was dealt, bid and played.

    The hand is exactly the one 'simulate' with the same seed, rules and strategies counted.
    With --json it prints the hand record, which 'replay' accepts.

    \b
    Example:
        euchre-sim show --seed 1 --hand 42
        euchre-sim show --seed 1 --hand 42 --rules house --json
    """
    if index < 0:
        raise click.ClickException(f"--hand must be 0 or more, not {index}")
    _check_seed(seed)
    from sim.runner import trace

    try:
        record = trace(seed, [index], rules, table)[0]
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(json.dumps({**record, "note": f"seed {seed}, hand {index}"}))
        return
    title = (
        f"hand {index} of seed {seed}: {rules.describe()}; strategies: {_strategies_text(table)}"
    )
    click.echo(format_hand(record, rules, title))


# ---------------------------------------------------------------------------------------------
# strategies


def _strategy_json(s) -> dict:
    entry = {"description": s.description, "family": "basic" if s.kind == BASIC else s.name}
    if s.kind == BASIC:
        entry["params"] = dict(zip(BASIC_PARAMS, map(float, s.vector()), strict=True))
    source = getattr(s, "source", None)
    if source:
        entry["file"] = source
        entry["base"] = s.base
        entry["overrides"] = dict(s.overrides)
    return entry


@click.command()
@click.argument("name", required=False, metavar="[NAME|FILE.toml]")
@click.option("--json", "as_json", is_flag=True, help="Print the strategies as JSON.")
def strategies(name, as_json):
    """List the strategies and their parameters (* marks values that differ from basic).

    NAME shows one built-in; a TOML file shows the effective parameters of the strategy it
    defines (its base built-in with the file's overrides).  A TOML strategy file:

    \b
        name = "my-bidder"        # optional (default: the file name)
        base = "basic"            # basic, conservative, aggressive or trump-count
        description = "..."       # optional
        [params]
        second_offset = -0.5      # any parameter listed here

    \b
    Example:
        euchre-sim strategies
        euchre-sim strategies aggressive
        euchre-sim strategies examples/strategies/lighter-dealer-partner.toml
    """
    from sim.strategy_files import load_strategy

    if name is not None:
        try:
            chosen = [load_strategy(name)]
        except ValueError as e:
            raise click.ClickException(str(e)) from None
    else:
        chosen = list(BUILTINS.values())
    basic = BUILTINS["basic"].vector()
    if as_json:
        click.echo(json.dumps({s.name: _strategy_json(s) for s in chosen}, indent=2))
        return
    width = max(len(p) for p in BASIC_PARAMS) + 2
    blocks = []
    for s in chosen:
        lines = [f"{s.name}: {s.description}"]
        source = getattr(s, "source", None)
        if source:
            changed = ", ".join(k for k, _ in s.overrides) or "none"
            lines.append(f"  from {source}: base {s.base}, overrides: {changed}")
        if s.kind == BASIC:
            lines.append(f"  {'parameter':<{width}} {'value':>7}   description")
            for (p, (_, desc)), v, b in zip(BASIC_PARAMS.items(), s.vector(), basic, strict=True):
                mark = "*" if v != b else " "
                lines.append(f"  {p:<{width}} {v:>7g} {mark} {desc}")
        blocks.append("\n".join(lines))
    click.echo("\n\n".join(blocks))


__all__ = ["simulate", "show", "strategies", "format_hand", "resolve_table"]
