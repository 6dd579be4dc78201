"""Could-produce (106.7) on generated boards agrees with a plain iterative fixed point in Python.

The boards and the baseline are those of ``benchmarks/could_produce.py`` (Pools, Orchards, basics,
mana creatures, Fellwar Stones, Mana Reflections, Nyxbloom Ancient, Pale Moon, and Contamination on
odd seeds), at small sizes and many seeds.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
import yaml

from mtgasp import parse_board
from mtgasp.answers.mana import could_produce

_PATH = Path(__file__).parents[1] / "benchmarks" / "could_produce.py"
_SPEC = importlib.util.spec_from_file_location("_could_produce_benchmark", _PATH)
assert _SPEC is not None
assert _SPEC.loader is not None
bench = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = bench
_SPEC.loader.exec_module(bench)


@pytest.mark.parametrize("seed", range(8))
def test_could_produce_agrees_with_the_python_fixed_point(seed: int) -> None:
    data = bench.board_data(size=30 + 5 * seed, seed=seed, contamination=seed % 2 == 1)
    board = parse_board(yaml.safe_dump(data), source=f"seed {seed}")
    report = could_produce(board)
    expected, _ = bench.baseline(data)
    got = {p.permanent: set(p.types) for p in report.permanents}
    assert got == expected
    assert report.stats.choices == 0


def test_the_grounding_is_linear_in_the_board() -> None:
    # Issue 13: at most 60 atoms per permanent on the benchmark's 1,000-permanent board (it was
    # 238 while every hypothetical mana event had its own replacement graph; they now share one
    # per context and value, 106-mana.lp), and no more per permanent on a board twice as large.
    per_permanent = []
    for size in (1000, 2000):
        board = parse_board(yaml.safe_dump(bench.board_data(size)), source=f"size {size}")
        per_permanent.append(could_produce(board).stats.atoms / size)
    assert per_permanent[0] <= 60
    assert per_permanent[1] <= per_permanent[0]
