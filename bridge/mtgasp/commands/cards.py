"""``mtgasp cards``: the cards mtgasp knows."""

from __future__ import annotations

import argparse

from .._output import dumps
from ..solve import card_names
from . import _common

NAME = "cards"
HELP = "list the cards mtgasp knows"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = "List the Oracle names of every card mtgasp knows, one per line."
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    names = sorted(card_names())
    return dumps({"query": "cards", "schema": 1, "cards": names}) if args.json else "\n".join(names)
