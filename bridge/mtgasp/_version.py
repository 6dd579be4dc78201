"""``mtgasp.__version__``: the installed package's version, or the source tree's."""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

__all__ = ["__version__"]


def _version() -> str:
    try:
        return version("mtgasp")
    except PackageNotFoundError:  # run from a source checkout (PYTHONPATH=bridge)
        pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
        try:
            return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"


__version__ = _version()
