"""The files a command writes besides what it prints (``--html``, ``--graph`` and the ``.dot``
beside an ``.svg`` or ``.png``, ``prove --save``, ``--write-board``), all by one rule:

- an existing file is never overwritten without ``--force``; the command refuses before it
  computes anything (:func:`refuse_overwrites`), and again at the moment it writes;
- a file is written whole or not at all: to a temporary file in the same directory, then
  renamed over the name (a full disk, a read-only directory, Ctrl-C leave no cut or empty file
  that would block a retry);
- a failure is a sentence with the option and the file (``--html r.html: cannot write it: No
  space left on device``), exit code 2, never ``[Errno 28]``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
from collections.abc import Iterable
from pathlib import Path

from .._text import reason
from ..errors import QueryError

__all__ = ["outputs_of", "refuse_overwrites", "write_output"]

#: The graph formats drawn by Graphviz: their DOT source is written beside them (graphs.py).
_RENDERED = (".svg", ".png")


def outputs_of(args: argparse.Namespace) -> list[tuple[str, Path]]:
    """The files the command of ``args`` will write, each with its option, as far as its
    arguments name them (not ``--write-board``'s, whose names depend on the number of final
    boards: that command checks them before it writes any)."""
    found = []
    for option in ("html", "graph", "save"):
        name = getattr(args, option, None)
        if name:
            found.append((f"--{option.replace('_', '-')}", Path(name)))
            if option == "graph" and Path(name).suffix.lower() in _RENDERED:
                found.append(("--graph", Path(name).with_suffix(".dot")))
    return found


def refuse_overwrites(outputs: Iterable[tuple[str, Path]], force: bool) -> None:
    """A QueryError naming every one of ``outputs`` that exists, unless ``force``."""
    if force:
        return
    existing = [(option, path) for option, path in outputs if os.path.lexists(path)]
    if existing:
        option = existing[0][0]
        names = ", ".join(str(path) for _, path in existing)
        raise QueryError(
            f"{option} would overwrite {names}; remove it, choose another file name or add --force"
        )


def write_output(path: Path, data: bytes, option: str, *, force: bool) -> Path:
    """Write ``data`` to ``path`` whole (a temporary file beside it, renamed over it), refusing
    to overwrite an existing file unless ``force``."""
    refuse_overwrites([(option, path)], force)
    directory = path.parent
    temporary = directory / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        # 0o666 less the umask, as for any new file (a temporary file's own default is 0o600).
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise
    except OSError as exc:
        raise QueryError(f"{option} {path}: cannot write it: {reason(exc)}") from None
    except (ValueError, UnicodeEncodeError):  # a NUL byte or a lone surrogate in the name
        raise QueryError(f"{option} {path}: is not a file name the system can open") from None
    return path
