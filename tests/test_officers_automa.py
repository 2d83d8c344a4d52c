"""The level-4 Automa with the Leeghwater and promo officers (RULES.md §23.5): AUTOMA-67 (Simone), AUTOMA-68
(Tommaso), AUTOMA-71 (Gennaro, Wu, Elon, Octavius, Amir). Positions as in tests/rules/test_rules_automa.py: the
Automa (seat 1, USA) takes its turn."""
from __future__ import annotations

import pytest

from sim import Game, scenario
from sim.config import GameConfig
from sim.errors import ConfigError

AUTOMA = 1


def deck(action: int, criteria: int) -> dict:
    rest = [k for k in range(1, 21) if k not in (action, criteria)]
    return {"cards": [criteria, action] + rest, "position": 0}


def automa_turn(action, criteria, officer, automa=None, **extra):
    """A 2-player Leeghwater/promo position in which the level-4 Automa (seat 1) holding `officer` plays."""
    doc = {"players": 2, "round": 2, "phase": "actions", "expansions": ["leeghwater", "promo"],
           "companies": {0: {"company": "Italy", "officer": "Wilhelm"},
                         1: {"company": "USA", "officer": officer, "automa": 4, **(automa or {})}},
           "automa_deck": deck(action, criteria), "decision": {"task": "main", "seat": AUTOMA}}
    contracts = extra.pop("contracts", {})
    doc["contracts"] = {"hand": {1: []}, **contracts}
    doc.update(extra)
    return scenario.load(doc)


def seat(g, s=AUTOMA):
    return g.snapshot()["companies"][s]


SYSTEM = dict(dams={"B1L": {"owner": AUTOMA, "level": 3, "drops": 3}}, conduits={"C1L": AUTOMA},
              powerhouses={"P8_0": AUTOMA})
DISPLAY = {"green": ["G11", "G6"], "yellow": ["Y11", "Y1"], "red": ["R12", "R1"]}


def test_AUTOMA_67_simone_takes_an_eligible_national_first():
    """AUTOMA-67: B1L (3 drops) - C1L (5) - P8_0 gives E = 15; the national N5 (15) is eligible, so it is taken
    (+12 VP), which uses all of E: no displayed contract."""
    g = automa_turn(5, 1, "Simone", contracts={"display": DISPLAY, "national_board": ["N5"]}, **SYSTEM)
    snap = g.snapshot()
    assert seat(g)["energy"] == 15 and snap["contracts"]["fulfilled"]["USA"] == ["N5"]
    assert snap["contracts"]["national_board"] == []
    assert seat(g)["vp_by_source"]["contracts"] == 12


def test_AUTOMA_67_simone_fulfils_as_many_as_possible():
    """AUTOMA-67: E = 15, no national: at most 3 contracts fit (3 + 4 + 5 = 12; 4 would need 19); of the 3-sets,
    the highest sum 15 is {G6, G11, R1} or {G6, Y1, Y11}: the rightmost (R1 in the red row) wins. G6's 4 Credits
    (as VP, AUTOMA-04) and R1's 4 VP: 8 contract VP."""
    g = automa_turn(5, 1, "Simone", contracts={"display": DISPLAY, "national_board": []}, **SYSTEM)
    snap = g.snapshot()
    assert sorted(snap["contracts"]["fulfilled"]["USA"]) == ["G11", "G6", "R1"]
    assert seat(g)["energy"] == 15 and seat(g)["vp_by_source"]["contracts"] == 8


def test_AUTOMA_14_without_simone_one_contract():
    """AUTOMA-14: the same production by a Viktor Automa fulfils the one highest displayed contract, R12 (10)."""
    g = automa_turn(5, 1, "Viktor", contracts={"display": DISPLAY, "national_board": []}, **SYSTEM)
    assert g.snapshot()["contracts"]["fulfilled"]["USA"] == ["R12"]


def _machinery_turn(officer):
    """Card 5 with energy 12 >= 6 x round 2: no production; water, constructions and workshop impossible; the
    machinery shop entry (1 Engineer) ends the turn (AUTOMA-13 test of tests/rules/test_rules_automa.py)."""
    return automa_turn(5, 1, officer, automa={"energy": 12, "excavators": 0, "mixers": 0},
                       contracts={"display": {"green": ["G11", "G6"]}},
                       dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                       powerhouses={"P8_0": AUTOMA})


def test_AUTOMA_68_tommaso_architect_takes_a_second_turn():
    """AUTOMA-68: the 1-Engineer machinery-shop entry is done by the Architect, then the Automa takes a second turn
    with a new card (two cards drawn, not one); the Architect is placed."""
    g = _machinery_turn("Tommaso")
    v = _machinery_turn("Viktor")
    assert seat(g)["architect_in_supply"] is False
    assert g.snapshot()["automa_deck"]["position"] == v.snapshot()["automa_deck"]["position"] + 1
    assert seat(g)["engineers"] < seat(v)["engineers"] == 11


def test_AUTOMA_71_gennaro_first_construction_costs_one_engineer_less():
    """AUTOMA-71 (Gennaro): card 5 with 10 Mixers builds an Elevation on B5U (its entry's Engineers); a Gennaro
    Automa places 1 Engineer less than a Viktor Automa for this first construction of the round."""
    def run(officer):
        return automa_turn(5, 1, officer, automa={"energy": 12, "excavators": 0, "mixers": 10},
                           contracts={"display": {"green": ["G11", "G6"]}},
                           dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                           powerhouses={"P8_0": AUTOMA})
    gen, vik = run("Gennaro"), run("Viktor")
    assert gen.snapshot()["dams"]["B5U"]["level"] == vik.snapshot()["dams"]["B5U"]["level"] == 3
    assert seat(gen)["engineers"] == seat(vik)["engineers"] + 1


@pytest.mark.parametrize("officer", ["Elon", "Octavius", "Amir"])
def test_AUTOMA_71_level_4_automa_may_hold_every_promo_officer(officer):
    """AUTOMA-71: a level-4 Automa may hold Elon, Octavius and Amir (their Automa rules are below), fixed or dealt
    at random from the promo pool."""
    GameConfig(players=2, automa=(0, 4), expansions=("promo",), officers=("Viktor", officer))
    GameConfig(players=2, automa=(0, 4), expansions=("promo", "leeghwater"))


def test_AUTOMA_71_wu_takes_his_space_before_the_card():
    """AUTOMA-71 (Wu): its B1L holds 3 drops and G6 (3) is displayed: the turn is Wu's space (no card flipped):
    1 Engineer, 3 energy, G6 fulfilled (4 Credits as VP + 1 Excavator); G11 (4) is out of reach."""
    g = automa_turn(5, 1, "Wu", automa={"excavators": 0}, contracts={"display": {"green": ["G11", "G6"]}},
                    dams={"B1L": {"owner": AUTOMA, "level": 3, "drops": 3}})
    a = seat(g)
    assert (a["energy"], a["engineers"], a["wu_space_engineers"], a["excavators"]) == (3, 11, 1, 1)
    assert a["vp_by_source"]["contracts"] == 4
    assert g.snapshot()["contracts"]["fulfilled"]["USA"] == ["G6"]
    assert g.snapshot()["automa_deck"]["position"] == 0
    assert g.snapshot()["dams"]["B1L"]["drops"] == 3


def test_AUTOMA_71_wu_builds_a_base_first():
    """AUTOMA-71 (Wu): card 5's first construction is an Elevation (as the Viktor Automa builds on B5U); a Wu
    Automa with the tile and machineries builds a Base instead (one more own dam, B5U still level 2)."""
    def run(officer):
        return automa_turn(5, 1, officer, automa={"energy": 12, "excavators": 10, "mixers": 10},
                           contracts={"display": {"green": ["G11", "G6"]}},
                           dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 0}}, conduits={"C5L": AUTOMA},
                           powerhouses={"P8_0": AUTOMA})
    wu, vik = run("Wu").snapshot(), run("Viktor").snapshot()
    own = lambda snap: sorted(d for d, v in snap["dams"].items() if v.get("owner") in (AUTOMA, "USA"))
    assert vik["dams"]["B5U"]["level"] == 3 and len(own(vik)) == 1
    assert wu["dams"]["B5U"]["level"] == 2 and len(own(wu)) == 2


# ---------------------------------------------------------------------------------------------------------------
# AUTOMA-71: Elon, Octavius, Amir
# ---------------------------------------------------------------------------------------------------------------

def _after_setup(level, officer="Elon", expansions=("promo",)):
    g = Game.new(GameConfig(players=2, expansions=expansions, officers=("Viktor", officer), automa=(0, level)),
                 seed=4)
    while g.phase == "setup":
        g.play(g.legal_codes()[0])
    return seat(g)


def test_AUTOMA_03_tommaso_below_level_4_has_no_architect():
    """AUTOMA-03: an Automa below level 4 uses no officer, so Tommaso's Architect is one more ordinary Engineer of its
    12 (none is kept back for AUTOMA-68); at level 4 it has the Architect (SETUP-21)."""
    assert _after_setup(3, "Tommaso", ("leeghwater",))["architect_in_supply"] is False
    assert _after_setup(4, "Tommaso", ("leeghwater",))["architect_in_supply"] is True


def test_AUTOMA_71_SETUP_21_level_4_elon_automa_starts_with_8_excamixers():
    """AUTOMA-71 (Elon) with SETUP-21: a level-4 Automa uses Elon, so it starts with his 8 Excamixers and no
    Excavators or Mixers (it may already have played its first turn: its Excamixers in supply + on the wheel are
    8, as nothing gives an Automa Excamixers); a level-3 Automa uses no officer (AUTOMA-03): SETUP-22's 6 + 4."""
    a4, a3 = _after_setup(4), _after_setup(3)
    wheel4 = sum(x.get("excamixers", 0) for x in a4["wheel"]["segments"].values())
    assert a4["excamixers"] + wheel4 == 8
    assert a3.get("excamixers", 0) == 0


def _elevation_turn(officer, **machines):
    """Card 5, energy 12 (no production, AUTOMA-13 b), B5U full (no water): the first construction entry builds an
    Elevation on B5U, 3 Mixers in the hills (CONSTRUCT-09)."""
    return automa_turn(5, 1, officer, automa={"energy": 12, **machines},
                       contracts={"display": {"green": ["G11", "G6"]}},
                       dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                       powerhouses={"P8_0": AUTOMA})


def test_AUTOMA_71_elon_spends_mixers_before_excamixers():
    """AUTOMA-71 (Elon): the Elevation's 3 Mixers are paid with its 1 Mixer first, then 2 Excamixers (OFFICER-ELON-01:
    an Excamixer may be spent as a Mixer); they go into the open segment with the tile (WHEEL-02). The Excavator it
    ends with comes from building its 2nd Elevation, as for a Viktor Automa paying 3 Mixers."""
    g = _elevation_turn("Elon", excavators=0, mixers=1, excamixers=8)
    v = _elevation_turn("Viktor", excavators=0, mixers=3)
    a = seat(g)
    assert g.snapshot()["dams"]["B5U"]["level"] == 3
    assert (a["excavators"], a["mixers"], a["excamixers"]) == (1, 0, 6)
    assert (seat(v)["excavators"], seat(v)["mixers"]) == (1, 0)
    assert a["wheel"]["segments"][0] == {"mixers": 1, "excamixers": 2, "tiles": ["elevation"]}


def test_AUTOMA_71_elon_excamixers_make_a_construction_possible():
    """AUTOMA-16 with AUTOMA-71 (Elon): with no plain machineries the Elevation is still built, all 3 Mixers paid
    in Excamixers."""
    g = _elevation_turn("Elon", excavators=0, mixers=0, excamixers=3)
    assert g.snapshot()["dams"]["B5U"]["level"] == 3
    assert seat(g)["excamixers"] == 0


OCTAVIUS = dict(dams={"B1L": {"owner": AUTOMA, "level": 3, "drops": 3}, "B5L": {"owner": AUTOMA, "level": 2,
                                                                                  "drops": 2}},
                conduits={"C1L": AUTOMA, "C5L": AUTOMA}, powerhouses={"P8_0": AUTOMA})


def test_AUTOMA_71_octavius_produces_from_every_source():
    """AUTOMA-71 (Octavius), OFFICER-OCTAVIUS-01: B1L (3 drops) through C1L (5) and B5L (2 drops) through C5L (3)
    both reach P8_0: one production of 3 x 5 + 2 x 3 = 21 energy, both dams emptied; R12 (10) fulfilled (10 VP).
    A Viktor Automa produces from the best single source, B1L: 15 energy, B5L keeps its 2 drops."""
    display = {"green": ["G11", "G6"], "red": ["R12", "R1"]}
    g = automa_turn(5, 1, "Octavius", contracts={"display": display, "national_board": []}, **OCTAVIUS)
    v = automa_turn(5, 1, "Viktor", contracts={"display": display, "national_board": []}, **OCTAVIUS)
    dams, vdams = g.snapshot()["dams"], v.snapshot()["dams"]
    assert seat(g)["energy"] == 21 and (dams["B1L"]["drops"], dams["B5L"]["drops"]) == (0, 0)
    assert seat(v)["energy"] == 15 and (vdams["B1L"]["drops"], vdams["B5L"]["drops"]) == (0, 2)
    assert g.snapshot()["contracts"]["fulfilled"]["USA"] == ["R12"]


@pytest.mark.parametrize("criteria, octavius, viktor", [(16, "B5L", "B10L"), (18, "B1L", "B8L"), (4, "B1L", "B1L")])
def test_AUTOMA_71_octavius_bases_linked_to_his_powerhouse(criteria, octavius, viktor):
    """AUTOMA-71 (Octavius), AUTOMA-30: card 1's Base entry with 10 Excavators, a powerhouse on P8_0 and no dam or
    conduit (no space completes a system, step 1). Before the card's criteria an Octavius Automa keeps the Base
    spaces whose basin has a conduit space into zone 8 (C1L, C5L, unbuilt): zones 1 and 5. With criteria cards 16
    and 18 a Viktor Automa builds elsewhere; card 4's criteria lead both to B1L."""
    def run(officer):
        g = automa_turn(1, criteria, officer, automa={"excavators": 10, "mixers": 0}, powerhouses={"P8_0": AUTOMA},
                        contracts={"display": {"green": ["G11", "G6"]}})
        return [d for d, x in g.snapshot()["dams"].items() if x.get("owner") == "USA"]
    assert (run("Octavius"), run("Viktor")) == ([octavius], [viktor])


def _amir_turn(officer, dams):
    """Card 5, energy 12 (no production): its water entry, 2 drops, delayed (AUTOMA-15)."""
    return automa_turn(5, 1, officer, automa={"energy": 12, "excavators": 0, "mixers": 0},
                       contracts={"display": {"green": ["G11", "G6"]}}, dams=dams,
                       conduits={"C1L": AUTOMA, "C5L": AUTOMA}, powerhouses={"P8_0": AUTOMA})


def test_AUTOMA_71_amir_drops_go_into_the_dam_of_the_best_system():
    """AUTOMA-71 (Amir), OFFICER-AMIR-01: the 2 drops flow at once and go straight into its dams: B1L (system value 5
    through C1L) before B5L (3 through C5L); nothing is put on a headstream. A Viktor Automa puts them on a
    headstream (delayed, AUTOMA-15)."""
    dams = {"B1L": {"owner": AUTOMA, "level": 3, "drops": 0}, "B5L": {"owner": AUTOMA, "level": 2, "drops": 0}}
    g = _amir_turn("Amir", dams).snapshot()
    assert (g["dams"]["B1L"]["drops"], g["dams"]["B5L"]["drops"]) == (2, 0)
    assert sum(h["drops"] for h in g["headstreams"].values()) == 0
    v = _amir_turn("Viktor", dams).snapshot()
    assert (v["dams"]["B1L"]["drops"], v["dams"]["B5L"]["drops"]) == (0, 0)
    assert sum(h["drops"] for h in v["headstreams"].values()) == 2


def test_AUTOMA_71_amir_fills_the_next_dam_when_the_best_is_full():
    """AUTOMA-71 (Amir): B1L (value 5) has room for 1 (level 1): the first drop goes there, the second into B5L."""
    dams = {"B1L": {"owner": AUTOMA, "level": 1, "drops": 0}, "B5L": {"owner": AUTOMA, "level": 2, "drops": 0}}
    g = _amir_turn("Amir", dams).snapshot()
    assert (g["dams"]["B1L"]["drops"], g["dams"]["B5L"]["drops"]) == (1, 1)
