"""Where the installed answer-set programs live."""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["asp_path", "query_path", "rules_text_path"]


@cache
def asp_path() -> Path:
    """The directory of the installed encodings (``asp/`` in the source tree)."""
    # The package is installed as files (clingo reads the encodings from disk), so its
    # directory is where this module is; importlib.resources would cost start-up time.
    installed = Path(__file__).resolve().parent / "asp"
    if installed.is_dir():
        return installed
    # Running from a source checkout (PYTHONPATH=bridge or an editable install): asp/ is at the top.
    checkout = Path(__file__).resolve().parents[2] / "asp"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"mtgasp's encodings are missing: {installed} is not a directory")


def query_path(name: str) -> Path:
    """The entry program of one query, e.g. ``query_path("activations")``."""
    return asp_path() / "queries" / f"{name}.lp"


def rules_text_path() -> Path:
    """The Comprehensive Rules' numbered rules, as shipped (``comprehensive-rules.json.gz``)."""
    return Path(__file__).resolve().parent / "comprehensive-rules.json.gz"
