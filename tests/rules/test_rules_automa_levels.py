"""The Automa at levels 3 and 4 (RULES.md §23.5, AUTOMA-50..53 and AUTOMA-60..66): scenario + Automa turn +
expected snapshot, as in test_rules_automa.py (whose helpers and conventions this file uses: the Automa is seat
1, `automa_turn(action, criteria, ...)` loads a 2-player position in round 2 and plays its turn).

Base map facts used (sim/data/map_base.yaml): zones 1-4 mountains, 5-7 hills, 8-12 plains; Base 5/4/3
Excavators, Elevation 4/3/2 Mixers (mountain/hill/plain), first Powerhouse 2 Mixers; conduits (value -> zone of
its powerhouse) C1L 5 -> 8, C2L 3 -> 6, C5L 3 -> 8, C5R 4 -> 10, C6R 2 -> 7, C7L 2 -> 10, C7R 3 -> 12; rivers
HC -> B3 -> P6 -> B6 -> P10 -> B10 and HD -> B4 -> P7 -> B7 -> P10 -> B10. Contracts: G1 2 (1 Credit, rotate 2),
G6 3 (4 Credits, 1 Excavator), G11 4, Y1 5 (4 VP, 2 Excavators), Y9 6, R1 8 (4 VP, rotate 3), R6 9 (2 Credits,
3 VP, 2 machineries of choice), R12 10 (3 Credits, 7 VP). Criteria card 3 ties every empty dam space and starts
at zone 3 (B3L, the lower space, wins); criteria card 7 the same from zone 8.
"""
from __future__ import annotations

import pytest
from test_rules_automa import AUTOMA, automa_turn, seat, spaces

from sim import scenario

BASICS = ["base", "elevation", "conduit", "powerhouse"]
DISPLAY = {"display": {"green": ["G6", "G1"], "yellow": ["Y1", "Y9"], "red": ["R12", "R1"]}}


def built(g, kind):
    return g.snapshot()[kind]


# ---------------------------------------------------------------------------------------------------------------
# Level 3: tiles (AUTOMA-50, -51) and company abilities (AUTOMA-53)
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tiles,used,energy,drops", [
    (["L1_base", "L2_base", "L2_wild"], "L2_base", 1, 0),
    (["L1_base", "L2_wild"], "L2_wild", 0, 0),
    (["L1_base", "L1_wild"], "L1_base", 0, 1),
])
def test_AUTOMA_50_highest_level_tile_exact_type_before_wild(tiles, used, energy, drops):
    """AUTOMA-50: card 1's Base entry on B3L (mountain, 5 Excavators) with several Base tiles: the highest level is
    used, on equal levels the Base tile before the wild one. Its effect shows it: L2_base +1 energy (1 Base,
    ADV-L2-BASE-01); L2_wild none (paid with 5 Excavators, the Base's own machinery first, AUTOMA-51); L1_base a
    drop into the new empty dam (ADV-L1-BASE-01; L1_wild would have taken the red space, AUTOMA-51)."""
    g = automa_turn(1, 3, level=3, automa={"tiles": BASICS + tiles})
    assert built(g, "dams") == {"B3L": {"owner": "USA", "level": 1, "drops": drops}}
    a = seat(g)
    assert a["wheel"]["segments"][0] == {"excavators": 5, "tiles": [used]}
    assert (a["excavators"], a["energy"], a["vp"]) == (1, energy, 16)


@pytest.mark.parametrize("level,conduit,excavators", [(2, "C7L", 1), (3, "C7R", 0)])
def test_AUTOMA_51_L2_conduit_prefers_value_3_or_more(level, conduit, excavators):
    """AUTOMA-51 (L2 conduit, ties among eligible spaces -> value >= 3; decision A-16). Card 5's Conduit entry
    (produce, water, Elevation skipped: no dam), 5 Excavators, tiles basic + L2_conduit; the player has B7L.
    Criteria card 13: dam_owner opponent first, then second_highest_production. Level 2 (no tile modifier:
    2 x value) can pay values 1-2 only; the player's zone 7 keeps C7L (2). Level 3: every conduit costs
    min(5, 2 x value) with the L2 tile, the eligible spaces are cut to values >= 3, and zone 7 keeps C7R (3), 5
    Excavators."""
    g = automa_turn(5, 13, level=level, automa={"excavators": 5, "tiles": BASICS + ["L2_conduit"]},
                    dams={"B7L": {"owner": 0, "level": 1, "drops": 0}})
    assert built(g, "conduits") == {conduit: "USA"}
    assert seat(g)["excavators"] == excavators


@pytest.mark.parametrize("level,energy,vp", [(2, 0, 16), (3, 17, 26)])
def test_AUTOMA_51_L2_powerhouse_best_production(level, energy, vp):
    """AUTOMA-51 (L2 powerhouse): card 15's Powerhouse entry (produce skipped: no powerhouse yet) completes the
    systems of B1L and B5U in zone 8 (AUTOMA-30 step 1, P8_0). At level 3 the tile's extra +2 production is the
    best one (AUTOMA-13 a): B1L (3 drops) - C1L (5): 15 + 2 = 17 (B5U - C5L would give 8), then R12 (10): +10
    VP. Level 2: no tile effect."""
    g = automa_turn(15, 5, level=level, automa={"tiles": BASICS + ["L2_powerhouse"]}, contracts=DISPLAY,
                    dams={"B1L": {"owner": AUTOMA, "level": 3, "drops": 3},
                          "B5U": {"owner": AUTOMA, "level": 2, "drops": 2}},
                    conduits={"C1L": AUTOMA, "C5L": AUTOMA}, patent_office={"display": [None, None, None]})
    assert built(g, "powerhouses") == {"P8_0": "USA"}
    a = seat(g)
    assert (a["energy"], a["vp"], a["mixers"]) == (energy, vp, 2)
    assert built(g, "dams")["B1L"]["drops"] == (0 if level == 3 else 3)


@pytest.mark.parametrize("level,dam", [(2, "B3L"), (3, "B3U")])
def test_AUTOMA_51_L1_wild_base_takes_the_red_outlined_space(level, dam):
    """AUTOMA-51 (L1 wild on a Base): after the placement criteria the red-outlined space of the chosen basin
    (zone 3), whose 3-Credit surcharge the tile waives (ADV-L1-WILD-01): 16 VP either way. Level 2: the lower
    space (AUTOMA-30 step 5)."""
    g = automa_turn(1, 3, level=level, automa={"tiles": BASICS + ["L1_wild"]})
    assert built(g, "dams") == {dam: {"owner": "USA", "level": 1, "drops": 0}}
    a = seat(g)
    assert (a["excavators"], a["vp"]) == (1, 16)
    assert a["wheel"]["segments"][0]["tiles"] == ["L1_wild"]


@pytest.mark.parametrize("level,built_ph,excavators,mixers,vp", [(2, {}, 6, 1, 17), (3, {"P5_0": "USA"}, 5, 0, 16)])
def test_AUTOMA_51_L2_wild_pays_the_structures_own_machinery_first(level, built_ph, excavators, mixers, vp):
    """AUTOMA-51 (L2 wild): card 15's Powerhouse (2 Mixers) with 6 Excavators and 1 Mixer: at level 3 the wild
    tile pays the Mixer first, then 1 Excavator (criteria card 5: in_zone_5 -> P5_0). Level 2 (no tile
    modifier) cannot pay 2 Mixers; patent (empty display), workshop (empty wheel) fail and the Bank gives +1 VP."""
    g = automa_turn(15, 5, level=level, automa={"mixers": 1, "tiles": BASICS + ["L2_wild"]},
                    patent_office={"display": [None, None, None]})
    assert built(g, "powerhouses") == built_ph
    a = seat(g)
    assert (a["excavators"], a["mixers"], a["vp"]) == (excavators, mixers, vp)


@pytest.mark.parametrize("level,energy", [(2, 0), (3, 2)])
def test_AUTOMA_53_USA_water_prefers_the_headstream_with_more_energy_steps(level, energy):
    """AUTOMA-53 (USA): card 2's water entry (1 drop flowing now), preference A, B, C, D (criteria card 1). Only C
    and D reach the Automa's empty B10U. Its powerhouses P7_0, P10_0, P12_0 make the ability active at level 3:
    via D the drop enters the sites of zones 7 and 10 (2 energy steps), via C only zone 10's (1), so it goes on D
    and gives +2. Level 2 (no ability): the first helpful headstream, C, no energy. Both: Base and Powerhouse
    need machineries it lacks, the wheel is empty, and the machinery shop ends the turn (-3 VP, 1 Excavator)."""
    g = automa_turn(2, 1, level=level, automa={"excavators": 0, "mixers": 0},
                    dams={"B10U": {"owner": AUTOMA, "level": 1, "drops": 0}},
                    powerhouses={"P7_0": AUTOMA, "P10_0": AUTOMA, "P12_0": AUTOMA})
    assert built(g, "dams")["B10U"]["drops"] == 1
    a = seat(g)
    assert (a["energy"], a["vp"], a["excavators"]) == (energy, 13, 1)
    assert spaces(g) == {"water_2_delayed_L": (1, 1), "machinery_exc_L": (1, 1)}


@pytest.mark.parametrize("level,energy,vp,fulfilled", [(2, 16, 26, ["R12"]), (3, 24, 30, ["R1", "R12"])])
def test_AUTOMA_53_Germany_second_production_is_the_most_productive(level, energy, vp, fulfilled):
    """AUTOMA-53 (Germany, 3 powerhouses: bonus +1): card 5 produces B1L (3) - C1L (5) - P8_0: 15 + 1 = 16 and
    fulfils R12 (+10 VP). At level 3 the second production (COMPANY-GER-01: another powerhouse, no bonus) is the
    most productive one left: B5U (2) - C5R (4) - P10_0 = 8 (B2L - C2L - P6_0 would give 3), fulfilling R1 (8):
    +4 VP."""
    g = automa_turn(5, 1, level=level, automa={"company": "Germany"}, human={"company": "Italy"}, contracts=DISPLAY,
                    dams={"B1L": {"owner": AUTOMA, "level": 3, "drops": 3},
                          "B5U": {"owner": AUTOMA, "level": 2, "drops": 2},
                          "B2L": {"owner": AUTOMA, "level": 1, "drops": 1}},
                    conduits={"C1L": AUTOMA, "C5R": AUTOMA, "C2L": AUTOMA},
                    powerhouses={"P8_0": AUTOMA, "P10_0": AUTOMA, "P6_0": AUTOMA})
    a = seat(g)
    assert (a["energy"], a["vp"]) == (energy, vp)
    assert sorted(g.snapshot()["contracts"]["fulfilled"]["Germany"]) == fulfilled
    assert built(g, "dams")["B2L"]["drops"] == 1


@pytest.mark.parametrize("level,energy,fulfilled", [(2, 2, []), (3, 7, ["R6"])])
def test_AUTOMA_53_France_minus_3_in_the_production_condition(level, energy, fulfilled):
    """AUTOMA-53 (France, 3 powerhouses: bonus +1): card 16 needs a red contract; B5U (2) - C5L (3) - P8_0 gives
    E = 7 < 8 (the smallest red requirement). At level 3 the -3 counts in the condition (AUTOMA-13 c) and in the
    fulfilment: R6 (9) is fulfilled (2 Credits -> VP, 3 VP, 2 machineries of choice -> Mixers, the type it has
    fewer of). Level 2: the entry fails and the contract office discards both reds for +2 energy."""
    g = automa_turn(16, 1, level=level, automa={"company": "France", "mixers": 0},
                    human={"company": "Italy"},
                    contracts={"display": {"green": ["G6", "G1"], "yellow": ["Y1", "Y9"], "red": ["R6", "R1"]}},
                    dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                    powerhouses={"P8_0": AUTOMA, "P6_0": AUTOMA, "P7_0": AUTOMA})
    a = seat(g)
    assert a["energy"] == energy
    assert g.snapshot()["contracts"]["fulfilled"].get("France", []) == fulfilled
    if level == 3:
        assert (a["vp"], a["mixers"]) == (21, 2)


# ---------------------------------------------------------------------------------------------------------------
# Level 4: officers (AUTOMA-60..66)
# ---------------------------------------------------------------------------------------------------------------

MOUNTAINS_TAKEN = {f"B{z}{s}": {"owner": 0 if s == "U" else "neutral", "level": 1, "drops": 0}
                   for z in range(1, 5) for s in "UL"}


@pytest.mark.parametrize("officer,dams,dam", [
    ("Viktor", {}, "B8L"), ("Wilhelm", {}, "B1L"), ("Wilhelm", MOUNTAINS_TAKEN, "B5L")])
def test_AUTOMA_60_Wilhelm_prefers_mountains_then_hills(officer, dams, dam):
    """AUTOMA-60: card 1's Base entry, criteria card 7: nothing separates the free dam spaces, the count starts at
    zone 8 (a plain: B8L). A level-4 Wilhelm keeps the mountain spaces first, and the count from zone 8 wraps to
    zone 1 (B1L); with every mountain basin full, the hills (zone 5: B5L). Wilhelm's Bases cost 3 Excavators
    anywhere (OFFICER-WILHELM-01), a plain Base costs 3 too."""
    g = automa_turn(1, 7, level=4, automa={"officer": officer}, human={"officer": "Jill"}, dams=dams)
    assert built(g, "dams")[dam] == {"owner": "USA", "level": 1, "drops": 0}
    assert seat(g)["excavators"] == 3


@pytest.mark.parametrize("level,mixers,dams", [
    (4, 4, {"B5U": {"owner": "USA", "level": 2, "drops": 1}}),
    (3, 4, {"B5U": {"owner": "USA", "level": 1, "drops": 1}, "B3L": {"owner": "USA", "level": 1, "drops": 0}}),
    (4, 0, {"B5U": {"owner": "USA", "level": 1, "drops": 1}, "B3L": {"owner": "USA", "level": 1, "drops": 0}}),
])
def test_AUTOMA_61_Graziano_builds_an_elevation_whatever_the_card_shows(level, mixers, dams):
    """AUTOMA-61: card 1's first construction entry is a Base; a level-4 Graziano that can raise its dam B5U (hill
    Elevation: 3 Mixers) builds that Elevation instead, with the entry's 2 Engineers. At level 3, or without the
    Mixers, it builds the Base (B3L)."""
    g = automa_turn(1, 3, level=level, automa={"officer": "Graziano", "mixers": mixers},
                    dams={"B5U": {"owner": AUTOMA, "level": 1, "drops": 1}})
    assert built(g, "dams") == dams
    a = seat(g)
    assert (a["automa_engineers"], a["engineers"]) == (2, 10)
    assert a["mixers"] == (1 if dams["B5U"]["level"] == 2 else mixers)


@pytest.mark.parametrize("level,conduit,dam,drops_left,energy", [
    (4, "C6R", "B6U", 1, 4), (3, "C6R", "B6U", 0, 4), (4, "C5L", "B5U", 0, 6)])
def test_AUTOMA_62_Viktor_moves_one_drop_through_a_conduit_of_value_1_or_2(level, conduit, dam, drops_left, energy):
    """AUTOMA-62: card 5 produces from a level-2 dam with 2 drops. A level-4 Viktor producing through C6R (value 2)
    moves exactly 1 drop: 2 x 1 = 2 <= 3 counts 4 (OFFICER-VIKTOR-01); the other drop stays. At level 3 both drops
    move (2 x 2 = 4). Through C5L (value 3) Viktor moves both: 6. E = 4 fulfils G6 (3: 4 Credits -> VP, 1
    Excavator), E = 6 Y9 (6: 3 VP, 2 machineries of choice)."""
    ph = {"C6R": "P7_0", "C5L": "P8_0"}[conduit]
    g = automa_turn(5, 1, level=level, contracts=DISPLAY, dams={dam: {"owner": AUTOMA, "level": 2, "drops": 2}},
                    conduits={conduit: AUTOMA}, powerhouses={ph: AUTOMA})
    assert built(g, "dams")[dam]["drops"] == drops_left
    a = seat(g)
    assert (a["energy"], a["vp"]) == (energy, 20 if energy == 4 else 19)


@pytest.mark.parametrize("level,excavators,mixers", [(4, 6, 0), (3, 0, 3)])
def test_AUTOMA_63_Jill_pays_a_conduit_in_mixers_on_a_tie(level, excavators, mixers):
    """AUTOMA-63: card 5's Conduit entry with 6 Excavators and 3 Mixers: values up to 3 are payable (criteria card
    1: highest_production -> value 3; from C1L the first is C2L). A level-4 Jill can pay 6 Excavators or 3
    Mixers and takes the Mixers; at level 3 (no officer) 6 Excavators."""
    g = automa_turn(5, 1, level=level, automa={"officer": "Jill", "mixers": 3}, human={"officer": "Viktor"})
    assert built(g, "conduits") == {"C2L": "USA"}
    a = seat(g)
    assert (a["excavators"], a["mixers"]) == (excavators, mixers)


@pytest.mark.parametrize("officer,excavators,mixers", [("Jill", 0, 1), ("Viktor", 1, 0)])
def test_AUTOMA_63_Jill_machinery_of_choice_is_a_mixer(officer, excavators, mixers):
    """AUTOMA-63: as test_AUTOMA_13_no_production_when_ahead... (card 5 ends at the machinery shop, 1 machinery of
    choice, 0 of each type): a level-4 Jill takes a Mixer where the tie rule gives an Excavator (AUTOMA-19)."""
    g = automa_turn(5, 1, level=4, automa={"officer": officer, "energy": 12, "excavators": 0, "mixers": 0},
                    human={"officer": "Wilhelm"}, contracts=DISPLAY,
                    dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                    powerhouses={"P8_0": AUTOMA})
    a = seat(g)
    assert (a["excavators"], a["mixers"], a["vp"]) == (excavators, mixers, 13)


@pytest.mark.parametrize("level,excavators_before,dam,vp", [(4, 4, "B3L", 13), (3, 4, "B5L", 16), (4, 3, "B5L", 13)])
def test_AUTOMA_64_Solomon_replaces_one_missing_machinery_by_3_VP(level, excavators_before, dam, vp):
    """AUTOMA-64: card 1's Base entry, criteria card 3 (from zone 3). A level-4 Solomon with 4 Excavators builds
    the mountain B3L (5): all 4 Excavators and 3 VP for the missing one. At level 3 the mountains are not
    payable and the count goes on to zone 5 (hill, 4). With 3 Excavators two would be missing in the mountains
    (at most one may be replaced), so Solomon builds in zone 5 with 3 Excavators and 3 VP."""
    g = automa_turn(1, 3, level=level, automa={"officer": "Solomon", "excavators": excavators_before})
    assert built(g, "dams") == {dam: {"owner": "USA", "level": 1, "drops": 0}}
    a = seat(g)
    assert (a["excavators"], a["vp"], a["vp_by_source"].get("resources", 0)) == (0, vp, vp - 16)


ON_WHEEL = {4: {"tiles": ["L1_wild"]}, 5: {"tiles": ["L2_base"]}}


@pytest.mark.parametrize("supply,wheel,wheel_top,energy,anton_left", [
    (["elevation", "conduit", "powerhouse"], {3: {"tiles": ["base"]}, **ON_WHEEL},
     {"excavators": 5, "tiles": ["anton"]}, 1, False),
    (BASICS, ON_WHEEL, {"excavators": 5, "tiles": ["base"]}, 0, True)])
def test_AUTOMA_65_Anton_special_tile_last_copying_the_highest_level(supply, wheel, wheel_top, energy, anton_left):
    """AUTOMA-65: card 1's Base entry on B3L; the wheel holds L1_wild (segment 4) and L2_base (5), and the basic
    Base (3) when it is not in supply. Without a Base tile in supply, a level-4 Anton uses his special tile
    copying the highest-level one, L2_base: the special tile goes to the open segment, L2_base's effect gives
    +1 energy (1 Base). With the basic Base in supply that tile is used first and the special tile stays."""
    g = automa_turn(1, 3, level=4, automa={"officer": "Anton", "tiles": supply + ["anton"],
                                           "wheel": {"open": 0, "segments": wheel}}, human={"officer": "Viktor"})
    assert built(g, "dams") == {"B3L": {"owner": "USA", "level": 1, "drops": 0}}
    a = seat(g)
    assert a["wheel"]["segments"][0] == wheel_top and a["wheel"]["segments"][5] == {"tiles": ["L2_base"]}
    assert a["energy"] == energy and ("anton" in a["tiles"]) == anton_left


def mahiri_round(human: dict) -> scenario.Game:
    """A 2-player round 2 in which the Automa (seat 1, Mahiri, level 4) plays card 5 (criteria card 2) with its last
    Engineer and the player (seat 0, USA + Viktor) then takes its first action of the round with card 1 (criteria:
    card 5's back); the Automa then passes (AUTOMA-08) and the player decides."""
    rest = [k for k in range(1, 21) if k not in (1, 2, 5)]
    doc = {"players": 2, "round": 2, "phase": "actions", "turn_order": [1, 0],
           "companies": {0: {"company": "USA", "officer": "Viktor", **human},
                         1: {"company": "Italy", "officer": "Mahiri", "automa": 4, "excavators": 0, "mixers": 0,
                             "engineers": 1, "bank_engineers": 11}},
           "automa_deck": {"cards": [2, 5, 1] + rest, "position": 0},
           "contracts": {"hand": {1: []}}, "decision": {"task": "main", "seat": AUTOMA}}
    return scenario.load(doc)


def test_AUTOMA_66_Mahiri_the_players_first_action_is_the_automa_procedure():
    """AUTOMA-66: the Automa (Mahiri) ends its turn at the machinery shop (card 5: -3 VP, 1 Excavator; its officer
    space is never used). The player's first action of the round is then the Automa procedure with a newly drawn
    card (card 1, criteria card 5's back) as if it were an Automa: card 1's Base entry (2 Engineers on the private
    construction space); criteria card 5 ties every dam and starts at zone 6 -> B6L (hill, 4 Excavators: 6 -> 2).
    Afterwards the player chooses its second action itself."""
    g = mahiri_round({"credits": 10, "vp": 10})
    assert seat(g)["vp"] == 13 and seat(g)["excavators"] == 1
    assert built(g, "dams") == {"B6L": {"owner": "USA", "level": 1, "drops": 0}}
    p = seat(g, 0)
    assert (p["excavators"], p["engineers"], p["automa_engineers"], p["credits"], p["vp"]) == (2, 10, 2, 10, 10)
    assert p["wheel"]["segments"][0] == {"excavators": 4, "tiles": ["base"]}
    assert "automa" not in p                                    # a player's seat again
    assert g.current_player == 0 and g.pending == "choose an action"
    assert g.snapshot()["automa_deck"]["position"] == 2         # two cards drawn: the Automa's and the player's
    assert scenario.load(g.snapshot()).snapshot() == g.snapshot()


def test_AUTOMA_66_04_Mahiri_first_action_pays_VP_not_credits():
    """AUTOMA-66 with AUTOMA-04: the player (no machineries, no dams) follows card 1 down to the machinery shop, which
    it pays as an Automa: 3 VP, not Credits; the machinery of its choice is an Excavator (0-0 tie, AUTOMA-19). Its
    Engineer goes to the next machinery space in Automa order (machinery_exc_mix_L: the Automa holds the first)."""
    g = mahiri_round({"credits": 10, "vp": 10, "excavators": 0, "mixers": 0})
    p = seat(g, 0)
    assert (p["vp"], p["credits"], p["excavators"], p["mixers"], p["engineers"]) == (7, 10, 1, 0, 11)
    assert spaces(g) == {"machinery_exc_L": (1, 1), "machinery_exc_mix_L": (0, 1)}
