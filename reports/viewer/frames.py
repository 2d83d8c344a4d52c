"""The viewer's frames: a game's positions as one flat base document and, per later frame, the patch that makes it.

A position (a scenario snapshot, docs/scenarios.md) is flattened to `path -> leaf`: dict keys are path parts, list
positions are `#i` parts, joined with `/` (`companies/#1/wheel/segments/3/mixers`); scalars, lists without containers
and empty containers are leaves. Consecutive positions differ in a few leaves, so a 4-player game's 350-odd
positions take about 80 kB. The viewer's script (assets/viewer.js) applies the patches and unflattens by the same rules.
"""
from __future__ import annotations

from typing import Any

SEPARATOR = "/"
LIST_PART = "#"


def flatten(doc: Any, prefix: str = "", out: dict[str, Any] | None = None) -> dict[str, Any]:
    """The leaves of a document by path (see the module docstring)."""
    out = {} if out is None else out
    if isinstance(doc, dict) and doc:
        for key, value in doc.items():
            key = str(key)
            if SEPARATOR in key or key.startswith(LIST_PART):
                raise ValueError(f"frame key {key!r} contains {SEPARATOR!r} or starts with {LIST_PART!r}")
            flatten(value, f"{prefix}{SEPARATOR}{key}" if prefix else key, out)
    elif isinstance(doc, list) and any(isinstance(v, (dict, list)) for v in doc):
        for i, value in enumerate(doc):
            flatten(value, f"{prefix}{SEPARATOR}{LIST_PART}{i}" if prefix else f"{LIST_PART}{i}", out)
    else:
        out[prefix] = doc
    return out


def unflatten(flat: dict[str, Any]) -> dict:
    """The document of flattened leaves (the inverse of flatten)."""
    root: dict = {}
    for path, value in flat.items():
        parts = path.split(SEPARATOR)
        node: Any = root
        for part, following in zip(parts, parts[1:]):
            key = int(part[1:]) if part.startswith(LIST_PART) else part
            empty: Any = [] if following.startswith(LIST_PART) else {}
            if isinstance(node, list):
                while len(node) <= key:
                    node.append(None)
                if node[key] is None:
                    node[key] = empty
            else:
                node.setdefault(key, empty)
            node = node[key]
        last = parts[-1]
        if last.startswith(LIST_PART):
            index = int(last[1:])
            while len(node) <= index:
                node.append(None)
            node[index] = value
        else:
            node[last] = value
    return root


def patch(before: dict[str, Any], after: dict[str, Any]) -> list[list]:
    """What turns flat `before` into flat `after`: `[path]` removes a leaf, `[path, value]` sets one (removals
    first)."""
    removed = [[path] for path in before if path not in after]
    changed = [[path, value] for path, value in after.items() if path not in before or before[path] != value]
    return removed + changed


def encode(documents: list[dict]) -> dict:
    """The frames of a list of positions: `{"base": flat first position, "patches": [patch to frame 1, ...]}`."""
    if not documents:
        raise ValueError("a viewer needs at least one position")
    flats = [flatten(d) for d in documents]
    return {"base": flats[0], "patches": [patch(a, b) for a, b in zip(flats, flats[1:])]}


def decode(frames: dict, index: int) -> dict:
    """Position `index` of encoded frames, as a document."""
    if not 0 <= index <= len(frames["patches"]):
        raise IndexError(f"frame {index} is not among the {len(frames['patches']) + 1} frames")
    flat = dict(frames["base"])
    for entries in frames["patches"][:index]:
        for entry in entries:
            if len(entry) == 1:
                del flat[entry[0]]
            else:
                flat[entry[0]] = entry[1]
    return unflatten(flat)
