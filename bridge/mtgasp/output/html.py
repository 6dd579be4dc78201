"""The HTML report (``--html FILE``): one self-contained page, readable without a network.

The page shows the board, each section of the answer as the text command prints it, every CR
number in it linked to the rule's text (shipped: ``comprehensive-rules.json.gz``, extracted from
the Comprehensive Rules by ``tools/cr_extract.py``) in a side panel and on hover, and the graphs
inline as SVG when Graphviz's ``dot`` is installed (the DOT source otherwise). No script, no
external resource: styles are inline.
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
body{font-family:system-ui,sans-serif;margin:0;display:flex;color:#222}
main{flex:1;padding:1em 2em;min-width:0}
aside{width:26em;max-height:100vh;overflow-y:auto;position:sticky;top:0;padding:1em;
background:#f6f6f0;border-left:1px solid #ccc;font-size:.9em}
pre{background:#fafafa;border:1px solid #e4e4e4;padding:.6em;overflow-x:auto}
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em}
a.cr{color:#1a5fb4;text-decoration:underline dotted}
.legal{color:#26734d;font-weight:bold}.illegal{color:#b3261e;font-weight:bold}
.warn{color:#8a5a00;font-weight:bold}
.rule{margin:.4em 0;padding:.3em;white-space:pre-wrap}.rule:target{background:#fff2a8}
figure{margin:1em 0;overflow-x:auto}figure svg{max-width:100%;height:auto}
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


def _figure(graph: Graph, limit: int) -> str:
    drawn = graph.cut(limit)
    try:
        svg = render_svg(drawn)
    except QueryError as exc:
        return (
            f"<figure><figcaption>{escape(str(exc))}; the graph's DOT source:</figcaption>"
            f"<pre>{escape(to_dot(drawn))}</pre></figure>"
        )
    svg = svg[svg.index("<svg") :]
    return f'<figure role="img" aria-label="{escape(drawn.title)}">{svg}</figure>'


def page(
    title: str, board: Board, sections: Sequence[Section], limit: int = DEFAULT_GRAPH_LIMIT
) -> str:
    """The whole page as one string."""
    board_text = yaml.safe_dump(board_to_data(board), sort_keys=False, allow_unicode=True)
    texts = [text for s in sections for text in (s.heading, s.text)]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title>",
        f"<style>{_STYLE}</style></head><body><main>",
        f"<h1>{escape(title)}</h1>",
        f"<h2>Board {escape(board.source)}</h2>",
        f'<pre class="board">{escape(board_text)}</pre>',
    ]
    for section in sections:
        parts.append(f"<section><h2>{_marked(section.heading)}</h2>")
        if section.text:
            parts.append(f"<pre>{_marked(section.text)}</pre>")
        if section.graph is not None:
            parts.append(_figure(section.graph, limit))
        parts.append("</section>")
    parts.append("</main><aside><h2>Rules cited</h2><p>From the Comprehensive Rules.</p>")
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
