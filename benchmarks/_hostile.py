"""Hypothesis generators of hostile input (issue 10), shared by the in-suite fuzz test
(tests/test_fuzz.py, a few hundred inputs) and the long run (``python -m benchmarks.fuzz``).

A hostile board is a valid board with one to three mutations (a string, number or key of the
classes that broke mtgasp before, or deep nesting), written as JSON or YAML, sometimes with
YAML-only damage (duplicate keys, aliases, cut text). A hostile command line is a command on a
small example board with hostile names and numbers. :func:`run_board` and :func:`run_command`
say what happened; anything but an answer, a documented error or a stop at the time or memory
limit (a command line only) fails.
"""

from __future__ import annotations

import contextlib
import copy
import json
import subprocess
import sys
from typing import Any

import yaml
from hypothesis import strategies as st

from mtgasp import BoardError, MtgaspError, check, parse_board
from mtgasp.facts.board import board_facts

VALID: dict[str, Any] = {
    "players": [{"name": "alice", "life": 20}, {"name": "bob"}],
    "turn": {"active": "alice", "step": "upkeep", "number": 2},
    "battlefield": [
        {"id": "f", "card": "Forest", "controller": "alice", "tapped": True},
        {"id": "e", "card": "Llanowar Elves", "controller": "bob", "since": "this_turn"},
        {"id": "w", "card": "Hangarback Walker", "controller": "alice", "counters": {"+1/+1": 2}},
    ],
    "stack": [{"id": "s", "source": "Soul Warden", "controller": "bob", "x": 1}],
    "hand": {"bob": ["Forest"]},
    "this_turn": {"gained_life": {"alice": 2}, "tapped_for_mana": ["f"]},
}

#: Strings of every class that broke mtgasp, and ASP-looking text that must stay inert.
HOSTILE_STRINGS = st.one_of(
    st.sampled_from(
        [
            "alice\x00",
            "a\x00b",
            "\ud800",
            "x\udfff",
            "f\nforged  legal",
            "\x1b[31mred\x1b[0m",
            "\x7f\x85\x9b",
            "\t",
            "",
            " ",
            '"). #show. a("',
            "a :- b.",
            "#script (python) #end.",
            "%",
            "alice",
            "Forest",
            "e",
            "\u202eevil",
            "\ufeff",
        ]
    ),
    st.text(max_size=12),
    st.integers(1, 20_000).map(lambda n: "x" * n),
)

#: Numbers around every bound (32-bit, mtgasp's 10**9, Python's 4300 digits) and non-integers.
HOSTILE_NUMBERS = st.one_of(
    st.sampled_from(
        [
            0,
            -1,
            1,
            10**9,
            10**9 + 1,
            -(10**9),
            -(10**9) - 1,
            2**31 - 1,
            2**31,
            -(2**31),
            2**32 + 1,
            10**20,
            20.0,
            1e308,
            float("inf"),
            float("nan"),
            True,
            None,
        ]
    ),
    st.integers(),
)

HOSTILE_KEYS = st.sampled_from([1, None, 1.5, True, "", "alice\x00", "\ud800", "x" * 5000])

_LEAVES = st.one_of(HOSTILE_STRINGS, HOSTILE_NUMBERS, st.lists(HOSTILE_STRINGS, max_size=2))


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indexes) into nested data, the empty one (the whole) first."""
    out = [prefix]
    if isinstance(data, dict):
        for key, item in data.items():
            out += paths(item, (*prefix, key))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            out += paths(item, (*prefix, index))
    return out


def _nested(depth: int, kind: str) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


@st.composite
def hostile_data(draw: st.DrawFn) -> Any:
    """A valid board's data with one to three hostile mutations."""
    data = json.loads(json.dumps(VALID))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(data)[1:]))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        kind = draw(st.sampled_from(["leaf", "leaf", "key", "nest", "drop"]))
        if kind == "leaf":
            parent[path[-1]] = copy.deepcopy(draw(_LEAVES))  # never mutate a drawn value
        elif kind == "key" and isinstance(parent, dict):
            parent[draw(HOSTILE_KEYS)] = parent.pop(path[-1])
        elif kind == "nest":
            depth = draw(st.sampled_from([10, 63, 64, 65, 200, 900]))
            parent[path[-1]] = _nested(depth, draw(st.sampled_from(["list", "dict"])))
            break  # no further mutation walks into the deep value
        elif kind == "drop" and isinstance(parent, dict):
            del parent[path[-1]]
        if not isinstance(data, dict) or not data:
            break
    return data


def _yaml(data: Any) -> str:
    try:
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except (yaml.YAMLError, RecursionError, UnicodeEncodeError):
        return json.dumps(data)


BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]\n"
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True)
)


@st.composite
def hostile_board(draw: st.DrawFn) -> tuple[str, bool]:
    """A hostile board file: (text, whether it is read as JSON)."""
    data = draw(hostile_data())
    form = draw(st.sampled_from(["json", "yaml", "yaml", "damaged"]))
    if form == "json":
        return json.dumps(data, allow_nan=True), True
    text = _yaml(data)
    if form == "yaml":
        return text, False
    damage = draw(
        st.sampled_from(["duplicate", "alias", "bomb", "cut", "self-alias", "tags", "deep"])
    )
    if damage == "duplicate":
        return text + text.splitlines()[0] + "\n", False
    if damage == "alias":
        return "x: &p {name: alice}\n" + text.replace("- name: alice", "- *p", 1), False
    if damage == "bomb":
        return BOMB + text, False
    if damage == "cut":
        return text[: draw(st.integers(0, len(text)))], False
    if damage == "self-alias":
        return "x: &s [*s]\n" + text, False
    if damage == "deep":  # deeper than Python's recursion limit, as text
        return "[" * 100_000, draw(st.booleans())
    return text.replace("players:", "players: !!set", 1), False


_BOARDS = [
    "examples/summoning-sickness.yaml",
    "examples/havoc-festival.yaml",
    "examples/mana-reflection-contamination.yaml",
    "examples/soul-warden.yaml",
]
_NUMBER_TEXT = HOSTILE_NUMBERS.map(str) | st.sampled_from(["-0", "1e3", "0x10", "9" * 5000])


@st.composite
def hostile_command(draw: st.DrawFn) -> list[str]:
    """A command line with hostile names and numbers on a small example board."""
    board = draw(st.sampled_from(_BOARDS))
    name = draw(HOSTILE_STRINGS | st.sampled_from(["alice", "bob", "forest", "warden"]))
    name = name.replace("\x00", "")  # a command line cannot carry NUL (C strings)
    number = draw(_NUMBER_TEXT)
    kind = draw(st.sampled_from(["gain", "lose", "set", "tap"]))
    choices = [
        ["orderings", board, f"{kind}:{name}:{number}"],
        ["orderings", board, f"tap:{name}:{number}:{draw(st.sampled_from('wubrgcqx'))}"],
        ["event", board, f"{draw(st.sampled_from(['gain', 'lose', 'set']))}:{name}:{number}"],
        ["activations", board, "--player", name],
        ["tap", board, name, "--ability", number],
        ["cast", board, draw(st.sampled_from(["Hangarback Walker", name])), "--x", number],
        ["cast", board, "Grizzly Bears", "--id", name, "--controller", name],
        ["step", board, draw(st.sampled_from(["upkeep", name])), "--show", number],
        ["step", board, "upkeep", "--max-courses", number],
        ["check", name],
    ]
    return draw(st.sampled_from(choices))


def run_board(text: str, json_only: bool, *, deep: bool = False) -> str:
    """Load a board through the API (and build its facts; with ``deep``, run ``check``):
    "loaded" or "refused". Any exception but BoardError (or QueryError from ``check``) escapes."""
    try:
        board = parse_board(text, json_only=json_only)
    except BoardError as exc:
        problems = exc.problems
        assert problems, "a BoardError always says what is wrong"
        return "refused"
    board_facts(board)
    if deep:
        with contextlib.suppress(MtgaspError):
            check(board)
    return "loaded"


#: The time limit each hostile command line runs under (seconds): it must answer, be refused,
#: or stop at this limit or the default memory limit with their message.
COMMAND_TIME_LIMIT = 10


def run_command(argv: list[str]) -> str:
    """Run a command line as the ``mtgasp`` program, in a process of its own, as a user's runs:
    under the default memory limit and a time limit (:data:`COMMAND_TIME_LIMIT`), and a
    grounding cut short ends with its process (in this process it would go on, without a memory
    limit: a hostile ``cast ... --x 5953665`` grew past 20 GB so). "answered" (exit 0),
    "refused" (exit 2: nothing on stdout, one message on stderr) or "stopped" (exit 4 or 5: the
    time or memory limit, which stderr names); never a traceback. Anything else raises
    AssertionError."""
    # As bytes: a lone surrogate (a hostile name) reaches the program as the bytes a terminal
    # would send for it, which Python hands the program as surrogate escapes.
    words = [*argv, "--time-limit", str(COMMAND_TIME_LIMIT)]
    command = [sys.executable, "-m", "mtgasp", *(w.encode("utf-8", "surrogatepass") for w in words)]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=COMMAND_TIME_LIMIT + 120, check=False
    )
    code, out, err = done.returncode, done.stdout, done.stderr
    assert "Traceback" not in err, err
    if code == 0:
        return "answered"
    if code in (4, 5):
        assert "stopped at the" in err, f"exit code {code}: {err}"
        return "stopped"
    assert code == 2, f"exit code {code}: {err}"
    assert out == "", "nothing on stdout after an error"
    assert err.strip(), "an error says what is wrong"
    return "refused"
