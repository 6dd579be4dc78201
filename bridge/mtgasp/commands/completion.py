"""Shell completion through argcomplete: commands, options, board files and card names.

The shell asks by running ``mtgasp`` with ``_ARGCOMPLETE`` set (after
``eval "$(register-python-argcomplete mtgasp)"``, see the README); the command line then calls
:func:`complete` before anything else, which prints the candidates and exits.
"""

from __future__ import annotations

import argparse
import os

__all__ = ["card_completer", "complete", "wanted"]


def wanted() -> bool:
    """True when the shell is asking for completions."""
    return "_ARGCOMPLETE" in os.environ


def card_completer(prefix: str, **_: object) -> list[str]:
    """Card names starting with ``prefix`` (case-insensitive), sorted."""
    from ..cards import catalog, database

    low = prefix.casefold()
    names = {*database.current().names(), *catalog.handwritten_names()}
    return sorted(name for name in names if name.casefold().startswith(low))


def complete(parser: argparse.ArgumentParser) -> None:
    """Print the completions of the command line the shell gave (to file descriptor 8) and
    exit (argcomplete's protocol)."""
    import argcomplete

    argcomplete.autocomplete(parser)
