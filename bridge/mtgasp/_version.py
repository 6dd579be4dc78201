"""``mtgasp.__version__``: the package's version, stated here and held equal to pyproject.toml's by
``tests/test_hostile_questions.py``. A constant: reading it from package metadata
(``importlib.metadata``, which imports the e-mail parser) or from pyproject.toml (``tomllib``,
which imports ``datetime``) cost ``mtgasp --version`` several times Python's own start-up
(issue 29, start-up)."""

from __future__ import annotations

__all__ = ["version"]

VERSION = "0.1.0"


def version() -> str:
    return VERSION
