"""Shared helpers for printing results: fixed-width tables for people, JSON for programs."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

__all__ = ["dumps", "table"]


def dumps(data: Any) -> str:
    """JSON as every command prints it: indented, UTF-8, keys in the order built."""
    return json.dumps(data, indent=2, ensure_ascii=False)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain fixed-width table with a header rule."""
    widths = [len(h) for h in headers]
    for row in rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], len(cell))
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines)
