"""The user docs show real output: every console block is run and compared."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from mtgasp.cli import main

ROOT = Path(__file__).parents[1]
DOCS = ("mana.md", "orderings.md")
BLOCKS = [
    pytest.param(command, output, id=f"{doc}: {command}")
    for doc in DOCS
    for command, output in re.findall(
        r"```console\n\$ mtgasp (.*?)\n(.*?)```", (ROOT / "docs" / doc).read_text(), re.S
    )
]


@pytest.mark.parametrize(("command", "output"), BLOCKS)
def test_documented_output_is_real(
    command: str, output: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(shlex.split(command)) == 0
    assert capsys.readouterr().out == output
