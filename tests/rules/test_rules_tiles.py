"""Technology tiles (RULES.md §12: TECH-03, TECH-05, TECH-06, ADV-L1/L2/L3-*) and DECISION-45.

Seat 0 is to move in a 3-player round-1 game with 30 Credits, 20 Excavators, 20 Mixers, the basic tiles plus the
advanced tile under test. The company is Germany + Viktor unless stated: Viktor has no construction modifier, and
the tests build pieces whose count reveals no income (1st/3rd piece of a row) unless the test says so.
"""
from __future__ import annotations

import pytest

from sim import scenario

RICH = {"credits": 30, "excavators": 20, "mixers": 20}
BASIC = ["base", "elevation", "conduit", "powerhouse"]


def load(tile: str | list | None = None, me: dict | None = None, **doc):
    tiles = BASIC + ([tile] if isinstance(tile, str) else list(tile or []))
    seat0 = {"company": "Germany", "officer": "Viktor", **RICH, "tiles": tiles, **(me or {})}
    companies = {0: seat0, **doc.pop("companies", {})}
    return scenario.load({"players": 3, "companies": companies, "decision": {"task": "main", "seat": 0}, **doc})


def descs(g) -> list[str]:
    return [m.description for m in g.legal_moves()]


def me(g) -> dict:
    return g.snapshot()["companies"][0]


def build(g, what: str, pay: str | None = None, action: str = "Construct on company-board space") -> None:
    """The action (construction space or engineer-free tile), the build choice, then the payment if asked."""
    g.play(scenario.find_move(g, action))
    g.play(scenario.find_move(g, what))
    if g.pending == "choose how to pay":
        g.play(scenario.find_move(g, pay))


def build_choices(g) -> list[str]:
    g.play(scenario.find_move(g, "Construct on company-board space"))
    return descs(g)


# ---------------------------------------------------------------------------------------------------------------
# TECH-03 / TECH-05 / TECH-06
# ---------------------------------------------------------------------------------------------------------------

def test_TECH_03_advanced_tile_builds_its_printed_type():
    """TECH-03: with only L1 Conduit in the supply (basic tiles on the wheel) only Conduits can be built."""
    g = load(me={"tiles": ["L1_conduit"], "wheel": {"segments": {3: {"tiles": BASIC}}}}, dams={"B1U": "Germany"})
    opts = build_choices(g)
    assert opts and all(d.startswith("Build a Conduit") and d.endswith("with tile L1_conduit") for d in opts)
    assert len(opts) == 20


def test_TECH_03_wild_tile_builds_every_type():
    """TECH-03: an advanced wild tile (L1 Wild) builds Bases, Elevations, Conduits and Powerhouses."""
    g = load(me={"tiles": ["L1_wild"], "wheel": {"segments": {3: {"tiles": BASIC}}}}, dams={"B1U": "Germany"})
    kinds = {d.split()[2] for d in build_choices(g)}
    assert kinds == {"Base", "Elevation", "Conduit", "Powerhouse"}


def test_TECH_05_ADV_L3_WILD_01_counts_supply_and_wheel_not_basic_or_anton():
    """TECH-05 / ADV-L3-WILD-01 / WHEEL-08: Anton owns L1 Base (supply), L2 Base (on the wheel) and builds with
    L3 Wild: 3 advanced tiles (L3 Wild itself on the wheel) -> 9 VP; basic tiles and Anton's tile don't count."""
    g = load(["anton", "L1_base", "L3_wild"],
             me={"officer": "Anton", "wheel": {"segments": {4: {"excavators": 1, "tiles": ["L2_base"]}}}})
    vp = me(g)["vp"]
    build(g, "Build a Base on B8L with tile L3_wild")
    s = me(g)
    assert s["vp"] == vp + 9 and s["vp_by_source"]["tiles"] == 9
    assert s["wheel"]["segments"][0] == {"excavators": 3, "tiles": ["L3_wild"]}


def test_TECH_06_DECISION_16_L3_base_without_engineers():
    """TECH-06 / ADV-L3-BASE-01: with no Engineers left, L3 Base is still an action (besides passing): no
    Engineers, no construction space, no Excavators; the red outline of B1U still costs 3 Credits."""
    g = load("L3_base", {"bank_engineers": 12})
    assert me(g)["engineers"] == 0
    moves = descs(g)
    assert "Engineer-free construction with tile L3_base" in moves and "Pass" in moves
    assert not [d for d in moves if d.startswith("Construct")]
    build(g, "Build a Base on B1U with tile L3_base", action="Engineer-free construction with tile L3_base")
    s = me(g)
    assert s["engineers"] == 0 and s["construction_spaces_used"] == 0
    assert s["excavators"] == 20 and s["credits"] == 27
    assert s["wheel"] == {"open": 1, "segments": {0: {"tiles": ["L3_base"]}}}
    assert g.snapshot()["dams"]["B1U"] == {"owner": "Germany", "level": 1, "drops": 0}


def test_TECH_06_DECISION_45_L3_base_in_an_ordinary_construction():
    """TECH-06 / DECISION-45: L3 Base used in an ordinary construction still waives the Excavators (1 Engineer on
    space 1 is placed)."""
    g = load("L3_base")
    build(g, "Build a Base on B1L with tile L3_base")
    s = me(g)
    assert s["excavators"] == 20 and s["credits"] == 30
    assert s["engineers"] == 11 and s["construction_spaces_used"] == 1


def test_TECH_06_DECISION_45_L1_powerhouse_in_an_ordinary_construction():
    """TECH-06 / DECISION-45: L1 Powerhouse in an ordinary construction: Engineers on space 1, usual Mixers, no
    further effect."""
    g = load("L1_powerhouse")
    build(g, "Build a Powerhouse on P8_0 with tile L1_powerhouse")
    s = me(g)
    assert s["mixers"] == 18 and s["engineers"] == 11 and s["construction_spaces_used"] == 1
    assert s["wheel"]["segments"] == {0: {"mixers": 2, "tiles": ["L1_powerhouse"]}}


# ---------------------------------------------------------------------------------------------------------------
# Level I
# ---------------------------------------------------------------------------------------------------------------

def test_ADV_L1_BASE_01_drop_into_every_own_dry_dam():
    """ADV-L1-BASE-01: after building on B5L, each Germany dam without a drop gets 1 (B1U and the new B5L); B2U
    (already 1 drop) gets nothing, the neutral dry dam on B3L gets nothing. 3rd Base: no income."""
    g = load("L1_base", dams={"B1U": {"owner": "Germany", "level": 2, "drops": 0},
                              "B2U": {"owner": "Germany", "level": 2, "drops": 1},
                              "B3L": {"owner": "neutral", "level": 1, "drops": 0}})
    build(g, "Build a Base on B5L with tile L1_base")
    dams = g.snapshot()["dams"]
    assert {d: dams[d]["drops"] for d in ("B1U", "B2U", "B3L", "B5L")} == {"B1U": 1, "B2U": 1, "B3L": 0, "B5L": 1}
    assert me(g)["excavators"] == 16


def test_ADV_L1_ELEVATION_01_rotate_once_per_elevation():
    """ADV-L1-ELEVATION-01: 2 Elevations on B1U + the new one on B2U = 3 steps, after the construction's own step:
    open 0 -> 4; segments 2..4 return. 3rd Elevation: no income."""
    g = load("L1_elevation", {"wheel": {"open": 0, "segments": {2: {"excavators": 1}, 4: {"mixers": 3},
                                                                5: {"excavators": 7}}}},
             dams={"B1U": {"owner": "Germany", "level": 3}, "B2U": "Germany"})
    build(g, "Build an Elevation on B2U with tile L1_elevation")      # mountain: 4 Mixers
    s = me(g)
    assert s["wheel"] == {"open": 4, "segments": {0: {"mixers": 4, "tiles": ["L1_elevation"]},
                                                  5: {"excavators": 7}}}
    assert (s["excavators"], s["mixers"]) == (21, 19)


@pytest.mark.parametrize("conduit, value", [("C1L", 5), ("C1R", 4), ("C9L", 1)])
def test_ADV_L1_CONDUIT_01_credits_twice_the_value(conduit, value):
    """ADV-L1-CONDUIT-01: gain 2 x production value Credits (cost 2 x value Excavators as usual)."""
    g = load("L1_conduit")
    build(g, f"Build a Conduit on {conduit} with tile L1_conduit")
    s = me(g)
    assert s["credits"] == 30 + 2 * value
    assert s["excavators"] == 20 - 2 * value


def test_ADV_L1_POWERHOUSE_01_engineer_free_costs_as_usual():
    """ADV-L1-POWERHOUSE-01 / TECH-06: no Engineers, no construction space; 2nd powerhouse 3 Mixers onto the
    wheel, red P8_2 still 3 Credits, the wheel turns."""
    g = load("L1_powerhouse", {"bank_engineers": 12}, powerhouses={"P5_0": "Germany"})
    build(g, "Build a Powerhouse on P8_2 with tile L1_powerhouse",
          action="Engineer-free construction with tile L1_powerhouse")
    s = me(g)
    assert s["engineers"] == 0 and s["construction_spaces_used"] == 0
    assert s["mixers"] == 17 and s["credits"] == 27
    assert s["wheel"] == {"open": 1, "segments": {0: {"mixers": 3, "tiles": ["L1_powerhouse"]}}}
    assert g.snapshot()["powerhouses"] == {"P5_0": "Germany", "P8_2": "Germany"}


def test_ADV_L1_POWERHOUSE_01_only_powerhouses_engineer_free():
    """ADV-L1-POWERHOUSE-01: the engineer-free action with L1 Powerhouse offers only Powerhouse builds."""
    g = load("L1_powerhouse", {"bank_engineers": 12}, dams={"B1U": "Germany"})
    g.play(scenario.find_move(g, "Engineer-free construction with tile L1_powerhouse"))
    opts = descs(g)
    assert len(opts) == 23 and all(d.startswith("Build a Powerhouse") for d in opts)


def test_ADV_L1_WILD_01_no_red_space_surcharge_but_space_4_fee():
    """ADV-L1-WILD-01: a Base on B1U with L1 Wild from construction space 4: the 3 Credits of the space are paid,
    the 3 Credits of the red-outlined dam space are not: 30 - 3 = 27."""
    g = load("L1_wild", {"construction_spaces_used": 3})
    build(g, "Build a Base on B1U with tile L1_wild")
    s = me(g)
    assert s["credits"] == 27 and s["excavators"] == 15


def test_ADV_L1_WILD_01_red_powerhouse_space_free():
    """ADV-L1-WILD-01: a Powerhouse on a red space (P12_3) with L1 Wild costs no Credits; with the basic tile 3."""
    g = load("L1_wild")
    build(g, "Build a Powerhouse on P12_3 with tile L1_wild")
    assert me(g)["credits"] == 30
    g = load("L1_wild")
    build(g, "Build a Powerhouse on P12_3 with tile powerhouse")
    assert me(g)["credits"] == 27


# ---------------------------------------------------------------------------------------------------------------
# Level II
# ---------------------------------------------------------------------------------------------------------------

def test_ADV_L2_BASE_01_energy_per_base_then_fulfil_one_contract():
    """ADV-L2-BASE-01 / CONTRACT-12: 3rd Base -> 3 plain energy; then one own contract with requirement <= 3 may be
    fulfilled (S1 needs 3, G1 needs 2; Y1 needs 5 is not offered). S1 gives 2 Credits + 2 energy."""
    g = load("L2_base", dams={"B1U": "Germany", "B2U": "Germany"},
             contracts={"hand": {"Germany": ["S1", "G1", "Y1"]}})
    build(g, "Build a Base on B8L with tile L2_base")
    assert me(g)["energy"] == 3
    assert sorted(descs(g)) == ["Fulfil contract G1 (needs 2)", "Fulfil contract S1 (needs 3)", "Fulfil no contract"]
    g.play(scenario.find_move(g, "Fulfil contract S1"))
    s = me(g)
    assert s["energy"] == 5 and s["credits"] == 32
    assert g.snapshot()["contracts"]["fulfilled"] == {"Germany": ["S1"]}


@pytest.mark.parametrize("officer, level, drops, full", [("Viktor", 1, 0, 2), ("Viktor", 2, 1, 3),
                                                         ("Graziano", 2, 1, 4)])
def test_ADV_L2_ELEVATION_01_fill_the_raised_dam(officer, level, drops, full):
    """ADV-L2-ELEVATION-01: the raised dam is filled to its new capacity (Graziano's level 3 holds 4)."""
    g = load("L2_elevation", {"officer": officer}, dams={"B5U": {"owner": "Germany", "level": level, "drops": drops}})
    build(g, "Build an Elevation on B5U with tile L2_elevation")        # hill: 3 Mixers
    d = g.snapshot()["dams"]["B5U"]
    assert (d["level"], d["drops"]) == (level + 1, full)
    assert me(g)["mixers"] == 17


@pytest.mark.parametrize("conduit, exc", [("C1L", 5), ("C1R", 5), ("C2L", 5), ("C6R", 4), ("C9L", 2)])
def test_ADV_L2_CONDUIT_01_cost_capped_at_five(conduit, exc):
    """ADV-L2-CONDUIT-01: Excavators = min(5, 2 x value): value 5/4/3 -> 5, value 2 -> 4, value 1 -> 2."""
    g = load("L2_conduit", {"excavators": 5})
    build(g, f"Build a Conduit on {conduit} with tile L2_conduit")
    s = me(g)
    assert s["excavators"] == 5 - exc
    assert s["wheel"]["segments"] == {0: {"excavators": exc, "tiles": ["L2_conduit"]}}


def test_ADV_L2_POWERHOUSE_01_production_plus_2():
    """ADV-L2-POWERHOUSE-01: after building P8_0 (the 1st powerhouse, no company bonus) Germany may produce with
    +2: 1 drop from B1U through C1L (value 5) -> 7 energy; or decline."""
    g = load("L2_powerhouse", dams={"B1U": {"owner": "Germany", "level": 1, "drops": 1}}, conduits={"C1L": "Germany"},
             contracts={"hand": {"Germany": ["R12"]}})
    build(g, "Build a Powerhouse on P8_0 with tile L2_powerhouse")
    assert sorted(descs(g)) == ["Do not produce", "Produce 1 drop(s) from B1U through C1L to P8_0: 7 energy"]
    g.play(scenario.find_move(g, "Produce 1 drop(s) from B1U through C1L to P8_0"))
    snap = g.snapshot()
    assert snap["companies"][0]["energy"] == 7
    assert snap["dams"]["B1U"]["drops"] == 0


def test_ADV_L2_POWERHOUSE_01_full_production_any_powerhouse():
    """ADV-L2-POWERHOUSE-01 / PRODUCE-14: the production may use any own powerhouse (here the older P10_0) and is a
    full production: 2 powerhouses give the company bonus +1, Viktor's minimum applies (C7L value 2 x 1 drop = 2
    -> 4): 4 + 2 + 1 = 7; through C1L to the new P8_0: 5 + 2 + 1 = 8."""
    g = load("L2_powerhouse", dams={"B1U": {"owner": "Germany", "level": 1, "drops": 1},
                                    "B7U": {"owner": "Germany", "level": 1, "drops": 1}},
             conduits={"C1L": "Germany", "C7L": "Germany"}, powerhouses={"P10_0": "Germany"},
             contracts={"hand": {"Germany": ["R12"]}})
    build(g, "Build a Powerhouse on P8_0 with tile L2_powerhouse")          # 2nd powerhouse: 3 Mixers
    assert sorted(descs(g)) == ["Do not produce",
                                "Produce 1 drop(s) from B1U through C1L to P8_0: 8 energy",
                                "Produce 1 drop(s) from B7U through C7L to P10_0: 7 energy"]
    g.play(scenario.find_move(g, "Produce 1 drop(s) from B7U through C7L to P10_0"))
    assert me(g)["energy"] == 7 and me(g)["mixers"] == 17


def test_ADV_L2_WILD_01_machineries_interchangeable():
    """ADV-L2-WILD-01: an Elevation on B1U (4 Mixers) may be paid with any mix of 4 Excavators/Mixers."""
    g = load("L2_wild", dams={"B1U": "Germany"})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    g.play(scenario.find_move(g, "Build an Elevation on B1U with tile L2_wild"))
    assert sorted(descs(g)) == [f"Pay {e} Excavators, {4 - e} Mixers" for e in range(5)]
    g.play(scenario.find_move(g, "Pay 3 Excavators, 1 Mixers"))
    s = me(g)
    assert (s["excavators"], s["mixers"]) == (17, 19)
    assert s["wheel"]["segments"] == {0: {"excavators": 3, "mixers": 1, "tiles": ["L2_wild"]}}


def test_ADV_L2_WILD_01_pays_with_the_other_machinery_when_short():
    """ADV-L2-WILD-01: with 0 Excavators and 5 Mixers a mountain Base (5 Excavators) is still buildable."""
    g = load("L2_wild", {"excavators": 0, "mixers": 5})
    build(g, "Build a Base on B1L with tile L2_wild")
    s = me(g)
    assert (s["excavators"], s["mixers"]) == (0, 0)
    assert s["wheel"]["segments"] == {0: {"mixers": 5, "tiles": ["L2_wild"]}}


# ---------------------------------------------------------------------------------------------------------------
# Level III
# ---------------------------------------------------------------------------------------------------------------

def test_ADV_L3_BASE_01_engineer_free_red_outline_still_due():
    """ADV-L3-BASE-01: engineer-free Base with 0 Excavators in supply on B5U (hill, red): only the 3 Credits."""
    g = load("L3_base", {"excavators": 0})
    build(g, "Build a Base on B5U with tile L3_base", action="Engineer-free construction with tile L3_base")
    s = me(g)
    assert s["credits"] == 27 and s["excavators"] == 0 and s["engineers"] == 12
    assert g.snapshot()["dams"]["B5U"]["owner"] == "Germany"


def test_ADV_L3_BASE_01_red_credits_must_be_affordable():
    """ADV-L3-BASE-01 / CONSTRUCT-18: with 2 Credits only lower dam spaces are offered."""
    g = load("L3_base", {"credits": 2})
    g.play(scenario.find_move(g, "Engineer-free construction with tile L3_base"))
    assert {d.split()[4] for d in descs(g)} == {f"B{z}L" for z in range(1, 11)}


def test_ADV_L3_ELEVATION_01_three_vp_per_own_dam_level_2_plus():
    """ADV-L3-ELEVATION-01: after raising B2U to level 2: own dams of level >= 2 are B1U (3) and B2U (2) -> 6 VP;
    B3U (level 1), the neutral level-2 dam and Italy's level-3 dam don't count. 3rd Elevation: no income."""
    g = load("L3_elevation", dams={"B1U": {"owner": "Germany", "level": 3}, "B2U": "Germany", "B3U": "Germany",
                                   "B5L": {"owner": "neutral", "level": 2}, "B6U": {"owner": "Italy", "level": 3}})
    vp = me(g)["vp"]
    build(g, "Build an Elevation on B2U with tile L3_elevation")
    s = me(g)
    assert s["vp"] == vp + 6 and s["vp_by_source"]["tiles"] == 6


def test_ADV_L3_CONDUIT_01_energy_twice_value_then_fulfil():
    """ADV-L3-CONDUIT-01: C1R (value 4) -> 8 plain energy; then one own contract <= 8 may be fulfilled (R1 needs 8;
    R6 needs 9 is not offered). R1: 4 VP + rotate 3."""
    g = load("L3_conduit", contracts={"hand": {"Germany": ["R1", "R6"]}})
    vp = me(g)["vp"]
    build(g, "Build a Conduit on C1R with tile L3_conduit")
    assert me(g)["energy"] == 8
    assert sorted(descs(g)) == ["Fulfil contract R1 (needs 8)", "Fulfil no contract"]
    g.play(scenario.find_move(g, "Fulfil contract R1"))
    s = me(g)
    assert s["energy"] == 8 and s["vp"] == vp + 4
    assert s["wheel"]["open"] == 4                            # construction 1 + reward 3


@pytest.mark.parametrize("tile, conduit, energy", [("L3_conduit", "C9L", 2), ("L2_base", None, 2)])
def test_ADV_L3_CONDUIT_01_ADV_L2_BASE_01_not_a_production(tile, conduit, energy):
    """ADV-L3-CONDUIT-01 / ADV-L2-BASE-01 / CONTRACT-12: the fulfilment after the tile's energy is not a
    production, so France's active ability (3 powerhouses: requirement -3) does not apply: with 2 energy G1
    (needs 2) is offered, S1 (needs 3) is not. CONSTRUCT-04 steps 7-8: the 2nd Base's income is resolved before
    the tile effect."""
    g = load(tile, {"company": "France"}, dams={"B1U": "France"},
             powerhouses={"P5_0": "France", "P6_0": "France", "P7_0": "France"},
             contracts={"hand": {"France": ["G1", "S1"]}})
    build(g, f"Build a Conduit on {conduit} with tile {tile}" if conduit else f"Build a Base on B8L with tile {tile}")
    if tile == "L2_base":
        # CONSTRUCT-04 step 7 before step 8: the 2nd Base reveals France's income (1 machinery of choice), chosen
        # before the tile's energy is gained
        assert g.pending == "choose machineries" and me(g)["energy"] == 0
        g.play(scenario.find_move(g, "Take 0 Excavators and 1 Mixers"))
        assert me(g)["mixers"] == 21
    assert me(g)["energy"] == energy
    assert sorted(descs(g)) == ["Fulfil contract G1 (needs 2)", "Fulfil no contract"]


def test_ADV_L3_POWERHOUSE_01_three_vp_per_powerhouse():
    """ADV-L3-POWERHOUSE-01: P5_0 and P6_0 + the new P8_0 = 3 powerhouses -> 9 VP (3rd powerhouse: 4 Mixers)."""
    g = load("L3_powerhouse", powerhouses={"P5_0": "Germany", "P6_0": "Germany"})
    vp = me(g)["vp"]
    build(g, "Build a Powerhouse on P8_0 with tile L3_powerhouse")
    s = me(g)
    assert s["vp"] == vp + 9 and s["mixers"] == 16


@pytest.mark.parametrize("tile", ["powerhouse", "L1_powerhouse", "L2_powerhouse"])
def test_ERRATA_02_only_the_L3_powerhouse_scores_per_powerhouse(tile):
    """ERRATA-02: building the 3rd powerhouse with any other powerhouse tile (basic, L1, L2) scores no VP; only
    ADV-L3-POWERHOUSE-01 gives 3 VP per powerhouse (above: 9 VP)."""
    g = load(None if tile == "powerhouse" else tile, powerhouses={"P5_0": "Germany", "P6_0": "Germany"})
    vp = me(g)["vp"]
    build(g, f"Build a Powerhouse on P8_0 with tile {tile}")
    if g.pending == "choose a production":
        g.play(scenario.find_move(g, "Do not produce"))
    assert me(g)["vp"] == vp


def test_ADV_L3_WILD_01_counts_itself():
    """ADV-L3-WILD-01: only L3 Wild owned -> 3 VP (it counts itself, on the wheel)."""
    g = load("L3_wild")
    vp = me(g)["vp"]
    build(g, "Build a Conduit on C9L with tile L3_wild")
    assert me(g)["vp"] == vp + 3


# -- removed tiles (decision S-05: SETUP-09, TECH-04) ---------------------------------------------------------------
def _patent_displays(config: dict, seed: int) -> tuple:
    """The Patent Office display of every round of a game played with the first legal move, and the final game."""
    from sim import Game

    g = Game.new(config, seed=seed)
    shown = {}
    while not g.is_over:
        shown.setdefault(g.round, g.snapshot()["patent_office"]["display"])
        g.play(g.legal_codes()[0])
    return shown, g


def test_S05_removed_tile_leaves_a_gap_the_display_skips_and_nothing_else_changes():
    """SETUP-09 / TECH-04 with decision S-05: the piles are shuffled as without the removal, the removed tile's place
    is a gap, and the displays draw the next tiles, continuing into the next pile; every other draw is the same."""
    import numpy as np

    from sim import Game
    from sim import layout as L

    full = Game.new({"players": 3}, seed=4)
    order = full.snapshot()["patent_office"]["drawn"] + full.snapshot()["patent_office"]["pile"]
    gone = order[1]                                           # the second tile of pile I
    cut = Game.new({"players": 3, "remove_tiles": (gone,)}, seed=4)
    doc = cut.snapshot()["patent_office"]
    assert doc["drawn"] + doc["pile"] == [None if t == gone else t for t in order]
    assert doc["display"] == [order[0], order[2], order[3]]   # the gap is skipped
    assert full.snapshot()["patent_office"]["display"] == order[:3]
    outside = np.r_[0:L.TECH_PILE, L.PATENT + 3:L.STATE_SIZE]  # everything but the piles, their position, display
    np.testing.assert_array_equal(full.state[outside], cut.state[outside])


def test_S05_removed_tiles_never_reach_the_display_and_the_last_display_runs_short():
    """TECH-04: with one tile of each pile removed (12 tiles left), rounds 1-4 show 3 tiles and round 5 none."""
    removed = ("L1_wild", "L2_conduit", "L3_wild")
    shown, g = _patent_displays({"players": 2, "remove_tiles": removed}, seed=9)
    seen = [t for r in sorted(shown) for t in shown[r] if t is not None]
    assert not set(removed) & set(seen)
    assert [sum(t is not None for t in shown[r]) for r in range(1, 5)] == [3, 3, 3, 3]
    assert shown[5] == [None, None, None]
    for r in g.result():
        assert r.vp == sum(r.vp_by_source.values())


def test_S05_snapshot_with_gaps_loads_to_the_same_state():
    import numpy as np

    from sim import Game

    g = Game.new({"players": 4, "remove_tiles": ("L2_base", "L3_elevation")}, seed=2)
    for _ in range(60):
        g.play(g.legal_codes()[-1])
    np.testing.assert_array_equal(scenario.load(g.snapshot()).state, g.state)


def test_S05_removing_a_tile_in_the_introductory_game_is_refused():
    from sim import Game
    from sim.errors import ConfigError

    with pytest.raises(ConfigError, match="remove_tiles: the introductory game uses no advanced tiles"):
        Game.new({"players": 3, "intro": True, "remove_tiles": ("L1_base",)}, seed=1)
    with pytest.raises(ConfigError, match="remove_tiles: 'base' is not an advanced technology tile"):
        Game.new({"players": 3, "remove_tiles": ("base",)}, seed=1)
