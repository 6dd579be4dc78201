"""``mtgasp.__version__``: the installed package's version, or the source tree's.

Read when first asked (``mtgasp --version``, ``mtgasp.__version__``), not at import: reading
package metadata costs more than a whole board's load (docs/benchmarks.md, start-up).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["version"]


@cache
def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("mtgasp")
    except PackageNotFoundError:  # run from a source checkout (PYTHONPATH=bridge)
        import tomllib

        pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
        try:
            return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"
