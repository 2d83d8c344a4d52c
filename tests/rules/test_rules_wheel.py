"""Construction Wheel (RULES.md §8: WHEEL-01..11) and the technology-tile / wheel rules TECH-01, TECH-02.

Seat 0 is USA + Viktor (no construction modifier) in a 3-player round-1 game, to move. Wheel contents are
checked through the snapshot: `wheel.open` and `wheel.segments` (only non-empty segments are written).
"""
from __future__ import annotations

import pytest

from sim import Game, scenario

RICH = {"credits": 30, "excavators": 20, "mixers": 20}


def load(me: dict | None = None, **doc):
    companies = {0: {"company": "USA", "officer": "Viktor", **RICH, **(me or {})}, **doc.pop("companies", {})}
    doc = {"players": 3, "companies": companies, "decision": {"task": "main", "seat": 0}, **doc}
    if doc["decision"] is None:
        del doc["decision"]
    return scenario.load(doc)


def descs(g) -> list[str]:
    return [m.description for m in g.legal_moves()]


def me(g) -> dict:
    return g.snapshot()["companies"][0]


def build(g, what: str, pay: str | None = None) -> None:
    """Construction action, build choice, then payment when the engine asks (P-05/P-06)."""
    g.play(scenario.find_move(g, "Construct on company-board space"))
    g.play(scenario.find_move(g, what))
    if g.pending == "choose how to pay":
        g.play(scenario.find_move(g, pay))


def others_bank(g) -> None:
    """Lets the other seats take 1 Credit at the Bank until seat 0 is to move again."""
    while g.current_player != 0:
        g.play(scenario.find_move(g, "Bank: 1 Engineer for 1 Credit"))


def workshop(g, text: str) -> None:
    g.play(scenario.find_move(g, text))


def test_WHEEL_01_open_segment_wraps_from_5_to_0():
    """WHEEL-01: 6 segments; rotating from segment 5 opens segment 0 (and returns what lies there, WHEEL-03)."""
    g = load({"wheel": {"open": 5, "segments": {0: {"excavators": 2, "tiles": ["base"]}}}})
    workshop(g, "Workshop: rotate the wheel 1 (left)")
    s = me(g)
    assert s["wheel"] == {"open": 0, "segments": {}}
    assert s["excavators"] == 22 and "base" in s["tiles"]


@pytest.mark.parametrize("open_", [0, 3, 5])
def test_WHEEL_02_construction_fills_the_open_segment(open_):
    """WHEEL-02 / CONSTRUCT-04: tile and machineries go into the open segment, then the wheel turns one step."""
    g = load({"wheel": {"open": open_}})
    build(g, "Build a Base on B5L with tile base")           # hill: 4 Excavators
    assert me(g)["wheel"] == {"open": (open_ + 1) % 6, "segments": {open_: {"excavators": 4, "tiles": ["base"]}}}


def test_WHEEL_03_one_step_returns_only_the_newly_open_segment():
    """WHEEL-03: one step opens segment 1 and returns its tile and machineries; segment 2 stays."""
    g = load({"tiles": ["base", "powerhouse"],
              "wheel": {"open": 0, "segments": {1: {"excavators": 3, "mixers": 1, "tiles": ["elevation"]},
                                                2: {"mixers": 2, "tiles": ["conduit"]}}}})
    workshop(g, "Workshop: rotate the wheel 1 (right)")
    s = me(g)
    assert s["wheel"] == {"open": 1, "segments": {2: {"mixers": 2, "tiles": ["conduit"]}}}
    assert (s["excavators"], s["mixers"]) == (23, 21)
    assert sorted(s["tiles"]) == ["base", "elevation", "powerhouse"]
    assert s["engineers"] == 10 and s["credits"] == 30      # right space: 2 Engineers, no Credits


def test_WHEEL_04_rotation_of_n_is_n_single_steps():
    """WHEEL-04 / ACT-WORKSHOP-01: "rotate 3" from segment 0 returns segments 1, 2 and 3, not 4."""
    segs = {k: {"excavators": k} for k in range(1, 6)}
    g = load({"wheel": {"open": 0, "segments": segs}})
    workshop(g, "Workshop: rotate the wheel 3 (left)")
    s = me(g)
    assert s["wheel"] == {"open": 3, "segments": {4: {"excavators": 4}, 5: {"excavators": 5}}}
    assert s["excavators"] == 20 + 1 + 2 + 3
    assert s["credits"] == 25                                 # rotate 3: 5 Credits


def test_WHEEL_05_07_items_return_at_the_sixth_step():
    """WHEEL-05: a construction's items come back exactly at the 6th step: construction (1), Workshop rotate 3 (4),
    rotate 1 (5, still on the wheel), rotate 1 (6, returned). WHEEL-07: the red-outline Credits never return."""
    g = load()
    build(g, "Build a Base on B1U with tile base")            # 5 Excavators, 3 Credits
    assert me(g)["wheel"] == {"open": 1, "segments": {0: {"excavators": 5, "tiles": ["base"]}}}
    others_bank(g)
    workshop(g, "Workshop: rotate the wheel 3 (left)")        # 5 Credits
    assert me(g)["wheel"] == {"open": 4, "segments": {0: {"excavators": 5, "tiles": ["base"]}}}
    others_bank(g)
    workshop(g, "Workshop: rotate the wheel 1 (left)")
    s = me(g)
    assert s["wheel"] == {"open": 5, "segments": {0: {"excavators": 5, "tiles": ["base"]}}}
    assert "base" not in s["tiles"] and s["excavators"] == 15
    others_bank(g)
    workshop(g, "Workshop: rotate the wheel 1 (right)")
    s = me(g)
    assert s["wheel"] == {"open": 0, "segments": {}}
    assert "base" in s["tiles"] and s["excavators"] == 20
    assert s["credits"] == 30 - 3 - 5


def test_WHEEL_06_segment_returns_within_the_action_after_five_more_steps():
    """WHEEL-06 / ADV-L1-ELEVATION-01: USA with 4 Elevations builds its 5th with L1 Elevation on B3U (mountain,
    4 Mixers): the construction's step + 5 steps of the tile effect = 6, so L1 Elevation and the 4 Mixers are back
    in the supply when the action ends; the 5th Elevation reveals 7 VP."""
    g = load({"tiles": ["base", "elevation", "conduit", "powerhouse", "L1_elevation"]},
             dams={"B1U": {"owner": "USA", "level": 3}, "B2U": {"owner": "USA", "level": 3}, "B3U": "USA"})
    vp = me(g)["vp"]
    build(g, "Build an Elevation on B3U with tile L1_elevation")
    s = me(g)
    assert s["wheel"] == {"open": 0, "segments": {}}
    assert "L1_elevation" in s["tiles"] and s["mixers"] == 20
    assert s["vp"] == vp + 7
    assert s["structures_left"]["elevation"] == 0


def test_WHEEL_06_own_segment_not_returned_by_its_own_step():
    """WHEEL-06: without further steps the filled segment stays on the wheel (it has just moved away)."""
    g = load({"wheel": {"open": 2}})
    build(g, "Build a Conduit on C9L with tile conduit")       # value 1: 2 Excavators
    s = me(g)
    assert s["wheel"] == {"open": 3, "segments": {2: {"excavators": 2, "tiles": ["conduit"]}}}
    assert s["excavators"] == 18 and "conduit" not in s["tiles"]


def test_WHEEL_07_solomon_credits_do_not_go_on_the_wheel():
    """WHEEL-07 / OFFICER-SOLOMON-01: Credits replacing machineries go to the general supply: the segment holds
    only the tile and the Excavators actually paid."""
    g = load({"officer": "Solomon"})
    build(g, "Build a Base on B1L with tile base", "Pay 3 Excavators, 0 Mixers, 6 Credits for 2 machineries")
    s = me(g)
    assert s["wheel"]["segments"] == {0: {"excavators": 3, "tiles": ["base"]}}
    assert s["credits"] == 24


def test_WHEEL_08_wheel_items_are_not_in_the_supply():
    """WHEEL-08: machineries on the wheel cannot pay (4 in supply + 5 on the wheel: no mountain Base) and a tile
    on the wheel cannot build (powerhouse tile on the wheel: no Powerhouse)."""
    g = load({"excavators": 4, "tiles": ["base", "elevation", "conduit"],
              "wheel": {"segments": {3: {"excavators": 5, "tiles": ["powerhouse"]}}}})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    opts = descs(g)
    assert not [d for d in opts if "Powerhouse" in d]
    bases = {d.split()[4] for d in opts if d.startswith("Build a Base")}
    assert bases == {f"B{z}{p}" for z in range(5, 11) for p in "UL"}


def test_WHEEL_09_a_segment_holds_any_number_of_items():
    """WHEEL-09: one segment takes a tile, Excavators and Mixers together (L2 Wild paying a mountain Base with
    3 Excavators + 2 Mixers), and C1L's 10 Excavators fit in one segment."""
    g = load({"tiles": ["base", "elevation", "conduit", "powerhouse", "L2_wild"]})
    build(g, "Build a Base on B1L with tile L2_wild", "Pay 3 Excavators, 2 Mixers")
    assert me(g)["wheel"]["segments"] == {0: {"excavators": 3, "mixers": 2, "tiles": ["L2_wild"]}}
    g = load()
    build(g, "Build a Conduit on C1L with tile conduit")
    assert me(g)["wheel"]["segments"] == {0: {"excavators": 10, "tiles": ["conduit"]}}


def test_WHEEL_10_rotating_an_empty_wheel_is_legal():
    """WHEEL-10 / ACT-WORKSHOP-03: every Workshop space is offered with an empty wheel and just turns it."""
    g = load()
    workshops = [d for d in descs(g) if d.startswith("Workshop")]
    assert len(workshops) == 6                                # rotate 1/2/3, left and right (3 players)
    workshop(g, "Workshop: rotate the wheel 2 (left)")
    s = me(g)
    assert s["wheel"] == {"open": 2, "segments": {}}
    assert s["credits"] == 28 and s["engineers"] == 10


def test_WHEEL_11_income_rotation_when_revealed_and_in_income_phase():
    """WHEEL-11 / INCOME-05: USA's 2nd-Base income "rotate 1" turns the wheel when revealed (construction 1 +
    income 1) and again in the next Income phase."""
    g = load({"wheel": {"open": 0, "segments": {2: {"mixers": 2}}}}, dams={"B2L": "USA"})
    build(g, "Build a Base on B8L with tile base")
    s = me(g)
    assert s["wheel"] == {"open": 2, "segments": {0: {"excavators": 3, "tiles": ["base"]}}}
    assert s["mixers"] == 22
    g = load({"wheel": {"open": 4, "segments": {5: {"excavators": 1}}}}, dams={"B2L": "USA", "B8L": "USA"},
             round=2, phase="income", decision=None)
    assert g.phase == "actions"
    s = me(g)
    assert s["wheel"] == {"open": 5, "segments": {}}
    assert s["excavators"] == 21


def test_WHEEL_11_contract_reward_rotation():
    """WHEEL-11 / REWARD: G1 (1 Credit + rotate 2) turns the wheel 2 steps, returning segments 1 and 2."""
    g = scenario.load({"players": 3, "companies": {0: {"company": "USA", "officer": "Viktor", **RICH,
                                                      "wheel": {"segments": {1: {"excavators": 1},
                                                                             2: {"mixers": 1},
                                                                             3: {"excavators": 4}}}}},
                       "contracts": {"hand": {"USA": ["G1"]}},
                       "decision": {"task": "fulfil", "seat": 0, "energy": 2}})
    g.play(scenario.find_move(g, "Fulfil contract G1"))
    s = me(g)
    assert s["wheel"] == {"open": 2, "segments": {3: {"excavators": 4}}}
    assert (s["excavators"], s["mixers"], s["credits"]) == (21, 21, 31)


# ---------------------------------------------------------------------------------------------------------------
# TECH-01 / TECH-02
# ---------------------------------------------------------------------------------------------------------------

def test_TECH_01_full_game_companies_start_with_the_four_basic_tiles():
    """TECH-01 (with SETUP-11/20): after the setup every company holds base, elevation, conduit, powerhouse
    (Anton also his special tile)."""
    g = Game.new({"players": 3, "officers": ["Wilhelm", "Jill", "Solomon"]}, seed=3)
    while g.phase == "setup":
        g.play(g.legal_codes()[0])
    for s in g.snapshot()["companies"]:
        assert s["tiles"] == ["base", "elevation", "conduit", "powerhouse"]


@pytest.mark.parametrize("what, space", [("Base", "B1L"), ("Conduit", "C1R"), ("Elevation", "B2U"),
                                         ("Powerhouse", "P8_0")])
def test_TECH_01_basic_tiles_have_no_effect(what, space):
    """TECH-01: building with a basic tile changes nothing beyond the cost (no drops, Credits, VP, energy,
    extra rotation)."""
    g = load(dams={"B2U": "USA", "B3L": "USA"})
    before = g.snapshot()
    build(g, f"Build {'an' if what[0] in 'AEIOU' else 'a'} {what} on {space} with tile {what.lower()}")
    after = g.snapshot()
    s0, s1 = before["companies"][0], after["companies"][0]
    cost = {"Base": (5, 0), "Conduit": (8, 0), "Elevation": (0, 4), "Powerhouse": (0, 2)}[what]
    assert (s1["excavators"], s1["mixers"]) == (20 - cost[0], 20 - cost[1])
    assert s1["credits"] == 30 and s1["vp"] == s0["vp"] and s1["energy"] == 0
    assert s1["wheel"]["open"] == 1
    assert all(d.get("drops", 0) == 0 for d in after["dams"].values())


def test_TECH_02_used_tile_is_on_the_wheel_until_it_returns():
    """TECH-02: after building a Base, the base tile is on the wheel: the next construction offers no Base; after
    the 6th step (WHEEL-03) it is usable again."""
    g = load({"wheel": {"open": 0}})
    build(g, "Build a Base on B8L with tile base")
    others_bank(g)
    g.play(scenario.find_move(g, "Construct on company-board space"))
    assert not [d for d in descs(g) if d.startswith("Build a Base")]
    g = load({"tiles": ["elevation", "conduit", "powerhouse"],
              "wheel": {"open": 5, "segments": {0: {"excavators": 3, "tiles": ["base"]}}}})
    workshop(g, "Workshop: rotate the wheel 1 (left)")
    others_bank(g)
    g.play(scenario.find_move(g, "Construct on company-board space"))
    assert [d for d in descs(g) if d.startswith("Build a Base")]
