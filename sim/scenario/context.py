"""The loading context: the variant's tables, name maps and the companies per seat."""
from __future__ import annotations

from typing import Any

import numpy as np

from sim import ids
from sim import layout as L
from sim.scenario.schema import _fail, _int, _name_index, _valid
from sim.tables import compile_tables
from sim.variant import Variant


class _Ctx:
    def __init__(self, variant: Variant):
        self.variant = variant
        self.T, self.info = compile_tables(variant)
        T, info = self.T, self.info
        self.n = variant.players
        self.intro = bool(variant.intro)
        self.nd, self.nc, self.nph = int(T.n_dams[0]), int(T.n_conduits[0]), int(T.n_ph[0])
        self.space_names = list(info.dam_ids) + list(info.conduit_ids) + list(info.ph_ids)
        self.n_head_tiles = int(T.n_head_tiles[0])
        self.company = [-1] * L.MAX_PLAYERS       # company id per seat (filled while loading)
        self.officer = [-1] * L.MAX_PLAYERS
        self.round = 1
        self.current = 0
        self.default_start = [-1] * L.MAX_PLAYERS   # starting contract given by default, per seat

    # names <-> indices
    def space(self, path, v):
        """A map space, or a Leeghwater building slot ('Cofferdam slot 1', LWP-BUILD-01)."""
        if isinstance(v, str) and " slot " in v:
            name, _, slot = v.rpartition(" slot ")
            bid = _name_index(path, name, ids.BUILDING_NAMES, "building", prefix=True)
            return ids.BUILD_TARGET + bid * 4 + _int(path, slot, 1, 4) - 1
        return _name_index(path, v, self.space_names, "map space")

    def space_name(self, g: int) -> str:
        """Inverse of space()."""
        if g >= ids.BUILD_TARGET:
            bid, slot = divmod(g - ids.BUILD_TARGET, 4)
            return f"{ids.BUILDING_NAMES[bid]} slot {slot + 1}"
        return self.space_names[g]

    def dam(self, path, v):
        return _name_index(path, v, self.info.dam_ids, "dam space")

    def ph(self, path, v):
        return _name_index(path, v, self.info.ph_ids, "powerhouse space")

    def contract(self, path, v):
        return _name_index(path, v, self.info.contract_ids, "contract")

    def tile(self, path, v):
        return _name_index(path, v, ids.TILE_NAMES, "technology tile")

    def seat_of(self, path: str, v: Any, neutral: bool = False) -> int:
        """An owner: seat index, company name (of some seat), or 'neutral' when allowed."""
        if isinstance(v, str) and v.strip().lower() == "neutral":
            if neutral:
                return ids.NEUTRAL
            _fail(path, "only a dam can be neutral; give a company name or seat index")
        if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
            return _int(path, v, 0, self.n - 1)
        if isinstance(v, str):
            comp = _name_index(path, v, ids.COMPANY_NAMES, "company", prefix=True)
            for s in range(self.n):
                if self.company[s] == comp:
                    return s
            playing = [ids.COMPANY_NAMES[self.company[s]] for s in range(self.n) if self.company[s] >= 0]
            _fail(path, f"company {ids.COMPANY_NAMES[comp]} is not in this game; playing: {_valid(playing)}"
                        f"{' or neutral' if neutral else ''} (or a seat index)")
        _fail(path, f"{v!r} is not an owner; give a company name or a seat index")

    def owner_name(self, s: int):
        if s == ids.NEUTRAL:
            return "neutral"
        if 0 <= s < L.MAX_PLAYERS and self.company[s] >= 0:
            return ids.COMPANY_NAMES[self.company[s]]
        return int(s)
