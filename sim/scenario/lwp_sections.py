"""Scenario section `leeghwater` (The Leeghwater Project, LWP-*): the buildings board, construction slots, building
action spaces, external works, set-aside tiles; per company `buildings_used` and `margot_engineers`.

    leeghwater:
      buildings: [Cofferdam, Wind Farm, Loan Agency, Research Lab, Financial Division]   # board order (LWP-SETUP-01)
      slots: {Cofferdam: [0, null, null, null]}        # seat holding each construction slot (LWP-BUILD-03)
      spaces: {Cofferdam: [1, null, null, null]}       # seat on each building action space (LWP-BUILD-05)
      blocked: [Wind Farm]                             # leftmost space blocked by an Automa (LWP-BUILD-09)
      external_works: {display: [EWA1, EWA2, null], spaces: [null, null, 0], deck: [EWA1, ...], drawn: 3,
                       fulfilled: {EWA3: 0}}           # LWP-EXTWORK-01..09
      set_aside: [L1_wild, L2_base, L3_building]       # LWP-SETUP-03

A company's Building pieces and activated buildings follow from `slots`.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from sim import ids
from sim import layout as L
from sim.scenario.context import _Ctx
from sim.scenario.schema import _check_keys, _co, _fail, _int, _list, _name_index

SECTION_KEYS = ("buildings", "slots", "spaces", "blocked", "external_works", "set_aside")
EW_KEYS = ("display", "spaces", "deck", "drawn", "fulfilled")
COMPANY_KEYS = ("buildings_used", "margot_engineers")


def enabled(ctx: _Ctx) -> bool:
    """Whether the scenario's variant plays The Leeghwater Project."""
    return "leeghwater" in ctx.variant.expansions


def _seat(ctx: _Ctx, path: str, x: Any) -> int:
    if x is None:
        return ids.NOBODY
    return _int(path, x, 0, ctx.n - 1)


def _building(path: str, x: Any) -> int:
    return _name_index(path, x, ids.BUILDING_NAMES, "building", prefix=True)


def load_leeghwater(ctx: _Ctx, S: np.ndarray, doc: dict, cdocs: list[dict]) -> None:
    """Writes the `leeghwater` section and the companies' Leeghwater keys into S (defaults: the first 5 buildings,
    decks in data order with 3 of deck A shown, nothing built or occupied)."""
    sec = doc.get("leeghwater")
    if not enabled(ctx):
        if sec or any(k in d for d in cdocs for k in COMPANY_KEYS):
            _fail("leeghwater", "needs The Leeghwater Project: add expansions: [leeghwater]")
        for i in range(L.BUILDINGS_DRAWN):
            S[L.LWP_BUILDING + i] = -1
        S[L.LWP_SLOT:L.LWP_SLOT + L.N_BUILDINGS * 4] = ids.NOBODY
        S[L.LWP_SPACE:L.LWP_SPACE + L.N_BUILDINGS * 4] = ids.NOBODY
        S[L.LWP_EW_SHOWN:L.LWP_EW_SHOWN + 3] = -1
        S[L.LWP_EW_SPACE:L.LWP_EW_SPACE + 3] = ids.NOBODY
        S[L.LWP_EW_ENG:L.LWP_EW_ENG + 3] = 0
        S[L.LWP_EW_OWNER:L.LWP_EW_OWNER + L.N_EXTWORKS] = ids.NOBODY
        return
    sec = _check_keys("leeghwater", sec or {}, SECTION_KEYS)
    board = [_building(f"leeghwater.buildings[{i}]", x)
             for i, x in enumerate(_list("leeghwater.buildings", sec.get("buildings", ids.BUILDING_NAMES[:5])))]
    if len(board) != L.BUILDINGS_DRAWN or len(set(board)) != len(board):
        _fail("leeghwater.buildings", f"give {L.BUILDINGS_DRAWN} different buildings (LWP-SETUP-01)")
    S[L.LWP_BUILDING:L.LWP_BUILDING + L.BUILDINGS_DRAWN] = board
    for key, base in (("slots", L.LWP_SLOT), ("spaces", L.LWP_SPACE)):
        S[base:base + L.N_BUILDINGS * 4] = ids.NOBODY
        for name, seats in _check_keys(f"leeghwater.{key}", sec.get(key), ids.BUILDING_NAMES, "building").items():
            bid = ids.BUILDING_NAMES.index(name)
            p = f"leeghwater.{key}.{name}"
            if bid not in board:
                _fail(p, f"{name} is not on the buildings board; board: {', '.join(ids.BUILDING_NAMES[b] for b in board)}")
            seats = _list(p, seats)
            if len(seats) != 4:
                _fail(p, "give 4 entries (seat or null), left to right")
            for i, x in enumerate(seats):
                S[base + bid * 4 + i] = _seat(ctx, f"{p}[{i}]", x)
                if key == "slots" and x is not None and ctx.T.bld_slot_exists[i] == 0:
                    _fail(f"{p}[{i}]", f"slot 2 exists only with 4 companies (LWP-BUILD-03)")
    S[L.LWP_BLOCKED] = 0
    for i, x in enumerate(_list("leeghwater.blocked", sec.get("blocked"))):
        S[L.LWP_BLOCKED] |= 1 << _building(f"leeghwater.blocked[{i}]", x)
    _external_works(ctx, S, _check_keys("leeghwater.external_works", sec.get("external_works") or {}, EW_KEYS))
    # set_aside is read with the Patent Office piles (sim.scenario.board_sections._set_aside)
    for s in range(ctx.n):
        b, d, p = _co(s), cdocs[s], f"companies[{s}]"
        on = 0
        for bid in range(L.N_BUILDINGS):
            if any(S[L.LWP_SLOT + bid * 4 + k] == s for k in range(4)):
                on |= 1 << bid
        S[b + L.C_BUILDINGS_ON] = on
        S[b + L.C_BUILDING_PIECES] = 5 - bin(on).count("1")
        used = 0
        for i, x in enumerate(_list(f"{p}.buildings_used", d.get("buildings_used"))):
            used |= 1 << _building(f"{p}.buildings_used[{i}]", x)
        S[b + L.C_BUILDINGS_USED] = used
        most = int(ctx.T.officer_space_eng[ids.MARGOT])                 # OFFICER-MARGOT-01: 0 or its Engineers
        S[b + L.C_MARGOT_ENG] = _int(f"{p}.margot_engineers", d.get("margot_engineers", 0), 0, most)
        if S[b + L.C_MARGOT_ENG] not in (0, most):
            _fail(f"{p}.margot_engineers", f"Margot's space takes {most} Engineer(s); give 0 or {most}")


def _external_works(ctx: _Ctx, S: np.ndarray, ew: dict) -> None:
    names = ids.EXTWORK_NAMES
    colorado = int(ctx.T.ew_colorado[0]) == 1          # LWP-SETUP-05: each deck 5 of its 6 tiles
    deck = [_name_index(f"leeghwater.external_works.deck[{i}]", x, names, "external work")
            for i, x in enumerate(_list("leeghwater.external_works.deck",
                                        ew.get("deck", names[:ids.N_LWP_EXTWORKS])))]
    decks = [sorted(w for w in deck if names[w][2] == d) for d in "ABC"]
    ok = len(deck) == L.EW_DECK_SIZE and len(set(deck)) == len(deck) and all(len(x) == 5 for x in decks)
    if not ok or (not colorado and max(deck) >= ids.N_LWP_EXTWORKS):
        what = "5 of each deck's 6 tiles (EWA1..EWA6, ...), each once" if colorado else "each of EWA1..EWC5 once"
        _fail("leeghwater.external_works.deck", f"list {what}, in draw order")
    S[L.LWP_EW_DECK:L.LWP_EW_DECK + L.EW_DECK_SIZE] = deck
    S[L.LWP_EW_POS] = _int("leeghwater.external_works.drawn", ew.get("drawn", 3), 0, L.EW_DECK_SIZE)
    shown = _list("leeghwater.external_works.display", ew.get("display", [names[w] for w in deck[:3]]))
    spaces = _list("leeghwater.external_works.spaces", ew.get("spaces", [None] * 3))
    if len(shown) != 3 or len(spaces) != 3:
        _fail("leeghwater.external_works", "display and spaces have 3 entries each (LWP-EXTWORK-01)")
    for i in range(3):
        p = f"leeghwater.external_works.display[{i}]"
        S[L.LWP_EW_SHOWN + i] = -1 if shown[i] is None else _name_index(p, shown[i], names, "external work")
        S[L.LWP_EW_SPACE + i] = _seat(ctx, f"leeghwater.external_works.spaces[{i}]", spaces[i])
        S[L.LWP_EW_ENG + i] = 2 if spaces[i] is not None else 0        # LWP-EXTWORK-01 (an Automa's: residue)
    S[L.LWP_EW_OWNER:L.LWP_EW_OWNER + L.N_EXTWORKS] = ids.NOBODY
    for name, seat in _check_keys("leeghwater.external_works.fulfilled", ew.get("fulfilled"), names,
                                  "external work").items():
        S[L.LWP_EW_OWNER + names.index(name)] = _seat(ctx, f"leeghwater.external_works.fulfilled.{name}", seat)


def snapshot_leeghwater(ctx: _Ctx, S: np.ndarray, doc: dict) -> None:
    """Adds the `leeghwater` section and the companies' Leeghwater keys to a snapshot document."""
    if not enabled(ctx):
        return
    I = int
    name = ids.BUILDING_NAMES
    board = [I(x) for x in S[L.LWP_BUILDING:L.LWP_BUILDING + L.BUILDINGS_DRAWN]]

    def seats(base: int, bid: int) -> list:
        return [None if S[base + bid * 4 + k] == ids.NOBODY else I(S[base + bid * 4 + k]) for k in range(4)]

    ew_names = ids.EXTWORK_NAMES
    doc["leeghwater"] = {
        "buildings": [name[b] for b in board],
        "slots": {name[b]: seats(L.LWP_SLOT, b) for b in board if any(x is not None for x in seats(L.LWP_SLOT, b))},
        "spaces": {name[b]: seats(L.LWP_SPACE, b) for b in board if any(x is not None for x in seats(L.LWP_SPACE, b))},
        "blocked": [name[b] for b in board if (S[L.LWP_BLOCKED] >> b) & 1],
        "external_works": {
            "display": [ew_names[w] if w >= 0 else None for w in S[L.LWP_EW_SHOWN:L.LWP_EW_SHOWN + 3]],
            "spaces": [None if x == ids.NOBODY else I(x) for x in S[L.LWP_EW_SPACE:L.LWP_EW_SPACE + 3]],
            "deck": [ew_names[w] for w in S[L.LWP_EW_DECK:L.LWP_EW_DECK + L.EW_DECK_SIZE]],
            "drawn": I(S[L.LWP_EW_POS]),
            "fulfilled": {ew_names[w]: I(S[L.LWP_EW_OWNER + w]) for w in range(L.N_EXTWORKS)
                          if S[L.LWP_EW_OWNER + w] != ids.NOBODY},
        },
        "set_aside": [ids.TILE_NAMES[t] for t in S[L.LWP_SET_ASIDE:L.LWP_SET_ASIDE + 3] if t > 0],
    }
    for s, d in enumerate(doc["companies"]):
        b = _co(s)
        used = I(S[b + L.C_BUILDINGS_USED])
        if used:
            d["buildings_used"] = [name[k] for k in range(L.N_BUILDINGS) if (used >> k) & 1]
        if S[b + L.C_MARGOT_ENG]:
            d["margot_engineers"] = I(S[b + L.C_MARGOT_ENG])
