"""What-if rule overrides: `"bonus_tiles.conduits.vp_per_unit" = 3` changes one value of components.yaml before
the tables are compiled, so every rule that reads it sees the new value. The patched document is validated like
the data file itself, so an override cannot produce a game the engine does not understand.

A path walks the document: mapping keys by name, list items by their `id` (or `name`), or by position.
Only leaf values (numbers, booleans, strings, lists of them) can be replaced, and by a value of the same kind.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from sim.data_loader import validate_components
from sim.errors import ConfigError, DataError


def apply_overrides(doc: dict, overrides: tuple[tuple[str, Any], ...]) -> dict:
    """Returns `doc` (a components.yaml document, modified in place) with every override applied and validated."""
    for path, value in overrides:
        value = list(value) if isinstance(value, tuple) else value    # a Variant holds lists as tuples (hashable)
        parent, key, old = _resolve(doc, path)
        if isinstance(old, (dict, list)) and not _is_flat_list(old):
            raise ConfigError(f"overrides.{path}: names a whole section; name one value inside it, e.g. "
                              f"{path}.{_example_child(old)}")
        if not _same_kind(old, value):
            raise ConfigError(f"overrides.{path}: expected {_kind(old)} like the data file's {old!r}, got {value!r}")
        _check_range(path, old, value)
        parent[key] = value
    try:
        validate_components(doc, "overrides")
    except DataError as e:
        raise ConfigError(str(e)) from None
    return doc


# Engine quantities (VP, credits, counts, costs) are int64 in the state and summed over a game; values beyond this
# bound would wrap, and none of the game's real values comes near it.
MAX_OVERRIDE = 1_000_000


def _check_range(path: str, old: Any, new: Any) -> None:
    """A number stays within +-MAX_OVERRIDE, and a value that is not negative in the data file stays so (a cost,
    a count or an award below zero is not a rule variant but nonsense)."""
    pairs = zip(old, new) if isinstance(old, list) and isinstance(new, list) else [(old, new)]
    for was, value in pairs:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if abs(value) > MAX_OVERRIDE:
            raise ConfigError(f"overrides.{path}: {value!r} is out of range; use a value within "
                              f"+-{MAX_OVERRIDE:,}")
        if isinstance(was, (int, float)) and not isinstance(was, bool) and was >= 0 > value:
            raise ConfigError(f"overrides.{path}: {value!r} is negative; the data file's {was!r} is a quantity "
                              "that cannot go below 0")


def _resolve(doc: Any, path: str) -> tuple[Any, Any, Any]:
    """(container, key, current value) of a dotted path; unknown steps raise ConfigError listing valid ones."""
    parts = path.split(".")
    node: Any = doc
    for depth, part in enumerate(parts):
        where = ".".join(parts[:depth]) or "the top level"
        if isinstance(node, dict):
            key = _dict_key(node, part)
            if key is None:
                raise ConfigError(f"overrides.{path}: no key {part!r} at {where}; valid: "
                                  f"{', '.join(map(str, node))}")
        elif isinstance(node, list):
            key = _list_index(node, part)
            if key is None:
                names = [str(_item_name(x)) for x in node if _item_name(x) is not None] or [str(i) for i in
                                                                                         range(len(node))]
                raise ConfigError(f"overrides.{path}: no item {part!r} at {where}; valid: {', '.join(names)}")
        else:
            raise ConfigError(f"overrides.{path}: {where} is a single value, it has no {part!r}")
        if depth == len(parts) - 1:
            return node, key, node[key]
        node = node[key]
    raise ConfigError(f"overrides: empty path {path!r}")


def _dict_key(node: dict, part: str) -> Any:
    """The key a path step names: the text itself, or the number it spells (YAML keys such as an income's piece
    count `2` are integers: `companies.USA.income.base.2.rotate_wheel`)."""
    if part in node:
        return part
    if part.lstrip("-").isdigit() and int(part) in node:
        return int(part)
    return None


def _item_name(x: Any) -> Any:
    return x.get("id", x.get("name")) if isinstance(x, dict) else None


def _list_index(node: list, part: str) -> int | None:
    for i, x in enumerate(node):
        if str(_item_name(x)) == part:
            return i
    if part.isdigit() and int(part) < len(node):
        return int(part)
    return None


def _is_flat_list(x: Any) -> bool:
    return isinstance(x, list) and all(not isinstance(v, (dict, list)) for v in x)


def _example_child(x: Any) -> str:
    if isinstance(x, dict):
        return str(next(iter(x)))
    return str(_item_name(x[0]) if x and _item_name(x[0]) is not None else 0)


def _kind(x: Any) -> str:
    if isinstance(x, bool):
        return "true/false"
    if isinstance(x, (int, float)):
        return "a number" if isinstance(x, float) else "a whole number"
    if isinstance(x, list):
        return f"a list of {len(x)} values"
    return "a text"


def _same_kind(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, int):
        return isinstance(new, int)
    if isinstance(old, float):
        return isinstance(new, (int, float))
    if isinstance(old, list):
        return isinstance(new, list) and len(new) == len(old) and all(_same_kind(a, b) for a, b in zip(old, new))
    return type(old) is type(new)


@dataclass(frozen=True)
class Knob:
    """One number an override can change: its path, the data file's (official) value and the range the override
    check allows (the data validation may refuse more, e.g. a cost list of the wrong length)."""

    path: str
    official: int | float
    low: int | float
    high: int | float


def knobs(doc: dict) -> list[Knob]:
    """Every number of a components document that `--override PATH=VALUE` can replace, by the path it accepts:
    mapping keys by name, list items by their id or name (else position), numbers inside flat lists by position.
    The `meta` section (the file's own version and sources) and `id` fields (which item it is, not a quantity)
    are left out."""
    return [Knob(path, value, 0 if value >= 0 else -MAX_OVERRIDE, MAX_OVERRIDE)
            for path, value in _numbers({k: v for k, v in doc.items() if k != "meta"}, "")]


def _numbers(node: Any, path: str) -> Iterator[tuple[str, int | float]]:
    if isinstance(node, dict):
        children = ((str(k), v) for k, v in node.items())
    elif isinstance(node, list):
        children = ((str(_item_name(v)) if _item_name(v) is not None else str(i), v) for i, v in enumerate(node))
    else:
        if isinstance(node, (int, float)) and not isinstance(node, bool):
            yield path, node
        return
    for name, child in children:
        if not (isinstance(node, dict) and name == "id"):
            yield from _numbers(child, f"{path}.{name}" if path else name)
