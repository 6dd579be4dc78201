"""mtgasp's encodings and users' programs, parsed by clingo; each thread keeps its own parsed
encodings (``_ast_cache``) and gives them to every later Control of theirs."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import clingo
import clingo.ast

from .._resources import asp_path
from ..errors import EncodingError, QueryError
from ._ast_cache import ThreadCache
from ._live import fact_shapes, has_table, live_statements, live_text

__all__ = ["Messages", "encoding_report", "load_encoding", "parse_once", "parse_program"]


class Messages:
    """clingo's messages, collected as lines (each with clingo's code name, for our own
    encodings' internal errors) and as a user reads them (:meth:`for_user`)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._plain: list[str] = []

    def __call__(self, code: clingo.MessageCode, message: str) -> None:
        self.lines.append(f"{code.name}: {message.strip()}")
        self._plain.append(message.strip())

    def for_user(self) -> str:
        """The messages about a user's program: clingo's own words and locations, without its
        code names (``RuntimeError: ``), and mtgasp's encodings named as ``asp/FILE`` (as
        ``mtgasp asp-path`` shows them), not by where they are installed."""
        return _INSTALLED.sub("asp/", "\n".join(self._plain))


#: Where mtgasp's encodings are installed, as clingo writes it in a location (``asp/`` then any
#: ``DIR/../`` a relative #include made).
_INSTALLED = re.compile(re.escape(str(asp_path())) + r"/(?:[\w-]+/\.\./)*")

# Comments are statements in clingo >= 5.8's AST; they mean nothing to the grounder.
_COMMENT = getattr(clingo.ast.ASTType, "Comment", None)


def parse_once(path: Path) -> tuple[Any, ...]:
    """The parsed statements of an entry program of mtgasp's: parsed now or before, then kept for
    the rest of the thread (every later Control of that program is given these)."""
    return _program(path)


#: The entry programs parsed, each thread its own (_ast_cache), and those given to clingo as text
#: (a file or a slice's text) the first time in this process.
_PARSED: ThreadCache[Path, tuple[Any, ...]] = ThreadCache()
_LOADED: set[Path] = set()


def _program(path: Path) -> tuple[Any, ...]:
    """The parsed statements of an entry program and of everything it includes (clingo resolves
    the ``#include`` directives as ``Control.load`` does): parsed once per thread."""
    return _PARSED.get(path, lambda: _parse_encoding(path))


def _parse_encoding(path: Path) -> tuple[Any, ...]:
    try:
        return parse_program(path)
    except QueryError as exc:
        raise EncodingError(f"internal error in mtgasp's encodings ({path.name}): {exc}") from None


def parse_program(path: Path) -> tuple[Any, ...]:
    """The statements of the program in ``path`` (and what it includes), parsed by clingo. A
    syntax error raises QueryError with clingo's messages (for a user's program: ``prove``)."""
    messages = Messages()
    statements: list[Any] = []
    try:
        clingo.ast.parse_files([str(path)], statements.append, logger=messages, message_limit=20)
    except RuntimeError:
        raise QueryError(messages.for_user() or f"{path}: clingo cannot parse it") from None
    if messages.lines:
        raise QueryError(messages.for_user())
    return tuple(s for s in statements if s.ast_type != _COMMENT)


def load_encoding(
    ctl: clingo.Control, path: Path, inputs: Iterable[tuple[str, int]] | None = None
) -> None:
    """The entry program ``path`` into ``ctl``: given the signatures of every fact the Control
    will have (``inputs``) and a program with a table (_live), without the rules that cannot
    fire. The first time in a process, as text for clingo's parser alone (the slice's text from
    the table, or the file: ``ctl.load``), the cheapest way for a command that grounds each
    program once (``mtgasp check``). After that, from the statements parsed once per thread and
    kept: adding them costs a fraction of parsing again, for a process that answers many boards.
    Text and statements give clingo the same program, so the same answers and witnesses."""
    sliced = inputs is not None and has_table(path)
    first = path not in _PARSED.mine() and path not in _LOADED
    if sliced:
        signatures = list(inputs or ())
        shapes = fact_shapes(path, ctl, signatures)
        text = live_text(path, signatures, shapes) if first else None
        if text is not None:
            _LOADED.add(path)
            ctl.add("base", [], text)
            return
        statements = live_statements(path, _program(path), signatures, shapes)
    elif first:
        _LOADED.add(path)
        ctl.load(str(path))
        return
    else:
        statements = _program(path)
    with clingo.ast.ProgramBuilder(ctl) as builder:
        for statement in statements:
            builder.add(statement)


def encoding_report(path: Path, messages: Messages, headline: str) -> str:
    """The text of an error in mtgasp's encodings: the file, what went wrong, clingo's lines."""
    details = "\n".join(messages.lines) or "(no details)"
    return f"internal error in mtgasp's encodings ({path.name}): {headline}\n{details}"
