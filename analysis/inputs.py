"""A mistake in one input of a question, named by the input: ``InputError("deals", "at most
2,000,000")``.  The analyses raise it where the mistake is one input's; each interface words it
its own way (the command line as ``--deals: ...``, the page and the API as ``deals: ...`` with
the field named), so neither reads the other's words.  A message may name other inputs as
``{name}`` (``"ask with {assume_passed}"``): each interface fills in its own words for them.
It is a ``ValueError``, so code that catches those catches it.
"""

from __future__ import annotations

import re

_NAMED = re.compile(r"\{([a-z_]+)\}")


class InputError(ValueError):
    """``input``: the input's name (a question's, as the API spells it); the message without
    the name; ``named``: whether the line starts with the input's name (False where the
    message names it itself, as ``{input}``)."""

    def __init__(self, input: str, message: str, named: bool = True):
        super().__init__(message)
        self.input, self.message, self.named = input, message, named

    def worded(self, words) -> str:
        """The one line in an interface's words: ``words(name)`` is what it calls an input
        (``--deals`` at the command line)."""
        text = _NAMED.sub(lambda m: words(m.group(1)), self.message)
        return f"{words(self.input)}: {text}" if self.named else text

    def __str__(self) -> str:
        return self.worded(lambda name: name)


__all__ = ["InputError"]
