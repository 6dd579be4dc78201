"""Snapshot the output of every example and every case, to prove a redesign keeps behaviour.

    python tools/snapshot.py write DIR      # run everything, one file per run, into DIR
    python tools/snapshot.py compare DIR    # run everything again and diff against DIR
    python tools/snapshot.py compare DIR --ignore-stats   # ... apart from grounding statistics

A run is one command line of `mtgasp`: the commands each example names in its first comment
("Try: mtgasp ..."), `check` on every example, `prove` on every example property, and the query
of every case in tests/cases/*.yaml with its arguments and `check` on its board; each in text
and with --json. A file holds the exit code, stdout and stderr. `compare` prints the count of
identical outputs and the name of each that differs, and exits 1 if any does (runs that are new,
e.g. of a new case, are listed apart). With --ignore-stats, the grounding statistics some JSON
outputs carry (`"stats": {"atoms": N, "rules": N}`, a measurement, not an answer) are left out
of the comparison: a redesign of the encodings changes them by design.

Run from a checkout with the package importable (installed, or PYTHONPATH=bridge).
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import re
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CASES = ROOT / "tests" / "cases"


def _example_runs() -> list[tuple[str, list[str]]]:
    runs: list[tuple[str, list[str]]] = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        rel = f"examples/{path.name}"
        runs.append((f"{path.stem}.check", ["check", rel]))
        header = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                break
            header.append(line)
        for n, cmd in enumerate(re.findall(r"mtgasp ([^\n]+)", "\n".join(header))):
            runs.append((f"{path.stem}.try{n}", shlex.split(cmd.strip())))
    for path in sorted((EXAMPLES / "properties").glob("*.lp")):
        runs.append((f"property-{path.stem}", ["prove", f"examples/properties/{path.name}"]))
    return runs


def _case_argv(case: dict[str, Any], board: str) -> list[str]:
    query, args = case["query"], case.get("args", {})
    if query == "activations":
        argv = ["activations", board]
        if args.get("player"):
            argv += ["--player", args["player"]]
        if args.get("check_mana") is False:
            argv.append("--no-mana-check")
        return argv
    if query == "castable":
        return ["castable", board] + (["--player", args["player"]] if args.get("player") else [])
    if query == "could_produce":
        return ["could-produce", board, "--why"]
    if query == "tap":
        argv = ["tap", board, args["permanent"]]
        if args.get("ability") is not None:
            argv += ["--ability", str(args["ability"])]
        if args.get("choice") is not None:
            argv += ["--choice", str(args["choice"])]
        return argv
    if query == "orderings":
        argv = ["orderings", board, args["event"], "--all-orderings"]
        if args.get("caused_by"):
            argv += ["--caused-by", args["caused_by"]]
        return argv
    if query == "step":
        return ["step", board, args["step"]]
    if query == "resolve":
        return ["resolve", board]
    if query == "event":
        return ["event", board, args["event"]]
    if query == "cast":
        argv = ["cast", board, args["card"]]
        if args.get("x") is not None:
            argv += ["--x", str(args["x"])]
        if args.get("copy"):
            argv.append("--copy")
        return argv
    if query == "creatures":
        return ["check", board]
    if query == "attackers":
        return ["attackers", board]
    raise ValueError(f"unknown query {query!r}")


def _case_runs(tmp: Path) -> list[tuple[str, list[str]]]:
    runs: list[tuple[str, list[str]]] = []
    for path in sorted(CASES.glob("*.yaml")):
        seen: set[str] = set()
        for i, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8"))):
            # Named by the case's name, not its position: a case added between others shifts none.
            slug = re.sub(r"[^a-z0-9]+", "-", case["name"].lower()).strip("-")[:80]
            name = f"case-{path.stem}-{slug}" if slug not in seen else f"case-{path.stem}-{i:03d}"
            seen.add(slug)
            board = tmp / f"{path.stem}-{i:03d}.yaml"
            board.write_text(yaml.safe_dump(case["board"]), encoding="utf-8")
            runs.append((name, _case_argv(case, str(board))))
            runs.append((f"{name}.check", ["check", str(board)]))
    return runs


def _run(item: tuple[str, list[str], str]) -> tuple[str, str]:
    from mtgasp.cli import main

    name, argv, tmp = item
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    text = f"argv: {argv}\nexit: {code}\n--- stdout\n{out.getvalue()}--- stderr\n{err.getvalue()}"
    # Temporary board paths differ between runs.
    return name, text.replace(tmp, "TMP")


def _all_runs(tmp: Path) -> list[tuple[str, list[str], str]]:
    runs = _example_runs() + _case_runs(tmp)
    return [
        (f"{name}.{fmt}", [*argv, *extra], str(tmp))
        for name, argv in runs
        for fmt, extra in (("text", []), ("json", ["--json"]))
    ]


def _collect() -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        runs = _all_runs(Path(tmp))
        with multiprocessing.Pool() as pool:
            return dict(pool.imap_unordered(_run, runs, chunksize=4))


# Indented (a pretty-printed answer) or inline (a JSON Lines record of `mtgasp batch`).
_STATS = re.compile(r'("(?:atoms|rules)": ?)\d+')


def _without_stats(text: str) -> str:
    return _STATS.sub(r"\1N", text)


def main(argv: list[str]) -> int:
    ignore_stats = "--ignore-stats" in argv
    argv = [a for a in argv if a != "--ignore-stats"]
    if len(argv) != 2 or argv[0] not in ("write", "compare"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, directory = argv[0], Path(argv[1]).resolve()
    os.chdir(ROOT)
    outputs = _collect()
    if mode == "write":
        directory.mkdir(parents=True, exist_ok=True)
        for name, text in outputs.items():
            (directory / name).write_text(text, encoding="utf-8")
        print(f"{len(outputs)} outputs written to {directory}")
        return 0
    differ, new = [], []
    for name, text in sorted(outputs.items()):
        old = directory / name
        if not old.exists():
            new.append(name)
            continue
        before = old.read_text(encoding="utf-8")
        if ignore_stats:
            before, text = _without_stats(before), _without_stats(text)
        if before != text:
            differ.append(name)
    missing = sorted({p.name for p in directory.iterdir()} - outputs.keys())
    old_runs = len(outputs) - len(new)
    print(f"{old_runs - len(differ)} of {old_runs} outputs identical; {len(new)} new")
    for name in new:
        print(f"new: {name}")
    for name in differ:
        print(f"differs: {name}")
    for name in missing:
        print(f"no longer run: {name}")
    return 1 if differ or missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
