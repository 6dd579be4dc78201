"""Reading a board file into plain data, within limits, before any validation of its content.

Refused with a :class:`~mtgasp.errors.BoardError`: anything but a regular file or a pipe, files
over :data:`~mtgasp.limits.MAX_BOARD_BYTES`, text that is not UTF-8, malformed YAML or JSON,
YAML duplicate keys (both lines named), YAML aliases that add more than
:data:`~mtgasp.limits.MAX_ALIAS_VALUES` values or contain themselves, nesting deeper than
:data:`~mtgasp.limits.MAX_DEPTH`, mapping keys that are not strings, and strings clingo cannot
carry (:func:`mtgasp._text.name_problem`). Nothing here recurses deeper than MAX_DEPTH, so no input
can exhaust the Python stack. A plain YAML board (no alias, merge key or unusual tag, the
common case) is built in one walk of its nodes that also makes those checks (:func:`_plain`);
any other takes the full checks, which explain every problem.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .._text import name_problem, quote
from ..errors import BoardError, BoardProblem
from ..limits import MAX_ALIAS_VALUES, MAX_BOARD_BYTES, MAX_DEPTH

__all__ = ["data_problems", "parse_text", "read_text"]

#: libyaml's loader when PyYAML was built with it (4-8x faster on board files), else PyYAML's.
_YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_MERGE_TAG = "tag:yaml.org,2002:merge"


def read_text(path: str | Path) -> str:
    """The text of a board file: a regular file (or a pipe) of at most MAX_BOARD_BYTES, UTF-8."""
    source = str(path)

    def refuse(message: str) -> BoardError:
        return BoardError(source, [BoardProblem("", message)])

    try:
        mode = Path(path).stat().st_mode
        if stat.S_ISDIR(mode):
            raise refuse("is a directory, not a board file")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise refuse("is not a regular file (a device or socket); give a board file")
        with open(path, "rb") as stream:
            data = stream.read(MAX_BOARD_BYTES + 1)
    except FileNotFoundError:
        missing = "is a symbolic link to a missing file" if Path(path).is_symlink() else ""
        raise refuse(missing or "no such file") from None
    except OSError as exc:
        raise refuse(f"cannot be read: {exc.strerror or exc}") from None
    except (ValueError, UnicodeEncodeError):  # a NUL byte or a lone surrogate in the path
        raise refuse("is not a file name the system can open") from None
    if len(data) > MAX_BOARD_BYTES:
        raise refuse(f"is larger than {MAX_BOARD_BYTES} bytes, the largest board file mtgasp reads")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise refuse(f"cannot be read: not UTF-8 text (byte {exc.start})") from None


def parse_text(text: str, source: str, json_only: bool) -> Any:
    """The data of a board text (JSON if ``json_only``, else YAML), checked by
    :func:`data_problems` but not yet against the schema."""
    if json_only:
        data = _parse_json(text, source)
    else:
        data, checked = _parse_yaml(text, source)
        if checked:
            return data
    problems = list(data_problems(data))
    if problems:
        raise BoardError(source, problems)
    return data


def _parse_json(text: str, source: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise BoardError(source, [BoardProblem(where, f"invalid JSON: {exc.msg}")]) from None
    except RecursionError:
        raise BoardError(source, [_too_deep("")]) from None
    except ValueError as exc:  # e.g. an integer literal longer than Python converts
        raise BoardError(source, [_value_problem("JSON", exc)]) from None


def _parse_yaml(text: str, source: str) -> tuple[Any, bool]:
    """The data of a YAML text, and whether :func:`data_problems` already found it fine."""
    loader = _YAML_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, False
        # No "*", no alias: the node graph is a tree, which the quick path builds when it is
        # plain (see _plain); anything else takes the full checks below.
        if "*" not in text:
            strings: list[str] = []
            try:
                data = _plain(node, 1, strings)
            except Exception:  # _NotPlain, or a scalar PyYAML refuses: the full path explains
                pass
            else:
                if name_problem(" ".join(strings)) is None:
                    return data, True
        problems = list(_node_problems(node))
        if problems:
            raise BoardError(source, problems)
        try:
            return loader.construct_document(node), False
        except (yaml.YAMLError, ValueError, RecursionError):
            raise
        except Exception:  # a tagged value PyYAML's constructor fails on: !!int ""
            raise BoardError(source, [_unreadable_value(node)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = exc.problem or exc.context or "malformed"
        raise BoardError(source, [BoardProblem(where, f"invalid YAML: {problem}")]) from None
    except yaml.YAMLError as exc:
        raise BoardError(source, [BoardProblem("", f"invalid YAML: {exc}")]) from None
    except RecursionError:
        raise BoardError(source, [_too_deep("")]) from None
    except ValueError as exc:  # e.g. an integer literal longer than Python converts
        raise BoardError(source, [_value_problem("YAML", exc)]) from None
    finally:
        loader.dispose()


class _NotPlain(Exception):
    """A node the quick path leaves to the full checks and PyYAML's constructor."""


_STR_TAG = "tag:yaml.org,2002:str"
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
#: PyYAML's safe constructor, for its scalar constructors (which keep no state).
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
#: The other scalars the quick path builds, with PyYAML's own constructors.
_SCALARS: dict[str, Callable[..., Any]] = {
    "tag:yaml.org,2002:int": yaml.constructor.SafeConstructor.construct_yaml_int,
    "tag:yaml.org,2002:bool": yaml.constructor.SafeConstructor.construct_yaml_bool,
    "tag:yaml.org,2002:null": yaml.constructor.SafeConstructor.construct_yaml_null,
}


def _plain(node: Node, depth: int, strings: list[str]) -> Any:
    """The data of a tree of plain nodes (mappings with unique string keys, lists, strings,
    whole numbers, booleans, nulls) at most MAX_DEPTH deep, as PyYAML's safe constructor builds
    it, each string appended to ``strings``; :class:`_NotPlain` for anything else (aliases,
    merge keys, other tags, duplicate keys, nesting too deep), which the full checks then
    explain. Recursive, but only MAX_DEPTH deep."""
    if depth > MAX_DEPTH:
        raise _NotPlain
    kind = type(node)
    tag = node.tag
    if kind is ScalarNode:
        if tag == _STR_TAG:
            strings.append(node.value)
            return node.value
        construct = _SCALARS.get(tag)
        if construct is None:
            raise _NotPlain
        return construct(_CONSTRUCTOR, node)
    if kind is MappingNode and tag == _MAP_TAG:
        data: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if type(key_node) is not ScalarNode or key_node.tag != _STR_TAG:
                raise _NotPlain
            key = key_node.value
            if key in data:
                raise _NotPlain
            strings.append(key)
            data[key] = _plain(value_node, depth + 1, strings)
        return data
    if kind is SequenceNode and tag == _SEQ_TAG:
        return [_plain(item, depth + 1, strings) for item in node.value]
    raise _NotPlain


def _value_problem(kind: str, exc: ValueError) -> BoardProblem:
    if "integer string conversion" in str(exc):
        return BoardProblem("", f"invalid {kind}: a number with more than 4300 digits")
    return BoardProblem("", f"invalid {kind}: {quote(str(exc), 200)[1:-1]}")


def _unreadable_value(root: Node) -> BoardProblem:
    """Where a value's explicit tag can't read it (``!!int ""``, ``!!timestamp soon``): the first
    scalar, in document order, that PyYAML's constructor fails on, each tried on its own."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ScalarNode):
            try:
                _YAML_LOADER("").construct_object(node)
            except Exception:  # any failure of a constructor is this problem
                tag = node.tag.replace("tag:yaml.org,2002:", "!!")
                return BoardProblem(
                    _line(node),
                    f"invalid YAML: the value {quote(node.value, 60)} can't be read as its tag "
                    f"{quote(tag, 60)} says; remove the tag or write a value of that kind",
                )
        stack.extend(reversed(_children(node)))
    return BoardProblem("", "invalid YAML: a tagged value can't be read as its tag says")


def _line(node: Node) -> str:
    return f"line {node.start_mark.line + 1}"


def _too_deep(where: str) -> BoardProblem:
    return BoardProblem(where, f"lists and mappings nest more than {MAX_DEPTH} levels deep")


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _node_problems(root: Node) -> Iterator[BoardProblem]:
    """Duplicate keys, self-containing aliases, nesting depth and alias expansion, on the YAML
    node graph (an alias is the same node reached twice), iteratively."""
    size: dict[int, int] = {}  # id(node) -> values it stands for, aliases expanded
    open_nodes: set[int] = set()
    stack: list[tuple[Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            open_nodes.discard(key)
            size[key] = 1 + sum(size[id(child)] for child in _children(node))
            continue
        if key in size:
            continue
        if key in open_nodes:
            yield BoardProblem(_line(node), "an alias refers to a value that contains it")
            return
        if depth > MAX_DEPTH:
            yield _too_deep(_line(node))
            return
        if isinstance(node, MappingNode):
            yield from _duplicate_keys(node)
        open_nodes.add(key)
        stack.append((node, depth, True))
        stack.extend((child, depth + 1, False) for child in _children(node))
    written = len(size)
    if size[id(root)] - written > MAX_ALIAS_VALUES:
        yield BoardProblem(
            "",
            f"aliases (*name) expand the board by {size[id(root)] - written} values; "
            f"at most {MAX_ALIAS_VALUES} are allowed",
        )


def _duplicate_keys(node: MappingNode) -> Iterator[BoardProblem]:
    first: dict[tuple[str, str], Node] = {}
    for key_node, _ in node.value:
        if not isinstance(key_node, ScalarNode) or key_node.tag == _MERGE_TAG:
            continue
        seen = first.setdefault((key_node.tag, key_node.value), key_node)
        if seen is not key_node:
            yield BoardProblem(
                _line(key_node),
                f"duplicate key {quote(key_node.value)} (first at {_line(seen)}); "
                "each key may appear once in a mapping",
            )


def data_problems(data: Any) -> Iterator[BoardProblem]:
    """Mapping keys that are not strings, and strings that cannot be names, at their locations;
    nesting deeper than MAX_DEPTH. Iterative, so deep data cannot exhaust the stack."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            yield _too_deep(location(path))
            return
        if isinstance(value, str):
            problem = name_problem(value)
            if problem is not None:
                yield BoardProblem(location(path), f"{quote(value)} {problem}")
        elif isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                if not isinstance(key, str):
                    yield BoardProblem(
                        location((*path, quote(key))),
                        f"keys must be strings, got {type(key).__name__} {quote(key)}; "
                        "write a name in quotes if YAML reads it as something else",
                    )
                    continue
                stack.append((item, (*path, key)))
                stack.append((key, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, index)) for index, item in reversed(list(enumerate(value))))


def location(path: tuple[Any, ...] | list[Any]) -> str:
    """``battlefield[2].card`` for the path ``("battlefield", 2, "card")``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = str(part) if len(str(part)) <= 60 else f"{str(part)[:60]}..."
            out += f".{text}" if out else text
    return out or "(top level)"
