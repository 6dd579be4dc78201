"""Text answers on a terminal: long lines wrapped to its width, verdicts coloured.

Only for a terminal (the command line checks ``isatty``); piped output is the plain text,
byte for byte. A table row too wide is wrapped within its last column (the verdicts), so the
columns stay aligned; other long lines wrap with a hanging indent. Colour: ``--color always`` or
``never`` decides; else none when ``NO_COLOR`` is set to anything but the empty string
(https://no-color.org), colour even when piped when ``FORCE_COLOR`` is (https://force-color.org),
and otherwise colour on a terminal only.
"""

from __future__ import annotations

import re
import textwrap

__all__ = ["colour_wanted", "coloured", "render"]

_RULE_LINE = re.compile(r"^-+(  -+)*$")
_COLOURS = {"illegal": "31", "legal": "32", "Not modelled": "33", "TRUNCATED": "33"}
_WORDS = re.compile(r"\b(illegal|legal|Not modelled|TRUNCATED)\b")
#: A last column narrower than this is not worth wrapping within: the row wraps as prose.
_MIN_COLUMN = 20


def colour_wanted(environ: dict[str, str], *, choice: str = "auto", tty: bool = True) -> bool:
    """``--color always``/``never`` (``choice``) decides; with ``auto``, no colour when
    ``NO_COLOR`` is set and not empty, colour when ``FORCE_COLOR`` is, else colour on a
    terminal (``tty``) only."""
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR"):
        return False
    return bool(environ.get("FORCE_COLOR")) or tty


def render(text: str, width: int, colour: bool) -> str:
    """``text`` with lines wrapped to ``width`` columns and, if ``colour``, verdicts coloured."""
    width = max(width, _MIN_COLUMN)
    out: list[str] = []
    last_column: int | None = None  # where the last column of the current table starts
    for line in text.split("\n"):
        if _RULE_LINE.match(line):
            last_column = line.rfind("  -") + 2 if "  -" in line else 0
            out.append(line[:width])
            continue
        if not line.strip():
            last_column = None
        if len(line) <= width:
            out.append(line)
        elif last_column is not None and width - last_column >= _MIN_COLUMN:
            cells = textwrap.wrap(
                line[last_column:], width - last_column, break_on_hyphens=False
            ) or [""]
            out.append(line[:last_column] + cells[0])
            out.extend(" " * last_column + cell for cell in cells[1:])
        else:
            indent = len(line) - len(line.lstrip(" "))
            out.extend(
                textwrap.wrap(
                    line.strip(),
                    width,
                    initial_indent=" " * indent,
                    subsequent_indent=" " * (indent + 2),
                    break_on_hyphens=False,
                )
            )
    result = "\n".join(out)
    return coloured(result) if colour else result


def coloured(text: str) -> str:
    """``text`` with its verdicts coloured (legal green, illegal red, caveats yellow)."""
    return _WORDS.sub(lambda m: f"\x1b[{_COLOURS[m[1]]}m{m[1]}\x1b[0m", text)
