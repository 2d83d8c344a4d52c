"""Issue #33 item 1: every number of a company's or officer's ability is data (`ability_values` of its entry in
components.yaml, the officer spaces' costs in `action_spaces.officer_spaces`, Gennaro's space in promo.yaml),
reachable by `--override`, with the official values as defaults.

Each rule test builds an exact position (docs/scenarios.md), then plays it on under tables compiled with one knob
overridden (`under`): the rule then does exactly what the knob says. The official values given as overrides leave
a pinned game bit for bit unchanged (tests/test_play_pinned.py).
"""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from sim import Game, ids, scenario
from sim.errors import ConfigError
from sim.overrides import all_knobs
from sim.tables import compile_tables
from tests.test_cli import assert_one_line_error, barrage
from tests.test_play_pinned import CASES, play as play_pinned

RICH = {"credits": 30, "excavators": 20, "mixers": 20}
WILHELM = "executive_officers.Wilhelm Adler.ability_values.base_excavators"
SOLOMON = "executive_officers.Solomon P. Jordan.ability_values.credits_per_machinery"


def under(g: Game, *overrides: tuple[str, int]) -> Game:
    """The position of g, played on with tables compiled under the (path, value) overrides."""
    return Game(dataclasses.replace(g.config, overrides=overrides), g.state.copy())


def position(company: str, officer: str, players: int = 3, me: dict | None = None, **doc) -> Game:
    """Seat 0 (company + officer, 30 Credits, 20 Excavators, 20 Mixers) chooses an action in round 2."""
    companies = {0: {"company": company, "officer": officer, **RICH, **(me or {})}, **doc.pop("companies", {})}
    return scenario.load({"players": players, "round": 2, "phase": "actions", "companies": companies,
                          "decision": {"task": "main", "seat": 0}, **doc})


def play(g: Game, text: str) -> None:
    g.play(scenario.find_move(g, text))


def descs(g: Game) -> list[str]:
    return [m.description for m in g.legal_moves()]


def seat0(g: Game) -> dict:
    return g.snapshot()["companies"][0]


# ---------------------------------------------------------------------------------------------------------------
# officers
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cost", [3, 1, 7])
def test_OFFICER_WILHELM_01_base_excavators_is_a_knob(cost):
    """OFFICER-WILHELM-01: Wilhelm's mountain Base (B1L, printed 5) costs his ability value in Excavators: the
    official 3, or what the override says."""
    g = under(position("France", "Wilhelm"), (WILHELM, cost))
    play(g, "Construct on company-board space")
    play(g, "Build a Base on B1L with tile base")
    s = seat0(g)
    assert s["excavators"] == 20 - cost and s["wheel"]["segments"] == {0: {"excavators": cost, "tiles": ["base"]}}


def test_OFFICER_SOLOMON_01_credits_per_machinery_is_a_knob():
    """OFFICER-SOLOMON-01: with 5 Credits per machinery a mountain Base (5 Excavators) is offered as 5 - s
    Excavators + 5s Credits; paying 2 Excavators + 15 Credits leaves 15 Credits."""
    g = under(position("France", "Solomon"), (SOLOMON, 5))
    play(g, "Construct on company-board space")
    play(g, "Build a Base on B1L with tile base")
    assert sorted(descs(g)) == sorted(f"Pay {5 - s} Excavators, 0 Mixers" + (f", {5 * s} Credits for {s} machineries"
                                                                            if s else "") for s in range(6))
    play(g, "Pay 2 Excavators, 0 Mixers, 15 Credits for 3 machineries")
    assert (seat0(g)["excavators"], seat0(g)["credits"]) == (18, 15)


def test_OFFICER_JILL_01_mixers_per_production_value_is_a_knob():
    """OFFICER-JILL-01: a value-4 conduit (C1R) in Mixers costs value x her ability value: 4 x 2 = 8 Mixers."""
    g = under(position("France", "Jill"), ("executive_officers.Jill McDowell.ability_values.mixers_per_production_value",
                                           2))
    play(g, "Construct on company-board space")
    play(g, "Build a Conduit on C1R with tile conduit")
    assert sorted(descs(g)) == ["Pay 0 Excavators, 8 Mixers", "Pay 8 Excavators, 0 Mixers"]


def test_OFFICER_VIKTOR_01_production_minimum_is_a_knob():
    """OFFICER-VIKTOR-01: with a minimum of 7, 1 drop (3) and 2 drops (6) through C5L both count as 7; 3 drops
    (9) stay 9."""
    g = position("Germany", "Viktor", players=2, dams={"B5U": {"owner": 0, "level": 3, "drops": 3}},
                 conduits={"C5L": 0}, powerhouses={"P8_0": 0})
    g = under(g, ("executive_officers.Viktor Fiesler.ability_values.production_minimum", 7))
    play(g, "Turbine Station +0: one production (left)")
    assert sorted(d for d in descs(g) if d.startswith("Produce")) == [
        f"Produce {k} drop(s) from B5U through C5L to P8_0: {e} energy" for k, e in ((1, 7), (2, 7), (3, 9))]


@pytest.mark.parametrize("capacity", [2, 4, 6])
def test_OFFICER_GRAZIANO_01_level_3_capacity_is_a_knob(capacity):
    """OFFICER-GRAZIANO-01 / WATER-03: 11 drops from HA in the Water Flow phase: Graziano's level-3 B8U holds his
    ability value (official 4), the neutral level-3 B8L holds 3, the rest leaves the map. The override is the
    scenario's own (variant.overrides, docs/scenarios.md)."""
    doc = {"variant": {"players": 2, "overrides": {
               "executive_officers.Graziano Del Monte.ability_values.level_3_capacity": capacity}},
           "round": 5, "phase": "water_flow",
           "companies": {0: {"company": "Italy", "officer": "Graziano"}, 1: {"company": "USA", "officer": "Viktor"}},
           "dams": {"B8U": {"owner": 0, "level": 3, "drops": 0}, "B8L": {"owner": "neutral", "level": 3, "drops": 0}},
           "headstreams": {"HA": {"drops": 11}}}
    s = scenario.load(doc).snapshot()
    assert {d: s["dams"][d]["drops"] for d in ("B8U", "B8L")} == {"B8U": capacity, "B8L": 3}
    assert s["counters"]["drops_removed"] == 11 - capacity - 3


def extra_credits(officer: str) -> str:
    return f"executive_officers.{officer}.extra_starting_credits"


@pytest.mark.parametrize("extra", [0, 4, -6])
def test_SETUP_20_21_an_officers_extra_starting_credits_shift_its_companys_start(extra):
    """SETUP-20/21 and the designer's knob `extra_starting_credits` (0 in the published game): the company paired
    with Graziano starts with 6 + extra Credits, Mahiri's with her 9 + extra; the other seats keep 6."""
    from sim.config import GameConfig

    config = GameConfig(players=3, companies=("USA", "Germany", "Italy"),
                        officers=("Graziano Del Monte", "Mahiri Sekibo", "Viktor Fiesler"),
                        overrides=((extra_credits("Graziano Del Monte"), extra),
                                   (extra_credits("Mahiri Sekibo"), extra)))
    g = Game.new(config, seed=11)
    while g.snapshot()["phase"] == "setup":          # SETUP-15: each seat takes its pairing and starting contract
        g.play(g.legal_moves()[0])
    credits = {c["officer"]: c["credits"] for c in g.snapshot()["companies"]}
    assert credits == {"Graziano Del Monte": 6 + extra, "Mahiri Sekibo": 9 + extra, "Viktor Fiesler": 6}


def test_SETUP_21_extra_starting_credits_cannot_start_a_company_in_debt():
    """SETUP-21: Mahiri starts with 9 Credits, so -9 is the lowest shift the tables accept; -10 is refused in one
    line naming the knob and the lowest value."""
    from sim.variant import Variant

    t, _ = compile_tables(Variant(players=2, overrides=((extra_credits("Mahiri Sekibo"), -9),)))
    assert t.officer_start_credits[ids.OFFICER_NAMES.index("Mahiri Sekibo")] == 0
    with pytest.raises(ConfigError) as e:
        compile_tables(Variant(players=2, overrides=((extra_credits("Mahiri Sekibo"), -10),)))
    assert str(e.value) == (f"{extra_credits('Mahiri Sekibo')}: -10 would start Mahiri Sekibo with -1 Credits; "
                            "use -9 or more (a company cannot start in debt)")


def test_every_officer_has_an_extra_starting_credits_knob():
    """Every officer of the data (base, Leeghwater, promo) has the knob, official value 0, range -30 .. 30."""
    knobs = {k.path: (k.official, k.low, k.high) for k in all_knobs() if k.path.endswith(".extra_starting_credits")}
    assert knobs == {extra_credits(n): (0, -30, 30) for n in ids.OFFICER_NAMES}


def test_a_snapshot_keeps_its_overrides():
    """A game under overrides snapshots them (variant.overrides) and `load(snapshot)` plays on under the same rules:
    Wilhelm's Base at 1 Excavator, then the same state as the original after the same moves."""
    g = under(position("France", "Wilhelm"), (WILHELM, 1))
    snap = g.snapshot()
    assert snap["variant"]["overrides"] == {WILHELM: 1}
    h = scenario.load(snap)
    for x in (g, h):
        play(x, "Construct on company-board space")
        play(x, "Build a Base on B1L with tile base")
    assert seat0(h)["excavators"] == 19 and np.array_equal(g.state, h.state)


@pytest.mark.parametrize("fee, credits_after", [(3, 27), (0, 30), (8, 22)])
def test_OFFICER_MAHIRI_01_second_space_credits_are_a_knob(fee, credits_after):
    """OFFICER-MAHIRI-01: her second use in a round costs 1 Engineer + `second_use_credits` (official 3)."""
    g = position("France", "Mahiri", me={"mahiri_uses": 1},
                 mahiri_pool=["Wilhelm Adler", "Anton Krylov", "Graziano Del Monte"])
    g = under(g, ("action_spaces.officer_spaces.Mahiri Sekibo.second_use_credits", fee))
    eng = seat0(g)["engineers"]
    play(g, "Mahiri's officer space")
    play(g, "Copy Wilhelm Adler")
    s = seat0(g)
    assert (s["engineers"], s["credits"], s["mahiri_uses"]) == (eng - 1, credits_after, 2)


def test_OFFICER_WU_01_energy_per_drop_and_space_cost_are_knobs():
    """OFFICER-WU-01: 3 drops in Wu's dams at 2 energy each give 6 energy, so Y1 (6) may be fulfilled; his space
    taking 2 Engineers and 1 Credit leaves 10 Engineers and 29 Credits."""
    g = position("USA", "Wu", players=2, expansions=["promo"],
                 dams={"B1U": {"owner": 0, "level": 2, "drops": 2}, "B5U": {"owner": 0, "level": 1, "drops": 1}},
                 contracts={"hand": {0: ["G6", "Y1"]}})
    g = under(g, ("executive_officers.Wu Fang.ability_values.energy_per_drop", 2),
              ("action_spaces.officer_spaces.Wu Fang.engineers", 2), ("action_spaces.officer_spaces.Wu Fang.credits", 1))
    space = "Wu Fang's space: energy = drops in his dams x 2, then fulfil one own contract [2 Engineers + 1 Credits]"
    play(g, space)
    assert {m.description.split()[2] for m in g.legal_moves() if m.description != "Fulfil no contract"} == \
        {"G6", "Y1"}
    play(g, "Fulfil contract Y1")
    s = seat0(g)
    assert (s["energy"], s["engineers"], s["wu_space_engineers"], s["credits"]) == (6, 10, 2, 29)


def test_OFFICER_GENNARO_01_promo_space_cost_is_a_knob():
    """OFFICER-GENNARO-01 / RECON-05: Gennaro's reconstructed space (promo.yaml) costs what `promo.gennaro_space`
    says: 2 Engineers + 4 Credits build a mountain Base outside the company-board order."""
    g = position("France", "Gennaro", players=2, expansions=["promo"])
    g = under(g, ("promo.gennaro_space.engineers", 2), ("promo.gennaro_space.credits", 4))
    play(g, "Construct on Gennaro Grasso's space [2 Engineers + 4 Credits]")
    play(g, "Build a Base on B1L with tile base")
    s = seat0(g)
    assert (s["engineers"], s["credits"], s["excavators"], s["gennaro_space_engineers"]) == (10, 26, 15, 2)


def test_OFFICER_LESLIE_01_rotate_wheel_is_a_knob():
    """OFFICER-LESLIE-01: EWA1's Excavator and her tile go onto the open segment 0, then the wheel turns her ability
    value in steps: 3 (official 1) leaves segment 3 open."""
    g = position("France", "Leslie", expansions=["leeghwater"], leeghwater={"external_works": {
        "display": ["EWA1", "EWB1", "EWA5"], "deck": ["EWA1", "EWB1", "EWA5", "EWA2", "EWA3", "EWA4", "EWB2", "EWB3",
                                                      "EWB4", "EWB5", "EWC1", "EWC2", "EWC3", "EWC4", "EWC5"]}})
    g = under(g, ("executive_officers.Leslie Spencer.ability_values.rotate_wheel", 3))
    play(g, "Take external work EWA1 (1 Excavators) on space 1, paid onto Leslie's wheel")
    assert seat0(g)["wheel"] == {"open": 3, "segments": {0: {"excavators": 1, "tiles": ["leslie"]}}}


# ---------------------------------------------------------------------------------------------------------------
# companies
# ---------------------------------------------------------------------------------------------------------------

def test_COMPANY_NED_01_drops_after_production_is_a_knob():
    """COMPANY-NED-01: with 2 drops after a production the active Netherlands chooses a dam twice (never the one
    just used, never a neutral dam): B2U and B4U get one each."""
    dams = {"B1U": {"owner": 0, "level": 2, "drops": 2}, "B2U": {"owner": 0, "level": 1},
            "B3U": {"owner": "neutral", "level": 1}, "B4U": {"owner": 0, "level": 2, "drops": 1}}
    g = position("Netherlands", "Graziano", expansions=["leeghwater"], dams=dams, conduits={"C1R": 0},
                 powerhouses={"P5_0": 0, "P6_0": 0, "P7_0": 0})
    g = under(g, ("companies.Netherlands.ability_values.drops_after_production", 2))
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 1 drop(s) from B1U through C1R to P5_0")
    play(g, "Fulfil no contract")
    assert sorted(descs(g)) == ["Decline", "Put a drop into B2U", "Put a drop into B4U"]
    play(g, "Put a drop into B2U")
    assert sorted(descs(g)) == ["Decline", "Put a drop into B4U"]
    play(g, "Put a drop into B4U")
    assert {d: g.snapshot()["dams"][d]["drops"] for d in ("B1U", "B2U", "B4U")} == {"B1U": 1, "B2U": 1, "B4U": 2}


@pytest.mark.parametrize("extra", [3, 0, 5])
def test_COMPANY_ITA_01_energy_per_production_is_a_knob(extra):
    """COMPANY-ITA-01: active Italy (3 powerhouses, bonus +1), 1 drop through C5L (3): 3 + 1 + its ability value."""
    g = position("Italy", "Wilhelm", players=2, dams={"B5U": {"owner": 0, "level": 1, "drops": 1}},
                 conduits={"C5L": 0}, powerhouses={"P8_0": 0, "P9_0": 0, "P10_0": 0}, contracts={"hand": {0: []}})
    g = under(g, ("companies.Italy.ability_values.energy_per_production", extra))
    play(g, "Turbine Station +0: one production (left)")
    assert seat0(g)["energy"] == 3 + 1 + extra


def test_COMPANY_FRA_01_contract_reduction_is_a_knob():
    """COMPANY-FRA-01: active France produces E = 4 (1 drop through C5L, +1); with a reduction of 4 instead of 3
    the red R1 (8) qualifies as well as G13 (4) and Y11 (7)."""
    g = position("France", "Wilhelm", dams={"B5U": {"owner": 0, "level": 3, "drops": 1}}, conduits={"C5L": 0},
                 powerhouses={"P8_0": 0, "P10_0": 0, "P9_0": 0}, contracts={"hand": {0: ["G13", "Y11", "R1"]}})
    g = under(g, ("companies.France.ability_values.contract_reduction", 4))
    play(g, "Turbine Station +0: one production (left)")
    assert {d.split()[2] if d != "Fulfil no contract" else "none" for d in descs(g)} == {"none", "G13", "Y11", "R1"}


def test_COMPANY_USA_01_energy_per_drop_is_a_knob():
    """COMPANY-USA-01: an immediate drop on HB passes two active USA sites (P5, P9): 2 x 3 energy."""
    g = position("USA", "Wilhelm", players=2, powerhouses={"P5_0": 0, "P9_1": 0, "P12_0": 0},
                 companies={1: {"company": "Italy", "officer": "Graziano"}})
    g = under(g, ("companies.USA.ability_values.energy_per_drop", 3))
    play(g, "Water Management: 1 drop (flows now) (left)")
    play(g, "Drop on headstream HB")
    assert seat0(g)["energy"] == 6


# ---------------------------------------------------------------------------------------------------------------
# official values, list positions, ranges
# ---------------------------------------------------------------------------------------------------------------

ABILITY_KNOBS = [k for k in all_knobs() if ".ability_values." in k.path or k.path.startswith(
    ("action_spaces.officer_spaces.", "promo.gennaro_space."))]


def test_every_ability_number_is_a_knob_with_its_official_value():
    """Issue #33: the ability knobs `barrage list knobs` shows, with the official values (RULES.md §13-14)."""
    assert {k.path: (k.official, k.low, k.high) for k in ABILITY_KNOBS} == {
        "companies.USA.ability_values.energy_per_drop": (1, 0, 10),
        "companies.Italy.ability_values.energy_per_production": (3, 0, 30),
        "companies.France.ability_values.contract_reduction": (3, 0, 30),
        "companies.Netherlands.ability_values.drops_after_production": (1, 0, 5),
        "executive_officers.Wilhelm Adler.ability_values.base_excavators": (3, 0, 15),
        "executive_officers.Graziano Del Monte.ability_values.level_3_capacity": (4, 0, 10),
        "executive_officers.Viktor Fiesler.ability_values.production_minimum": (4, 0, 30),
        "executive_officers.Jill McDowell.ability_values.mixers_per_production_value": (1, 0, 5),
        "executive_officers.Solomon P. Jordan.ability_values.credits_per_machinery": (3, 0, 20),
        "executive_officers.Leslie Spencer.ability_values.rotate_wheel": (1, 0, 5),
        "executive_officers.Wu Fang.ability_values.energy_per_drop": (1, 0, 10),
        "action_spaces.officer_spaces.Mahiri Sekibo.engineers": (1, 1, 1_000_000),
        "action_spaces.officer_spaces.Mahiri Sekibo.credits": (0, 0, 1_000_000),
        "action_spaces.officer_spaces.Mahiri Sekibo.second_use_credits": (3, 0, 1_000_000),
        "action_spaces.officer_spaces.Margot Fouche.engineers": (1, 1, 1_000_000),
        "action_spaces.officer_spaces.Margot Fouche.credits": (0, 0, 1_000_000),
        "action_spaces.officer_spaces.Wu Fang.engineers": (1, 1, 1_000_000),
        "action_spaces.officer_spaces.Wu Fang.credits": (0, 0, 1_000_000),
        "promo.gennaro_space.engineers": (1, 1, 3),
        "promo.gennaro_space.credits": (0, 0, 10),
        "promo.gennaro_space.uses_per_round": (1, 1, 1),
    }


def test_official_values_as_overrides_compile_the_same_tables():
    """Every knob given its official value compiles tables identical to no override at all (all expansions)."""
    from sim.variant import Variant

    expansions = ("leeghwater", "promo", "geological")
    base, _ = compile_tables(Variant(players=4, expansions=expansions))
    same, _ = compile_tables(Variant(players=4, expansions=expansions,
                                     overrides=tuple((k.path, k.official) for k in all_knobs())))
    assert all(np.array_equal(base[name], same[name]) for name in base.dtype.names)


def test_official_ability_values_as_overrides_leave_a_pinned_game_unchanged():
    """tests/test_play_pinned.py's 4-player greedy batch, with every ability knob given its official value as an
    override: the same digest and VP, bit for bit."""
    name, config, strategies, seed, games, digest, vp = CASES[0]
    assert name == "greedy-4p"
    config = dataclasses.replace(config, overrides=tuple((k.path, k.official) for k in ABILITY_KNOBS))
    assert play_pinned(config, strategies, seed, games) == (digest, vp)


def test_overrides_reach_list_positions():
    """Issue #33 item 2: an income keyed by its piece count set to 0 is no reward part at all (the reward row and
    its order lose it); a list of mappings without ids by position; an item whose name holds dots; a number in a
    flat list by position (round 3 of headstream tile 1)."""
    from sim.variant import Variant

    t, _ = compile_tables(Variant(players=2, overrides=(
        ("companies.USA.income.base.2.rotate_wheel", 0),
        ("action_spaces.company_board_construction.3.credits", 1),
        (SOLOMON, 4),
        ("headstream_tiles.1.drops.2", 5))))
    base, _ = compile_tables(Variant(players=2))
    rid = t.income_reward[ids.USA, 0, 0]
    assert base.rewards[rid, ids.RK_ROTATE] == 1 and list(base.reward_order[rid, :2]) == [ids.RK_ROTATE, -1]
    assert t.rewards[rid].sum() == 0 and t.reward_order[rid, 0] == -1
    assert list(t.constr_fee) == [0, 0, 0, 1] and t.ability[ids.AV_SOLOMON_CREDITS] == 4
    assert (base.head_tile_drops[0, 2], t.head_tile_drops[0, 2]) == (2, 5)     # tile id 1 (a name before a position)


@pytest.mark.parametrize("path, value, message", [
    (WILHELM, 16, f"overrides.{WILHELM}: 16 is out of range; use 0 .. 15"),
    ("companies.France.ability_values.contract_reduction", -1,
     "overrides.companies.France.ability_values.contract_reduction: -1 is negative; use 0 .. 30"),
    ("promo.gennaro_space.engineers", 4, "overrides.promo.gennaro_space.engineers: 4 is out of range; use 1 .. 3"),
    ("action_spaces.officer_spaces.Wu Fang.engineers", 0,
     "overrides.action_spaces.officer_spaces.Wu Fang.engineers: 0 is out of range; use 1 .. 1,000,000"),
    ("executive_officers.Wilhelm Adler.ability_values.base_cost", 2, "no key 'base_cost'"),
    ("contracts.green.G1.bga_id", 7, "overrides.contracts.green.G1.bga_id: names which item this is, not a rule"),
])
def test_an_override_outside_its_range_is_refused(path, value, message):
    from sim.variant import Variant

    with pytest.raises(ConfigError) as e:
        compile_tables(Variant(players=2, overrides=((path, value),)))
    assert message in str(e.value) and "\n" not in str(e.value)


def test_cli_lists_ability_knobs_and_refuses_one_out_of_range_in_one_line(tmp_path):
    """`barrage list knobs` shows each ability knob's official value and range; `barrage play` refuses a value
    outside it with a one-line error (exit 2) naming the path and the range."""
    p = barrage("list", "knobs", "--json")
    assert p.returncode == 0, p.stderr
    rows = {r["path"]: r for r in json.loads(p.stdout)}
    assert rows[WILHELM] == {"path": WILHELM, "official": 3, "kind": "whole number", "range": "0 .. 15"}
    assert rows["promo.gennaro_space.credits"]["range"] == "0 .. 10"
    out = tmp_path / "t"
    p = barrage("tournament", "-p", "2", "-n", "4", "--override", f"{SOLOMON}=21", "--out", str(out), "-q")
    assert_one_line_error(p, f"overrides.{SOLOMON}: 21 is out of range; use 0 .. 20")
    assert not out.exists()
