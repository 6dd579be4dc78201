"""Does board data fit the board schema? A quick yes, so that a valid board needs no jsonschema.

Importing jsonschema costs about 50 ms, more than the rest of a board's load; a valid board (the
common case) needs none of its error reporting. :func:`fits` answers for the keywords the board
schema uses, with JSON Schema's meaning (and the board's "integer": a whole number, never
``20.0``); on any other keyword it answers no. No means "ask jsonschema", which then finds and
explains every problem (``board/load.py``): so a yes here must always be jsonschema's yes
(``tests/test_schema_check.py`` compares the two on hostile boards). :func:`checker` turns a
schema into one function per schema node once (keywords looked up, ``$ref`` resolved, patterns
compiled), so that a board's check walks only its data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Check", "checker", "fits"]

#: JSON Schema's types, for the values a board file parses into.
_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
#: Keywords that say nothing about the value.
_NOTES = frozenset({"$schema", "$id", "$defs", "title", "description"})

#: Does a value fit (a compiled schema node)?
Check = Callable[[Any], bool]
#: The compiled ``$defs`` of one schema, by name (None while one is being compiled).
_Defs = dict[str, Check | None]


def fits(schema: Mapping[str, Any], value: Any) -> bool:
    """True only if ``value`` is valid against ``schema`` (a root schema with ``$defs``)."""
    return checker(schema)(value)


def checker(schema: Mapping[str, Any]) -> Check:
    """:func:`fits` for one schema, compiled once: call it on each value."""
    return _compile(schema, schema.get("$defs", {}), {})


def _never(value: Any) -> bool:
    return False


def _always(value: Any) -> bool:
    return True


def _compile(node: Mapping[str, Any], defs: Mapping[str, Any], compiled: _Defs) -> Check:
    checks: list[Check] = []
    for key, want in node.items():
        if key in _NOTES:
            continue
        make = _KEYWORDS.get(key)
        if make is None:
            return _never
        checks.append(make(node, want, defs, compiled))
    if len(checks) == 1:
        return checks[0]

    def every(value: Any) -> bool:
        for check in checks:  # noqa: SIM110 (a loop: all() of a generator is slower here)
            if not check(value):
                return False
        return True

    return every


def _ref(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    if not isinstance(want, str) or not want.startswith("#/$defs/"):
        return _never
    name = want.removeprefix("#/$defs/")
    target = defs.get(name)
    if not isinstance(target, Mapping):
        return _never
    if name not in compiled:
        compiled[name] = None
        compiled[name] = _compile(target, defs, compiled)
    found = compiled[name]
    if found is not None:
        return found

    def recursive(value: Any) -> bool:  # a definition that refers to itself, compiled by now
        check = compiled[name]
        assert check is not None
        return check(value)

    return recursive


def _type(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    names = [want] if isinstance(want, str) else want
    checks = [_TYPES[name] for name in names if name in _TYPES]
    if len(checks) == 1:
        return checks[0]
    return lambda value: any(check(value) for check in checks)


def _enum(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    # Strings only: JSON Schema's equality of other values (1 and 1.0, true and 1) is not Python's.
    if not all(isinstance(e, str) for e in want):
        return _never
    options = frozenset(want)
    return lambda value: isinstance(value, str) and value in options


def _properties(
    node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs
) -> Check:
    checks = {key: _compile(sub, defs, compiled) for key, sub in want.items()}

    def check(value: Any) -> bool:
        if not isinstance(value, dict):
            return True
        for key, item in value.items():
            sub = checks.get(key)
            if sub is not None and not sub(item):
                return False
        return True

    return check


def _additional(
    node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs
) -> Check:
    if "patternProperties" in node or not (
        want is False or want is True or isinstance(want, Mapping)
    ):
        # patternProperties is not a keyword of the board schema: jsonschema will judge.
        return lambda value: not isinstance(value, dict)
    if want is True:
        return _always
    known = node.get("properties", {})
    if want is False:
        return lambda value: not isinstance(value, dict) or all(key in known for key in value)
    sub = _compile(want, defs, compiled)
    return lambda value: (
        not isinstance(value, dict)
        or all(sub(item) for key, item in value.items() if key not in known)
    )


def _required(
    node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs
) -> Check:
    return lambda value: not isinstance(value, dict) or all(key in value for key in want)


def _items(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    if not isinstance(want, Mapping):
        return lambda value: not isinstance(value, list)
    sub = _compile(want, defs, compiled)
    return lambda value: not isinstance(value, list) or all(sub(item) for item in value)


def _pattern(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    # A newline is refused here: Python's "$" matches before a final newline, ECMA's does not.
    search = re.compile(want).search
    return lambda value: (
        not isinstance(value, str) or ("\n" not in value and search(value) is not None)
    )


def _const(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    # Booleans only (the board schema's `switches: true`, `token: true`).
    if not isinstance(want, bool):
        return _never
    return lambda value: value is want


def _one_of(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    # The board schema's branches exclude each other by type (`true`, or a mapping): one that
    # fits is the one.
    branches = [_compile(branch, defs, compiled) for branch in want]
    return lambda value: sum(1 for branch in branches if branch(value)) == 1


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _minimum(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    return lambda value: not _number(value) or value >= want


def _maximum(node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs) -> Check:
    return lambda value: not _number(value) or value <= want


def _min_items(
    node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs
) -> Check:
    return lambda value: not isinstance(value, list) or len(value) >= want


def _min_length(
    node: Mapping[str, Any], want: Any, defs: Mapping[str, Any], compiled: _Defs
) -> Check:
    return lambda value: not isinstance(value, str) or len(value) >= want


_KEYWORDS: dict[str, Callable[[Mapping[str, Any], Any, Mapping[str, Any], _Defs], Check]] = {
    "$ref": _ref,
    "type": _type,
    "enum": _enum,
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "items": _items,
    "minimum": _minimum,
    "maximum": _maximum,
    "minItems": _min_items,
    "minLength": _min_length,
    "pattern": _pattern,
    "const": _const,
    "oneOf": _one_of,
}
