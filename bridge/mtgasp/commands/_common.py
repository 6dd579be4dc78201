"""Arguments shared by several commands."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..board.load import load_board
from ..board.model import Board
from ..board.numbers import whole
from ..errors import QueryError
from ..output import graphs
from ..output.graphs import DEFAULT_GRAPH_LIMIT, Graph


def add_board(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("board", help="board file (.yaml, .yml or .json); see docs/board-format.md")


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json", action="store_true", help="print JSON instead of text (docs/json-output.md)"
    )


def whole_number(what: str, least: int = 0) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to MAX_NUMBER, written with the digits 0-9
    (``what`` names it in the error, if anything)."""

    def parse(text: str) -> int:
        try:
            return whole(text, what, least)
        except QueryError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


#: An argparse type: a whole number from 0 to MAX_NUMBER (a bound, a count).
count = whole_number("")


def board(args: argparse.Namespace) -> Board:
    return load_board(args.board)


def add_graph(parser: argparse.ArgumentParser, what: str) -> None:
    """``--graph FILE`` and ``--graph-limit N`` (docs/commands.md, "Pictures")."""
    parser.add_argument(
        "--graph",
        metavar="FILE",
        help=f"also draw {what} to FILE: .dot (Graphviz source), or .svg/.png (rendered by "
        "Graphviz's `dot` program, the .dot written beside it); the printed answer is unchanged",
    )
    parser.add_argument(
        "--graph-limit",
        type=count,
        default=DEFAULT_GRAPH_LIMIT,
        metavar="N",
        help=f"draw at most N nodes (default {DEFAULT_GRAPH_LIMIT}); the cut is marked",
    )


def write_graph(args: argparse.Namespace, graph: Graph) -> None:
    """Write ``graph`` where ``--graph`` says (the caller checked it says)."""
    if args.graph_limit < 1:
        raise QueryError("--graph-limit must be at least 1")
    graphs.write_graph(graph, args.graph, args.graph_limit, force=args.force)


def add_force(parser: argparse.ArgumentParser, options: str) -> None:
    """``--force``: the command's output files (``options``) may overwrite existing files
    (``output/files.py``: without it, the command refuses before it computes anything)."""
    parser.add_argument(
        "--force", action="store_true", help=f"{options} may overwrite existing files"
    )


def add_html(parser: argparse.ArgumentParser) -> None:
    """``--html FILE`` (docs/commands.md, "Pictures")."""
    parser.add_argument(
        "--html",
        metavar="FILE",
        help="also write the answer as one self-contained HTML page: the board, every verdict "
        "with its CR rule's text, the graphs inline (SVG when Graphviz's `dot` is installed)",
    )


def turn_text(board: Board) -> str:
    """``turn 4``, or ``turn number not given`` (see :class:`mtgasp.board.model.Turn`)."""
    number = board.turn.number
    return "turn number not given" if number is None else f"turn {number}"
