"""Water rules (RULES.md §9, WATER-01..16) and the water-flow worked example EX-03.

Every expected number is derived by hand from RULES.md and the base map (sim/data/map_base.yaml):

    HA: B1U B1L P8 B8U B8L P11 EXIT_L
    HB: B2U B2L P5 B5U B5L P9 B9U B9L P11 EXIT_L
    HC: B3U B3L P6 B6U B6L P10 B10U B10L P12 EXIT_R
    HD: B4U B4L P7 B7U B7L P10 B10U B10L P12 EXIT_R

Water Flow positions are loaded in round 5 (`phase: water_flow`): the phase runs, then Scoring and final
scoring, which move no drop and do not reset energy in round 5 (ROUND-06), so the snapshot shows the flow's
end state.
"""
from __future__ import annotations

import itertools
import random

import pytest

from sim import ids, scenario
from sim import layout as L
from sim.errors import ConfigError

HEADS = ("HA", "HB", "HC", "HD")


# ---------------------------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------------------------

def play(g, text):
    g.play(scenario.find_move(g, text))


def descs(g):
    return [m.description for m in g.legal_moves()]


def drops_of(snap):
    return {k: v["drops"] for k, v in snap["dams"].items()}


def run_water_flow(dams, heads, companies=None, powerhouses=None, players=2):
    """Runs the Water Flow phase of round 5 on a position; returns the final snapshot."""
    doc = {"players": players, "round": 5, "phase": "water_flow",
           "companies": companies or {}, "dams": dams, "powerhouses": powerhouses or {},
           "headstreams": {h: {"drops": n} for h, n in heads.items()}}
    g = scenario.load(doc)
    assert g.phase == "over"
    return g.snapshot()


def actions_game(dams=None, heads=None, companies=None, players=2, **extra):
    """Seat 0 to choose an action in round 2."""
    doc = {"players": players, "round": 2, "phase": "actions",
           "companies": companies or {}, "dams": dams or {},
           "headstreams": {h: {"drops": n} for h, n in (heads or {}).items()},
           "decision": {"task": "main", "seat": 0}}
    doc.update(extra)
    return scenario.load(doc)


# ---------------------------------------------------------------------------------------------------------------
# WATER-01..03
# ---------------------------------------------------------------------------------------------------------------

def test_WATER_01_general_supply_of_drops_is_unlimited():
    """WATER-01 / ACT-WATER-03: with 60 drops already on a tile, the 2-drop action still draws 2 more."""
    g = actions_game(heads={"HA": 60})
    play(g, "Water Management: 2 drops (delayed) (left)")
    play(g, "Drop on headstream HA")
    play(g, "Drop on headstream HA")
    snap = g.snapshot()
    assert snap["headstreams"]["HA"]["drops"] == 62
    assert snap["counters"]["drops_created"] == 62


def test_WATER_02_drop_is_on_a_headstream_in_a_dam_or_removed():
    """WATER-02: after a flow every created drop is on a tile, held by a dam or removed (5 created: B1U holds 1,
    B8L holds 2 (1 + 1), 2 leave at EXIT_L, none is left on a tile)."""
    snap = run_water_flow({"B1U": {"owner": 0, "level": 1, "drops": 0},
                           "B8L": {"owner": "neutral", "level": 2, "drops": 1}},
                          {"HA": 4})
    assert drops_of(snap) == {"B1U": 1, "B8L": 2}
    c = snap["counters"]
    assert c["drops_created"] == 5 and c["drops_removed"] == 2
    assert all(h["drops"] == 0 for h in snap["headstreams"].values())
    assert c["drops_created"] == sum(drops_of(snap).values()) + c["drops_removed"]


def test_WATER_03_capacity_is_level_and_graziano_level3_holds_4():
    """WATER-03 / OFFICER-GRAZIANO-01: 10 drops from HA: a level-2 dam holds 2, Graziano's level-3 dam 4,
    a neutral level-3 dam 3; the empty dam space B1L holds none; 10 - 9 = 1 drop leaves the map."""
    snap = run_water_flow(
        {"B1U": {"owner": 0, "level": 2, "drops": 0},
         "B8U": {"owner": 1, "level": 3, "drops": 0},
         "B8L": {"owner": "neutral", "level": 3, "drops": 0}},
        {"HA": 10},
        companies={0: {"company": "USA", "officer": "Wilhelm"}, 1: {"company": "Italy", "officer": "Graziano"}})
    assert drops_of(snap) == {"B1U": 2, "B8U": 4, "B8L": 3}
    assert snap["counters"]["drops_removed"] == 1


def test_WATER_03_graziano_level1_and_level2_dams_hold_1_and_2():
    """OFFICER-GRAZIANO-01 / WATER-03: only level 3 is raised; Graziano's level-1 and level-2 dams hold 1 and 2."""
    snap = run_water_flow(
        {"B1U": {"owner": 0, "level": 1, "drops": 0}, "B8U": {"owner": 0, "level": 2, "drops": 0}},
        {"HA": 5}, companies={0: {"company": "Italy", "officer": "Graziano"}})
    assert drops_of(snap) == {"B1U": 1, "B8U": 2}
    assert snap["counters"]["drops_removed"] == 2


def test_WATER_03_scenario_rejects_more_drops_than_capacity():
    """WATER-03: a non-Graziano level-3 dam cannot hold 4 drops."""
    with pytest.raises(ConfigError):
        scenario.load({"players": 2, "companies": {0: {"officer": "Wilhelm"}},
                       "dams": {"B8L": {"owner": 0, "level": 3, "drops": 4}}})


# ---------------------------------------------------------------------------------------------------------------
# WATER-04..08: movement along the rivers
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("head,last_dam", [("HA", "B8L"), ("HB", "B9L"), ("HC", "B10L"), ("HD", "B10L")])
def test_WATER_04_drop_follows_its_river_to_the_last_dam(head, last_dam):
    """WATER-04: with a single dam on the lowest dam space of a river, a headstream drop walks the whole river
    (through dam spaces and powerhouse sites) and is held there."""
    snap = run_water_flow({last_dam: {"owner": "neutral", "level": 1, "drops": 0}}, {head: 1})
    assert drops_of(snap) == {last_dam: 1}
    assert snap["counters"]["drops_removed"] == 0


def test_WATER_05_drop_stops_in_the_first_dam_with_room():
    """WATER-05: HB's drop meets B2L (level 1, empty) before B5U: B2L holds it, B5U stays empty."""
    snap = run_water_flow({"B2L": {"owner": 0, "level": 1, "drops": 0},
                           "B5U": {"owner": "neutral", "level": 1, "drops": 0}}, {"HB": 1})
    assert drops_of(snap) == {"B2L": 1, "B5U": 0}


def test_WATER_05_neutral_and_company_dams_both_catch_drops():
    """WATER-05: 3 drops from HC: company dam B3U (level 1) takes 1, neutral B6L (level 2) takes 2."""
    snap = run_water_flow({"B3U": {"owner": 1, "level": 1, "drops": 0},
                           "B6L": {"owner": "neutral", "level": 2, "drops": 0}}, {"HC": 3})
    assert drops_of(snap) == {"B3U": 1, "B6L": 2}
    assert snap["counters"]["drops_removed"] == 0


def test_WATER_06_drop_passes_full_dams_empty_spaces_and_conduits():
    """WATER-06: B2U is full, B2L is an empty dam space, P5 is a site and the built conduit C2L (zone 2 -> 6)
    is not on the river: the drop reaches B5U; the dam B6U at the conduit's end gets nothing."""
    snap = run_water_flow({"B2U": {"owner": 0, "level": 1, "drops": 1},
                           "B5U": {"owner": 1, "level": 1, "drops": 0},
                           "B6U": {"owner": "neutral", "level": 2, "drops": 0}},
                          {"HB": 1}, powerhouses={"P5_0": 0})
    assert drops_of(snap) == {"B2U": 1, "B5U": 1, "B6U": 0}


def test_WATER_06_conduit_does_not_divert_water():
    """WATER-06: conduit spaces are not on rivers, even when built."""
    doc = {"players": 2, "round": 5, "phase": "water_flow",
           "dams": {"B6U": {"owner": "neutral", "level": 2, "drops": 0}},
           "conduits": {"C2L": 0}, "headstreams": {"HB": {"drops": 2}}}
    snap = scenario.load(doc).snapshot()
    assert drops_of(snap) == {"B6U": 0}
    assert snap["counters"]["drops_removed"] == 2


def test_WATER_07_drop_reaching_an_exit_is_removed():
    """WATER-07: on an empty map 3 drops from HA and 2 from HD all leave the map."""
    snap = run_water_flow({}, {"HA": 3, "HD": 2})
    assert snap["counters"]["drops_removed"] == 5
    assert all(h["drops"] == 0 for h in snap["headstreams"].values())


def test_WATER_08_held_drops_never_move_during_water_flow():
    """WATER-08: a held drop stays put although a dam with room lies downstream; only the tile's drop flows."""
    snap = run_water_flow({"B1U": {"owner": 0, "level": 2, "drops": 1},
                           "B8L": {"owner": "neutral", "level": 3, "drops": 0}}, {"HA": 2})
    # drop 1 fills B1U (1 -> 2), drop 2 passes it and stops in B8L
    assert drops_of(snap) == {"B1U": 2, "B8L": 1}


def test_WATER_08_held_drops_never_move_during_actions():
    """WATER-08: a Bank action leaves every held drop where it is."""
    g = actions_game(dams={"B1U": {"owner": 0, "level": 1, "drops": 1},
                           "B1L": {"owner": "neutral", "level": 1, "drops": 0}})
    play(g, "Bank: 1 Engineer")
    assert drops_of(g.snapshot()) == {"B1U": 1, "B1L": 0}


# ---------------------------------------------------------------------------------------------------------------
# WATER-09/10/16: immediate and delayed drops, "up to" vs exact
# ---------------------------------------------------------------------------------------------------------------

def test_WATER_09_water_management_one_drop_flows_immediately():
    """WATER-09 / ACT-WATER-02 (EX-18 A): the drop on HB flows at once into B2U."""
    g = actions_game(dams={"B2U": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Water Management: 1 drop (flows now) (left)")
    assert descs(g) == [f"Drop on headstream {h} (flows now)" for h in HEADS]     # exactly 1: no "none"
    play(g, "Drop on headstream HB")
    snap = g.snapshot()
    assert snap["phase"] == "actions"
    assert drops_of(snap) == {"B2U": 1}
    assert snap["headstreams"]["HB"]["drops"] == 0


def test_WATER_09_several_immediate_drops_flow_one_at_a_time():
    """WATER-09: G15's 2 drops flowing now, both on HA: the first completes its flow (held by B1U) before the
    second is placed; the second passes the now full B1U and is held by B8L."""
    g = actions_game(dams={"B1U": {"owner": 0, "level": 1, "drops": 0},
                           "B8L": {"owner": "neutral", "level": 3, "drops": 0}},
                     contracts={"hand": {0: ["G15"]}},
                     decision={"task": "fulfil", "seat": 0, "energy": 4, "by_production": True})
    play(g, "Fulfil contract G15")
    play(g, "Drop on headstream HA")
    assert drops_of(g.snapshot()) == {"B1U": 1, "B8L": 0}       # first drop already held
    play(g, "Drop on headstream HA")
    assert drops_of(g.snapshot()) == {"B1U": 1, "B8L": 1}


def test_WATER_10_delayed_drops_wait_on_the_tile_until_water_flow():
    """WATER-10 / ACT-WATER-01 (EX-18 B): both drops on HD stay on the tile during the Actions phase."""
    g = actions_game(dams={"B4U": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Water Management: 2 drops (delayed) (left)")
    assert descs(g) == [f"Drop on headstream {h} (flows in the Water Flow phase)" for h in HEADS]
    play(g, "Drop on headstream HD")
    assert descs(g) == [f"Drop on headstream {h} (flows in the Water Flow phase)" for h in HEADS]
    play(g, "Drop on headstream HD")
    snap = g.snapshot()
    assert snap["phase"] == "actions"
    assert snap["headstreams"]["HD"]["drops"] == 2
    assert drops_of(snap) == {"B4U": 0}


def test_WATER_10_delayed_drops_split_over_two_tiles():
    """ACT-WATER-01 / WATER-10: the two delayed drops may go on two different tiles."""
    g = actions_game(heads={"HA": 1})
    play(g, "Water Management: 2 drops (delayed) (left)")
    play(g, "Drop on headstream HA")
    play(g, "Drop on headstream HC")
    snap = g.snapshot()
    assert [snap["headstreams"][h]["drops"] for h in HEADS] == [2, 0, 1, 0]


def test_WATER_16_reward_drops_are_up_to_n():
    """WATER-16 / REWARD-05: a contract's "2 drops to headstreams" (G5) may stop after 0 or 1 drop."""
    g = actions_game(contracts={"hand": {0: ["G5"]}},
                     decision={"task": "fulfil", "seat": 0, "energy": 2, "by_production": True})
    play(g, "Fulfil contract G5")
    assert "Place no more drops" in descs(g)
    play(g, "Drop on headstream HB")
    assert "Place no more drops" in descs(g)
    play(g, "Place no more drops")
    snap = g.snapshot()
    assert [snap["headstreams"][h]["drops"] for h in HEADS] == [0, 1, 0, 0]
    assert snap["companies"][0]["credits"] == 6 + 3
    assert snap["stack"][-1]["task"] == "main"                   # back to the next turn: reward done


def test_WATER_16_income_drops_are_up_to_n():
    """WATER-16: Germany's conduit-4 income "2 drops flowing now" may place none."""
    doc = {"players": 2, "round": 5, "phase": "income",
           "companies": {0: {"company": "Germany", "officer": "Wilhelm"}},
           "conduits": {"C1L": 0, "C2L": 0, "C3L": 0, "C4L": 0}}
    g = scenario.load(doc)
    assert g.pending == "choose a headstream for a drop"
    assert "Place no more drops" in descs(g)
    play(g, "Place no more drops")
    snap = g.snapshot()
    assert snap["counters"]["drops_created"] == 0
    assert snap["phase"] == "actions"


# ---------------------------------------------------------------------------------------------------------------
# WATER-11/12: the Water Flow phase and its order invariance
# ---------------------------------------------------------------------------------------------------------------

# USA (seat 0, 3 powerhouses: ability active) owns powerhouses at P6, P10, P11; Italy (Graziano, seat 1) owns
# dams; merging rivers (HC/HD at P10, HA/HB at P11) make the order of the tiles matter if anything did.
FLOW_COMPANIES = {0: {"company": "USA", "officer": "Wilhelm"}, 1: {"company": "Italy", "officer": "Graziano"}}
FLOW_PHS = {"P6_0": 0, "P10_0": 0, "P11_0": 0}
FLOW_DAMS = {
    "B1L": {"owner": 0, "level": 1, "drops": 0},
    "B8L": {"owner": "neutral", "level": 3, "drops": 1},
    "B5U": {"owner": 1, "level": 2, "drops": 1},
    "B9L": {"owner": 1, "level": 1, "drops": 0},
    "B6L": {"owner": "neutral", "level": 2, "drops": 2},
    "B7U": {"owner": 1, "level": 1, "drops": 0},
    "B10U": {"owner": 1, "level": 3, "drops": 0},
}
FLOW_HEADS = {"HA": 4, "HB": 3, "HC": 3, "HD": 3}
# By hand: HA: B1L 0->1, B8L 1->2->3, 4th drop passes P11 (USA +1) and exits.
#          HB: B5U 1->2, B9L 0->1, 3rd passes P11 (USA +1) and exits.
#          HC/HD together: HD's 1st drop -> B7U; the other 5 pass P10 (USA +1 each), HC's also P6 (+1 each):
#          B10U (Graziano level 3) takes 4, the 6th drop passes B10L (no dam), P12 (no USA) and exits.
#          USA: 1 + 1 + 3*2 + 2*1 = 10 energy; 3 drops removed.
FLOW_EXPECTED = {"B1L": 1, "B8L": 3, "B5U": 2, "B9L": 1, "B6L": 2, "B7U": 1, "B10U": 4}
FLOW_USA_ENERGY = 10
FLOW_REMOVED = 3


def test_WATER_11_water_flow_phase_moves_every_headstream_drop():
    """WATER-11 / COMPANY-USA-01: the phase empties all four tiles; end state as computed by hand."""
    snap = run_water_flow(FLOW_DAMS, FLOW_HEADS, FLOW_COMPANIES, FLOW_PHS)
    assert drops_of(snap) == FLOW_EXPECTED
    assert all(h["drops"] == 0 for h in snap["headstreams"].values())
    assert snap["counters"]["drops_removed"] == FLOW_REMOVED
    assert snap["companies"][0]["energy"] == FLOW_USA_ENERGY


def _flow_in_steps(steps):
    """Flows the FLOW position in a given processing order: each step is (headstream, drops) and is flowed as
    its own Water Flow phase on the result of the previous one. Returns (dam drops, removed, USA energy)."""
    dams = {k: dict(v) for k, v in FLOW_DAMS.items()}
    removed = 0
    energy = 0
    for h, n in steps:
        companies = {0: dict(FLOW_COMPANIES[0], energy=energy), 1: FLOW_COMPANIES[1]}
        snap = run_water_flow(dams, {h: n}, companies, FLOW_PHS)
        for k, v in snap["dams"].items():
            dams[k]["drops"] = v["drops"]
        removed += snap["counters"]["drops_removed"]
        energy = snap["companies"][0]["energy"]
    return {k: v["drops"] for k, v in dams.items()}, removed, energy


@pytest.mark.parametrize("order", list(itertools.permutations(HEADS)), ids="".join)
def test_WATER_12_flow_end_state_is_independent_of_headstream_order(order):
    """WATER-12 / DECISION-07: processing the tiles in any of the 24 orders gives the same dams, removed drops
    and USA energy as the canonical HA-HD order."""
    got = _flow_in_steps([(h, FLOW_HEADS[h]) for h in order])
    assert got == (FLOW_EXPECTED, FLOW_REMOVED, FLOW_USA_ENERGY)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_WATER_12_flow_end_state_is_independent_of_drop_interleaving(seed):
    """WATER-12: drops of different tiles interleaved one at a time in a random order give the same end state."""
    drops = [h for h in HEADS for _ in range(FLOW_HEADS[h])]
    random.Random(seed).shuffle(drops)
    got = _flow_in_steps([(h, 1) for h in drops])
    assert got == (FLOW_EXPECTED, FLOW_REMOVED, FLOW_USA_ENERGY)


def test_EX_03_water_flow_drops_1_to_5():
    """EX-03 (WATER-04..07, WATER-11/12): HA 2 drops, HC 3 drops; final B1L 1, B8L 3, B3U 2, B6U 1, B6L 2 and
    one drop removed."""
    snap = run_water_flow({"B1L": {"owner": "neutral", "level": 1, "drops": 1},
                           "B8L": {"owner": "neutral", "level": 3, "drops": 2},
                           "B3U": {"owner": 0, "level": 2, "drops": 1},
                           "B6U": {"owner": 0, "level": 1, "drops": 0},
                           "B6L": {"owner": "neutral", "level": 2, "drops": 1}},
                          {"HA": 2, "HC": 3})
    assert drops_of(snap) == {"B1L": 1, "B8L": 3, "B3U": 2, "B6U": 1, "B6L": 2}
    assert snap["counters"]["drops_removed"] == 1


# ---------------------------------------------------------------------------------------------------------------
# WATER-13..15
# ---------------------------------------------------------------------------------------------------------------

def test_WATER_13_direct_placement_does_not_flow():
    """WATER-13 / ADV-L1-BASE-01: USA (ability active, powerhouse at P5) builds a Base on B1U with L1 Base:
    B1U and the empty own dam B5L get a drop straight from the supply; the neutral B2L upstream of B5L (room 1)
    gets none, the own B6U holding 1 gets none, and no powerhouse site is passed (USA energy stays 0)."""
    g = actions_game(
        dams={"B5L": {"owner": 0, "level": 1, "drops": 0},
              "B6U": {"owner": 0, "level": 2, "drops": 1},
              "B2L": {"owner": "neutral", "level": 1, "drops": 0}},
        companies={0: {"company": "USA", "officer": "Graziano", "excavators": 5, "credits": 6,
                       "tiles": ["base", "elevation", "conduit", "powerhouse", "L1_base"]}},
        powerhouses={"P5_0": 0, "P9_0": 0, "P11_0": 0})
    play(g, "Construct on company-board space 1")
    play(g, "Build a Base on B1U with tile L1_base")
    if g.pending == "choose how to pay":
        play(g, "Pay 5 Excavators")
    snap = g.snapshot()
    assert drops_of(snap) == {"B1U": 1, "B5L": 1, "B6U": 1, "B2L": 0}
    assert snap["companies"][0]["energy"] == 0
    assert snap["companies"][0]["credits"] == 6 - 3                      # red-outlined B1U
    assert snap["counters"]["drops_removed"] == 0


def test_WATER_13_direct_placement_only_into_spare_capacity():
    """WATER-13 / ADV-L2-ELEVATION-01: raising a level-1 dam holding 1 to level 2 adds exactly 1 drop
    (to capacity 2), nothing more."""
    g = actions_game(
        dams={"B8U": {"owner": 0, "level": 1, "drops": 1}},
        companies={0: {"company": "France", "officer": "Wilhelm", "mixers": 4,
                       "tiles": ["base", "elevation", "conduit", "powerhouse", "L2_elevation"]}},
        round=3)
    play(g, "Construct on company-board space 1")
    play(g, "Build an Elevation on B8U with tile L2_elevation")
    if g.pending == "choose how to pay":
        play(g, "Pay 0 Excavators, 2 Mixers")
    snap = g.snapshot()
    assert snap["dams"]["B8U"] == {"owner": "France", "level": 2, "drops": 2}
    assert snap["counters"]["drops_created"] == 2


def test_WATER_14_produced_drops_flow_on_from_the_powerhouse_site():
    """WATER-14 / PRODUCE-12: 2 drops produced from B1U through C1L (value 5) to P8_0 start at P8: the first
    is held by the opponent's B8U (level 1), the second passes it and is held by the neutral B8L."""
    g = actions_game(
        dams={"B1U": {"owner": 0, "level": 2, "drops": 2},
              "B8U": {"owner": 1, "level": 1, "drops": 0},
              "B8L": {"owner": "neutral", "level": 3, "drops": 0},
              "B1L": {"owner": 1, "level": 1, "drops": 0}},
        conduits={"C1L": 0}, powerhouses={"P8_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s) from B1U through C1L to P8_0")
    snap = g.snapshot()
    assert drops_of(snap) == {"B1U": 0, "B1L": 0, "B8U": 1, "B8L": 1}
    assert snap["companies"][0]["energy"] == 10


def test_WATER_15_raising_capacity_does_not_pull_drops():
    """WATER-15: an Elevation on B1U (level 1 holding 1) makes room for a 2nd drop, but the 2 drops waiting on HA
    stay there until the Water Flow phase."""
    g = actions_game(dams={"B1U": {"owner": 0, "level": 1, "drops": 1}}, heads={"HA": 2},
                     companies={0: {"company": "USA", "officer": "Wilhelm", "mixers": 4}})
    play(g, "Construct on company-board space 1")
    play(g, "Build an Elevation on B1U with tile elevation")
    if g.pending == "choose how to pay":
        play(g, "Pay 0 Excavators, 4 Mixers")
    snap = g.snapshot()
    assert snap["dams"]["B1U"] == {"owner": "USA", "level": 2, "drops": 1}
    assert snap["headstreams"]["HA"]["drops"] == 2


def _graziano_copy_doc() -> dict:
    """Mahiri (USA) in her extra action with Graziano copied, her level-3 B8L holding 4 drops."""
    return {"players": 2, "round": 2, "phase": "actions",
            "companies": {0: {"company": "USA", "officer": "Mahiri", "effective_officer": "Graziano",
                              "mahiri_uses": 1},
                          1: {"company": "Italy", "officer": "Wilhelm"}},
            "dams": {"B8L": {"owner": 0, "level": 3, "drops": 4}},
            "decision": {"task": "main", "seat": 0, "extra": True}}


def _graziano_copy_game():
    g = scenario.load(_graziano_copy_doc())
    play(g, "Bank: 1 Engineer")          # Mahiri's extra action
    assert g.current_player == 1
    play(g, "Bank: 1 Engineer")
    assert g.current_player == 0         # her next turn has started: the copy is over
    return g


def test_WATER_15_end_of_graziano_copy_does_not_eject_drops():
    """WATER-15 / DECISION-21 / OFFICER-MAHIRI-02: Mahiri copying Graziano holds 4 drops in a level-3 dam; when
    the copy ends at the start of her next turn the 4th drop stays (read from the state vector; the snapshot
    test below checks the same position through the scenario format)."""
    g = _graziano_copy_game()
    b = L.COMPANY_BASE + 0 * L.CO_SIZE
    assert int(g.state[b + L.C_EFF_OFFICER]) == ids.MAHIRI
    assert int(g.state[L.DAM_DROPS + g.info.dam_ids.index("B8L")]) == 4


def test_OFFICER_MAHIRI_02_copy_ends_when_the_next_turn_of_any_company_begins():
    """OFFICER-MAHIRI-02 / DECISION-20 (amended): the copied Graziano lasts through Mahiri's extra action only; it
    ends as soon as the opponent's turn begins, not at her own next turn (an earlier reading kept it through the
    opponents' turns)."""
    g = scenario.load(_graziano_copy_doc())
    b = L.COMPANY_BASE + 0 * L.CO_SIZE
    assert int(g.state[b + L.C_EFF_OFFICER]) == ids.GRAZIANO
    play(g, "Bank: 1 Engineer")          # Mahiri's extra action
    assert g.current_player == 1         # Italy's turn has begun: the copy is over already
    assert int(g.state[b + L.C_EFF_OFFICER]) == ids.MAHIRI
    assert g.snapshot()["dams"]["B8L"]["drops"] == 4     # WATER-15: the 4th drop stays


def test_WATER_15_snapshot_keeps_the_extra_drop_after_the_copy():
    """WATER-15: the position reached above is a legal engine position; its snapshot should show 4 drops."""
    g = _graziano_copy_game()
    assert g.snapshot()["dams"]["B8L"]["drops"] == 4
