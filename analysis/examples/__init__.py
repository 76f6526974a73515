"""The example files the command line's help names (``euchre-sim decide examples/view.json``,
``euchre-sim grade examples/graded-march.jsonl``, ...), shipped inside the package so that an
installed euchre-sim has them too: ``FOLDER`` is where they are.  The repository's
``examples/`` is a link to this folder, so the help's paths work from the repository's root;
each command's help ends with where they are (``analysis.cli.options.EXAMPLES_NOTE``).
"""

from pathlib import Path

FOLDER = Path(__file__).resolve().parent
#: the files, as the help names them (relative to the folder above ``FOLDER``)
FILES = ("examples/bot.py", "examples/code_strategy.py", "examples/graded-march.jsonl",
         "examples/hands.jsonl", "examples/positions.jsonl", "examples/trickster.ptn",
         "examples/view.json",
         "examples/strategies/ace-lover.toml", "examples/strategies/lighter-dealer-partner.toml")

__all__ = ["FOLDER", "FILES"]
