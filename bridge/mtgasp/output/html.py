"""The HTML report (``--html FILE``): one self-contained page, readable without a network.

The page shows the answers first, each section as the text command prints it, its tables as HTML
tables whose cells wrap (a long verdict is never cut behind a scroll bar), every CR number linked
to the rule's text (shipped: ``comprehensive-rules.json.gz``, extracted from the Comprehensive
Rules by ``tools/cr_extract.py``) in a side panel and on hover, the graphs inline as SVG when
Graphviz's ``dot`` is installed (the DOT source otherwise) at their full size, scrolling, with a
"fit to width" switch; then the board. No script, no external resource: styles are inline. On a
narrow screen (a phone) the panel of rules goes below the answers.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import resources
from pathlib import Path

import yaml

from ..board.model import Board
from ..board.write import board_to_data
from ..errors import QueryError
from .files import write_output
from .graphs import DEFAULT_GRAPH_LIMIT, Graph, render_svg, to_dot

__all__ = ["Section", "cr_rules", "page", "write_page"]

#: A CR rule number as printed in answers: 302.6, 601.2h (not part of a longer number).
_RULE = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?![\d])")
#: Words of a verdict, coloured on the page.
_VERDICT = re.compile(r"\b(illegal|legal|Not modelled|TRUNCATED)\b")
_CLASS = {"illegal": "illegal", "legal": "legal", "Not modelled": "warn", "TRUNCATED": "warn"}

_STYLE = """
body{font-family:system-ui,sans-serif;margin:0;display:flex;color:#222;line-height:1.35}
main{flex:1;padding:1em 2em;min-width:0}
aside{width:26em;flex:none;max-height:100vh;overflow-y:auto;position:sticky;top:0;padding:1em;
background:#f6f6f0;border-left:1px solid #ccc;font-size:.9em;box-sizing:border-box}
pre{background:#fafafa;border:1px solid #e4e4e4;padding:.6em;white-space:pre-wrap;
overflow-wrap:break-word}
h1{font-size:1.4em;overflow-wrap:anywhere}h2{font-size:1.1em;margin-top:1.6em}
a.cr{color:#1a5fb4;text-decoration:underline dotted}
.legal{color:#26734d;font-weight:bold}.illegal{color:#b3261e;font-weight:bold}
.warn{color:#8a5a00;font-weight:bold}
.rule{margin:.4em 0;padding:.3em;white-space:pre-wrap}.rule:target{background:#fff2a8}
.table{overflow-x:auto}
table{border-collapse:collapse;margin:.4em 0;font-size:.92em}
th,td{border:1px solid #e0e0e0;padding:.25em .5em;text-align:left;vertical-align:top;
overflow-wrap:break-word}
th{background:#f0f0f0}td:last-child{min-width:12em}
figure{margin:1em 0}.graph{overflow:auto;max-height:85vh;border:1px solid #e4e4e4}
.graph svg{display:block}.fit{margin-right:.3em}
.fit:checked+label+.graph svg{max-width:100%;height:auto}
details.board summary{cursor:pointer;font-weight:bold;margin-top:1.6em}
@media (max-width:60em){body{display:block}main{padding:.6em}
aside{width:auto;position:static;max-height:none;border-left:0;border-top:1px solid #ccc}
td:last-child{min-width:8em}}
"""


@dataclass(frozen=True)
class Section:
    """One part of the page: a heading and the text below it as the command prints them (CR
    numbers linked), and a graph."""

    heading: str
    text: str
    graph: Graph | None = None


@cache
def cr_rules() -> dict[str, str]:
    """Every numbered rule of the Comprehensive Rules: number -> text (with its examples)."""
    data = (resources.files("mtgasp") / "comprehensive-rules.json.gz").read_bytes()
    rules: dict[str, str] = json.loads(gzip.decompress(data))
    return rules


def _cited(texts: Sequence[str]) -> list[str]:
    """The rules cited in ``texts`` that the CR has, in CR order."""
    rules = cr_rules()
    found = {m for text in texts for m in _RULE.findall(text) if m in rules}
    order = {number: index for index, number in enumerate(rules)}
    return sorted(found, key=order.__getitem__)


def _marked(text: str) -> str:
    """``text`` escaped for HTML, CR numbers linked to the side panel (the rule's text on
    hover), verdict words coloured."""
    rules = cr_rules()
    out, last = [], 0
    for m in _RULE.finditer(text):
        out.append(_words(text[last : m.start()]))
        number = m[1]
        if number in rules:
            out.append(
                f'<a class="cr" href="#cr-{number}" title="{escape(rules[number])}">{number}</a>'
            )
        else:
            out.append(escape(number))
        last = m.end()
    out.append(_words(text[last:]))
    return "".join(out)


def _words(text: str) -> str:
    return _VERDICT.sub(lambda m: f'<span class="{_CLASS[m[1]]}">{m[1]}</span>', escape(text))


def _figure(graph: Graph, limit: int, number: int) -> str:
    """The graph at its full size in a scrolling box, with a "fit to width" switch (CSS only)."""
    drawn = graph.cut(limit)
    try:
        svg = render_svg(drawn)
    except QueryError as exc:
        return (
            f"<figure><figcaption>{escape(str(exc))}; the graph's DOT source:</figcaption>"
            f"<pre>{escape(to_dot(drawn))}</pre></figure>"
        )
    svg = svg[svg.index("<svg") :]
    switch = f'<input type="checkbox" class="fit" id="fit-{number}"><label for="fit-{number}">'
    return (
        f'<figure role="img" aria-label="{escape(drawn.title)}">{switch}fit to width</label>'
        f'<div class="graph">{svg}</div></figure>'
    )


#: The rule below a table's header: runs of dashes, two spaces apart (``_output.table``).
_TABLE_RULE = re.compile(r"^-+(  -+)*$")


def _text_html(text: str) -> str:
    """A section's text: its tables as HTML tables (cells wrap), the rest as preformatted text
    that wraps; CR numbers linked, verdicts coloured."""
    lines = text.split("\n")
    out: list[str] = []
    plain: list[str] = []
    index = 0
    while index < len(lines):
        if index + 1 < len(lines) and _TABLE_RULE.match(lines[index + 1]):
            end = index + 2
            while end < len(lines) and lines[end].strip():
                end += 1
            if plain:
                out.append(f"<pre>{_marked(chr(10).join(plain))}</pre>")
                plain = []
            out.append(_table(lines[index], lines[index + 1], lines[index + 2 : end]))
            index = end
        else:
            plain.append(lines[index])
            index += 1
    if "".join(plain).strip():
        out.append(f"<pre>{_marked(chr(10).join(plain).strip(chr(10)))}</pre>")
    return "".join(out)


def _table(header: str, rule: str, rows: Sequence[str]) -> str:
    """A text table as HTML: its columns start where the rule's runs of dashes start."""
    starts = [m.start() for m in re.finditer(r"-+", rule)]
    bounds = list(zip(starts, [*starts[1:], None], strict=True))

    def cells(line: str, tag: str) -> str:
        return "".join(f"<{tag}>{_marked(line[a:b].strip())}</{tag}>" for a, b in bounds)

    body = "".join(f"<tr>{cells(row, 'td')}</tr>" for row in rows)
    return f'<div class="table"><table><tr>{cells(header, "th")}</tr>{body}</table></div>'


def page(
    title: str, board: Board, sections: Sequence[Section], limit: int = DEFAULT_GRAPH_LIMIT
) -> str:
    """The whole page as one string: the answers first, then the board."""
    board_text = yaml.safe_dump(board_to_data(board), sort_keys=False, allow_unicode=True)
    texts = [text for s in sections for text in (s.heading, s.text)]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{_STYLE}</style></head><body><main>",
        f"<h1>{escape(title)}</h1>",
    ]
    figures = 0
    for section in sections:
        parts.append(f"<section><h2>{_marked(section.heading)}</h2>")
        if section.text:
            parts.append(_text_html(section.text))
        if section.graph is not None:
            figures += 1
            parts.append(_figure(section.graph, limit, figures))
        parts.append("</section>")
    permanents = len(board.battlefield)
    parts += [
        f'<details class="board"><summary>The board: {escape(board.source)} ({permanents} '
        f"permanent{'' if permanents == 1 else 's'}), as YAML</summary>",
        f'<pre class="board">{escape(board_text)}</pre></details>',
        "</main><aside><h2>Rules cited</h2><p>From the Comprehensive Rules.</p>",
    ]
    rules = cr_rules()
    for number in _cited(texts):
        parts.append(
            f'<div class="rule" id="cr-{number}"><b>{number}</b> {escape(rules[number])}</div>'
        )
    parts.append("</aside></body></html>")
    return "\n".join(parts) + "\n"


def write_page(
    path: str,
    title: str,
    board: Board,
    sections: Sequence[Section],
    limit: int = DEFAULT_GRAPH_LIMIT,
    *,
    force: bool = False,
) -> None:
    """Write :func:`page` to ``path`` (an existing file only with ``force``: ``files``)."""
    text = page(title, board, sections, limit)
    write_output(Path(path), text.encode("utf-8"), "--html", force=force)
