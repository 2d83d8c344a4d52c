"""Leeghwater and promo officers without buildings or external works (RULES.md §14): OFFICER-TOMMASO-01 (TURN-11,
DECISION-22), OFFICER-SIMONE-01 (CONTRACT-04/11), OFFICER-WU-01 (CONTRACT-12), OFFICER-GENNARO-01 (RECON-05/06),
OFFICER-AMIR-01 (WATER-13), OFFICER-MAHIRI-03 copying them, and the officer pool by module (SETUP-13,
OFFICER-NONAME-01).

Positions are scenarios (docs/scenarios.md): seat 0 chooses an action in round 2 of a 2-player game (USA) unless
stated, with 30 Credits, 20 Excavators and 20 Mixers.
"""
from __future__ import annotations

import pytest

from sim import Game, scenario
from sim.config import GameConfig
from sim.errors import ConfigError
from sim.fidelity import check_strict

RICH = {"credits": 30, "excavators": 20, "mixers": 20}
ARCH = ", with the Architect alone (an extra turn follows)"
TAKE1 = "Contract Office: take 1 (left) [1 Engineer]"
DECLINE = "Decline the Architect's extra turn"
WU_SPACE = "Wu Fang's space: energy = drops in his dams, then fulfil one own contract [1 Engineer]"
GENNARO_SPACE = "Construct on Gennaro Grasso's space [1 Engineer]"
MAHIRI_SPACE = "Mahiri's officer space: copy an officer and take an extra action"


def load(officer: str, me: dict | None = None, expansions=("leeghwater", "promo"), **doc):
    companies = {0: {"officer": officer, **RICH, **(me or {})}, **doc.pop("companies", {})}
    base = {"players": 2, "round": 2, "phase": "actions", "expansions": list(expansions), "companies": companies,
            "decision": {"task": "main", "seat": 0}}
    doc = {**base, **doc}
    if doc["decision"] is None:
        del doc["decision"]
    return scenario.load(doc)


def descs(g) -> list[str]:
    return [m.description for m in g.legal_moves()]


def me(g, seat: int = 0) -> dict:
    return g.snapshot()["companies"][seat]


def play(g, text: str) -> None:
    g.play(scenario.find_move(g, text))


def hand(g, seat: int = 0) -> list[str]:
    return sorted(g.snapshot()["contracts"]["hand"].get(me(g, seat)["company"], []))


def fulfilled(g, seat: int = 0) -> list[str]:
    return sorted(g.snapshot()["contracts"]["fulfilled"].get(me(g, seat)["company"], []))


def offers(g) -> set[str]:
    return {m.description.split()[-3] if m.description.startswith("Fulfil contract") else "none"
            for m in g.legal_moves()}


# ---------------------------------------------------------------------------------------------------------------
# Tommaso Battista: the Architect
# ---------------------------------------------------------------------------------------------------------------

def test_OFFICER_TOMMASO_01_SETUP_21_eleven_engineers_and_the_architect():
    """SETUP-21 / OFFICER-TOMMASO-01: after a real setup Tommaso has 12 Engineers, one of them the Architect."""
    g = Game.new({"players": 2, "expansions": ["leeghwater"], "officers": ["Tommaso", "Viktor"]}, seed=3)
    while g.phase == "setup":
        g.play(g.legal_codes()[0])
    s = next(c for c in g.snapshot()["companies"] if c["officer"] == "Tommaso Battista")
    assert s["engineers"] == 12 and s["architect_in_supply"] is True


def test_OFFICER_TOMMASO_01_TURN_11_extra_turn_after_refill():
    """OFFICER-TOMMASO-01 / TURN-11 / CONTRACT-14: the Architect alone on Contract Office take-1 (1 Engineer); the
    display is refilled to 6 before Tommaso's extra turn; the extra turn may be declined (DECISION-22), has no
    Architect move (it is placed), and then seat 1 plays."""
    g = load("Tommaso", contracts={"hand": {0: []}})
    assert TAKE1 + ARCH in descs(g)
    play(g, TAKE1 + ARCH)
    g.play(g.legal_codes()[0])                                   # the contract taken
    assert g.current_player == 0 and g.pending == "choose an action"
    snap = g.snapshot()
    assert sum(1 for slot in snap["contracts"]["display"].values() for k in slot if k) == 6
    s = me(g)
    assert s["engineers"] == 11 and s["architect_in_supply"] is False and len(hand(g)) == 1
    moves = descs(g)
    assert DECLINE in moves and not any(m.endswith(ARCH) for m in moves) and "Pass" not in moves
    play(g, DECLINE)
    assert g.current_player == 1 and me(g)["engineers"] == 11


def test_OFFICER_TOMMASO_01_extra_turn_is_a_full_turn():
    """OFFICER-TOMMASO-01: in the extra turn Tommaso takes a 2-Engineer action (Workshop rotate 3, 5 Credits):
    Engineers 12 - 1 - 2 = 9, Credits 30 - 2 (Machinery Shop) - 5 = 23, then seat 1."""
    g = load("Tommaso")
    play(g, "Machinery Shop: 1 Excavator (left) [1 Engineer, 2 Credits]" + ARCH)
    play(g, "Workshop: rotate the wheel 3 (left) [2 Engineers, 5 Credits]")
    s = me(g)
    assert (s["engineers"], s["credits"], s["excavators"]) == (9, 23, 21)
    assert g.current_player == 1


def test_OFFICER_TOMMASO_01_DECISION_22_no_architect_on_bank_or_two_engineer_spaces():
    """DECISION-22: the Bank and 2-Engineer spaces have no Architect move; banking all 12 Engineers places the
    Architect as an ordinary Engineer (12 Credits, no extra turn)."""
    g = load("Tommaso")
    arch = [m for m in descs(g) if m.endswith(ARCH)]
    assert arch and all("[1 Engineer" in m for m in arch) and not any(m.startswith("Bank") for m in arch)
    assert "Construct on company-board space 1 [1 Engineer]" + ARCH in arch
    play(g, "Bank: 12 Engineers for 12 Credits")
    s = me(g)
    assert s["credits"] == 42 and s["engineers"] == 0 and s["architect_in_supply"] is False
    assert g.current_player == 1


def test_OFFICER_TOMMASO_01_LWP_D14_architect_on_a_one_engineer_building_space():
    """OFFICER-TOMMASO-01 / LWP-BUILD-05: a private building's action space printed with 1 Engineer (Financial
    Division space 1) takes the Architect alone, with the extra turn; its 2-Engineer spaces (Control Station) and the
    external works (2 Engineers) do not. The Architect's action: +5 Credits, 11 Engineers left, Tommaso moves again."""
    board = ["Financial Division", "Control Station", "Loan Agency", "Research Lab", "Wind Farm"]
    g = load("Tommaso", leeghwater={"buildings": board, "slots": {"Financial Division": [0, None, None, None],
                                                                  "Control Station": [0, None, None, None]}})
    arch = [m for m in descs(g) if m.endswith(ARCH)]
    assert "Financial Division action, space 1 [1 Engineer]" + ARCH in arch
    assert not any(m.startswith(("Control Station", "Take external work")) for m in arch)
    play(g, "Financial Division action, space 1 [1 Engineer]" + ARCH)
    s = me(g)
    assert (s["credits"], s["engineers"], s["architect_in_supply"]) == (35, 11, False)
    assert g.current_player == 0 and DECLINE in descs(g)


def test_OFFICER_TOMMASO_01_last_engineer_is_the_architect():
    """OFFICER-TOMMASO-01: with only the Architect left, a 1-Engineer space is taken with or without the extra
    turn (declining it is the plain move); a 2-Engineer space cannot be taken."""
    g = load("Tommaso", {"engineers": 1, "bank_engineers": 11})
    moves = descs(g)
    assert TAKE1 in moves and TAKE1 + ARCH in moves
    assert not any("[2 Engineers" in m for m in moves)
    play(g, TAKE1)
    g.play(g.legal_codes()[0])
    assert g.current_player == 1 and me(g)["architect_in_supply"] is False


def test_OFFICER_TOMMASO_01_EOR_02_architect_returns():
    """EOR-02: the Architect returns with the other Engineers at the End of Round."""
    g = load("Tommaso", {"bank_engineers": 12, "architect_in_supply": False}, phase="end_of_round",
             decision=None)
    s = me(g)
    assert g.round == 3 and s["engineers"] == 12 and s["architect_in_supply"] is True


def test_OFFICER_MAHIRI_03_copying_tommaso_gives_an_extra_turn():
    """OFFICER-MAHIRI-03: Mahiri copying Tommaso places one Engineer as the Architect on a 1-Engineer space in
    her extra action, then takes another turn (the copy has ended: no Architect move); Engineers 12 - 1 - 1."""
    g = load("Mahiri", mahiri_pool=["Tommaso Battista", "Wilhelm Adler", "Viktor Fiesler"])
    play(g, MAHIRI_SPACE)
    play(g, "Copy Tommaso Battista")
    play(g, "Machinery Shop: 1 Excavator (left) [1 Engineer, 2 Credits]" + ARCH)
    assert g.current_player == 0 and g.pending == "choose an action"
    s = me(g)
    assert s["engineers"] == 10 and s.get("effective_officer", s["officer"]) == "Mahiri Sekibo"
    moves = descs(g)
    assert DECLINE in moves and not any(m.endswith(ARCH) for m in moves)


# ---------------------------------------------------------------------------------------------------------------
# Simone Luciani: hand limit 4, several contracts per production
# ---------------------------------------------------------------------------------------------------------------

def _simone(hand_: list[str], officer: str = "Simone"):
    """Seat 0: 1 drop in its B1U, its C1L (5) to its P8_0: Turbine +2 gives E = 7."""
    return load(officer, dams={"B1U": {"owner": 0, "level": 1, "drops": 1}}, conduits={"C1L": 0},
                powerhouses={"P8_0": 0}, contracts={"hand": {0: hand_}})


def test_OFFICER_SIMONE_01_CONTRACT_11_one_production_fulfils_several():
    """CONTRACT-11: E = 7 fulfils G13 (4), then up to 7 - 4 = 3 more: G6 (3) but not Y1 (5); after G6 nothing is
    left (G3 needs 2). Rewards: G13 5 VP + 1 Excavator, G6 4 Credits + 1 Excavator."""
    g = _simone(["G13", "G6", "G3", "Y1"])
    play(g, "Turbine Station +2: one production (left)")
    assert offers(g) == {"none", "G13", "G6", "G3", "Y1"}
    play(g, "Fulfil contract G13")
    assert offers(g) == {"none", "G6", "G3"}
    play(g, "Fulfil contract G6")
    assert g.current_player == 1
    s = me(g)
    assert (s["energy"], s["credits"], s["excavators"], s["vp"]) == (7, 34, 22, 15)
    assert hand(g) == ["G3", "Y1"] and fulfilled(g) == ["G13", "G6"]


def test_CONTRACT_06_without_simone_one_contract_only():
    """CONTRACT-06: the same production by another officer fulfils G13 and stops."""
    g = _simone(["G13", "G6", "G3"], officer="Viktor")
    play(g, "Turbine Station +2: one production (left)")
    play(g, "Fulfil contract G13")
    assert g.current_player == 1 and hand(g) == ["G3", "G6"]


def test_OFFICER_SIMONE_01_CONTRACT_04_hand_limit_4():
    """CONTRACT-04: Simone takes a 4th contract and keeps all 4; a 5th forces a discard back to 4."""
    g = load("Simone", contracts={"hand": {0: ["G3", "G6", "Y1"]}})
    play(g, TAKE1)
    g.play(g.legal_codes()[0])
    assert g.current_player == 1 and len(hand(g)) == 4
    g = load("Simone", contracts={"hand": {0: ["G3", "G6", "Y1", "G13"]}})
    play(g, TAKE1)
    g.play(g.legal_codes()[0])
    assert g.pending == "choose a contract to discard" and g.current_player == 0
    play(g, "Discard contract G3")
    assert len(hand(g)) == 4 and "G3" not in hand(g)


# ---------------------------------------------------------------------------------------------------------------
# Wu Fang: energy from the drops in his dams
# ---------------------------------------------------------------------------------------------------------------

def _wu(**kw):
    return load("Wu", dams={"B1U": {"owner": 0, "level": 2, "drops": 2}, "B5U": {"owner": 0, "level": 1, "drops": 1},
                            "B2U": {"owner": 1, "level": 1, "drops": 1}},
                contracts={"hand": {0: ["G6", "G13"]}, "national_board": ["N1"]}, **kw)


def test_OFFICER_WU_01_CONTRACT_12_energy_from_own_drops_and_one_own_contract():
    """OFFICER-WU-01 / CONTRACT-12: 2 + 1 drops in Wu's dams (not the opponent's B2U) give 3 energy, no bonus;
    the drops stay; one own contract up to 3 may be fulfilled (G6, not G13 = 4, never the national N1)."""
    g = _wu()
    play(g, WU_SPACE)
    assert offers(g) == {"none", "G6"}
    play(g, "Fulfil contract G6")
    assert g.current_player == 1
    snap = g.snapshot()
    s = snap["companies"][0]
    assert (s["energy"], s["engineers"], s["wu_space_engineers"], s["credits"]) == (3, 11, 1, 34)
    assert {d: snap["dams"][d]["drops"] for d in ("B1U", "B5U", "B2U")} == {"B1U": 2, "B5U": 1, "B2U": 1}
    assert hand(g) == ["G13"] and fulfilled(g) == ["G6"]


def test_OFFICER_WU_01_once_per_round_and_not_without_drops():
    """OFFICER-WU-01: the space is used once per round (free again after the End of Round); with no drop in his
    dams it is not offered (decision W-1)."""
    assert WU_SPACE not in descs(_wu(companies={0: {"officer": "Wu", **RICH, "wu_space_engineers": 1}}))
    assert WU_SPACE not in descs(load("Wu"))
    g = _wu(companies={0: {"officer": "Wu", **RICH, "wu_space_engineers": 1}}, phase="end_of_round", decision=None)
    s = me(g)
    assert g.round == 3 and s["engineers"] == 12 and "wu_space_engineers" not in s


# ---------------------------------------------------------------------------------------------------------------
# Gennaro Grasso: an extra construction space (reconstructed cost)
# ---------------------------------------------------------------------------------------------------------------

def test_OFFICER_GENNARO_01_RECON_05_extra_space_outside_the_order():
    """OFFICER-GENNARO-01 / RECON-05: Gennaro's space (1 Engineer, 0 Credits, reconstructed) builds a mountain
    Base (5 Excavators) without using a company-board space; it is then closed for the round."""
    g = load("Gennaro")
    play(g, GENNARO_SPACE)
    play(g, "Build a Base on B1L with tile base")
    s = me(g)
    assert (s["engineers"], s["credits"], s["excavators"]) == (11, 30, 15)
    assert s["construction_spaces_used"] == 0 and s["gennaro_space_engineers"] == 1
    play(g, "Bank: 1 Engineer for 1 Credit")
    moves = descs(g)
    assert GENNARO_SPACE not in moves and "Construct on company-board space 1 [1 Engineer]" in moves


def test_OFFICER_GENNARO_01_CONSTRUCT_03_fifth_construction():
    """CONSTRUCT-03: with the 4 company-board spaces used, Gennaro's space still gives a 5th construction."""
    g = load("Gennaro", {"construction_spaces_used": 4})
    moves = descs(g)
    assert GENNARO_SPACE in moves and not any(m.startswith("Construct on company-board") for m in moves)


def test_RECON_06_promo_runs_report_reconstructed_data():
    """RECON-06: the promo module's tables list promo.yaml (Gennaro's space) as reconstructed, so the game's
    fidelity is reconstructed and --strict-fidelity refuses it; the base game is official."""
    info = Game.new({"players": 2, "expansions": ["promo"]}, seed=1).info
    assert info.data_fidelity == (("map_base.yaml", "official"), ("promo.yaml", "reconstructed"))
    assert info.map_fidelity == "reconstructed"
    base = Game.new({"players": 2}, seed=1).info
    assert base.data_fidelity == (("map_base.yaml", "official"),) and base.map_fidelity == "official"
    with pytest.raises(ConfigError, match="promo.yaml has fidelity reconstructed"):
        check_strict(GameConfig(players=2, expansions=("promo",)).variant)
    check_strict(GameConfig(players=2, expansions=("leeghwater",)).variant)


# ---------------------------------------------------------------------------------------------------------------
# Amir Zahir: drops flow at once or go straight into his dams
# ---------------------------------------------------------------------------------------------------------------

def test_OFFICER_AMIR_01_delayed_drop_may_flow_at_once():
    """OFFICER-AMIR-01: of Water Management's 2 delayed drops, the first flows now from HA into his empty B1U
    (level 1), the second waits on HA."""
    g = load("Amir", dams={"B1U": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Water Management: 2 drops (delayed) (left) [1 Engineer]")
    assert "Drop on headstream HA (flows now, Amir Zahir)" in descs(g)
    play(g, "Drop on headstream HA (flows now, Amir Zahir)")
    play(g, "Drop on headstream HA (flows in the Water Flow phase)")
    snap = g.snapshot()
    assert snap["dams"]["B1U"]["drops"] == 1 and snap["headstreams"]["HA"]["drops"] == 1


def test_OFFICER_AMIR_01_WATER_13_immediate_drop_straight_into_his_dam():
    """OFFICER-AMIR-01 / WATER-13: the 1-drop action's drop goes straight into his B9U (level 2, 1 drop, not on
    HA's river); full dams and other companies' dams are not offered."""
    g = load("Amir", dams={"B9U": {"owner": 0, "level": 2, "drops": 1}, "B1U": {"owner": 0, "level": 1, "drops": 1},
                           "B2U": {"owner": 1, "level": 2, "drops": 0}})
    play(g, "Water Management: 1 drop (flows now) (left) [1 Engineer]")
    into = [m for m in descs(g) if m.startswith("Drop straight into")]
    assert into == ["Drop straight into B9U (Amir Zahir)"]
    play(g, into[0])
    assert g.snapshot()["dams"]["B9U"]["drops"] == 2 and g.current_player == 1


def test_OFFICER_AMIR_01_other_officers_have_no_choice():
    """OFFICER-AMIR-01 is Amir's only: Viktor's delayed drop has no flow-now option."""
    g = load("Viktor", dams={"B1U": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Water Management: 2 drops (delayed) (left) [1 Engineer]")
    assert not any("Amir" in m for m in descs(g))


# ---------------------------------------------------------------------------------------------------------------
# The officer pool by module (SETUP-13, OFFICER-NONAME-01)
# ---------------------------------------------------------------------------------------------------------------

PROMO_PLAYABLE = {"Elon Audia", "Gennaro Grasso", "Wu Fang", "Dr. Octavius", "Amir Zahir"}
LWP_PLAYABLE = {"Tommaso Battista", "Simone Luciani", "Leslie Spencer", "Margot Fouche"}


def test_SETUP_13_promo_and_leeghwater_officers_dealt_only_with_their_module():
    """SETUP-13: with --expansion leeghwater,promo the pairings deal the base, Leeghwater and promo officers; never
    OFFICER-NONAME-01's."""
    seen = set()
    for seed in range(40):
        g = Game.new({"players": 4, "expansions": ["leeghwater", "promo"]}, seed=seed)
        seen |= {p["officer"] for p in g.snapshot()["setup"]["pairings"]}
    assert PROMO_PLAYABLE | LWP_PLAYABLE <= seen
    assert not seen & {"Franz de Lasse", "Angelo Alberti"}
    base = set()
    for seed in range(40):
        base |= {p["officer"] for p in Game.new({"players": 4, "expansions": ["promo"]}, seed=seed)
                 .snapshot()["setup"]["pairings"]}
    assert not base & LWP_PLAYABLE


@pytest.mark.parametrize("officers, expansions, words", [
    (("Wu", "Viktor"), (), "add --expansion promo"),
    (("Tommaso", "Viktor"), ("promo",), "add --expansion leeghwater"),
    (("Margot", "Viktor"), ("promo",), "add --expansion leeghwater"),
    (("Leslie", "Viktor"), (), "add --expansion leeghwater"),
    (("Franz de Lasse", "Viktor"), ("promo",), "OFFICER-NONAME-01"),
])
def test_SETUP_13_officer_outside_the_modules_is_refused(officers, expansions, words):
    """SETUP-13 / OFFICER-NONAME-01: an officer the chosen modules do not deal is refused in one line."""
    with pytest.raises(ConfigError, match=words):
        GameConfig(players=2, officers=officers, expansions=expansions)


def test_SETUP_13_scenario_officer_outside_the_modules_is_refused():
    """SETUP-13: a scenario naming Wu without the promo module is refused, naming the fix."""
    with pytest.raises(ConfigError, match="add --expansion promo"):
        load("Wu", expansions=())


def test_AUTOMA_71_level_4_automa_with_the_promo_pool():
    """AUTOMA-71: a level-4 Automa may be dealt any promo officer at random (each one's Automa rule is in the
    engine, tests/test_officers_automa.py); levels 1-3 (no officer, AUTOMA-03) play with the modules too."""
    GameConfig(players=2, automa=(0, 4), expansions=("promo",))
    GameConfig(players=2, automa=(0, 3), expansions=("promo", "leeghwater"))


# ---------------------------------------------------------------------------------------------------------------
# Elon Audia: Excamixers
# ---------------------------------------------------------------------------------------------------------------

def test_OFFICER_ELON_01_SETUP_21_starts_with_8_excamixers():
    """SETUP-21 / OFFICER-ELON-01: Elon starts with 8 Excamixers and no Excavators or Mixers; an Automa holding
    him starts as every Automa, 6 Excavators and 4 Mixers (SETUP-22)."""
    g = Game.new({"players": 2, "expansions": ["promo"], "officers": ["Elon", "Viktor"]}, seed=4)
    while g.phase == "setup":
        g.play(g.legal_codes()[0])
    s = next(c for c in g.snapshot()["companies"] if c["officer"] == "Elon Audia")
    assert (s["excavators"], s["mixers"], s["excamixers"]) == (0, 0, 8)
    a = Game.new(GameConfig(players=2, expansions=("promo",), officers=("Viktor", "Elon"), automa=(0, 2)), seed=4)
    while a.phase == "setup":
        a.play(a.legal_codes()[0])
    s = next(c for c in a.snapshot()["companies"] if c["officer"] == "Elon Audia")
    wheel = sum(x.get("excavators", 0) + x.get("mixers", 0) for x in s["wheel"]["segments"].values())
    assert s.get("excamixers", 0) == 0 and s["excavators"] + s["mixers"] + wheel == 10   # its turns may have built


def test_OFFICER_ELON_01_excamixer_pays_as_excavator_and_goes_on_the_wheel():
    """OFFICER-ELON-01 / CONSTRUCT-08 / WHEEL-02: a mountain Base (5 Excavators) with 2 Excavators and 8
    Excamixers: 3 ways (2+3, 1+4, 0+5); 2 Excavators + 3 Excamixers go into the open segment with the tile."""
    g = load("Elon", {"excavators": 2, "mixers": 0, "excamixers": 8})
    play(g, "Construct on company-board space 1 [1 Engineer]")
    play(g, "Build a Base on B1L with tile base")
    assert sorted(descs(g)) == ["Pay 0 Excavators, 0 Mixers, 5 Excamixers", "Pay 1 Excavators, 0 Mixers, 4 Excamixers",
                                "Pay 2 Excavators, 0 Mixers, 3 Excamixers"]
    play(g, "Pay 2 Excavators, 0 Mixers, 3 Excamixers")
    s = me(g)
    assert (s["excavators"], s["excamixers"]) == (0, 5)
    assert s["wheel"]["segments"] == {0: {"excavators": 2, "excamixers": 3, "tiles": ["base"]}}


def test_OFFICER_ELON_01_WHEEL_03_excamixers_return_as_excamixers():
    """WHEEL-03: Excamixers on the wheel come back as Excamixers (Workshop rotate 1: segment 1 returns 3)."""
    g = load("Elon", {"excamixers": 0, "mixers": 0, "wheel": {"open": 0, "segments": {1: {"excamixers": 3,
                                                                                          "mixers": 1}}}})
    play(g, "Workshop: rotate the wheel 1 (left) [1 Engineer]")
    s = me(g)
    assert (s["excamixers"], s["mixers"]) == (3, 1)


def test_OFFICER_ELON_01_END_04_excamixers_count_for_resources():
    """END-04: 0 Credits + 3 (zero-energy round 5) + 2 Excamixers = 5 items: 1 VP; without them 3 items: 0 VP."""
    def final(officer, me_):
        g = load(officer, me_, round=5, phase="water_flow", decision=None)
        return g.snapshot()["companies"][0]["vp_by_source"].get("resources", 0)
    assert final("Elon", {"credits": 0, "excavators": 0, "mixers": 0, "excamixers": 2}) == 1
    assert final("Viktor", {"credits": 0, "excavators": 0, "mixers": 0}) == 0


# ---------------------------------------------------------------------------------------------------------------
# Dr. Octavius: one production from several dams
# ---------------------------------------------------------------------------------------------------------------

def _octavius(officer="Octavius"):
    """Seat 0: its B1U (1 drop) with its C1L (5) and a neutral B5L (level 2, 2 drops) with seat 1's C5L (3), both
    ending in zone 8 where seat 0 has P8_0; Turbine +2."""
    return load(officer, dams={"B1U": {"owner": 0, "level": 1, "drops": 1},
                               "B5L": {"owner": "neutral", "level": 2, "drops": 2}},
                conduits={"C1L": 0, "C5L": 1}, powerhouses={"P8_0": 0}, contracts={"hand": {0: []}})


def test_OFFICER_OCTAVIUS_01_PRODUCE_16_two_dams_one_production():
    """OFFICER-OCTAVIUS-01: 1 drop from B1U via C1L (5) and 2 from the neutral B5L via seat 1's C5L (3, paid 2
    Credits, +2 VP to seat 1): base 5 + 6 = 11, + 2 (Turbine) once = 13 energy; both dams empty. No dam is left
    to add, so the production ends without asking (P-01)."""
    g = _octavius()
    play(g, "Turbine Station +2: one production (left)")
    play(g, "Produce 1 drop(s) from B1U through C1L to P8_0")
    assert sorted(descs(g)) == ["Add no more dams: 7 energy", "Also produce 1 drop(s) from B5L through C5L (+3 base)",
                                "Also produce 2 drop(s) from B5L through C5L (+6 base)"]
    play(g, "Also produce 2 drop(s) from B5L through C5L (+6 base)")
    assert offers(g) == {"none", "N1"}                       # PRODUCE-13: E = 13 reaches the national N1 (13)
    play(g, "Fulfil no contract")
    snap = g.snapshot()
    s, o = snap["companies"][0], snap["companies"][1]
    assert (s["energy"], s["credits"]) == (13, 28)
    assert o["vp_by_source"].get("conduits") == 2
    assert snap["dams"]["B1U"]["drops"] == 0 and snap["dams"]["B5L"]["drops"] == 0


def test_OFFICER_OCTAVIUS_01_stop_after_the_first_dam():
    """OFFICER-OCTAVIUS-01: adding dams is optional; stopping after B1U gives the usual 7."""
    g = _octavius()
    play(g, "Turbine Station +2: one production (left)")
    play(g, "Produce 1 drop(s) from B1U through C1L to P8_0")
    play(g, "Add no more dams: 7 energy")
    s = me(g)
    assert (s["energy"], s["credits"]) == (7, 30) and g.current_player == 1


def test_PRODUCE_16_others_use_one_dam():
    """PRODUCE-16: without Octavius a production uses exactly one dam: no further dam is offered."""
    g = _octavius("Viktor")
    play(g, "Turbine Station +2: one production (left)")
    play(g, "Produce 1 drop(s) from B1U through C1L to P8_0")
    assert g.current_player == 1 and me(g)["energy"] == 7


def test_SETUP_13_experiments_check_officers_against_every_setup():
    """SETUP-13 in experiments: a balance sweep fixing Wu needs the promo module in every setup it varies; the
    promo module's sweep covers its officers; a 5-player-map experiment needs 4 players (FIVEP-01)."""
    from experiments.experiment_config import ExperimentConfig

    def config(**d):
        return ExperimentConfig.from_dict({"kind": "balance", "players": [4], "strategies": ["random"], **d}).validated()

    with pytest.raises(ConfigError, match="add --expansion promo"):
        config(officers=["Wu Fang"], expansions=[[], ["promo"]])
    assert config(officers=["Wu", "Viktor"], expansions=["promo"]).officers == ("Wu Fang", "Viktor Fiesler")
    with pytest.raises(ConfigError, match="FIVEP-01"):
        config(players=[3], map="five_player")
    assert config(map="five_player", expansions=["promo"]).map == "five_player"


def test_scenario_round_trip_with_the_new_officers_state():
    """docs/scenarios.md: `load(g.snapshot())` is the same position (snapshot and legal moves) at the new officers'
    decisions and state: the Architect's extra turn, Octavius' pending production, Excamixers on the wheel, Wu's
    and Gennaro's spaces used, Amir's drop choices."""
    import random

    kinds = set()
    for seed in range(2):
        g = Game.new({"players": 4, "expansions": ["leeghwater", "promo"],
                      "officers": ["Tommaso", "Octavius", "Elon", ("Gennaro", "Amir")[seed]]}, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not g.is_over:
            codes = list(g.legal_codes())
            descs_ = [g.describe(m) for m in codes]
            special = any(k in d for d in descs_ for k in ("Architect", "Also produce", "Amir", "Excamixers"))
            if special or step % 25 == 0:
                snap = g.snapshot()
                h = scenario.load(snap)
                assert h.snapshot() == snap and list(h.legal_codes()) == codes
                kinds.add(g.pending)
            g.play(int(rng.choice(codes)))
            step += 1
    assert "choose an action" in kinds
    g = _octavius()                                           # Octavius' production between two dams
    play(g, "Turbine Station +2: one production (left)")
    play(g, "Produce 1 drop(s) from B1U through C1L to P8_0")
    snap = g.snapshot()
    h = scenario.load(snap)
    assert h.snapshot() == snap and list(h.legal_codes()) == list(g.legal_codes())
    assert snap["stack"][-1]["task"] == "more_dams" and snap["stack"][-1]["base"] == 5


def test_DECISION_23_CONTRACT_11_simone_with_france_adds_3_once():
    """DECISION-23 / CONTRACT-11 / COMPANY-FRA-01: France (3 powerhouses: ability on, bonus +1) with Simone:
    E = 5 + 2 + 1 = 8, bound 8 + 3 = 11 once for the sum: Y11 (7) leaves 4, G6 (3) leaves 1, G3 (2) no longer fits
    (with -3 per contract it would)."""
    g = load("Simone", {"company": "France"}, dams={"B1U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C1L": 0}, powerhouses={"P8_0": 0, "P5_0": 0, "P6_0": 0},
             contracts={"hand": {0: ["Y11", "G6", "G3"]}, "national_board": ["N1"]})
    play(g, "Turbine Station +2: one production (left)")
    assert me(g)["energy"] == 8 and offers(g) == {"none", "Y11", "G6", "G3"}
    play(g, "Fulfil contract Y11")
    assert offers(g) == {"none", "G6", "G3"}
    play(g, "Fulfil contract G6")
    assert g.current_player == 1 and hand(g) == ["G3"] and fulfilled(g) == ["G6", "Y11"]


def test_OFFICER_MAHIRI_03_copying_simone_hand_cut_back_when_the_copy_ends():
    """OFFICER-MAHIRI-02/03, CONTRACT-04 (decision O-05): copying Simone, Mahiri takes a 4th contract and keeps
    it; when the next turn begins the copy ends and she discards down to 3 at once, before seat 1 acts."""
    g = load("Mahiri", mahiri_pool=["Simone Luciani", "Wilhelm Adler", "Viktor Fiesler"],
             contracts={"hand": {0: ["G3", "G6", "Y1"]}})
    play(g, MAHIRI_SPACE)
    play(g, "Copy Simone Luciani")
    play(g, TAKE1)
    g.play(g.legal_codes()[0])
    assert g.current_player == 0 and g.pending == "choose a contract to discard"
    assert len(hand(g)) == 4 and me(g).get("effective_officer", "Mahiri Sekibo") == "Mahiri Sekibo"
    play(g, "Discard contract G3")
    assert g.current_player == 1 and hand(g) == ["G1", "G6", "Y1"]          # G1: the contract she took
