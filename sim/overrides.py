"""What-if rule overrides: `"bonus_tiles.conduits.vp_per_unit" = 3` changes one value of components.yaml before
the tables are compiled, so every rule that reads it sees the new value; a path under `promo.` changes promo.yaml
(Gennaro Grasso's reconstructed space). The patched document is validated like the data file itself, so an override
cannot produce a game the engine does not understand.

A path walks the document: mapping keys by name (or the number a numeric YAML key spells), list items by their `id`
(or `name`, or `officer`) or by position. Only leaf values (numbers, booleans, strings, lists of them) can be
replaced, by a value of the same kind, and a number only within its knob's range (`knobs`, `barrage list knobs`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from sim.data_loader import _at, _item, integer_ranges, validate_components, validate_promo
from sim.errors import ConfigError, DataError

COMPONENTS, PROMO = "components.yaml", "promo.yaml"
REFERENCES = ("id", "bga_id")                        # which item an entry is (ours, BGA's): names, not rule numbers
_PREFIX = {COMPONENTS: "", PROMO: "promo."}          # the path prefix that addresses each data file
_VALIDATE = {COMPONENTS: validate_components, PROMO: validate_promo}


def apply_overrides(doc: dict, overrides: tuple[tuple[str, Any], ...], file: str = COMPONENTS) -> dict:
    """Returns `doc` (the document of data file `file`, modified in place) with the overrides that address that file
    applied and validated; the others are left to the other file's call."""
    mine = [(path, value) for path, value in overrides if _file_of(path) == file]
    if not mine:
        return doc
    ranges = integer_ranges(doc, file)
    for full_path, value in mine:
        path = full_path[len(_PREFIX[file]):]
        value = list(value) if isinstance(value, tuple) else value    # a Variant holds lists as tuples (hashable)
        parent, key, old, checked = _resolve(doc, path, full_path, file)
        if key in REFERENCES:
            raise ConfigError(f"overrides.{full_path}: names which item this is, not a rule number; override one of "
                              f"its values instead (barrage list knobs)")
        if isinstance(old, (dict, list)) and not _is_flat_list(old):
            raise ConfigError(f"overrides.{full_path}: names a whole section; name one value inside it, e.g. "
                              f"{full_path}.{_example_child(old)}")
        if not _same_kind(old, value):
            raise ConfigError(f"overrides.{full_path}: expected {_kind(old)} like the data file's {old!r}, got "
                              f"{value!r}")
        _check_range(full_path, old, value, checked, ranges)
        parent[key] = value
    try:
        _VALIDATE[file](doc, "overrides")
    except DataError as e:
        raise ConfigError(str(e)) from None
    return doc


def _file_of(path: str) -> str:
    return PROMO if path.startswith(_PREFIX[PROMO]) else COMPONENTS


# Engine quantities (VP, credits, counts, costs) are int64 in the state and summed over a game; values beyond this
# bound would wrap, and none of the game's real values comes near it.
MAX_OVERRIDE = 1_000_000


def _check_range(path: str, old: Any, new: Any, checked: str, ranges: dict) -> None:
    """Every number stays within its knob's range (`knob_range`)."""
    flat = isinstance(old, list) and isinstance(new, list)
    pairs = [(f"{path}.{i}", _item(checked, i), w, v) for i, (w, v) in enumerate(zip(old, new))] if flat else \
        [(path, checked, old, new)]
    for where, at, was, value in pairs:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        low, high = knob_range(was, ranges.get(at))
        if not low <= value <= high:
            what = "negative" if value < 0 <= low else "out of range"
            raise ConfigError(f"overrides.{where}: {value!r} is {what}; use {low:,} .. {high:,} (the data file's "
                              f"{was!r}; barrage list knobs)")


def knob_range(official: Any, bounds: tuple[int | None, int | None] | None) -> tuple[int, int]:
    """The values an override may give a number: the bounds the data validation puts on it, else within
    +-MAX_OVERRIDE and not below 0 where the data file's value is not negative (a cost, a count or an award
    below zero is not a rule variant but nonsense)."""
    low, high = bounds or (None, None)
    if low is None:
        low = 0 if isinstance(official, (int, float)) and official >= 0 else -MAX_OVERRIDE
    return max(low, -MAX_OVERRIDE), min(MAX_OVERRIDE if high is None else high, MAX_OVERRIDE)


def _resolve(doc: Any, path: str, full_path: str, file: str) -> tuple[Any, Any, Any, str]:
    """(container, key, current value, key path as the data validation spells it) of a dotted path in `doc`;
    unknown steps raise ConfigError listing valid ones (`full_path` is the path as the user gave it). A list item's
    name may hold dots (`executive_officers.Solomon P. Jordan.ability_values.credits_per_machinery`)."""
    parts = path.split(".")
    node: Any = doc
    checked = ""
    depth = 0
    while depth < len(parts):
        part = parts[depth]
        where = ".".join(parts[:depth]) or "the top level"
        if isinstance(node, dict):
            key = _dict_key(node, part)
            if key is None:
                top = ["promo"] if depth == 0 and file == COMPONENTS else []
                raise ConfigError(f"overrides.{full_path}: no key {part!r} at {where}; valid: "
                                  f"{', '.join(map(str, list(node) + top))}")
            checked = _at(checked, key)
        elif isinstance(node, list):
            key, depth = _list_step(node, parts, depth)
            if key is None:
                names = [str(_item_name(x)) for x in node if _item_name(x) is not None] or [str(i) for i in
                                                                                         range(len(node))]
                raise ConfigError(f"overrides.{full_path}: no item {part!r} at {where}; valid: {', '.join(names)}")
            checked = _item(checked, key)
        else:
            raise ConfigError(f"overrides.{full_path}: {where} is a single value, it has no {part!r}")
        if depth == len(parts) - 1:
            return node, key, node[key], checked
        node = node[key]
        depth += 1
    raise ConfigError(f"overrides: empty path {full_path!r}")


def _list_step(node: list, parts: list[str], depth: int) -> tuple[int | None, int]:
    """(index, last part used) of the list item that parts[depth:] start with: the longest run of parts that
    spells an item's name, else a position."""
    for end in range(len(parts), depth, -1):
        name = ".".join(parts[depth:end])
        for i, x in enumerate(node):
            if str(_item_name(x)) == name:
                return i, end - 1
    part = parts[depth]
    return (int(part) if part.isdigit() and int(part) < len(node) else None), depth


def _dict_key(node: dict, part: str) -> Any:
    """The key a path step names: the text itself, or the number it spells (YAML keys such as an income's piece
    count `2` are integers: `companies.USA.income.base.2.rotate_wheel`)."""
    if part in node:
        return part
    if part.lstrip("-").isdigit() and int(part) in node:
        return int(part)
    return None


def _item_name(x: Any) -> Any:
    return x.get("id", x.get("name", x.get("officer"))) if isinstance(x, dict) else None


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


def knobs(doc: dict, file: str = COMPONENTS) -> list[Knob]:
    """Every number of the document of data file `file` that `--override PATH=VALUE` can replace, by the path it
    accepts (promo.yaml's under `promo.`): mapping keys by name, list items by their id, name or officer (else
    position), numbers inside flat lists by position; with the range the override check allows. The `meta`
    section (the file's own version and sources) and the REFERENCES (which item it is, not a quantity) are left
    out."""
    ranges = integer_ranges(doc, file)
    return [Knob(_PREFIX[file] + path, value, *knob_range(value, ranges.get(checked)))
            for path, checked, value in _numbers({k: v for k, v in doc.items() if k != "meta"}, "", "")]


def all_knobs() -> list[Knob]:
    """The knobs of the package data: components.yaml's, then promo.yaml's."""
    from sim.data_loader import load_components, load_promo

    return knobs(load_components()) + knobs(load_promo(), PROMO)


def _numbers(node: Any, path: str, checked: str) -> Iterator[tuple[str, str, int | float]]:
    """(override path, validation key path, value) of every number under `node`."""
    if isinstance(node, dict):
        children = ((str(k), _at(checked, k), v) for k, v in node.items() if k not in REFERENCES)
    elif isinstance(node, list):
        children = ((str(_item_name(v)) if _item_name(v) is not None else str(i), _item(checked, i), v)
                    for i, v in enumerate(node))
    else:
        if isinstance(node, (int, float)) and not isinstance(node, bool):
            yield path, checked, node
        return
    for name, at, child in children:
        yield from _numbers(child, f"{path}.{name}" if path else name, at)
