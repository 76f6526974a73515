"""The command line's side of the questions (``analysis.questions``): a click command made from a
question's record, its options and arguments from the inputs (names, defaults, help, choices),
``--json`` for the JSON answer, ``--link`` for the question's address on its page (where it
has one) and, for a question that reports progress, ``--silent``.

``command(question)`` is the whole command of a plain question; a command with checks of its
own (an estimate of the run, ``--yes``) passes ``before`` and ``decorators``.  A mistake in an
input is one ``Error:`` line naming its option (``--deals: at least 1, not 0``).  Questions
without a module of their own here are made by ``commands()``, so a new question is a command
with nothing edited here.
"""

from __future__ import annotations

import json
import sys

import click

from analysis.cli.options import rules_options, shows_progress, strategy_options
from analysis.inputs import InputError
from analysis.questions.record import Input, Question, questions

CLI_NAMES = {"rules": ("rules_spec", "stick_the_dealer"),
             "strategy": ("strategy", "team0", "team1", "seat0", "seat1", "seat2", "seat3")}
LINK_BASE = "http://127.0.0.1:8000/"       # where euchre-sim serve listens by default


def words_for(question: Question):
    """How the command line names each input in a message: its option, or its argument's
    metavar."""
    def words(name: str) -> str:
        try:
            i = question.input(name)
        except StopIteration:
            return name
        return i.metavar if (i.argument or i.type == "body") and i.metavar else i.flag
    return words


def input_of(question: Question, param_name: str) -> str | None:
    """The input a click parameter of the question's command stands for (None: a generic or
    interface option such as ``--json`` or ``--yes``)."""
    for i in question.inputs:
        if param_name == i.name or param_name in CLI_NAMES.get(i.type, ()):
            if i.type == "strategy" and param_name != "strategy" and not _seats(i):
                continue
            return i.name
    return None


def _seats(i: Input) -> bool:
    """Whether a strategy input takes the seat and team options (``--team0``, ``--seat2``)."""
    return i.type == "strategy" and i.table


def _decorator(i: Input):
    """The click parameter(s) of one input."""
    show = i.default is not None and i.default is not False
    if i.type == "body":
        return click.argument(i.name, metavar=i.metavar or i.name.upper(),
                              type=click.File("r", encoding="utf-8", errors="replace"))
    if i.argument:
        return click.argument(i.name, metavar=i.metavar or i.name.upper())
    if i.type == "rules":
        return rules_options(help=i.help)
    if i.type == "strategy" and _seats(i):
        return strategy_options(default=i.default)
    names = [i.flag, i.name] + ([i.short] if i.short else [])
    if i.type == "bool":
        return click.option(*names, is_flag=True, default=bool(i.default), help=i.help)
    # numbers and choices are read by the record (one line for a mistake, as the API says it)
    metavar = i.metavar or ("|".join(map(str, i.options())) if i.type == "choice" else
                            {"int": "N", "float": "X"}.get(i.type, "TEXT"))
    return click.option(*names, type=str, default=i.default, required=i.required,
                        show_default=show, metavar=metavar, help=i.help)


def command(question: Question, before=None, decorators=(), more: str = "",
            epilog: str | None = None, home: str = __name__,
            progress_label: str = "deals") -> click.Command:
    """The click command for ``question``: ``before(values, **extra)`` runs after the inputs
    are checked and before the answer (``extra``: the values of ``decorators``' options, such
    as ``yes``); ``more``: paragraphs of help for the command line alone; ``home``: the module
    that keeps the command (the group takes each module's own commands)."""
    words = words_for(question)

    def callback(as_json=False, silent=False, link=None, **kw):
        extra = {k: kw.pop(k) for k in list(kw) if input_of(question, k) is None
                 and k not in ("rules", "table")}
        if "table" in kw:
            kw[next(i.name for i in question.inputs if i.type == "strategy")] = kw.pop("table")
        raw = {k: (v.read() if hasattr(v, "read") else v) for k, v in kw.items()}
        bars = []

        def progress(done, total):
            if not bars:        # the bar starts with the first batch: bad input is one line
                bars.append(click.progressbar(length=max(total, 1), label=progress_label,
                                              file=sys.stderr))
                bars[0].__enter__()
            bars[0].length = max(total, 1)
            bars[0].update(done - bars[0].pos)

        try:
            values = question.check(raw)
            if link is not None:            # the page's address of the question, not its answer
                click.echo(question.link(values, link))
                return
            if before is not None:
                before(values, **extra)
            shown = question.progress and shows_progress(silent)
            answer = question.answer(values, progress=progress if shown else None)
        except InputError as e:
            raise click.ClickException(e.worded(words)) from None
        except ValueError as e:
            raise click.ClickException(str(e)) from None
        finally:
            if bars:
                bars[0].__exit__(None, None, None)
        if as_json:
            click.echo(json.dumps(question.json(answer), indent=2))
        else:
            said = question.text(answer)
            if said:
                click.echo(said)
        failed = question.problems(answer) if question.problems is not None else []
        for line in failed:
            click.echo(line, err=True)
        if failed:
            click.get_current_context().exit(1)

    f = callback
    if question.progress:
        f = click.option("--silent", is_flag=True, help="No progress bar.")(f)
    f = click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")(f)
    if question.page is not None:
        f = click.option(
            "--link", is_flag=False, flag_value=LINK_BASE, default=None, metavar="[URL]",
            help=f"Print the address of this question on the web's {question.page.title()} "
                 f"page (of euchre-sim serve at URL, default {LINK_BASE}) instead of "
                 "answering it.")(f)
    for d in reversed(decorators):
        f = d(f)
    for i in reversed(question.inputs):
        f = _decorator(i)(f)
    examples = "\n".join(f"    {e}" for e in question.examples)
    arguments = "\n\n".join(f"{i.metavar or i.name.upper()}: {i.help}" + (
        " (- for standard input)" if i.type == "body" else "")
        for i in question.inputs if i.argument or i.type == "body")
    help_text = (f"{question.title}\n\n{question.summary}"
                 + (f"\n\n{arguments}" if arguments else "")
                 + (f"\n\n{more}" if more else "")
                 + (f"\n\n\b\nExample:\n{examples}" if examples else ""))
    f.__module__ = home
    return click.command(question.name, help=help_text, epilog=epilog)(f)


def commands(made: set[str]) -> list[click.Command]:
    """A plain command for each question not in ``made`` (those with a module of their own)."""
    return [command(q) for name, q in questions().items() if name not in made]


__all__ = ["command", "commands", "input_of", "words_for"]
