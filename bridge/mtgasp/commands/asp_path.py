"""``mtgasp asp-path``: where the installed encodings are."""

from __future__ import annotations

import argparse

from .._resources import asp_path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Print the directory holding the installed encodings: queries/ (one entry program per "
        "question), rules/ (one file per CR section), cards/ (one file per card)."
    )


def run(args: argparse.Namespace) -> str:
    return str(asp_path())
