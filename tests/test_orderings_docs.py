"""docs/orderings.md shows real output: every console block is run and compared."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from mtgasp.cli import main

ROOT = Path(__file__).parents[1]
BLOCKS = re.findall(
    r"```console\n\$ mtgasp (.*?)\n(.*?)```", (ROOT / "docs" / "orderings.md").read_text(), re.S
)


@pytest.mark.parametrize(("command", "output"), BLOCKS, ids=[c for c, _ in BLOCKS])
def test_documented_output_is_real(
    command: str, output: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(shlex.split(command)) == 0
    assert capsys.readouterr().out == output
