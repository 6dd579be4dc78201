"""Reproducible performance runs of mtgasp, run from the repository root.

- ``python -m benchmarks.activations``: one board per size (10 to 10,000 permanents), each size in
  its own process; load, facts, grounding, solving, memory, and how each grows with the board.
- ``python -m benchmarks.batch``: many small boards through one long-lived process, in boards per
  second on one core.

Boards are generated from fixed seeds, so every run measures the same boards. Results and how to
read them: docs/benchmarks.md.
"""
