"""Solo Automa rules (RULES.md §23 AUTOMA-01..45, DECISION-41, GEO-10): scenario + Automa turn + expected snapshot.

Positions are loaded with the Automa (seat 1) to act; loading resolves its whole turn (the engine plays Automa
seats itself), so the game then waits for seat 0. The deck is written as card numbers in deck order with the
index of its top card; the turn flips the top card onto the criteria pile and uses the next card's actions
(AUTOMA-02), so `deck(action=A, criteria=C)` puts C on top and A below it.

Base map facts used (sim/data/map_base.yaml): conduits C4R 5 -> zone 12, C5L 3 -> zone 8, C1L 5 -> zone 8;
rivers HB -> B2U -> B2L -> P5 -> B5U -> B5L, P8 -> B8U -> B8L -> P11 -> exit; costs Base 5/4/3 Excavators
(mountain/hill/plain), Powerhouse 2 Mixers for the first; start resources 6 Excavators, 4 Mixers, 12 Engineers.
At 2 players the Turbine board in Automa order is +2L, 0L, -2L, +2R, 0R, -2R (rows +1/-1 need 3 players).
"""
from __future__ import annotations

import numpy as np
import pytest

from sim import Game, GameConfig, ids, scenario
from sim import layout as L
from sim.rules.automa_deck import action_card, criteria_card, flip, shuffle_automa_deck
from sim.rules.company import co
from sim.rules.scoring import score_objective, scoring_phase
from sim.tables import compile_tables

AUTOMA = 1


def deck(action: int, criteria: int) -> dict:
    rest = [k for k in range(1, 21) if k not in (action, criteria)]
    return {"cards": [criteria, action] + rest, "position": 0}


def automa_turn(action, criteria, automa=None, human=None, level=2, round=2, **extra):
    """Loads a 2-player position in which the Automa (seat 1) takes its turn; returns the game afterwards."""
    doc = {"players": 2, "round": round, "phase": "actions",
           "companies": {0: {"company": "Italy", "officer": "Wilhelm", **(human or {})},
                         1: {"company": "USA", "officer": "Viktor", "automa": level, **(automa or {})}},
           "automa_deck": deck(action, criteria), "decision": {"task": "main", "seat": AUTOMA}}
    contracts = extra.pop("contracts", {})
    doc["contracts"] = {"hand": {1: []}, **contracts}
    doc.update(extra)
    return scenario.load(doc)


def seat(g, s=AUTOMA):
    return g.snapshot()["companies"][s]


def spaces(g):
    return {k: (v["seat"], v["engineers"]) for k, v in g.snapshot()["action_spaces"].items()}


# ---------------------------------------------------------------------------------------------------------------
# AUTOMA-01..08: the seat
# ---------------------------------------------------------------------------------------------------------------

def test_AUTOMA_01_03_06_setup_16_VP_no_credits_no_contract_officer_from_level_4():
    """AUTOMA-06 / SETUP-22: 16 VP, no starting contract; AUTOMA-04: no Credits; AUTOMA-03: no officer below level 4;
    AUTOMA-01: the Automas choose after the players, so they take the first turn-order places."""
    g = Game.new(GameConfig(players=3, automa=(0, 2, 4)), seed=11)
    assert g.current_player == 0 and g.pending == "choose a company and starting contract"
    g.play(g.legal_codes()[0])                 # the player chooses; then the Automas take what is left
    S = g.state
    picks = [e for e in g.events() if e["kind"] == "automa_decision" and e["round"] == 0]
    assert sorted(e["seat"] for e in picks) == [1, 2]
    for e in picks:                            # the setup pick itself: 16 VP and no Credits (the event log)
        assert e["gain"]["vp"] == {"start": 16} and "credits" not in e["gain"]
    for c in (1, 2):                           # (the Automas then took their first turns, paying in VP)
        assert S[co(c) + L.C_VP_SRC + ids.VS_START] == 16
        assert S[co(c) + L.C_CREDITS] == 0
        assert not any(S[L.CON_STATE + k] == ids.CS_HAND and S[L.CON_OWNER + k] == c for k in range(L.N_CONTRACTS))
    assert S[co(1) + L.C_EFF_OFFICER] == ids.NO_OFFICER
    assert S[co(2) + L.C_EFF_OFFICER] == S[co(2) + L.C_OFFICER] >= 0
    assert sorted(S[L.G_TURN_ORDER:L.G_TURN_ORDER + 2]) == [1, 2]      # the last to choose plays first
    assert S[L.G_TURN_ORDER + 2] == 0


def test_AUTOMA_02_flip_uses_next_card_actions_and_reshuffles_the_discard_when_empty():
    """AUTOMA-02: each flip moves the top card onto the criteria pile; the next card's front is the action list.
    When the deck runs out the 19 discarded cards form the new deck and the criteria card stays on its pile."""
    S = np.zeros(L.STATE_SIZE, dtype=np.int64)
    S[L.G_RNG] = 12345
    shuffle_automa_deck(S)
    order = list(S[L.AUTOMA_DECK:L.AUTOMA_DECK + 20])
    assert sorted(order) == list(range(20))
    assert criteria_card(S) == -1 and action_card(S) == order[0]
    for i in range(1, 19):
        flip(S)
        assert criteria_card(S) == order[i - 1] and action_card(S) == order[i]
    flip(S)                                   # 19 flipped: the last card is the criteria card, the deck is empty
    assert S[L.AUTOMA_POS] == 19 and criteria_card(S) == order[18] and action_card(S) == order[19]
    flip(S)                                   # the last card goes to criteria; the discard pile is reshuffled
    assert S[L.AUTOMA_POS] == 1 and criteria_card(S) == order[19]
    new = list(S[L.AUTOMA_DECK + 1:L.AUTOMA_DECK + 20])
    assert sorted(new) == sorted(order[:19]) and new != order[:19]
    assert action_card(S) == new[0]


def test_AUTOMA_07_objective_20_15_10_for_the_automa_in_the_same_ranking():
    """AUTOMA-07 / END-02/03, objective paying_spaces: player 2 paying dams, Automa 1: player 1st 15 VP, Automa 2nd
    15 VP (its table 20/15/10). Reversed: Automa 1st 20, player 2nd 10. Tied at 1: places 1+2 shared, rounded up:
    player (15+10)/2 = 13, Automa (20+15)/2 = 18."""
    cases = [({"B1U": 0, "B2U": 0, "B3U": 1}, 15, 15), ({"B1U": 1, "B2U": 1, "B3U": 0}, 10, 20),
             ({"B1U": 0, "B3U": 1}, 13, 18)]
    for dams, human, automa in cases:
        g = scenario.load({"players": 2, "round": 5, "phase": "scoring", "objective": "paying_spaces",
                           "companies": {1: {"automa": 2}}, "contracts": {"hand": {1: []}},
                           "dams": {d: {"owner": o, "level": 1} for d, o in dams.items()}}, advance=False)
        score_objective(g.state, g.tables)
        assert g.state[co(0) + L.C_VP_SRC + ids.VS_OBJECTIVE] == human
        assert g.state[co(1) + L.C_VP_SRC + ids.VS_OBJECTIVE] == automa


def test_AUTOMA_07_scoring_phase_converts_track_credits_to_VP():
    """AUTOMA-07 / SCORE-05/06: an Automa with 0 energy gets the 3 Credits of the first band as +3 VP and loses
    3 VP; with 13 energy (band 11..15: 5 Credits) it gains 5 VP and its Credits stay 0. Player: 5 Credits."""
    for energy, gain in ((0, 0), (13, 5)):
        g = scenario.load({"players": 2, "round": 2, "phase": "scoring",
                           "companies": {0: {"energy": 13, "credits": 0}, 1: {"automa": 2, "energy": energy}},
                           "contracts": {"hand": {1: []}}, "bonus_tiles": ["contracts", "bases", "elevations",
                                                                            "conduits", "powerhouses"]},
                          advance=False)
        v0 = g.state[co(1) + L.C_VP]
        scoring_phase(g.state, g.tables)
        award = 6 if energy == 0 else 4        # SCORE-02..04: tie at 13 shares ceil((6+2)/2) = 4
        assert g.state[co(1) + L.C_VP_SRC + ids.VS_ENERGY_TRACK] == gain
        assert g.state[co(1) + L.C_VP] == v0 + gain + (0 if energy == 0 else award)
        assert g.state[co(1) + L.C_CREDITS] == 0 and g.state[co(0) + L.C_CREDITS] == 5


def test_AUTOMA_08_no_engineers_passes_without_flipping():
    """AUTOMA-08: an Automa without Engineers passes; the deck is not touched."""
    g = automa_turn(5, 1, automa={"engineers": 0, "bank_engineers": 12})
    assert 1 in g.snapshot()["passed"]
    assert g.snapshot()["automa_deck"]["position"] == 0


# ---------------------------------------------------------------------------------------------------------------
# AUTOMA-10..14: action list, Engineers, production
# ---------------------------------------------------------------------------------------------------------------

PRODUCTION = dict(dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                  powerhouses={"P8_0": AUTOMA})


def test_AUTOMA_12_13_14_24_produce_fulfils_highest_displayed_contract_any_colour():
    """Card 5 (produce, 2 Engineers, +0, needs green). B5U (2 drops) - C5L (3) - P8_0: E = 3 x 2 = 6, no company
    bonus with 1 powerhouse. Energy 0 < 6 x round 2 (b); green G11 (4) is reachable (c). The Automa fulfils the
    highest requirement <= 6 of any colour: Y9 (6; yellow, AUTOMA-14) -> +3 VP and 2 machineries of choice, each
    the type it has fewer of (Mixers 4 < Excavators 6: 2 Mixers, AUTOMA-24/19). Engineers: 2 on Turbine +2 left
    (AUTOMA-12). Drops flow on from P8 and leave the map. The yellow slot refills with Y2 at the end of the turn."""
    g = automa_turn(5, 1, contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y1", "Y9"]}}, **PRODUCTION)
    a = seat(g)
    assert a["energy"] == 6 and a["vp"] == 19 and a["vp_by_source"]["contracts"] == 3
    assert (a["excavators"], a["mixers"], a["engineers"]) == (6, 6, 10)
    assert spaces(g) == {"turbine_p2_L": (1, 2)}
    snap = g.snapshot()
    assert snap["dams"]["B5U"]["drops"] == 0
    assert snap["contracts"]["fulfilled"]["USA"] == ["Y9"]
    assert snap["contracts"]["display"]["yellow"] == ["Y1", "Y2"]


def test_REWARD_16_AUTOMA_04_contract_credits_arrive_as_VP():
    """REWARD-16, AUTOMA-04: as above with E = 6, but the highest displayed requirement <= 6 is Y3 (5: 3 Credits,
    2 Mixers; Y15 needs 7): the 3 Credits become 3 VP booked under contracts, the Mixers arrive as printed: 16 + 3 =
    19 VP, 0 Credits."""
    g = automa_turn(5, 1, contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y3", "Y15"]}}, **PRODUCTION)
    a = seat(g)
    assert (a["vp"], a["vp_by_source"]["contracts"], a["credits"], a["mixers"]) == (19, 3, 0, 6)
    assert g.snapshot()["contracts"]["fulfilled"]["USA"] == ["Y3"]


def test_AUTOMA_12_first_free_space_in_automa_order():
    """AUTOMA-12: with Turbine +2 left taken by the player the Automa takes the next space in its order, 0 left."""
    g = automa_turn(5, 1, contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y1", "Y9"]}},
                    action_spaces={"turbine_p2_L": {"seat": 0, "engineers": 1}}, **PRODUCTION)
    assert spaces(g)["turbine_0_L"] == (1, 2)


def test_AUTOMA_12_stacks_on_the_first_space_when_the_board_is_full():
    """AUTOMA-12: card 7 contract office (1 Engineer) with the 4 contract spaces of 2 players all taken: the Engineer
    is stacked (kept on the company block as automa_engineers), and the entry is still performed (+2 energy)."""
    full = {s: {"seat": 0, "engineers": 1} for s in ("contract_take1_L", "contract_take1_R",
                                                      "contract_take2_L", "contract_take2_R")}
    g = automa_turn(7, 1, action_spaces=full, automa={"excavators": 0, "mixers": 0},
                    patent_office={"display": [None, None, None]})
    a = seat(g)
    assert a["automa_engineers"] == 1 and a["energy"] == 2


def test_AUTOMA_13_no_production_when_ahead_then_list_continues_to_machinery_shop():
    """AUTOMA-13 (b): energy 12 >= 6 x round 2 and the player has less: no production. Card 5 continues
    (AUTOMA-10): water - B5U is full, no drop helps (AUTOMA-15, skipped); Elevation - 0 Mixers; Conduit - 0
    Excavators; Workshop - empty wheel (AUTOMA-18); external work - Leeghwater only; machinery shop (AUTOMA-19):
    pays 3 VP, 1 machinery of choice -> Excavator on the 0-0 tie; it ends the turn (AUTOMA-11). Its Engineer
    goes to the first free Machinery space in Automa order, 1-Excavator left (AUTOMA-12: the space's kind does not
    matter)."""
    g = automa_turn(5, 1, automa={"energy": 12, "excavators": 0, "mixers": 0},
                    contracts={"display": {"green": ["G11", "G6"]}}, **PRODUCTION)
    a = seat(g)
    assert a["energy"] == 12 and a["vp"] == 13 and (a["excavators"], a["mixers"]) == (1, 0)
    assert spaces(g) == {"machinery_exc_L": (1, 1)}
    assert g.snapshot()["dams"]["B5U"]["drops"] == 2


def test_AUTOMA_13_c_needs_a_contract_of_the_card_colour():
    """AUTOMA-13 (c): no green contract is displayed (the green pile is used up), so E = 6 reaches none and the
    production entry is skipped, although Y9 (6) could be fulfilled."""
    g = automa_turn(5, 1, automa={"excavators": 0, "mixers": 0},
                    contracts={"display": {"green": [None, None], "yellow": ["Y1", "Y9"]}, "piles": {"green": []},
                               "box": [f"G{i}" for i in range(1, 16)]}, **PRODUCTION)
    assert seat(g)["energy"] == 0 and "turbine_p2_L" not in spaces(g)


def test_AUTOMA_43_only_displayed_private_contracts_are_fulfilled():
    """AUTOMA-43: B1L (3 drops) - C1L (5) - P8_0: E = 15. National N5 (15) is on the board but the Automa takes
    the highest displayed private contract, R12 (10): +3 Credits as VP and +7 VP = 26."""
    g = automa_turn(5, 1, dams={"B1L": {"owner": AUTOMA, "level": 3, "drops": 3}}, conduits={"C1L": AUTOMA},
                    powerhouses={"P8_0": AUTOMA},
                    contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y11", "Y1"], "red": ["R12", "R1"]},
                               "national_board": ["N5"]})
    a = seat(g)
    assert a["energy"] == 15 and a["vp"] == 26
    assert g.snapshot()["contracts"]["fulfilled"]["USA"] == ["R12"]
    assert g.snapshot()["contracts"]["national_board"] == ["N5"]


def test_AUTOMA_04_05_automa_pays_VP_for_a_foreign_conduit():
    """AUTOMA-05: the Automa's production through the player's conduit C5L costs it 1 VP per drop (2); the owner
    gains 2 Credits and 2 VP (PRODUCE-05). The contract (Y9) then gives +3 VP: 16 - 2 + 3 = 17."""
    prod = dict(PRODUCTION, conduits={"C5L": 0})
    g = automa_turn(5, 1, contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y1", "Y9"]}},
                    human={"credits": 5}, **prod)
    a, h = seat(g), seat(g, 0)
    assert a["vp"] == 17 and a["credits"] == 0
    assert h["credits"] == 7 and h["vp_by_source"]["conduits"] == 2


def test_AUTOMA_05_player_pays_credits_to_an_automa_as_VP():
    """AUTOMA-05 (DECISION-41): the player produces 2 drops through the Automa's C5L: pays 2 Credits; the Automa
    gains them as 2 VP plus the usual 2 VP: 16 + 4 = 20."""
    g = scenario.load({"players": 2, "round": 2, "phase": "actions", "companies": {1: {"automa": 2}},
                       "contracts": {"hand": {1: []}}, "dams": {"B5U": {"owner": 0, "level": 2, "drops": 2}},
                       "conduits": {"C5L": AUTOMA}, "powerhouses": {"P8_0": 0},
                       "decision": {"task": "main", "seat": 0}})
    g.play(scenario.find_move(g, "Turbine Station +0: one production (left)"))
    g.play(scenario.find_move(g, "Produce 2 drop(s)"))
    a = seat(g)
    assert a["vp"] == 20 and a["vp_by_source"]["conduits"] == 4 and a["credits"] == 0


# ---------------------------------------------------------------------------------------------------------------
# AUTOMA-15: water
# ---------------------------------------------------------------------------------------------------------------

def test_AUTOMA_15_drop_goes_to_first_headstream_that_fills_an_own_dam():
    """Card 2: water 1 drop flowing now; criteria card 1 prefers A, B, C, D. HA's drop would leave the map, HB's
    reaches the Automa's empty B2L: the drop goes on HB (AUTOMA-15), a continuing entry (AUTOMA-11). Then Base
    (0 Excavators), Powerhouse (0 Mixers), Workshop (empty wheel) are skipped and the machinery shop ends the turn:
    -3 VP, 1 Excavator. Engineers go to the first free space of each board in Automa order (AUTOMA-12: the
    space's own kind does not matter): the 2-drops left space and the 1-Excavator left space."""
    g = automa_turn(2, 1, automa={"excavators": 0, "mixers": 0},
                    dams={"B2L": {"owner": AUTOMA, "level": 1, "drops": 0}})
    snap = g.snapshot()
    assert snap["dams"]["B2L"]["drops"] == 1
    assert spaces(g) == {"water_2_delayed_L": (1, 1), "machinery_exc_L": (1, 1)}
    a = seat(g)
    assert a["vp"] == 13 and a["excavators"] == 1 and a["engineers"] == 10


def test_AUTOMA_15_no_helpful_headstream_skips_the_entry():
    """AUTOMA-15: the Automa's only dam B2L is full, so no drop is placed and no Engineer goes to the water board."""
    g = automa_turn(2, 1, automa={"excavators": 0, "mixers": 0},
                    dams={"B2L": {"owner": AUTOMA, "level": 1, "drops": 1}})
    assert spaces(g) == {"machinery_exc_L": (1, 1)}
    assert g.snapshot()["dams"]["B2L"]["drops"] == 1


def test_AUTOMA_24_45_reward_drops_all_placed_by_the_water_rule():
    """AUTOMA-24, AUTOMA-45: B5U (level 3, 3 drops) - C5L - P8_0 gives E = 9; the best displayed contract <= 9 is
    Y13 (7): +3 VP, +1 Mixer and 2 drops flowing now, both placed by AUTOMA-15 (criteria card 1, A first): HA's water never
    reaches B5U, HB's does (HB -> B2U -> B2L -> P5 -> B5U), so both go on HB and B5U holds 2 again."""
    g = automa_turn(5, 1, dams={"B5U": {"owner": AUTOMA, "level": 3, "drops": 3}}, conduits={"C5L": AUTOMA},
                    powerhouses={"P8_0": AUTOMA},
                    contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y13", "Y1"], "red": ["R11", "R12"]}})
    a = seat(g)
    assert a["energy"] == 9 and a["vp"] == 19 and a["mixers"] == 5
    assert g.snapshot()["dams"]["B5U"]["drops"] == 2


# ---------------------------------------------------------------------------------------------------------------
# AUTOMA-16, -30, -31: construction and placement
# ---------------------------------------------------------------------------------------------------------------

def test_AUTOMA_16_30_base_tie_break_from_start_zone_lower_dam():
    """Card 1 Base entry (2 Engineers; produce and water skipped: no system, no dams). Criteria card 3: no
    criterion separates the 20 empty dam spaces (AUTOMA-30 step 3 keeps all), so the count starts at zone 3
    (step 4) and the lower, free space B3L wins (step 5). Mountain Base: 5 Excavators and the base tile go on
    the wheel, which turns once (CONSTRUCT-04); no surcharge: 16 VP. Engineers on its construction space."""
    g = automa_turn(1, 3)
    snap = g.snapshot()
    assert snap["dams"] == {"B3L": {"owner": "USA", "level": 1, "drops": 0}}
    a = seat(g)
    assert a["excavators"] == 1 and a["vp"] == 16 and a["automa_engineers"] == 2 and a["engineers"] == 10
    assert a["wheel"] == {"open": 1, "segments": {0: {"excavators": 5, "tiles": ["base"]}}}


def test_AUTOMA_30_step_1_completing_a_system_then_red_outlined_space_costs_3_VP():
    """AUTOMA-30 step 1: the player's conduit C4L leads to zone 7 where the Automa has P7_0, so only zone 4's dam
    spaces complete a system. Criteria card 2: strongest conduit and link to an own powerhouse tie, then
    red_outlined_space picks B4U; the surcharge is paid as 3 VP (AUTOMA-04): 13 VP."""
    g = automa_turn(1, 2, conduits={"C4L": 0}, powerhouses={"P7_0": AUTOMA})
    assert g.snapshot()["dams"]["B4U"]["owner"] == "USA"
    assert seat(g)["vp"] == 13 and seat(g)["vp_by_source"]["resources"] == -3


def test_AUTOMA_31_conduit_highest_production_then_dam_owner():
    """Card 5 Conduit entry (Elevation skipped: no own dam). Criteria card 1: highest_production keeps the value-5
    conduits C1L, C2R, C4R; dam_owner_own>neutral>opponent keeps C4R (zone 4 has a neutral dam). Cost 2 x 5 = 10
    Excavators."""
    g = automa_turn(5, 1, automa={"excavators": 10}, dams={"B4L": {"owner": "neutral", "level": 1, "drops": 0}})
    assert g.snapshot()["conduits"] == {"C4R": "USA"}
    assert seat(g)["excavators"] == 0


def test_AUTOMA_30_step_2_31_powerhouse_one_space_per_zone_in_zone():
    """Card 2 Powerhouse entry (Base skipped: 0 Excavators). Criteria card 5: in_zone_5 -> zone 5, where the free
    space P5_0 stands for the zone (step 2). First powerhouse: 2 Mixers."""
    g = automa_turn(2, 5, automa={"excavators": 0})
    assert g.snapshot()["powerhouses"] == {"P5_0": "USA"}
    assert seat(g)["mixers"] == 2


# ---------------------------------------------------------------------------------------------------------------
# AUTOMA-17..22
# ---------------------------------------------------------------------------------------------------------------

def test_AUTOMA_17_42_patent_highest_level_tile_card_15_one_engineer_2_VP():
    """Card 15 patent (powerhouse) with SOLO's 1 Engineer and 2 VP (AUTOMA-42): of L1_powerhouse and L2_wild the
    higher level is taken (AUTOMA-17); its Engineer goes to that tile's space, patent_2."""
    g = automa_turn(15, 1, automa={"mixers": 0},
                    patent_office={"display": ["L1_powerhouse", "L2_wild", "L3_base"]})
    a = seat(g)
    assert "L2_wild" in a["tiles"] and a["vp"] == 14 and a["engineers"] == 11
    assert spaces(g) == {"patent_2": (1, 1)}


def test_AUTOMA_18_workshop_rotates_a_non_empty_wheel():
    """Card 1 workshop (rotate 1, 0 VP) after the Base/Elevation entries fail (0 Excavators, no dam): the wheel
    holds 2 Excavators in segment 1, which return."""
    g = automa_turn(1, 3, automa={"excavators": 0, "mixers": 0,
                                  "wheel": {"open": 0, "segments": {1: {"excavators": 2}}}})
    a = seat(g)
    assert a["excavators"] == 2 and a["wheel"]["open"] == 1 and a["vp"] == 16
    assert spaces(g) == {"workshop_1_L": (1, 1)}


def test_AUTOMA_19_no_machinery_shop_in_round_5_bank_instead():
    """AUTOMA-19: in round 5 card 5's machinery shop is skipped; the bank (AUTOMA-22) gives +1 VP."""
    g = automa_turn(5, 1, round=5, automa={"energy": 40, "excavators": 0, "mixers": 0}, **PRODUCTION)
    a = seat(g)
    assert a["vp"] == 17 and a["bank_engineers"] == 1 and spaces(g) == {}


def test_AUTOMA_20_22_contract_office_discards_both_and_pile_rebuilds_from_discards():
    """Card 7: contract office (yellow, +2 energy, continuing), then bank +1 VP (every other entry fails).
    The yellow pile is empty, so the end-of-turn refill rebuilds it from the two discarded contracts (AUTOMA-20)."""
    yellow = [f"Y{i}" for i in range(3, 16)]
    g = automa_turn(7, 1, automa={"excavators": 0, "mixers": 0}, patent_office={"display": [None, None, None]},
                    contracts={"display": {"yellow": ["Y1", "Y2"]}, "piles": {"yellow": []}, "box": yellow})
    a = seat(g)
    assert a["energy"] == 2 and a["vp"] == 17 and a["bank_engineers"] == 1
    assert spaces(g) == {"contract_take1_L": (1, 1)}
    assert sorted(g.snapshot()["contracts"]["display"]["yellow"]) == ["Y1", "Y2"]


# ---------------------------------------------------------------------------------------------------------------
# AUTOMA-40..44, data picks; GEO-10
# ---------------------------------------------------------------------------------------------------------------

def test_AUTOMA_40_41_42_44_card_table_picks():
    """AUTOMA-40: cards 1-4 one-Engineer production -2, -2, -1, -1. AUTOMA-41: cards 3 and 12 have a contract
    office, card 19 an external work. AUTOMA-42: card 15 patent 1 Engineer, 2 VP. AUTOMA-44: 4-letter lists."""
    T, _ = compile_tables(GameConfig(players=2).variant)
    for card, bonus in zip(range(4), (-2, -2, -1, -1)):
        e = T.automa_entry[card, 0]
        assert (e[0], e[1], e[2]) == (ids.AD_PRODUCE, 1, bonus)
    kinds = lambda card: [int(T.automa_entry[card - 1, i, 0]) for i in range(int(T.automa_n_entries[card - 1]))]
    assert ids.AD_CONTRACT in kinds(3) and ids.AD_CONTRACT in kinds(12) and ids.AD_EXTERNAL in kinds(19)
    patent = next(e for e in T.automa_entry[14] if e[0] == ids.AD_PATENT)
    assert (patent[1], patent[5]) == (1, 2)
    assert all(sorted(T.automa_head[k]) == [0, 1, 2, 3] for k in range(20))


def test_GEO_10_automa_ignores_geological_tokens():
    """GEO-10: a powerhouse_free token on zone 8 would give +4 energy and forbid contracts; for the Automa the
    production stays 6 and still fulfils Y9. A base_credits token on zone 3 would cost a Credit: the Automa's
    Base on B3L costs no VP (16 VP as without the token)."""
    g = automa_turn(5, 1, expansions=["geological"], geological_tokens={8: "powerhouse_free"},
                    contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y1", "Y9"]}}, **PRODUCTION)
    assert seat(g)["energy"] == 6 and seat(g)["vp"] == 19
    g = automa_turn(1, 3, expansions=["geological"], geological_tokens={3: "base_credits"})
    assert g.snapshot()["dams"] == {"B3L": {"owner": "USA", "level": 1, "drops": 0}}
    assert seat(g)["vp"] == 16


def test_snapshot_round_trip_with_automa():
    g = automa_turn(5, 1, contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y1", "Y9"]}}, **PRODUCTION)
    g2 = scenario.load(g.snapshot())
    assert np.array_equal(g2.state, g.state)
    assert g2.config.automa == (0, 2)


@pytest.mark.parametrize("level,energy,vp", [(1, 6, 19), (2, 7, 19), (3, 10, 19)])
def test_AUTOMA_03_levels_production_bonus_from_2_company_ability_from_3(level, energy, vp):
    """AUTOMA-03: the Automa (Italy) has 3 powerhouses: company bonus +1 (COMPANY-01) from level 2; Italy's +3 energy
    after a production (COMPANY-ITA-01, ability from the 3rd powerhouse) from level 3. B5U (2) - C5L (3) - P8_0:
    E = 6 / 7 / 7; the contract (Y9, 6) is the same, the energy marker 6 / 7 / 10."""
    g = automa_turn(5, 1, level=level, human={"company": "France"}, automa={"company": "Italy"},
                    dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                    powerhouses={"P8_0": AUTOMA, "P6_0": AUTOMA, "P7_0": AUTOMA},
                    contracts={"display": {"green": ["G11", "G6"], "yellow": ["Y1", "Y9"]}})
    a = seat(g)
    assert a["energy"] == energy and a["vp"] == vp


@pytest.mark.parametrize("level,excavators", [(3, 1), (4, 3)])
def test_AUTOMA_03_officer_from_level_4(level, excavators):
    """AUTOMA-03 / CONSTRUCT-20 / OFFICER-WILHELM-01: an Automa with Wilhelm Adler pays 3 Excavators for any Base only
    at level 4 (below it, cost modifiers are ignored);
    at level 3 the mountain Base on B3L costs 5 (6 - 5 = 1 left, 6 - 3 = 3 left)."""
    g = automa_turn(1, 3, level=level, human={"officer": "Viktor"}, automa={"officer": "Wilhelm"})
    assert g.snapshot()["dams"] == {"B3L": {"owner": "USA", "level": 1, "drops": 0}}
    assert seat(g)["excavators"] == excavators
