"""A user's property file (``mtgasp prove``), read and checked before clingo sees it.

clingo opens what a program ``#include``s as it parses, so a property naming
``#include "/etc/passwd"`` would show that file's first line in the syntax error, and
``#include <incmode>.`` would add one of clingo's own programs; a property is one file of rules,
so any ``#include`` is refused, found by its text (outside comments and strings) before clingo
parses anything. Text that is not UTF-8 would reach clingo's message callback as bytes Python
cannot decode (``PANIC: exception in nothrow scope``); a NUL byte would end the text early for
clingo's lexer; a character that is not ASCII outside a string or a comment, which clingo's
lexer reports byte by byte, cutting the character (the same panic). Parentheses nested past
:data:`MAX_NESTING` would overflow clingo's parser stack (a segmentation fault at 100,000), and
terms nested past it (``1+1+...+1``) Python's walks of the parsed rules. Each is refused at its
file, line and column.
"""

from __future__ import annotations

import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import clingo.ast

from .._text import quote, reason
from ..errors import QueryError
from ..limits import MAX_PROPERTY_BYTES

__all__ = ["MAX_NESTING", "check_nesting", "check_property_text"]

#: What clingo skips (comments, strings) and what is refused outside them (``#include``, with
#: any spacing or case: one clingo would refuse anyway is refused the same). An unclosed block
#: comment or string matches nothing here, so what follows is searched as rules: the scan can
#: only refuse more than clingo would include, never less.
_TOKENS = re.compile(
    r'%\*.*?\*%|%[^\n]*|"(?:\\.|[^"\\\n])*"|#\s*include|[(\[{]|[)\]}]|[^\x00-\x7f]',
    re.DOTALL | re.I,
)
#: How deeply a property may nest parentheses, brackets and braces, and terms in a rule (a rule
#: of the vocabulary nests about 10).
MAX_NESTING = 100
#: Control characters clingo's lexer cannot take as text (tab, newline and return are spacing).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_property_text(path: Path) -> str:
    """The text of the property file ``path``: a regular file of at most MAX_PROPERTY_BYTES,
    UTF-8, no control character, no ``#include``; a QueryError (file:line:column, what is wrong
    and what would be right) otherwise. Reads only ``path``."""
    data = _read(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data[: exc.start].decode("utf-8"))
        raise QueryError(
            f"{path}:{line}:{column}: the property is not UTF-8 text "
            f"(byte 0x{data[exc.start]:02x}); save it as UTF-8"
        ) from None
    control = _CONTROL.search(text)
    if control is not None:
        line, column = _position(text[: control.start()])
        raise QueryError(
            f"{path}:{line}:{column}: the property contains the control character "
            f"U+{ord(control.group()):04X}; a property is text (rules, comments, strings)"
        )
    depth = 0
    for token in _TOKENS.finditer(text):
        kind = token.group()[0]
        if kind in "([{":
            depth += 1
        elif kind in ")]}":
            depth -= 1
        if not kind.isascii():
            line, column = _position(text[: token.start()])
            raise QueryError(
                f"{path}:{line}:{column}: the character U+{ord(kind):04X} is not part of "
                "clingo's language outside a string or a comment (names are ASCII)"
            )
        if kind == "#" or depth > MAX_NESTING:
            line, column = _position(text[: token.start()])
            raise QueryError(f"{path}:{line}:{column}: {_INCLUDE if kind == '#' else _DEEP}")
    return text


_INCLUDE = (
    "a property may not #include a file (nothing it names is read); write every rule of the "
    "property in this one file"
)
_DEEP = (
    f"parentheses, brackets or braces nest more than {MAX_NESTING} deep; a property's rules "
    "need far fewer"
)


def check_nesting(path: Path, statements: Iterable[Any]) -> None:
    """A QueryError at the first statement whose terms nest more than MAX_NESTING deep (an
    operator chain ``1+1+...+1`` nests without parentheses). Walked without recursion."""
    for statement in statements:
        stack: list[tuple[Any, int]] = [(statement, 0)]
        while stack:
            node, depth = stack.pop()
            if depth > MAX_NESTING:
                begin = statement.location.begin
                raise QueryError(
                    f"{path}:{begin.line}:{begin.column}: the rule's terms nest more than "
                    f"{MAX_NESTING} deep (an operator chain counts one level per operator); "
                    "a property's rules need far fewer"
                )
            for key in node.child_keys:
                child = getattr(node, key)
                if isinstance(child, clingo.ast.AST):
                    stack.append((child, depth + 1))
                elif isinstance(child, list | tuple | clingo.ast.ASTSequence):
                    stack.extend((item, depth + 1) for item in child)


def _read(path: Path) -> bytes:
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise QueryError(f"{path}: is a directory, not a property file")
        if not stat.S_ISREG(mode):
            raise QueryError(
                f"{path}: is not a regular file (a pipe, a device or a socket); give a property "
                "file (.lp)"
            )
        with path.open("rb") as stream:
            data = stream.read(MAX_PROPERTY_BYTES + 1)
    except FileNotFoundError:
        raise QueryError(f"{path}: no such property file") from None
    except OSError as exc:
        raise QueryError(f"{path}: cannot be read: {reason(exc)}") from None
    except (ValueError, UnicodeEncodeError):  # a NUL byte or a lone surrogate in the name
        raise QueryError(f"{quote(str(path))}: is not a file name the system can open") from None
    if len(data) > MAX_PROPERTY_BYTES:
        raise QueryError(
            f"{path}: is larger than {MAX_PROPERTY_BYTES} bytes, the largest property file "
            "mtgasp reads"
        )
    return data


def _position(before: str) -> tuple[int, int]:
    """The line and column (from 1, in characters) of what follows the text ``before``."""
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
