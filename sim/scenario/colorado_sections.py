"""Scenario section `colorado` (The Colorado Connection, COLO-*): bridge tiles on their sites or dams, Engineers on
the construction sites, the settlement tiles and who occupies each settlement space; read by `load`, written by
`snapshot`.

```yaml
colorado:
  bridges: {BR08: {site: mountain, dam: B1U}, BR01: {site: mountain}, ...}   # every tile: its site; dam once built
  site_engineers: {mountain: [1, 0, 0], hill: [0, 0, 0], plain: [0, 0, 0]}  # per seat
  settlements: {SM1: {tile: "A:credits", occupant: 0}, SM2: {tile: "B:any_machine"}, ...}
```
Absent: the tiles as setup deals them unshuffled (BR01-BR04 mountain, BR05-BR07 hill, BR08-BR10 plain; each type's
tiles in data order onto its spaces in space order), no bridge built, nobody on a site or settlement. A bridge is
built by its dam's owner (COLO-BRIDGE-02), so the dam must be a company's and the basin may hold no other bridge.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from sim import ids
from sim import layout as L
from sim.colorado_tables import colorado_names
from sim.rules.colorado import refresh_bridges
from sim.scenario.context import _Ctx
from sim.scenario.schema import _check_keys, _fail, _int, _list, _name_index

_KEYS = ("bridges", "site_engineers", "settlements")


def _default_tiles(T) -> tuple[list[int], list[int]]:
    """(site per bridge tile, settlement tile per space) as setup deals them without shuffling."""
    site = []
    for a in range(3):
        site += [a] * int(T.colo_site_tiles[a])
    tiles = [-1] * L.N_SETTLE_SPACES
    for ty in range(3):
        pool = [e for e in range(int(T.n_stile_effects[0])) if T.stile_type[e] == ty
                for _ in range(int(T.stile_copies[e]))]
        spaces = [s for s in range(L.N_SETTLE_SPACES) if T.settle_type[s] == ty]
        for s, e in zip(spaces, pool):
            tiles[s] = e
    return site, tiles


def load_colorado_section(ctx: _Ctx, S: np.ndarray, v: Any) -> None:
    """Fills the Colorado fields of S from the `colorado` section (setup's unshuffled deal when absent)."""
    T = ctx.T
    if int(T.colo_enabled[0]) == 0:
        if v is not None:
            _fail("colorado", "this variant does not play The Colorado Connection; add 'colorado' to expansions")
        return
    v = _check_keys("colorado", v, _KEYS)
    bridges, labels, spaces = colorado_names()
    site, tiles = _default_tiles(T)
    dam = [-1] * L.N_BRIDGE_TILES
    if "bridges" in v:
        given = _check_keys("colorado.bridges", v["bridges"], bridges, "bridge tile")
        if len(given) != L.N_BRIDGE_TILES:
            _fail("colorado.bridges", f"list all {L.N_BRIDGE_TILES} bridge tiles (COLO-SETUP-05)")
        for name, entry in given.items():
            p = f"colorado.bridges.{name}"
            t = bridges.index(name)
            e = _check_keys(p, entry, ("site", "dam"))
            site[t] = _name_index(f"{p}.site", e.get("site"), ids.AREA_NAMES, "area")
            if e.get("dam") is not None:
                dam[t] = _name_index(f"{p}.dam", e["dam"], ctx.info.dam_ids, "dam space")
        for a in range(3):
            if site.count(a) != int(T.colo_site_tiles[a]):
                _fail("colorado.bridges", f"the {ids.AREA_NAMES[a]} site holds {int(T.colo_site_tiles[a])} tiles "
                                          f"(COLO-SETUP-05), got {site.count(a)}")
    for t in range(L.N_BRIDGE_TILES):
        d = dam[t]
        if d < 0:
            continue
        p = f"colorado.bridges.{bridges[t]}.dam"
        if S[L.DAM_OWNER + d] not in range(ctx.n):
            _fail(p, f"{ctx.info.dam_ids[d]} holds no company's dam; a bridge goes on its builder's dam (COLO-BRIDGE-03)")
        if int(T.zone_area[T.dam_zone[d]]) != site[t]:
            _fail(p, f"{ctx.info.dam_ids[d]} is not in the {ids.AREA_NAMES[site[t]]} area of its site (COLO-BRIDGE-02)")
        same = [u for u in range(L.N_BRIDGE_TILES) if u != t and dam[u] >= 0 and T.dam_zone[dam[u]] == T.dam_zone[d]]
        if same:
            _fail(p, f"basin of {ctx.info.dam_ids[d]} already holds {bridges[same[0]]} (COLO-BRIDGE-03)")
    S[L.COLO_TILE_SITE:L.COLO_TILE_SITE + L.N_BRIDGE_TILES] = site
    S[L.COLO_TILE_DAM:L.COLO_TILE_DAM + L.N_BRIDGE_TILES] = dam
    S[L.COLO_SITE_ENG:L.COLO_SITE_ENG + 3 * L.MAX_PLAYERS] = 0
    for area, seats in _check_keys("colorado.site_engineers", v.get("site_engineers"), ids.AREA_NAMES, "area").items():
        a = ids.AREA_NAMES.index(area)
        lst = _list(f"colorado.site_engineers.{area}", seats)
        if len(lst) != ctx.n:
            _fail(f"colorado.site_engineers.{area}", f"give one count per seat ({ctx.n})")
        for s, k in enumerate(lst):
            S[L.COLO_SITE_ENG + a * L.MAX_PLAYERS + s] = _int(f"colorado.site_engineers.{area}[{s}]", k, 0, 12)
    occ = [ids.NOBODY] * L.N_SETTLE_SPACES
    for name, entry in _check_keys("colorado.settlements", v.get("settlements"), spaces, "settlement space").items():
        p = f"colorado.settlements.{name}"
        s = spaces.index(name)
        e = _check_keys(p, entry, ("tile", "occupant"))
        if "tile" in e:
            tiles[s] = _name_index(f"{p}.tile", e["tile"], labels, "settlement tile")
            if labels[tiles[s]][0] != ids.SETTLEMENT_TYPES[int(T.settle_type[s])]:
                _fail(f"{p}.tile", f"{name} takes a type-{ids.SETTLEMENT_TYPES[int(T.settle_type[s])]} tile "
                                   "(COLO-SETUP-04)")
        if e.get("occupant") is not None:
            occ[s] = _int(f"{p}.occupant", e["occupant"], 0, ctx.n - 1)
    S[L.COLO_SETTLE_TILE:L.COLO_SETTLE_TILE + L.N_SETTLE_SPACES] = tiles
    S[L.COLO_SETTLE_OCC:L.COLO_SETTLE_OCC + L.N_SETTLE_SPACES] = occ
    S[L.COLO_LAST_BASE] = -1
    S[L.COLO_BRIDGED_ELEV] = 0
    refresh_bridges(S, T)                           # the state derived from the bridges (sim.layout)


def snapshot_colorado(ctx: _Ctx, S: np.ndarray) -> dict | None:
    """The `colorado` section of a snapshot (None without the expansion)."""
    T = ctx.T
    if int(T.colo_enabled[0]) == 0:
        return None
    bridges, labels, spaces = colorado_names()
    out: dict[str, Any] = {"bridges": {}, "site_engineers": {}, "settlements": {}}
    for t in range(L.N_BRIDGE_TILES):
        e: dict[str, Any] = {"site": ids.AREA_NAMES[int(S[L.COLO_TILE_SITE + t])]}
        if S[L.COLO_TILE_DAM + t] >= 0:
            e["dam"] = ctx.info.dam_ids[int(S[L.COLO_TILE_DAM + t])]
        out["bridges"][bridges[t]] = e
    for a in range(3):
        out["site_engineers"][ids.AREA_NAMES[a]] = [int(S[L.COLO_SITE_ENG + a * L.MAX_PLAYERS + s])
                                                    for s in range(ctx.n)]
    for s in range(L.N_SETTLE_SPACES):
        e = {"tile": labels[int(S[L.COLO_SETTLE_TILE + s])]}
        if S[L.COLO_SETTLE_OCC + s] >= 0:
            e["occupant"] = int(S[L.COLO_SETTLE_OCC + s])
        out["settlements"][spaces[s]] = e
    return out
