"""``mtgasp facts``: the board as ASP facts, for running the encodings with plain clingo."""

from __future__ import annotations

import argparse

from ..facts.board import board_facts, render_facts
from ..output.format import dumps
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Print BOARD as ASP facts (the vocabulary is in asp/README.md). Pipe them into clingo "
        "with a query's entry program:\n\n"
        "  mtgasp facts b.yaml | python -m clingo $(mtgasp asp-path)/queries/activations.lp -"
    )
    _common.add_board(parser)
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    board = _common.board(args)
    facts = board_facts(board)
    if args.json:
        return dumps(
            {
                "query": "facts",
                "schema": 1,
                "board": board.source,
                "facts": [f"{symbol}." for symbol in facts],
            }
        )
    return render_facts(facts).rstrip("\n")
