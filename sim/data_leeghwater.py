"""Loads and validates ``leeghwater.yaml`` (The Leeghwater Project: private buildings and external works)."""
from __future__ import annotations

import copy
import functools
import re
from pathlib import Path

from sim.data_loader import _at, _cache_key, _Check, _item, _read_yaml, _root, _show

_SPACE = re.compile(r"^\s*(\d+)\s*eng\s*(?:\+\s*(\d+)\s*cr)?\s*$")


def load_leeghwater(data_dir: Path | None = None) -> dict:
    """Return the validated ``leeghwater_project`` section, each building's `action_spaces` parsed into a list of
    4 [engineers, credits] pairs (LWP-BUILD-06)."""
    return copy.deepcopy(_load_cached(_cache_key(data_dir)))


@functools.lru_cache(maxsize=None)
def _load_cached(data_dir: Path | None) -> dict:
    from sim.ids import BUILDING_NAMES, EXTWORK_NAMES, N_LWP_BUILDINGS

    BUILDING_NAMES = BUILDING_NAMES[:N_LWP_BUILDINGS]   # the Heliport is Colorado's (colorado.yaml)

    c = _Check("leeghwater.yaml")
    doc = c.mapping("leeghwater_project", c.mapping("", _read_yaml(_root(data_dir), "leeghwater.yaml"))
                    .get("leeghwater_project"))
    pb = c.mapping("leeghwater_project.private_buildings", doc.get("private_buildings"))
    slots = c.seq("private_buildings.construction_slots_per_building", pb.get("construction_slots_per_building"), 4)
    for i, s in enumerate(slots):
        p = _item("private_buildings.construction_slots_per_building", i)
        c.keys(p, s, ("slot", "extra_credits"))
        c.integer(_at(p, "extra_credits"), s["extra_credits"], 0, 10)
        c.integer(_at(p, "min_players"), s.get("min_players", 1), 1, 5)
    tiles = c.seq("private_buildings.tiles", pb.get("tiles"), len(BUILDING_NAMES))
    for i, (t, name) in enumerate(zip(tiles, BUILDING_NAMES)):
        p = _item("private_buildings.tiles", i)
        c.keys(p, t, ("name", "cost", "vp", "action_spaces"))
        if t["name"] != name:
            c.fail(_at(p, "name"), f"expected {name!r} (buildings are listed in a fixed order), got {_show(t['name'])}")
        cost = c.mapping(_at(p, "cost"), t["cost"])
        for key in cost:
            c.choice(_at(_at(p, "cost"), key), key, ("excavators", "mixers"))
            c.integer(_at(_at(p, "cost"), key), cost[key], 0, 10)
        c.integer(_at(p, "vp"), t["vp"], 0, 20)
        spaces = []
        for k, text in enumerate(str(t["action_spaces"]).split("|")):
            m = _SPACE.match(text)
            if m is None:
                c.fail(_at(p, "action_spaces"), f"space {k + 1} {text.strip()!r} is not 'N eng' or 'N eng+M cr'")
            spaces.append([int(m.group(1)), int(m.group(2) or 0)])
        if len(spaces) != 4:
            c.fail(_at(p, "action_spaces"), f"expected 4 spaces, got {len(spaces)}")
        t["action_spaces"] = spaces
    ew = c.mapping("leeghwater_project.external_works", doc.get("external_works"))
    decks = c.mapping("external_works.tiles", ew.get("tiles"))
    n = 0
    for d in ("deck_A", "deck_B", "deck_C"):
        for i, t in enumerate(c.seq(_at("external_works.tiles", d), decks.get(d), 5)):
            p = _item(_at("external_works.tiles", d), i)
            c.keys(p, t, ("id", "cost", "reward"))
            if t["id"] != EXTWORK_NAMES[n]:
                c.fail(_at(p, "id"), f"expected {EXTWORK_NAMES[n]!r}, got {_show(t['id'])}")
            for key, v in c.mapping(_at(p, "cost"), t["cost"]).items():
                c.choice(_at(_at(p, "cost"), key), key, ("excavators", "mixers"))
                c.integer(_at(_at(p, "cost"), key), v, 0, 10)
            c.mapping(_at(p, "reward"), t["reward"])
            n += 1
    return doc
