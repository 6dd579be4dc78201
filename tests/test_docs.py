"""The user docs say what the code does: board keys, JSON keys, examples and commands that run."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtgasp import parse_board
from mtgasp.board.load import board_schema
from mtgasp.cli import COMMANDS, Command, main

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
EXAMPLE = ROOT / "examples" / "summoning-sickness.yaml"
NOT_MODELLED = ROOT / "examples" / "not-modelled.yaml"


def _sections(path: Path) -> dict[str, str]:
    """The text under each ``## `` heading of a markdown file, by heading."""
    sections: dict[str, str] = {}
    heading = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            sections[heading] = ""
        else:
            sections[heading] = sections.get(heading, "") + line + "\n"
    return sections


def _table_keys(text: str) -> set[str]:
    """The backticked first cells of the markdown table rows in ``text`` (the documented keys)."""
    return set(re.findall(r"^\| `([^`]+)` \|", text, flags=re.MULTILINE))


# --- docs/board-format.md and bridge/mtgasp/board/board.schema.json ---


def _schema_paths(schema: dict[str, Any]) -> Iterator[str]:
    """Every property of the schema as a path: ``battlefield[].tapped``, ``turn.step``, ..."""
    defs = schema["$defs"]

    def resolve(node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            node = defs[node["$ref"].removeprefix("#/$defs/")]
        return node

    def walk(node: dict[str, Any], prefix: str) -> Iterator[str]:
        for name, sub in node.get("properties", {}).items():
            path = f"{prefix}.{name}" if prefix else name
            yield path
            sub = resolve(sub)
            if sub.get("type") == "array":
                yield from walk(resolve(sub["items"]), f"{path}[]")
            elif "properties" in sub:
                yield from walk(sub, path)
            for branch in sub.get("oneOf", []):  # e.g. token: true, or a token definition
                if "properties" in branch:
                    yield from walk(branch, path)

    yield from walk(schema, "")


def test_board_format_documents_exactly_the_schema_keys() -> None:
    text = (DOCS / "board-format.md").read_text(encoding="utf-8")
    schema_paths = set(_schema_paths(board_schema()))
    documented = _table_keys(text)
    assert sorted(schema_paths - documented) == [], "schema keys missing from board-format.md"
    assert sorted(documented - schema_paths) == [], "board-format.md documents unknown keys"


def test_every_schema_property_name_appears_in_board_format() -> None:
    text = (DOCS / "board-format.md").read_text(encoding="utf-8")
    names = {path.rsplit(".", 1)[-1].removesuffix("[]") for path in _schema_paths(board_schema())}
    missing = sorted(name for name in names if f"`{name}`" not in text and f".{name}`" not in text)
    assert missing == []


def test_every_step_is_documented() -> None:
    text = (DOCS / "board-format.md").read_text(encoding="utf-8")
    steps = board_schema()["$defs"]["step"]["enum"]
    assert [step for step in steps if f"`{step}`" not in text] == []


def test_board_format_examples_load_together() -> None:
    """The YAML examples of board-format.md, merged in order, are one valid board."""
    text = (DOCS / "board-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, flags=re.DOTALL)
    merged: dict[str, Any] = {}
    for block in blocks:
        merged.update(yaml.safe_load(block))
    assert set(merged) == set(board_schema()["properties"])
    board = parse_board(yaml.safe_dump(merged), source="docs/board-format.md")
    assert board.teams
    assert board.stack


# --- docs/json-output.md and the commands' real output ---


def _json_paths(data: Any, prefix: str = "", opaque: frozenset[str] = frozenset()) -> set[str]:
    """Every key in ``data`` as a path (``activations[].reasons[].rule``), lists merged."""
    paths: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            path = f"{prefix}.{key}" if prefix else key
            paths.add(path)
            if path not in opaque:
                paths |= _json_paths(value, path, opaque)
    elif isinstance(data, list):
        for item in data:
            paths |= _json_paths(item, f"{prefix}[]", opaque)
    return paths


def _command_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_activations_json_keys_are_the_documented_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    documented = _table_keys(_sections(DOCS / "json-output.md")["mtgasp activations --json"])
    data = _command_json(capsys, "activations", str(EXAMPLE), "--player", "bob", "--json")
    # The example has legal and illegal abilities, so every list has entries to show its keys;
    # the second has abilities not modelled (issue 11).
    other = _command_json(capsys, "activations", str(NOT_MODELLED), "--json")
    assert _json_paths(data) | _json_paths(other) == documented
    assert data["query"] == "activations"


def test_check_json_keys_are_the_documented_ones(capsys: pytest.CaptureFixture[str]) -> None:
    documented = _table_keys(_sections(DOCS / "json-output.md")["mtgasp check --json"])
    found: set[str] = set()
    # The second example has abilities that trigger at the beginning of the next step.
    # The third has abilities not modelled (issue 11); the fourth, creatures whose power and
    # toughness could depend on one (issue 24). The fifth is at the declare blockers step, and bob
    # holds cards (issue 28).
    combat = ROOT / "examples" / "combat-check.yaml"
    opaque = frozenset(
        {"activations", "could_produce", "castable", "others_castable", "combat.attackers"}
        | {"combat.combat_damage"}
    )
    for example in (
        EXAMPLE,
        ROOT / "examples" / "witch-of-the-moors.yaml",
        NOT_MODELLED,
        ROOT / "examples" / "could-depend.yaml",
        combat,
    ):
        data = _command_json(capsys, "check", str(example), "--json")
        found |= _json_paths(data, opaque=opaque)
        for key, command in (
            ("activations", "activations"),
            ("could_produce", "could-produce"),
            ("castable", "castable"),
        ):
            assert data[key] == _command_json(capsys, command, str(example), "--json"), key
    for other in data["others_castable"]:
        argv = ["castable", str(combat), "--player", other["player"], "--json"]
        assert other == _command_json(capsys, *argv)
    assert data["combat"]["attackers"] == _command_json(capsys, "attackers", str(combat), "--json")
    damage = _command_json(capsys, "step", str(combat), "combat_damage", "--json")
    assert data["combat"]["combat_damage"] == damage
    assert found == documented


_BY_PLAYER = frozenset({"life", "gained_life_this_turn", "lost_life_this_turn"})


def _opaque_maps(paths: set[str]) -> set[str]:
    """Drop the keys that are data: mana types in ``mana`` objects, players in life objects, and
    everything inside the final boards of courses (the board-file format)."""

    def data(path: str) -> bool:
        parent, _, last = path.rpartition(".")
        owner = parent.rpartition(".")[2]
        mana_type = owner == "mana" and last in ("w", "u", "b", "r", "g", "c")
        return mana_type or owner in _BY_PLAYER or path.startswith("outcomes[].board.")

    return {p for p in paths if not data(p)}


@pytest.mark.parametrize(
    ("section", "runs"),
    [
        (
            "mtgasp could-produce --json",
            [
                ["could-produce", "examples/exotic-orchard.yaml", "--why"],
                ["could-produce", "examples/not-modelled.yaml"],
            ],
        ),
        (
            "mtgasp tap --json",
            [
                ["tap", "examples/mana-flare.yaml", "forest"],
                ["tap", "examples/not-modelled.yaml", "karplusan"],  # two mana abilities
            ],
        ),
        (
            "mtgasp attackers --json",
            [["attackers", "examples/combat.yaml"], ["attackers", "examples/could-depend.yaml"]],
        ),
        (
            "mtgasp castable --json",
            [
                ["castable", "examples/castable.yaml"],
                ["castable", "GROWTH"],
                ["castable", "examples/not-modelled.yaml"],
                ["castable", "ORRERY"],
            ],
        ),
        (
            "mtgasp step, resolve, event, cast --json",
            [
                ["step", "examples/havoc-festival.yaml", "upkeep"],
                ["event", "examples/havoc-festival.yaml", "gain:alice:3"],
                ["resolve", "examples/witch-target-gone.yaml"],
                ["cast", "examples/soul-warden.yaml", "Hangarback Walker", "--x", "2"],
                ["step", "examples/witch-of-the-moors.yaml", "end"],
                ["event", "examples/havoc-festival.yaml", "lose:alice:20"],
            ],
        ),
    ],
    ids=["could-produce", "tap", "attackers", "castable", "courses"],
)
def test_mana_and_course_json_keys_are_the_documented_ones(
    section: str,
    runs: list[list[str]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(ROOT)
    # Wild Growth's triggered mana in a castable plan.
    growth = tmp_path / "growth.yaml"
    growth.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "hand: {alice: [Grizzly Bears]}\n"
        "battlefield:\n"
        "  - {id: forest, card: Forest, controller: alice}\n"
        "  - {id: growth, card: Wild Growth, controller: alice, attached_to: forest}\n"
    )
    # Vedalken Orrery's "as though they had flash" is not modelled: a "not now" is unproved.
    orrery = tmp_path / "orrery.yaml"
    orrery.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "turn: {active: alice, step: upkeep}\n"
        "hand: {alice: [Grizzly Bears]}\n"
        "battlefield: [{id: orrery, card: Vedalken Orrery, controller: alice}]\n"
    )
    documented = _table_keys(_sections(DOCS / "json-output.md")[section])
    found: set[str] = set()
    files = {"GROWTH": str(growth), "ORRERY": str(orrery)}
    for argv in runs:
        argv = [files.get(a, a) for a in argv]
        found |= _opaque_maps(_json_paths(_command_json(capsys, *argv, "--json")))
    assert found == documented


def test_orderings_json_keys_are_the_documented_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    documented = _table_keys(_sections(DOCS / "json-output.md")["mtgasp orderings --json"])
    life = tmp_path / "life.yaml"
    life.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "battlefield:\n"
        "  - {id: festival, card: Havoc Festival, controller: alice}\n"
        "  - {id: remedy, card: Tainted Remedy, controller: alice}\n"
    )
    remedy = tmp_path / "remedy.yaml"
    remedy.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "battlefield: [{id: remedy, card: Tainted Remedy, controller: alice}]\n"
    )
    mana = str(ROOT / "examples" / "mana-reflection-contamination.yaml")
    # Mana, life, draw and "nothing" values between them show every key a value can have.
    runs = [
        [mana, "tap:forest", "--all-orderings"],
        [str(life), "gain:bob:3"],
        [str(remedy), "gain:bob:3"],
        [str(ROOT / "examples" / "archive-draws.yaml"), "draw:alice:3"],
    ]
    found: set[str] = set()
    for argv in runs:
        data = _command_json(capsys, "orderings", *argv, "--json")
        found |= _json_paths(data, opaque=frozenset({"initial.mana", "outcomes[].value.mana"}))
    assert found == documented


def test_coverage_json_keys_are_the_documented_ones(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    documented = _table_keys(_sections(DOCS / "json-output.md")["mtgasp coverage --json"])
    assert _json_paths(_command_json(capsys, "coverage", "--json")) == documented


def test_cards_json_keys_are_the_documented_ones(capsys: pytest.CaptureFixture[str]) -> None:
    documented = _table_keys(_sections(DOCS / "json-output.md")["mtgasp cards --json"])
    assert _json_paths(_command_json(capsys, "cards", "--json")) == documented


def test_cards_import_json_keys_are_the_documented_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    documented = _table_keys(_sections(DOCS / "json-output.md")["mtgasp cards import --json"])
    fixture = ROOT / "tests" / "cards" / "AtomicCards.json"
    assert _json_paths(_command_json(capsys, "cards", "import", str(fixture), "--json")) == (
        documented
    )


def test_cards_show_json_keys_are_the_documented_ones(capsys: pytest.CaptureFixture[str]) -> None:
    # A hand-written card (Hall of the Bandit Lord): every key, its file's facts included.
    documented = _table_keys(_sections(DOCS / "json-output.md")["mtgasp cards show --json"])
    real = _command_json(capsys, "cards", "show", "Hall of the Bandit Lord", "--json")
    assert _json_paths(real) == documented


def test_json_examples_are_real_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The complete JSON examples are parts of what the commands print."""
    text = (DOCS / "json-output.md").read_text(encoding="utf-8")
    first = json.loads(re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)[0])
    real = _command_json(capsys, "activations", str(EXAMPLE), "--player", "bob", "--json")
    assert all(entry in real["activations"] for entry in first["activations"])
    assert {k: v for k, v in first.items() if k != "activations"} == {
        k: v for k, v in real.items() if k != "activations"
    }


# --- docs/commands.md ---


def _named(headings: list[str]) -> set[str]:
    """The commands ``## mtgasp a, b --json`` style headings name."""
    names = set()
    for heading in headings:
        if heading.startswith("mtgasp "):
            words = heading.removeprefix("mtgasp ").removesuffix(" --json")
            names |= set(re.split(r"[ ,]+", words))
    return names


def test_every_command_is_documented() -> None:
    named = _named(list(_sections(DOCS / "commands.md")))
    missing = [c.name for c in COMMANDS if c.name not in named]
    assert missing == [], "add a '## mtgasp COMMAND' section to docs/commands.md for each"


def test_every_json_option_is_documented() -> None:
    named = _named([h for h in _sections(DOCS / "json-output.md") if h.endswith(" --json")])
    with_json = [c.name for c in COMMANDS if "--json" in _help(c)]
    missing = [name for name in with_json if name not in named]
    assert missing == [], "add a '## mtgasp COMMAND --json' section to docs/json-output.md"


def _help(command: Command) -> str:
    parser = argparse.ArgumentParser(prog=f"mtgasp {command.name}")
    command.load().configure(parser)
    return parser.format_help()


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "examples/summoning-sickness.yaml"],
        ["activations", "examples/summoning-sickness.yaml", "--player", "bob"],
        ["attackers", "examples/combat.yaml"],
        ["check", "examples/combat-check.yaml"],
        ["facts", "examples/summoning-sickness.yaml"],
        ["cards", "--search", "llanowar e"],
        ["cards", "show", "Gemstone Caverns"],
        ["orderings", "examples/mana-reflection-contamination.yaml", "tap:forest"],
        [
            "prove",
            "examples/properties/no-haste-for-new-creatures.lp",
            "--permanents",
            "2",
            "--cards",
            "Forest,Llanowar Elves,Fervor,Grizzly Bears",
        ],
    ],
    ids=lambda argv: " ".join(a for a in argv if "/" not in a),
)
def test_command_examples_are_real_output(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # the docs show paths relative to the repository root
    assert main(argv) == (1 if argv[0] == "prove" else 0)  # prove: 1, a counterexample found
    out = capsys.readouterr().out
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert out.rstrip("\n") in text


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "examples/summoning-sickness.yaml"],
        ["orderings", "examples/mana-reflection-contamination.yaml", "tap:forest"],
        ["step", "examples/two-headed-giant.yaml", "upkeep"],
        ["prove", "examples/properties/summoning-sickness.lp"],
    ],
    ids=lambda argv: " ".join(a for a in argv if "/" not in a),
)
def test_readme_tour_is_real_output(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(argv) == 0
    out = capsys.readouterr().out
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"$ mtgasp {' '.join(argv)}\n{out.rstrip()}\n```" in text


# --- docs/benchmarks.md: the benchmark commands it shows run (nothing is timed here) ---


@pytest.mark.parametrize(
    "argv",
    [
        [
            "benchmarks.activations",
            "--sizes",
            "10",
            "30",
            "--repeat",
            "1",
            "--small",
            "20",
            "--json",
        ],
        ["benchmarks.batch", "--boards", "5", "--repeat", "1", "--json"],
        ["benchmarks.batch_pool", "--boards", "3", "--jobs", "1", "2", "--json"],
        ["benchmarks.prove", "--permanents", "1", "2", "--players", "2", "--json"],
        ["benchmarks.cards", "--sizes", "2", "4", "--repeat", "1", "--json"],
        ["benchmarks.combat", "--creatures", "10", "--no-combat", "--json"],
    ],
    ids=["activations", "batch", "batch_pool", "prove", "cards", "combat"],
)
def test_benchmarks_run(argv: list[str]) -> None:
    assert f"python -m {argv[0]}" in (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    # The same interpreter and environment, so mtgasp imports as it does here.
    done = subprocess.run(
        [sys.executable, "-m", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["benchmark"] == argv[0].split(".")[1]


# --- the quick subset (issue 28 point 5) ---


def test_the_readme_names_the_quick_subset_and_keeps_the_full_test_command() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert any(marker.startswith("quick:") for marker in markers)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`pytest -m quick`" in readme
    assert re.search(r"about \d+ minutes", readme.split("## Development")[1])
    # The set-up block's test command is the whole suite, not the quick subset.
    assert "pip install '.[test]' && pytest\n" in readme


@pytest.mark.parametrize(
    ("section", "argv"),
    [
        ("mtgasp facts --json", ["facts", str(EXAMPLE), "--json"]),
        ("mtgasp asp-path --json", ["asp-path", "--json"]),
    ],
    ids=["facts", "asp-path"],
)
def test_every_command_takes_json(
    section: str, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # The README says every command takes --json (issue 28 point 6): facts and asp-path too.
    documented = _table_keys(_sections(DOCS / "json-output.md")[section])
    data = _command_json(capsys, *argv)
    assert _json_paths(data) == documented
    assert main(argv[:-1]) == 0
    text = capsys.readouterr().out
    if argv[0] == "facts":
        assert "\n".join(data["facts"]) == text.rstrip("\n")
    else:
        assert data["path"] == text.strip()
    assert all("--json" in _help(c) for c in COMMANDS), "every command takes --json"


_NUMBER_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]


def test_the_commands_page_and_the_readme_name_every_command() -> None:
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    count = re.search(r"with (\w+) subcommands", text)
    assert count is not None
    assert count[1] == _NUMBER_WORDS[len(COMMANDS)]
    table = set(re.findall(r"^\| \[`mtgasp ([a-z-]+)", text, flags=re.MULTILINE))
    assert table == {c.name for c in COMMANDS}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = readme.split("The commands: ", 1)[1].split(". ", 1)[0]
    assert set(re.findall(r"`([a-z-]+)`", listed)) == {c.name for c in COMMANDS}
