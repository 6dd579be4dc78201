"""Shell completion (argcomplete): commands, options and card names, as the shell asks for them:
the program runs with ``_ARGCOMPLETE`` set and writes the candidates to file descriptor 8."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def _candidates(line: str) -> list[str]:
    """What completing ``line`` (cursor at its end) offers, as the shell would receive it."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "bridge"),
        "_ARGCOMPLETE": "1",
        "_ARGCOMPLETE_IFS": "\n",
        "COMP_LINE": line,
        "COMP_POINT": str(len(line)),
    }
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" -m mtgasp 8>&1 9>/dev/null >/dev/null', sys.executable],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return sorted(word.rstrip(" ") for word in done.stdout.split("\n"))


def test_commands_complete() -> None:
    assert _candidates("mtgasp ca") == ["cards", "cast", "castable"]


def test_options_complete() -> None:
    assert _candidates("mtgasp orderings board.yaml tap:x --gr") == ["--graph", "--graph-limit"]


def test_card_names_complete() -> None:
    found = _candidates("mtgasp cast board.yaml Llan")
    assert "Llanowar\\ Elves" in found  # quoted for the shell
    assert all(name.startswith("Llan") for name in found)
