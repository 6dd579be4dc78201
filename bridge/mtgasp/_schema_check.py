"""Does board data fit the board schema? A quick yes, so that a valid board needs no jsonschema.

Importing jsonschema costs about 50 ms, more than the rest of a board's load; a valid board (the
common case) needs none of its error reporting. :func:`fits` answers for the keywords the board
schema uses, with JSON Schema's meaning (and the board's "integer": a whole number, never
``20.0``); on any other keyword it answers no. No means "ask jsonschema", which then finds and
explains every problem (``board.py``): so a yes here must always be jsonschema's yes
(``tests/test_schema_check.py`` compares the two on hostile boards).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["fits"]

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


def fits(schema: Mapping[str, Any], value: Any) -> bool:
    """True only if ``value`` is valid against ``schema`` (a root schema with ``$defs``)."""
    return _fits(schema, value, schema.get("$defs", {}))


def _fits(node: Mapping[str, Any], value: Any, defs: Mapping[str, Any]) -> bool:
    for key, want in node.items():
        if key in _NOTES:
            continue
        check = _KEYWORDS.get(key)
        if check is None or not check(node, want, value, defs):
            return False
    return True


def _ref(node: Mapping[str, Any], want: Any, value: Any, defs: Mapping[str, Any]) -> bool:
    if not isinstance(want, str) or not want.startswith("#/$defs/"):
        return False
    target = defs.get(want.removeprefix("#/$defs/"))
    return isinstance(target, Mapping) and _fits(target, value, defs)


def _type(node: Mapping[str, Any], want: Any, value: Any, defs: Mapping[str, Any]) -> bool:
    names = [want] if isinstance(want, str) else want
    return any(name in _TYPES and _TYPES[name](value) for name in names)


def _enum(node: Mapping[str, Any], want: Any, value: Any, defs: Mapping[str, Any]) -> bool:
    # Strings only: JSON Schema's equality of other values (1 and 1.0, true and 1) is not Python's.
    return isinstance(value, str) and all(isinstance(e, str) for e in want) and value in want


def _properties(node: Mapping[str, Any], want: Any, value: Any, defs: Mapping[str, Any]) -> bool:
    if not isinstance(value, dict):
        return True
    return all(_fits(want[key], item, defs) for key, item in value.items() if key in want)


def _additional(node: Mapping[str, Any], want: Any, value: Any, defs: Mapping[str, Any]) -> bool:
    if not isinstance(value, dict):
        return True
    if "patternProperties" in node:
        return False  # not a keyword of the board schema: jsonschema will judge
    known = node.get("properties", {})
    extra = [item for key, item in value.items() if key not in known]
    if want is False:
        return not extra
    if want is True:
        return True
    return isinstance(want, Mapping) and all(_fits(want, item, defs) for item in extra)


def _required(node: Mapping[str, Any], want: Any, value: Any, defs: Mapping[str, Any]) -> bool:
    return not isinstance(value, dict) or all(key in value for key in want)


def _items(node: Mapping[str, Any], want: Any, value: Any, defs: Mapping[str, Any]) -> bool:
    if not isinstance(value, list):
        return True
    return isinstance(want, Mapping) and all(_fits(want, item, defs) for item in value)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_KEYWORDS: dict[str, Callable[[Mapping[str, Any], Any, Any, Mapping[str, Any]], bool]] = {
    "$ref": _ref,
    "type": _type,
    "enum": _enum,
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "items": _items,
    "minimum": lambda node, want, value, defs: not _number(value) or value >= want,
    "maximum": lambda node, want, value, defs: not _number(value) or value <= want,
    "minItems": lambda node, want, value, defs: not isinstance(value, list) or len(value) >= want,
    "minLength": lambda node, want, value, defs: not isinstance(value, str) or len(value) >= want,
}
