"""Writing files so that they exist only when complete: ``write_atomic`` (a temporary name,
then a rename into place), and ``why`` (an ``OSError`` in a few words for a message).
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path


def why(e: OSError) -> str:
    """An ``OSError`` as a few lower-case words ("permission denied")."""
    return e.strerror.lower() if e.strerror else str(e)


def write_atomic(path: Path, content) -> None:
    """Write ``content`` (text, or a function that writes the file at the path it is given) to
    ``path`` under a temporary name and rename it into place: the file exists only when
    complete, and a failed write leaves nothing behind."""
    path = Path(path)
    tmp = path.parent / f".{path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        if callable(content):
            content(tmp)
        else:
            tmp.write_text(content)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


__all__ = ["write_atomic", "why"]
