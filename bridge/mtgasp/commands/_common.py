"""Arguments shared by several commands."""

from __future__ import annotations

import argparse

from .._text import quote
from ..board import Board, load_board
from ..limits import MAX_NUMBER


def add_board(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("board", help="board file (.yaml, .yml or .json); see docs/board-format.md")


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json", action="store_true", help="print JSON instead of text (docs/json-output.md)"
    )


def count(text: str) -> int:
    """An argparse type: a whole number from 0 to MAX_NUMBER (a bound, a count, X)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {quote(text)}") from None
    if not 0 <= value <= MAX_NUMBER:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 0 to {MAX_NUMBER}, got {quote(text)}"
        )
    return value


def board(args: argparse.Namespace) -> Board:
    return load_board(args.board)
