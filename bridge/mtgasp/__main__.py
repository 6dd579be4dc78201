"""``python -m mtgasp``: the ``mtgasp`` program (Ctrl-C while it starts: ``_startup``)."""

from .cli import run

run()
