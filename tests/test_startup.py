"""Start-up (issue 29): ``mtgasp --version`` and ``mtgasp --help`` import neither clingo nor
jsonschema (nor PyYAML): the command list is the CLI's own, a command's module is imported only
when the command line names it, and the package's public names are imported when first used."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import mtgasp
from mtgasp.cli import COMMANDS

ROOT = Path(__file__).parents[1]
HEAVY = ("clingo", "jsonschema", "yaml")

_SCRIPT = """\
import sys
from mtgasp.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("loaded:", sorted(m for m in {heavy!r} if m in sys.modules))
"""


def _loaded(*argv: str) -> str:
    """What of HEAVY a fresh Python has imported after ``mtgasp ARGV``."""
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT.format(heavy=HEAVY), *argv],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "bridge")},
    )
    return done.stdout.splitlines()[-1]


@pytest.mark.parametrize("argv", [["--version"], ["--help"], []])
def test_version_and_help_load_no_clingo(argv: list[str]) -> None:
    assert _loaded(*argv) == "loaded: []"


def test_a_command_loads_what_it_needs() -> None:
    # The same probe sees them once a command runs (it could not pass by seeing nothing); a board
    # that fits the schema's quick check needs no jsonschema (board/_schema_check.py).
    assert _loaded("check", "examples/summoning-sickness.yaml") == "loaded: ['clingo', 'yaml']"


def test_every_command_module_has_its_two_parts() -> None:
    names = [command.name for command in COMMANDS]
    assert len(set(names)) == len(names)
    for command in COMMANDS:
        module = command.load()
        assert callable(module.configure), command.name
        assert callable(module.run), command.name


def test_every_public_name_is_found_where_it_is_said_to_be() -> None:
    for name in mtgasp.__all__:
        assert getattr(mtgasp, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = mtgasp.nothing  # type: ignore[attr-defined]
