"""``euchre-sim review``: hands played at a real table reviewed step by step, as the web's Review
page shows them.

Made from the review's question record (``analysis.questions.review``: its inputs, answer and
text, the page's own answer); this module adds the command line's check of the pricing's size
(``--yes``).  Every hand is answered; a bad one gets one line on stderr and makes the exit
status 1.
"""

from __future__ import annotations

from analysis.cli.bounds import check_count, yes_option
from analysis.cli.decide import SURE_WORLDS, WORLD_BYTES
from analysis.cli.options import EXAMPLES_NOTE
from analysis.cli.questions import command
from analysis.questions.review import QUESTION, hands_in
from analysis.text.review import duplicate_text, learning_text, review_text, show_how_text


def _check_worlds(values: dict, yes: bool) -> None:
    """The pricing's size: ``--worlds`` for each hand (``--yes`` past an hour)."""
    entries, _ = hands_in(values["records"])
    check_count("--worlds", values["worlds"], unit=f"worlds for each of {len(entries):,} hands",
                least=2, memory=WORLD_BYTES, sure=SURE_WORLDS // len(entries), yes=yes)


review = command(QUESTION, before=_check_worlds, decorators=(yes_option,), home=__name__,
                 epilog=EXAMPLES_NOTE, progress_label="reviewing")

__all__ = ["review", "review_text", "show_how_text", "duplicate_text", "learning_text"]
