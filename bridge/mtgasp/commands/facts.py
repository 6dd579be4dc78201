"""``mtgasp facts``: the board as ASP facts, for running the encodings with plain clingo."""

from __future__ import annotations

import argparse

from ..facts.board import board_facts, render_facts
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Print BOARD as ASP facts (the vocabulary is in asp/README.md). Pipe them into clingo "
        "with a query's entry program:\n\n"
        "  mtgasp facts b.yaml | python -m clingo $(mtgasp asp-path)/queries/activations.lp -"
    )
    _common.add_board(parser)


def run(args: argparse.Namespace) -> str:
    return render_facts(board_facts(_common.board(args))).rstrip("\n")
