"""Stand-ins for a query's ``run``, importable by a batch's worker processes (tests/ is on their
path): each misbehaves on the board it is given, to test what the batch makes of it."""

from __future__ import annotations

import argparse
import os

from mtgasp.errors import MemoryLimitError


def die_on_crash_boards(args: argparse.Namespace) -> str:
    """Kill the whole worker process on a board named ``crash...``; else answer ``{}``."""
    if os.path.basename(args.board).startswith("crash"):
        os._exit(9)
    return "{}"


def run_out_of_memory(args: argparse.Namespace) -> str:
    """As a grounding past ``--memory-limit`` does."""
    raise MemoryLimitError()
