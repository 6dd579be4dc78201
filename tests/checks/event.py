"""Verify event cases (see checks/_courses.py for the keys of ``expect``)."""

from __future__ import annotations

from typing import Any

from mtgasp import Board

from . import _courses


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    _courses.verify("event", board, args, expect)
