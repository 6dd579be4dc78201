"""The quick path of YAML loading (issue 13 point 3): a plain board's data is built in one walk
of PyYAML's nodes, skipping the full checks (``_loader._node_problems``, PyYAML's constructor,
``data_problems``). Whatever the text, it must give what the full path gives: the same data, or
the same error with the same problems."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgasp.board import _loader
from mtgasp.board._loader import parse_text
from mtgasp.errors import BoardError

pytestmark = pytest.mark.quick

BOARDS = sorted((Path(__file__).parents[1] / "examples").glob("*.yaml"))


def _outcome(text: str) -> tuple[str, Any]:
    try:
        return "data", parse_text(text, "<board>", json_only=False)
    except BoardError as exc:
        return "error", exc.problems
    except Exception as exc:  # what PyYAML itself raises (the same on both paths)
        return "crash", type(exc)


def _full_path(text: str) -> tuple[str, Any]:
    def never(*args: Any) -> Any:
        raise _loader._NotPlain

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_loader, "_plain", never)
        return _outcome(text)


def _same(text: str) -> None:
    quick, full = _outcome(text), _full_path(text)
    assert quick == full
    if quick[0] == "data":  # equal also in types: True is not 1, and 1 is not 1.0
        assert repr(quick[1]) == repr(full[1])


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.name)
def test_every_example_board_loads_the_same_on_both_paths(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    _same(text)
    assert _outcome(text)[0] == "data"


#: Pieces of YAML that take the quick path or leave it: aliases and anchors, merge keys, tags,
#: duplicate keys, numbers of every YAML spelling, control characters, deep nesting, flow style.
FRAGMENTS = [
    "a: 1\n",
    "a: 2\n",
    "b:\n  - x\n  - y\n",
    "c: &k {p: 1}\n",
    "d: *k\n",
    "<<: {m: 1}\n",
    "e: !!str 5\n",
    "f: !!int '7'\n",
    "g: !!float 1\n",
    "h: !!binary aGk=\n",
    "i: 1.5\n",
    "j: 0x1F\n",
    "k: 0o17\n",
    "l: 1_000\n",
    "m: 1:30\n",
    "n: yes\n",
    "o: ~\n",
    "p: 2001-12-14\n",
    "q: '\\x01'\n",
    'r: "\\t tab"\n',
    "s: [[[[1]]]]\n",
    "1: one\n",
    "null: none\n",
    "? [t]\n: u\n",
    "v: !custom x\n",
    "w: {x: 1, x: 2}\n",
    "=: eq\n",
    "y: !!int ''\n",
    "z: " + "[" * 70 + "]" * 70 + "\n",
    "- item\n",
    "players: [{name: alice}]\n",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=6), st.booleans())
def test_random_yaml_loads_the_same_on_both_paths(parts: list[str], indent: bool) -> None:
    text = "".join(parts)
    if indent:  # the same pieces one level down, under a key
        text = "top:\n" + "".join(f"  {line}\n" for line in text.splitlines())
    _same(text)


values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=6)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(values, st.sampled_from([None, False, True]))
def test_random_data_dumped_as_yaml_loads_the_same_on_both_paths(
    data: Any, flow: bool | None
) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    _same(text)
