"""``mtgasp asp-path``: where the installed encodings are."""

from __future__ import annotations

import argparse

from .._resources import asp_path
from ..output.format import dumps
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Print the directory holding the installed encodings: queries/ (one entry program per "
        "question), rules/ (one file per CR section), cards/ (one file per card)."
    )
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    path = asp_path()
    if args.json:
        return dumps(
            {
                "query": "asp-path",
                "schema": 1,
                "path": str(path),
                **{part: str(path / part) for part in ("queries", "rules", "cards")},
            }
        )
    return str(path)
