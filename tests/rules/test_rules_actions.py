"""Actions phase and management-board actions, tested on scenarios (RULES.md §1, §5, §6; EX-14, EX-18).

Every expected number below is derived by hand from RULES.md and the data files (space costs of §6, construction
costs of §7.3, map of `maps.base`), never copied from the engine.
"""
from __future__ import annotations

import pytest

import sim
from sim import scenario
from sim.errors import ConfigError


# ---------------------------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------------------------

def load(**doc) -> sim.Game:
    return scenario.load(doc)


def play(g: sim.Game, text: str) -> None:
    g.play(scenario.find_move(g, text))


def descs(g: sim.Game) -> list[str]:
    return [m.description for m in g.legal_moves()]


def spaces(g: sim.Game) -> list[str]:
    """Names of the management-board spaces among the legal moves (sorted)."""
    n = len(g.info.space_ids)
    return sorted(g.info.space_ids[m.code] for m in g.legal_moves() if m.code < n)


def bank_moves(g: sim.Game) -> list[int]:
    """Engineer counts k of the legal Bank moves."""
    return [m.code - sim.ids.MV_BANK for m in g.legal_moves() if sim.ids.MV_BANK < m.code < sim.ids.MV_CONSTRUCT]


def co(g: sim.Game, seat: int) -> dict:
    return g.snapshot()["companies"][seat]


def construct(g: sim.Game, build: str, pay: str | None = None) -> None:
    """A construction action: the leftmost space, then the build, then (if there is a choice) the payment."""
    play(g, "Construct on company-board space")
    if g.pending == "choose what to build, where, with which tile":
        play(g, build)
    if g.pending == "choose how to pay":
        assert pay is not None, descs(g)
        play(g, pay)


def space_code(g: sim.Game, name: str) -> int:
    return g.info.space_ids.index(name)


ALL_SPACES = ["turbine_p2_L", "turbine_p2_R", "turbine_p1_L", "turbine_p1_R", "turbine_0_L", "turbine_0_R",
              "turbine_m1_L", "turbine_m1_R", "turbine_m2_L", "turbine_m2_R", "water_2_delayed_L",
              "water_2_delayed_R", "water_1_now_L", "water_1_now_R", "workshop_1_L", "workshop_1_R", "workshop_2_L",
              "workshop_2_R", "workshop_3_L", "workshop_3_R", "machinery_exc_L", "machinery_exc_R",
              "machinery_any_L", "machinery_any_R", "machinery_exc_mix_L", "machinery_exc_mix_R",
              "contract_take1_L", "contract_take1_R", "contract_take1_b_L", "contract_take1_b_R",
              "contract_take2_L", "contract_take2_R", "patent_1", "patent_2", "patent_3"]
BLOCKED_3P = {"turbine_p1_L", "turbine_p1_R", "machinery_any_L", "machinery_any_R", "contract_take1_b_L",
              "contract_take1_b_R"}
BLOCKED_2P = BLOCKED_3P | {"turbine_m1_L", "turbine_m1_R", "workshop_2_L", "workshop_2_R"}

# seat 0 can produce: own level-2 dam B5U with 2 drops -> own conduit C5L (value 3, ends in zone 8) -> own P8_0
PRODUCER = dict(dams={"B5U": {"owner": 0, "level": 2, "drops": 2}}, conduits={"C5L": 0}, powerhouses={"P8_0": 0})


# ---------------------------------------------------------------------------------------------------------------
# §1 terms
# ---------------------------------------------------------------------------------------------------------------

def test_TERM_02_upper_dam_space_is_reached_first():
    """TERM-02 / WATER-05: the drop of HA meets B1U (upper) before B1L (lower); both dams have room."""
    g = load(players=2, dams={"B1U": {"owner": 1, "level": 1, "drops": 0}, "B1L": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Water Management: 1 drop (flows now) (left)")
    play(g, "Drop on headstream HA")
    dams = g.snapshot()["dams"]
    assert dams["B1U"]["drops"] == 1
    assert dams["B1L"]["drops"] == 0


@pytest.mark.parametrize("dam,excavators_left", [("B1L", 1), ("B5L", 2), ("B8L", 3)])
def test_TERM_03_area_of_the_zone_sets_the_base_cost(dam, excavators_left):
    """TERM-03 / CONSTRUCT-08: B1 is mountain (5 Excavators), B5 hill (4), B8 plain (3); lower spaces, no Credits."""
    g = load(players=2, companies={0: {"officer": "Graziano"}})
    construct(g, f"Build a Base on {dam} with tile base")
    c = co(g, 0)
    assert c["excavators"] == excavators_left
    assert c["credits"] == 6


def test_TERM_04_dam_capacity_is_its_level():
    """TERM-04 / WATER-03, WATER-05: a level-2 dam holding 1 takes a 2nd drop; a 3rd drop passes it (full) and stops
    in the next dam with room (neutral level-3 B8L)."""
    g = load(players=2, companies={0: {"credits": 10}},
             dams={"B1U": {"owner": 1, "level": 2, "drops": 1}, "B8L": {"owner": "neutral", "level": 3, "drops": 0}})
    play(g, "Water Management: 1 drop (flows now) (left)")
    play(g, "Drop on headstream HA")
    assert g.snapshot()["dams"]["B1U"]["drops"] == 2
    play(g, "Bank: 1 Engineer")                         # seat 1
    play(g, "Water Management: 1 drop (flows now) (right)")
    play(g, "Drop on headstream HA")
    dams = g.snapshot()["dams"]
    assert dams["B1U"]["drops"] == 2
    assert dams["B8L"]["drops"] == 1


def test_TERM_04_elevations_only_on_own_company_dams():
    """TERM-04 / CONSTRUCT-14: a neutral dam has no owner, so it can never be raised; neither can another company's
    dam nor a level-3 dam. Only seat 0's level-1 dam B5U is a target for an Elevation."""
    g = load(players=2, companies={0: {"officer": "Graziano"}},
             dams={"B5U": {"owner": 0, "level": 1}, "B6U": {"owner": 0, "level": 3}, "B7U": {"owner": 1, "level": 1},
                   "B5L": {"owner": "neutral", "level": 2, "drops": 1}})
    play(g, "Construct on company-board space 1")
    elevations = [d for d in descs(g) if d.startswith("Build an Elevation")]
    assert elevations == ["Build an Elevation on B5U with tile elevation"]


def test_TERM_05_conduit_value_times_drops_feeds_every_space_of_its_end_zone():
    """TERM-05: C5L (value 3) ends in zone 8, so it feeds the paying space P8_2 as well; E = 3 x k (row 0, no bonus
    with one powerhouse, Wilhelm is not Viktor)."""
    g = load(players=2, dams={"B5U": {"owner": 0, "level": 2, "drops": 2}}, conduits={"C5L": 0},
             powerhouses={"P8_2": 0})
    play(g, "Turbine Station +0: one production (left)")
    assert descs(g) == ["Produce 1 drop(s) from B5U through C5L to P8_2: 3 energy",
                        "Produce 2 drop(s) from B5U through C5L to P8_2: 6 energy"]


@pytest.mark.parametrize("build,credits_left", [
    ("Build a Base on B1U", 3),          # upper dam space: red-outlined, +3
    ("Build a Base on B1L", 6),          # lower dam space: no surcharge
    ("Build a Powerhouse on P5_1", 3),   # paying powerhouse space
    ("Build a Powerhouse on P5_0", 6),
    ("Build a Conduit on C9L", 6),       # conduit spaces are never red-outlined
])
def test_TERM_06_red_outlined_building_spaces(build, credits_left):
    """TERM-06 / CONSTRUCT-04 step 6: every upper dam space and the flagged powerhouse spaces cost 3 Credits."""
    g = load(players=2, companies={0: {"officer": "Graziano"}})
    construct(g, build)
    assert co(g, 0)["credits"] == credits_left


@pytest.mark.parametrize("space,eng,credits", [
    ("Water Management: 2 drops (delayed) (left)", 11, 6),
    ("Water Management: 2 drops (delayed) (right)", 10, 3),
    ("Machinery Shop: 1 Excavator (right)", 11, 1),          # 3 for the red outline + the 2-Credit price
])
def test_TERM_07_TURN_04_red_outlined_action_space_costs_3_credits(space, eng, credits):
    """TERM-07 / TURN-04: occupying a red-outlined action space costs 3 Credits on top of the action's price."""
    g = load(players=2)
    play(g, space)
    c = co(g, 0)
    assert (c["engineers"], c["credits"]) == (eng, credits)


def test_TERM_08_machineries_on_the_wheel_are_not_in_the_personal_supply():
    """TERM-08 / WHEEL-08: 6 Excavators and 4 Mixers on the wheel cannot pay a construction; with an empty personal
    supply no structure can be built, so the construction action is not offered."""
    g = load(players=2, companies={0: {"excavators": 0, "mixers": 0,
                                       "wheel": {"open": 0, "segments": {3: {"excavators": 6, "mixers": 4}}}}})
    assert not any(d.startswith("Construct") for d in descs(g))


def test_TERM_09_energy_counts_past_30():
    """TERM-09 / PRODUCE-17: a marker on 28 advanced by 6 stands flipped on 4: energy 34."""
    g = load(players=2, companies={0: {"energy": 28}}, **PRODUCER)
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s)")
    assert co(g, 0)["energy"] == 34


def test_TERM_11_a_payment_that_cannot_be_made_is_illegal():
    """TERM-11 / TURN-05: with 2 Credits the 3-Credit right spaces are not offered, and playing one raises
    IllegalMoveError without changing the state."""
    g = load(players=2, companies={0: {"credits": 2}})
    assert "water_1_now_R" not in spaces(g)
    assert "water_1_now_L" in spaces(g)
    before = g.snapshot()
    with pytest.raises(sim.IllegalMoveError):
        g.play(space_code(g, "water_1_now_R"))
    assert g.snapshot() == before


# ---------------------------------------------------------------------------------------------------------------
# §5 turns
# ---------------------------------------------------------------------------------------------------------------

def test_TURN_01_turns_follow_turn_order_skipping_passed_companies():
    """TURN-01: order [2, 0, 1] with seat 0 passed: 2 plays, then 1, then 2 again."""
    g = load(players=3, turn_order=[2, 0, 1], passed=[0])
    seen = [g.current_player]
    for _ in range(3):
        play(g, "Bank: 1 Engineer")
        seen.append(g.current_player)
    assert seen == [2, 1, 2, 1]


def test_TURN_02_exactly_one_action_per_turn():
    """TURN-02: after one action (Workshop rotate 1) the turn passes to the next company."""
    g = load(players=2)
    assert g.current_player == 0
    play(g, "Workshop: rotate the wheel 1 (left)")
    assert g.current_player == 1
    assert g.pending == "choose an action"
    assert co(g, 0)["wheel"]["open"] == 1


def test_TURN_02_TURN_09_a_company_with_engineers_cannot_pass():
    """TURN-02 (c) / TURN-09: passing is only allowed without Engineers."""
    g = load(players=2)
    assert "Pass" not in descs(g)
    assert sim.ids.MV_PASS not in list(g.legal_codes())


def test_TURN_03_only_spaces_with_the_printed_engineer_count():
    """TURN-03: with 1 Engineer (and Credits for every fee) only the 1-Engineer spaces are offered (4 players); the
    Bank takes exactly 1. Turbine -2 left needs 1 Engineer but no production exists."""
    g = load(players=4, companies={0: {"credits": 10, "bank_engineers": 11}})
    assert spaces(g) == sorted(["water_2_delayed_L", "water_1_now_L", "workshop_1_L", "machinery_exc_L",
                                "machinery_exc_R", "machinery_any_L", "contract_take1_L", "contract_take1_R",
                                "contract_take1_b_L", "contract_take1_b_R"])
    assert bank_moves(g) == [1]


def test_TURN_03_placing_uses_exactly_the_printed_engineers():
    """TURN-03: Machinery Excavator+Mixer right space takes 3 Engineers (12 -> 9) and shows them on the space."""
    g = load(players=2, companies={0: {"credits": 10}})
    play(g, "Machinery Shop: 1 Excavator + 1 Mixer (right)")
    snap = g.snapshot()
    assert snap["companies"][0]["engineers"] == 9
    assert snap["action_spaces"]["machinery_exc_mix_R"] == {"seat": 0, "engineers": 3}


def test_TURN_05_only_spaces_whose_whole_cost_can_be_paid():
    """TURN-05: with 4 Credits (4 players, nothing built) the spaces whose fee + price exceed 4 are missing (Patent
    5, Workshop 3 = 5, Workshop 2 right 3+2, Machinery Excavator right 3+2, Excavator+Mixer 5), and no Turbine
    space is offered without a production system."""
    g = load(players=4, companies={0: {"credits": 4}})
    assert spaces(g) == sorted([
        "water_2_delayed_L", "water_2_delayed_R", "water_1_now_L", "water_1_now_R",
        "workshop_1_L", "workshop_1_R", "workshop_2_L",
        "machinery_exc_L", "machinery_any_L", "machinery_any_R",
        "contract_take1_L", "contract_take1_R", "contract_take1_b_L", "contract_take1_b_R",
        "contract_take2_L", "contract_take2_R"])


def test_TURN_05_production_must_be_affordable_after_the_space_fee():
    """TURN-05 / PRODUCE-05: seat 0's only system uses seat 1's conduit C5L (1 Credit per drop). With 3 Credits a
    right Turbine space (fee 3) would leave nothing to pay the conduit, so those are closed; the left spaces and
    the fee-less -2 right space (E = 3 - 2 = 1) stay open."""
    g = load(players=4, companies={0: {"credits": 3}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 1}}, conduits={"C5L": 1}, powerhouses={"P8_0": 0})
    turbines = [n for n in spaces(g) if n.startswith("turbine")]
    assert turbines == sorted(["turbine_p2_L", "turbine_p1_L", "turbine_0_L", "turbine_m1_L", "turbine_m2_L",
                               "turbine_m2_R"])


def test_TURN_05_take_two_contracts_needs_its_credit():
    """TURN-05 / ACT-CONTRACT-02: with 0 Credits the 'take 2' row (price 1) is closed, 'take 1' left is open."""
    g = load(players=2, companies={0: {"credits": 0}})
    s = spaces(g)
    assert "contract_take2_L" not in s and "contract_take2_R" not in s
    assert "contract_take1_L" in s


def test_TURN_06_action_spaces_are_exclusive_the_bank_is_not():
    """TURN-06 / ACT-BANK-01: a space occupied by anyone (the current company included) is closed; the Bank stays
    open although seat 1 already has Engineers on it."""
    g = load(players=2, action_spaces={"workshop_1_L": 1, "machinery_exc_L": 0},
             companies={1: {"bank_engineers": 3}})
    s = spaces(g)
    assert "workshop_1_L" not in s and "machinery_exc_L" not in s
    assert "workshop_1_R" in s and "machinery_exc_R" in s
    assert bank_moves(g) == list(range(1, 12))        # seat 0 has 11 Engineers left
    with pytest.raises(sim.IllegalMoveError):
        g.play(space_code(g, "workshop_1_L"))


def test_TURN_07_left_and_right_space_of_one_action_in_the_same_round():
    """TURN-07: seat 0 already on Water Management '1 drop' left may take its right space on a later turn."""
    g = load(players=2, action_spaces={"water_1_now_L": 0})
    play(g, "Water Management: 1 drop (flows now) (right)")
    play(g, "Drop on headstream HA")
    occ = g.snapshot()["action_spaces"]
    assert occ["water_1_now_L"]["seat"] == 0 and occ["water_1_now_R"]["seat"] == 0


def test_TURN_08_construction_spaces_belong_to_their_company():
    """TURN-08: seat 1 has used all 4 of its construction spaces; seat 0's own first space is still free, seat 1
    gets no construction action."""
    g = load(players=2, companies={1: {"construction_spaces_used": 4, "credits": 10}})
    assert "Construct on company-board space 1 [1 Engineer]" in descs(g)
    play(g, "Bank: 1 Engineer")
    assert g.current_player == 1
    assert not any(d.startswith("Construct") for d in descs(g))


def test_TURN_09_company_without_engineers_passes_and_is_skipped():
    """TURN-09 / TURN-01: seat 1 has no Engineers: on its turn it passes (its only move) and stays out."""
    g = load(players=3, companies={1: {"bank_engineers": 12}})
    play(g, "Bank: 1 Engineer")                      # seat 0
    assert g.current_player == 2
    assert g.snapshot()["passed"] == [1]
    play(g, "Bank: 1 Engineer")                      # seat 2
    assert g.current_player == 0


def test_TURN_09_no_engineers_but_an_engineer_free_tile():
    """TURN-09 / TURN-02 (b): without Engineers the company may pass or use its L1 Powerhouse tile."""
    g = load(players=2, companies={0: {"bank_engineers": 12, "tiles": ["base", "elevation", "conduit", "powerhouse",
                                                                       "L1_powerhouse"]}})
    assert sorted(descs(g)) == ["Engineer-free construction with tile L1_powerhouse", "Pass"]


def test_TURN_10_actions_phase_ends_when_everyone_has_passed():
    """TURN-10: seat 1 passed; seat 0 puts its last Engineer on the Bank, then has to pass: the round ends and
    round 2's Actions phase begins."""
    g = load(players=2, passed=[1], companies={0: {"bank_engineers": 11}, 1: {"bank_engineers": 12}})
    play(g, "Bank: 1 Engineer")
    snap = g.snapshot()
    assert (snap["round"], snap["phase"]) == (2, "actions")
    assert snap["passed"] == []


def test_TURN_11_display_refilled_at_the_end_of_the_turn():
    """TURN-11 / CONTRACT-14: G1 taken; when the next company plays the green display holds G2 and G3 (pile top)."""
    g = load(players=2)
    play(g, "Contract Office: take 1 (left)")
    play(g, "Take contract G1")
    assert g.current_player == 1
    c = g.snapshot()["contracts"]
    assert sorted(c["display"]["green"]) == ["G2", "G3"]
    assert c["piles"]["green"][0] == "G4"


def test_TURN_12_engineers_stay_on_their_spaces():
    """TURN-12: Engineers placed by seat 0 (Workshop) and seat 1 (Bank) are still there two turns later."""
    g = load(players=2)
    play(g, "Workshop: rotate the wheel 1 (left)")
    play(g, "Bank: 2 Engineers")
    play(g, "Bank: 1 Engineer")
    snap = g.snapshot()
    assert snap["action_spaces"]["workshop_1_L"] == {"seat": 0, "engineers": 1}
    assert snap["companies"][0]["engineers"] == 10
    assert snap["companies"][0]["bank_engineers"] == 1
    assert snap["companies"][1]["bank_engineers"] == 2


# ---------------------------------------------------------------------------------------------------------------
# §6 management board
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,blocked", [(4, set()), (3, BLOCKED_3P), (2, BLOCKED_2P)])
def test_BLOCK_04_SETUP_24_blocked_spaces_are_never_offered(players, blocked):
    """BLOCK-04 / SETUP-24: a rich company that can produce is offered every management space except the blocked
    rows of its player count (35 / 29 / 25)."""
    g = load(players=players, companies={0: {"credits": 30}}, **PRODUCER)
    assert spaces(g) == sorted(set(ALL_SPACES) - blocked)
    for name in blocked:
        with pytest.raises(sim.IllegalMoveError):
            g.play(space_code(g, name))


@pytest.mark.parametrize("players,space", [(3, "turbine_p1_L"), (3, "contract_take1_b_R"), (2, "workshop_2_L")])
def test_BLOCK_04_blocked_space_cannot_hold_engineers(players, space):
    """BLOCK-04: a position with Engineers on a blocked space is rejected."""
    with pytest.raises(ConfigError):
        load(players=players, action_spaces={space: 0})


def test_ACT_BANK_01_any_number_of_engineers_any_number_of_times():
    """ACT-BANK-01: seat 0 puts 3, seat 1 puts 2, seat 0 puts 4 more on the Bank: k Engineers give k Credits."""
    g = load(players=2)
    assert bank_moves(g) == list(range(1, 13))
    play(g, "Bank: 3 Engineers")
    play(g, "Bank: 2 Engineers")
    play(g, "Bank: 4 Engineers")
    c0, c1 = co(g, 0), co(g, 1)
    assert (c0["credits"], c0["engineers"], c0["bank_engineers"]) == (13, 5, 7)
    assert (c1["credits"], c1["engineers"], c1["bank_engineers"]) == (8, 10, 2)


def test_ACT_WATER_01_two_delayed_drops_exactly():
    """ACT-WATER-01 / WATER-10: exactly 2 drops (no 'place no more'), both on HA allowed; they stay on the tile
    although B1U has room."""
    g = load(players=2, dams={"B1U": {"owner": 1, "level": 1, "drops": 0}})
    play(g, "Water Management: 2 drops (delayed) (left)")
    heads = [f"Drop on headstream {h} (flows in the Water Flow phase)" for h in ("HA", "HB", "HC", "HD")]
    assert descs(g) == heads
    play(g, "Drop on headstream HA")
    assert g.current_player == 0 and descs(g) == heads
    play(g, "Drop on headstream HA")
    snap = g.snapshot()
    assert snap["headstreams"]["HA"]["drops"] == 2
    assert snap["dams"]["B1U"]["drops"] == 0
    assert g.current_player == 1


def test_ACT_WATER_02_one_drop_flows_at_once():
    """ACT-WATER-02 / WATER-09: exactly 1 drop, flowing immediately into the first dam with room (B1U)."""
    g = load(players=2, dams={"B1U": {"owner": 1, "level": 1, "drops": 0}})
    play(g, "Water Management: 1 drop (flows now) (left)")
    assert descs(g) == [f"Drop on headstream {h} (flows now)" for h in ("HA", "HB", "HC", "HD")]
    play(g, "Drop on headstream HA")
    snap = g.snapshot()
    assert snap["headstreams"]["HA"]["drops"] == 0
    assert snap["dams"]["B1U"]["drops"] == 1


def test_ACT_WATER_03_no_limit_of_drops_on_a_headstream():
    """ACT-WATER-03: HB already holds 7 drops and still takes both drops of the action: 9."""
    g = load(players=2, headstreams={"HB": {"tile": 2, "drops": 7}})
    play(g, "Water Management: 2 drops (delayed) (left)")
    play(g, "Drop on headstream HB")
    play(g, "Drop on headstream HB")
    assert g.snapshot()["headstreams"]["HB"]["drops"] == 9


def test_EX_18_water_management():
    """EX-18 / ACT-WATER-01, ACT-WATER-02: A: '1 drop' on HB flows at once into B2U (company level 1, empty) -> B2U 1.
    B: '2 drops' both on HD: HD holds 2 and they do not move during the Actions phase."""
    g = load(players=2, dams={"B2U": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Water Management: 1 drop (flows now) (left)")          # seat 0, action A
    play(g, "Drop on headstream HB")
    snap = g.snapshot()
    assert snap["dams"]["B2U"]["drops"] == 1 and snap["headstreams"]["HB"]["drops"] == 0
    play(g, "Water Management: 2 drops (delayed) (left)")           # seat 1, action B
    play(g, "Drop on headstream HD")
    play(g, "Drop on headstream HD")
    play(g, "Bank: 1 Engineer")                                      # seat 0: another turn, still Actions phase
    snap = g.snapshot()
    assert snap["phase"] == "actions"
    assert snap["headstreams"]["HD"]["drops"] == 2
    assert snap["dams"] == {"B2U": {"owner": "USA", "level": 1, "drops": 1}}


WHEEL = {"open": 0, "segments": {1: {"excavators": 2}, 2: {"mixers": 1, "tiles": ["base"]}, 4: {"excavators": 3}}}


@pytest.mark.parametrize("space,price,open_,exc,mix,left", [
    ("Workshop: rotate the wheel 1 (left)", 0, 1, 8, 4, {2: {"mixers": 1, "tiles": ["base"]}, 4: {"excavators": 3}}),
    ("Workshop: rotate the wheel 2 (left)", 2, 2, 8, 5, {4: {"excavators": 3}}),
    ("Workshop: rotate the wheel 3 (left)", 5, 3, 8, 5, {4: {"excavators": 3}}),
])
def test_ACT_WORKSHOP_01_rotation_step_by_step_after_the_price(space, price, open_, exc, mix, left):
    """ACT-WORKSHOP-01 / ACT-WORKSHOP-02 / WHEEL-03, WHEEL-04: pay the price (0 / 2 / 5 Credits), then advance n
    single steps, collecting segment 1, 2, ...; segment 4 stays on the wheel."""
    g = load(players=3, companies={0: {"wheel": WHEEL}})
    play(g, space)
    c = co(g, 0)
    assert c["credits"] == 6 - price
    assert c["wheel"] == {"open": open_, "segments": left}
    assert (c["excavators"], c["mixers"]) == (exc, mix)
    assert ("base" in c["tiles"]) == (open_ >= 2)


def test_ACT_WORKSHOP_03_empty_wheel_may_be_rotated():
    """ACT-WORKSHOP-03 / WHEEL-10: with an empty wheel the Workshop is still offered; it only moves the opening."""
    g = load(players=2)
    assert "workshop_3_L" in spaces(g)
    play(g, "Workshop: rotate the wheel 3 (left)")
    c = co(g, 0)
    assert c["wheel"] == {"open": 3, "segments": {}}
    assert (c["credits"], c["excavators"], c["mixers"]) == (1, 6, 4)


@pytest.mark.parametrize("space,credits,exc,mix", [
    ("Machinery Shop: 1 Excavator (left)", 4, 7, 4),
    ("Machinery Shop: 1 Excavator + 1 Mixer (left)", 1, 7, 5),
])
def test_ACT_MACHINERY_01_pay_and_gain(space, credits, exc, mix):
    """ACT-MACHINERY-01 / ACT-MACHINERY-02: 2 Credits for 1 Excavator; 5 Credits for 1 Excavator + 1 Mixer."""
    g = load(players=2)
    play(g, space)
    c = co(g, 0)
    assert (c["credits"], c["excavators"], c["mixers"]) == (credits, exc, mix)


def test_ACT_MACHINERY_01_machinery_of_choice():
    """ACT-MACHINERY-01 / ACT-MACHINERY-02 / TERM-08: 4 Credits for one machinery of choice: an Excavator or a Mixer
    (4 players)."""
    g = load(players=4)
    play(g, "Machinery Shop: 1 machinery of choice (left)")
    assert sorted(descs(g)) == ["Take 0 Excavators and 1 Mixers", "Take 1 Excavators and 0 Mixers"]
    play(g, "Take 0 Excavators and 1 Mixers")
    c = co(g, 0)
    assert (c["credits"], c["excavators"], c["mixers"]) == (2, 6, 5)


def test_ACT_MACHINERY_03_machinery_usable_at_once():
    """ACT-MACHINERY-03: with 4 Excavators a mountain Base (5) cannot be built; after buying one Excavator (its last
    2 Credits) the company's next construction may build it."""
    doc = dict(players=2, passed=[1], companies={0: {"officer": "Graziano", "excavators": 4, "credits": 2},
                                                 1: {"bank_engineers": 12}})
    before = load(**doc)
    play(before, "Construct on company-board space 1")
    assert not any("Base on B1L" in d for d in descs(before))
    g = load(**doc)
    play(g, "Machinery Shop: 1 Excavator (left)")
    play(g, "Construct on company-board space 1")
    play(g, "Build a Base on B1L with tile base")
    c = co(g, 0)
    assert (c["excavators"], c["credits"]) == (0, 0)
    assert g.snapshot()["dams"]["B1L"] == {"owner": "USA", "level": 1, "drops": 0}


def test_ACT_CONTRACT_01_take_one_of_any_colour():
    """ACT-CONTRACT-01, ACT-CONTRACT-03: 'take 1' offers the six face-up private contracts (never a national one)."""
    g = load(players=3)
    play(g, "Contract Office: take 1 (left)")
    assert descs(g) == ["Take contract G1 (needs 2)", "Take contract G2 (needs 2)", "Take contract Y1 (needs 5)",
                        "Take contract Y2 (needs 5)", "Take contract R1 (needs 8)", "Take contract R2 (needs 8)"]
    play(g, "Take contract R1")
    snap = g.snapshot()
    assert snap["contracts"]["hand"]["USA"] == ["S1", "R1"]
    assert snap["contracts"]["national_board"] == ["N1", "N2"]


def test_ACT_CONTRACT_02_03_take_two_from_the_display_as_it_stands():
    """ACT-CONTRACT-02, ACT-CONTRACT-03: pay 1 Credit, take two (both green allowed); the slot emptied by the first
    is not refilled before the second (G3 not offered); the display is refilled after the turn."""
    g = load(players=3)
    play(g, "Contract Office: take 2 (left)")
    assert co(g, 0)["credits"] == 5
    play(g, "Take contract G1")
    assert g.current_player == 0
    assert descs(g) == ["Take contract G2 (needs 2)", "Take contract Y1 (needs 5)", "Take contract Y2 (needs 5)",
                        "Take contract R1 (needs 8)", "Take contract R2 (needs 8)"]
    play(g, "Take contract G2")
    snap = g.snapshot()
    assert snap["contracts"]["hand"]["USA"] == ["S1", "G1", "G2"]
    assert sorted(snap["contracts"]["display"]["green"]) == ["G3", "G4"]


@pytest.mark.parametrize("display,take1,take2", [
    ({"green": ["G1", None], "yellow": [None, None], "red": [None, None]}, True, False),
    ({"green": ["G1", None], "yellow": [None, "Y1"], "red": [None, None]}, True, True),
    ({"green": [None, None], "yellow": [None, None], "red": [None, None]}, False, False),
])
def test_ACT_CONTRACT_04_enough_face_up_contracts(display, take1, take2):
    """ACT-CONTRACT-04: 'take 2' needs 2 face-up private contracts, 'take 1' needs 1 (piles exhausted)."""
    g = load(players=4, contracts={"display": display, "piles": {"green": [], "yellow": [], "red": []}})
    s = spaces(g)
    for name in ("contract_take1_L", "contract_take1_R", "contract_take1_b_L", "contract_take1_b_R"):
        assert (name in s) == take1
    for name in ("contract_take2_L", "contract_take2_R"):
        assert (name in s) == take2


def test_ACT_CONTRACT_05_hand_limit_applies_at_once():
    """ACT-CONTRACT-05 / CONTRACT-04: a hand of 3 takes G1 and must discard one of the 4 (G1 included) at once."""
    g = load(players=3, contracts={"hand": {"USA": ["S1", "G5", "Y5"]}})
    play(g, "Contract Office: take 1 (left)")
    play(g, "Take contract G1")
    assert g.current_player == 0
    assert sorted(descs(g)) == ["Discard contract G1", "Discard contract G5", "Discard contract S1",
                                "Discard contract Y5"]
    play(g, "Discard contract S1")
    snap = g.snapshot()
    assert sorted(snap["contracts"]["hand"]["USA"]) == ["G1", "G5", "Y5"]
    assert snap["contracts"]["discarded"] == {"USA": ["S1"]}
    assert g.current_player == 1


def test_ACT_PATENT_01_buy_a_displayed_tile():
    """ACT-PATENT-01: 2 Engineers and 5 Credits buy the tile of that position."""
    g = load(players=2)
    play(g, "Patent Office: buy tile L1_elevation")
    snap = g.snapshot()
    c = snap["companies"][0]
    assert (c["engineers"], c["credits"]) == (10, 1)
    assert "L1_elevation" in c["tiles"]
    assert snap["action_spaces"]["patent_2"] == {"seat": 0, "engineers": 2}


def test_ACT_PATENT_02_bought_tile_usable_in_the_same_round():
    """ACT-PATENT-02: the bought L1 Base builds a Base on the company's next construction this round."""
    g = load(players=2, passed=[1], companies={0: {"officer": "Graziano"}, 1: {"bank_engineers": 12}})
    play(g, "Patent Office: buy tile L1_base")
    play(g, "Construct on company-board space 1")
    assert "Build a Base on B8L with tile L1_base" in descs(g)


def test_ACT_PATENT_03_bought_tile_not_replaced():
    """ACT-PATENT-03: after the purchase the position stays empty and its space closed; the other two stay open."""
    g = load(players=2, passed=[1], companies={0: {"credits": 20}, 1: {"bank_engineers": 12}})
    play(g, "Patent Office: buy tile L1_base")
    snap = g.snapshot()
    assert snap["patent_office"]["display"] == [None, "L1_elevation", "L1_conduit"]
    s = spaces(g)
    assert "patent_1" not in s
    assert "patent_2" in s and "patent_3" in s


# ---------------------------------------------------------------------------------------------------------------
# EX-14
# ---------------------------------------------------------------------------------------------------------------

def test_EX_14_four_constructions_in_one_round():
    """EX-14 / CONSTRUCT-01, CONSTRUCT-02, CONSTRUCT-03 / TECH-06: four constructions cost 1 + 2 + 3 + 3 = 9
    Engineers and 3 Credits (the 4th space); a 5th construction action is impossible, the engineer-free L3 Base is
    still offered."""
    g = load(players=2, passed=[1],
             companies={0: {"officer": "Graziano",
                            "tiles": ["base", "elevation", "conduit", "powerhouse", "L3_base"]},
                        1: {"bank_engineers": 12}})
    construct(g, "Build a Base on B8L with tile base")             # plain: 3 Excavators
    construct(g, "Build an Elevation on B8L with tile elevation")   # plain: 2 Mixers
    construct(g, "Build a Conduit on C9L with tile conduit")       # value 1: 2 Excavators
    construct(g, "Build a Powerhouse on P11_0 with tile powerhouse")   # 1st: 2 Mixers
    c = co(g, 0)
    assert (c["engineers"], c["credits"]) == (12 - 9, 6 - 3)
    assert (c["excavators"], c["mixers"]) == (6 - 3 - 2, 4 - 2 - 2)
    assert c["construction_spaces_used"] == 4
    d = descs(g)
    assert not any(x.startswith("Construct") for x in d)
    assert "Engineer-free construction with tile L3_base" in d
