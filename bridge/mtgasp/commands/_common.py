"""Arguments shared by several commands."""

from __future__ import annotations

import argparse

from ..board import Board, load_board


def add_board(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("board", help="board file (.yaml, .yml or .json); see docs/board-format.md")


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json", action="store_true", help="print JSON instead of text (docs/json-output.md)"
    )


def board(args: argparse.Namespace) -> Board:
    return load_board(args.board)
