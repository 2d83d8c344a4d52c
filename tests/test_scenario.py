"""Scenarios (DESIGN.md § Scenarios, docs/scenarios.md): snapshot/load round trips, validation, hand-written positions."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
import yaml

from sim import Game, ids, scenario
from sim import layout as L
from sim.errors import ConfigError

VARIANTS = [
    {"players": 2}, {"players": 3}, {"players": 4},
    {"players": 2, "intro": True}, {"players": 3, "intro": True}, {"players": 4, "intro": True},
    {"players": 3, "expansions": ("geological",)}, {"players": 4, "expansions": ("geological",)},
]


def _random_game(variant: dict, seed: int, visit=None) -> tuple[Game, list[int]]:
    """Plays a random game to the end, calling visit(game) at every position; returns it and its moves."""
    g = Game.new(dict(variant), seed=seed)
    rng = random.Random(seed * 1009 + variant["players"])
    while not g.is_over:
        if visit is not None:
            visit(g)
        g.play(rng.choice(list(g.legal_codes())))
    if visit is not None:
        visit(g)
    return g, list(g.moves)


def _id(v: dict) -> str:
    return f"{v['players']}p" + ("-intro" if v.get("intro") else "") + ("-geo" if v.get("expansions") else "")


# ---------------------------------------------------------------------------------------------------------------
# Round trips
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS, ids=_id)
@pytest.mark.parametrize("seed", [1, 2])
def test_snapshot_load_identical_state_at_every_position(variant, seed):
    count = [0]

    def visit(g: Game) -> None:
        doc = g.snapshot()
        assert "residue" not in doc, f"the named schema missed state fields: {doc['residue']}"
        h = scenario.load(doc)
        np.testing.assert_array_equal(h.state, g.state)
        assert list(h.legal_codes()) == list(g.legal_codes())
        assert h.current_player == g.current_player and h.is_over == g.is_over
        count[0] += 1

    _random_game(variant, seed, visit)
    assert count[0] > 20


@pytest.mark.parametrize("variant", VARIANTS, ids=_id)
def test_loaded_snapshot_plays_on_identically(variant):
    seed = 7
    final, moves = _random_game(variant, seed)
    g = Game.new(dict(variant), seed=seed)
    for i, m in enumerate(moves):
        if i % 9 == 0:
            h = scenario.load(g.snapshot())
            for m2 in moves[i:]:
                h.play(m2)
            assert h.is_over
            np.testing.assert_array_equal(h.state, final.state)
            assert h.result() == final.result()
        g.play(m)


def test_snapshot_survives_yaml_and_json():
    positions = []
    _random_game({"players": 3, "expansions": ("geological",)}, 5,
                 lambda g: positions.append((g.state.copy(), g.snapshot())) if g.round >= 2 and len(positions) < 25
                 else None)
    assert positions
    for state, doc in positions:
        text = scenario.dumps(doc)
        assert "!!python" not in text and "numpy" not in text
        np.testing.assert_array_equal(scenario.load(text).state, state)
        np.testing.assert_array_equal(scenario.load(json.loads(json.dumps(doc))).state, state)


def test_load_from_a_yaml_file(tmp_path):
    g, _ = _random_game({"players": 2}, 3)
    path = tmp_path / "end.yaml"
    path.write_text(scenario.dumps(g.snapshot()))
    for src in (path, str(path)):
        h = scenario.load(src)
        np.testing.assert_array_equal(h.state, g.state)
        assert h.is_over and h.result() == g.result()


def test_snapshot_of_a_fresh_game_is_in_the_setup_phase():
    g = Game.new(players=4, seed=12)
    doc = g.snapshot()
    assert doc["phase"] == "setup" and doc["round"] == 0
    assert doc["stack"][-1]["task"] == "setup_pick"
    assert all(c["company"] is None for c in doc["companies"])
    h = scenario.load(doc)
    assert [m.description for m in h.legal_moves()] == [m.description for m in g.legal_moves()]


def test_snapshot_does_not_change_the_game():
    g = Game.new(players=3, seed=4)
    for _ in range(30):
        g.play(g.legal_codes()[0])
    before = g.state.copy()
    g.snapshot()
    np.testing.assert_array_equal(g.state, before)


# ---------------------------------------------------------------------------------------------------------------
# Hand-written scenarios
# ---------------------------------------------------------------------------------------------------------------

VIKTOR = """
players: 3
round: 3
phase: actions
companies:
  1: {company: Germany, officer: Viktor, credits: 12, excavators: 8, mixers: 3}
dams:
  B5U: {owner: Germany, level: 2, drops: 2}
conduits: {C5L: Germany}          # production value 3, ends in zone 8
powerhouses: {P8_0: Germany}
decision: {task: main, seat: 1}
"""


def test_short_scenario_defaults():
    g = scenario.load(VIKTOR)
    assert (g.round, g.phase, g.current_player, g.pending) == (3, "actions", 1, "choose an action")
    doc = g.snapshot()
    c0, c1, c2 = doc["companies"]
    assert (c0["company"], c0["officer"]) == ("USA", "Wilhelm Adler")
    assert (c1["company"], c1["officer"]) == ("Germany", "Viktor Fiesler")
    assert (c2["company"], c2["officer"]) == ("Italy", "Graziano Del Monte")
    for c in (c0, c2):                                  # SETUP-20 starting resources
        assert (c["credits"], c["excavators"], c["mixers"], c["engineers"], c["vp"]) == (6, 6, 4, 12, 10)
        assert c["tiles"] == ["base", "elevation", "conduit", "powerhouse"]
    assert (c1["credits"], c1["excavators"], c1["mixers"]) == (12, 8, 3)
    assert c1["structures_left"] == {"base": 4, "elevation": 4, "conduit": 4, "powerhouse": 3}
    assert doc["turn_order"] == [0, 1, 2]
    assert doc["contracts"]["hand"] == {"USA": ["S1"], "Germany": ["S2"], "Italy": ["S3"]}
    assert doc["contracts"]["national_board"] == ["N1", "N2"]
    assert doc["contracts"]["display"] == {"green": ["G1", "G2"], "yellow": ["Y1", "Y2"], "red": ["R1", "R2"]}
    assert doc["stack"] == [{"task": "end_turn", "seat": 1}, {"task": "main", "seat": 1}]
    assert doc["counters"]["drops_created"] == 2
    assert len(doc["patent_office"]["drawn"]) == 9     # three Patent Office refills by round 3


def test_short_scenario_legal_moves_and_play():
    g = scenario.load(VIKTOR)
    descriptions = [m.description for m in g.legal_moves()]
    assert "Turbine Station +0: one production (left) [2 Engineers]" in descriptions
    assert "Construct on company-board space 1 [1 Engineer]" in descriptions
    assert "Pass" not in descriptions                  # TURN-09: Engineers left
    g.play(scenario.find_move(g, "Turbine Station +0: one production (left)"))
    assert [m.description for m in g.legal_moves()] == [
        "Produce 1 drop(s) from B5U through C5L to P8_0: 4 energy",     # OFFICER-VIKTOR-01: 3 counts as 4
        "Produce 2 drop(s) from B5U through C5L to P8_0: 6 energy"]
    g.play(scenario.find_move(g, "Produce 1 drop"))
    snap = g.snapshot()
    assert snap["companies"][1]["energy"] == 4
    assert snap["companies"][1]["engineers"] == 10
    assert snap["dams"]["B5U"]["drops"] == 1
    assert snap["action_spaces"] == {"turbine_0_L": {"seat": 1, "engineers": 2}}
    assert snap["stack"][-1] == {"task": "fulfil", "seat": 1, "energy": 4, "by_production": True}
    g.play(scenario.find_move(g, "Fulfil contract S2"))
    snap = g.snapshot()
    assert snap["contracts"]["fulfilled"] == {"Germany": ["S2"]}
    assert snap["current"] == 2 and snap["stack"][-1] == {"task": "main", "seat": 2}   # play goes on normally


def test_decision_frames_and_helper():
    doc = {"players": 2, "round": 2, "contracts": {"hand": {"USA": ["S1", "G3"]}},
           "decision": scenario.decision("fulfil", 0, energy=6)}
    g = scenario.load(doc)
    assert g.pending == "choose a contract to fulfil"
    # own hand only: not a production, so no national contract (REWARD-07, CONTRACT-09)
    assert [m.description for m in g.legal_moves()] == [
        "Fulfil no contract", "Fulfil contract S1 (needs 3)", "Fulfil contract G3 (needs 2)"]
    assert g.snapshot()["stack"] == [{"task": "end_turn", "seat": 0}, {"task": "fulfil", "seat": 0, "energy": 6}]


def test_phase_defaults_continue_the_round():
    doc = {"players": 2, "round": 2, "phase": "water_flow",
           "dams": {"B1U": {"owner": "USA", "level": 3}},
           "headstreams": {"HA": {"drops": 2}}}
    g = scenario.load(doc)                             # water flows, scoring, end of round, round 3 begins
    snap = g.snapshot()
    assert (snap["round"], snap["phase"]) == (3, "income")
    assert snap["dams"]["B1U"]["drops"] == 2            # WATER-11: both drops flow into the first dam
    # two elevations placed reveal USA's first elevation income: a machinery of choice (INCOME-01)
    assert (g.current_player, g.pending) == (0, "choose machineries")
    assert snap["stack"][:2] == [{"task": "actions_start"}, {"task": "headstreams"}]
    income = scenario.load({"players": 2, "round": 1, "phase": "income"})
    assert (income.round, income.phase, income.pending) == (1, "actions", "choose an action")


def test_explicit_stack_wheel_and_tiles():
    doc = {"players": 2, "round": 4,
           "companies": [{"company": "France", "officer": "Anton", "tiles": ["base", "anton"],
                          "wheel": {"open": 2, "segments": {3: {"excavators": 2, "tiles": ["conduit"]}}}}],
           "stack": [{"task": "end_turn", "seat": 0}, {"task": "main", "seat": 0}]}
    snap = scenario.load(doc).snapshot()
    c = snap["companies"][0]
    assert c["tiles"] == ["base", "anton"]
    assert c["wheel"] == {"open": 2, "segments": {3: {"excavators": 2, "tiles": ["conduit"]}}}
    assert snap["companies"][1]["company"] == "USA"


# ---------------------------------------------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------------------------------------------

BASE = {"players": 3, "round": 3, "phase": "actions"}
BAD = [
    ({"dams": {"B5X": "USA"}}, "dams.B5X:"),
    ({"dams": {"B5U": {"owner": "Spain"}}}, "dams.B5U.owner:"),
    ({"dams": {"B5U": {"owner": "France"}}}, "dams.B5U.owner:"),
    ({"dams": {"B5U": {"owner": "USA", "level": 4}}}, "dams.B5U.level:"),
    ({"dams": {"B5U": {"owner": "USA", "level": 2, "drops": 3}}}, "dams.B5U.drops:"),
    ({"dams": {"B5U": "USA", "B5L": "USA"}}, "dams.B5L:"),
    ({"conduits": {"C5Q": "USA"}}, "conduits.C5Q:"),
    ({"powerhouses": {"P8_0": "USA", "P8_1": "USA"}}, "powerhouses.P8_1:"),
    ({"headstreams": {"HE": {"drops": 1}}}, "headstreams.HE:"),
    ({"headstreams": {"HA": {"tile": 9}}}, "headstreams.HA.tile:"),
    ({"action_spaces": {"turbine_9_L": 0}}, "action_spaces.turbine_9_L:"),
    ({"action_spaces": {"turbine_p1_L": 0}}, "action_spaces.turbine_p1_L:"),
    ({"companies": {1: {"company": "Spain"}}}, "companies[1].company:"),
    ({"companies": {1: {"officer": "Bob"}}}, "companies[1].officer:"),
    ({"companies": {0: {"company": "USA"}, 1: {"company": "USA"}}}, "companies[1].company:"),
    ({"companies": [{"credits": -1}]}, "companies[0].credits:"),
    ({"companies": [{"credts": 1}]}, "companies[0].credts:"),
    ({"companies": {0: {"engineers": 3}}}, "companies[0].engineers:"),
    ({"companies": {0: {"structures_left": {"base": 3}}}}, "companies[0].structures_left.base:"),
    ({"companies": {0: {"wheel": {"open": 6}}}}, "companies[0].wheel.open:"),
    ({"companies": {0: {"tiles": ["L1_base"]}, 1: {"tiles": ["L1_base"]}}}, "companies[1].tiles:"),
    ({"companies": {0: {"tiles": ["L9_base"]}}}, "companies[0].tiles[0]:"),
    ({"companies": {0: {"vp": 20, "vp_by_source": {"start": 10}}}}, "companies[0].vp:"),
    ({"contracts": {"hand": {"USA": ["G99"]}}}, "contracts.hand.USA[0]:"),
    ({"contracts": {"hand": {"USA": ["G1"]}, "display": {"green": ["G1"]}}}, "contracts.display.green[0]:"),
    ({"contracts": {"display": {"green": ["Y1"]}}}, "contracts.display.green[0]:"),
    ({"contracts": {"national_board": ["G1"]}}, "contracts.national_board[0]:"),
    ({"patent_office": {"display": ["base"]}}, "patent_office.display[0]:"),
    ({"turn_order": [0, 0, 1]}, "turn_order:"),
    ({"passed": [3]}, "passed[0]:"),
    ({"phase": "lunch"}, "phase:"),
    ({"round": 7}, "round:"),
    ({"bonus_tiles": ["bases"]}, "bonus_tiles:"),
    ({"objective": "most"}, "objective:"),
    ({"decision": {"task": "mian", "seat": 1}}, "decision.task:"),
    ({"decision": {"task": "main", "seat": 1, "bogus": 1}}, "decision.bogus:"),
    ({"decision": {"task": "main", "seat": 4}}, "decision.seat:"),
    ({"stack": [{"task": "fulfil", "seat": 1}]}, "stack[0].energy:"),
    ({"stack": [{"task": "main", "seat": 1, "extra": 3}]}, "stack[0].extra:"),
    ({"stack": [{"task": "pay", "seat": 1, "space": "B1U", "tile": "xx"}]}, "stack[0].tile:"),
    ({"stack": [], "decision": {"task": "main"}}, "decision:"),
    ({"counters": {"drops_created": 5}}, "counters.drops_created:"),
    ({"geological_tokens": {5: "base_credits"}}, "geological_tokens:"),
    ({"mystery": 1}, "mystery:"),
    ({"players": 5}, "players:"),
    ({"expansions": ["duel"]}, "expansions:"),
    ({"intro": True, "companies": {0: {"company": "USA", "officer": "Viktor"}}}, "companies[0].officer:"),
]


@pytest.mark.parametrize("patch,path", BAD, ids=[p for _, p in BAD])
def test_invalid_scenarios_name_the_key(patch, path):
    with pytest.raises(ConfigError) as e:
        scenario.load({**BASE, **patch})
    msg = str(e.value)
    assert "\n" not in msg
    assert msg.startswith(path), msg
    assert len(msg.split(":", 1)[1].strip()) > 10      # says what would be right


def test_invalid_yaml_and_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="not valid YAML"):
        scenario.load("players: [3\nround: 2\n")
    with pytest.raises(ConfigError, match="does not exist"):
        scenario.load(tmp_path / "nope.yaml")
    with pytest.raises(ConfigError, match="mapping"):
        scenario.load("- 1\n- 2\n")


def test_find_move_reports_ambiguity():
    g = scenario.load(VIKTOR)
    with pytest.raises(LookupError, match="legal moves"):
        scenario.find_move(g, "Turbine Station")
    with pytest.raises(LookupError, match="no legal move"):
        scenario.find_move(g, "Fly to the moon")


def test_residue_keeps_fields_the_schema_does_not_name():
    g = Game.new(players=3, seed=2)
    while g.round < 2:
        g.play(g.legal_codes()[-1])
    g.state[L.SPACE_ENG + 5] = 9                      # engineers on a free space: no named section says this
    doc = g.snapshot()
    assert doc["residue"] == {"space_engineers[5]": 9}
    np.testing.assert_array_equal(scenario.load(doc).state, g.state)


def test_task_names():
    assert scenario.TASKS[ids.TK_MAIN] == "main" and scenario.TASKS[ids.TK_END_TURN] == "end_turn"
    assert yaml.safe_load(scenario.dumps({"a": [1, None]})) == {"a": [1, None]}


def test_run_until_stops_a_loaded_game_between_water_flow_and_scoring():
    """WATER-01 / SCORE-01 positions as data: a loaded game can stop at a phase boundary (after Water Flow, before
    Scoring), be snapshotted there, reloaded, and continued."""
    from sim import scenario
    from sim.errors import ConfigError
    from sim.game import IllegalMoveError

    doc = {"players": 2, "round": 2, "phase": "water_flow",
           "companies": {0: {"company": "USA", "officer": "Wilhelm"}, 1: {"company": "Italy", "officer": "Viktor"}},
           "dams": {"B1U": {"owner": 0, "level": 1, "drops": 0}}, "headstreams": {"HA": {"drops": 2}},
           "stack": [{"task": "water_phase"}]}
    g = scenario.load(doc, advance=False).run_until("scoring")
    assert g.stopped_at == "scoring" and g.legal_moves() == []
    snap = g.snapshot()
    assert snap["dams"]["B1U"]["drops"] == 1 and snap["headstreams"]["HA"]["drops"] == 0   # WATER-*: flowed
    assert snap["companies"][0]["vp"] == scenario.load(doc, advance=False).snapshot()["companies"][0]["vp"]
    assert scenario.load(snap, advance=False).stopped_at == "scoring"
    with pytest.raises(IllegalMoveError, match="stopped before scoring"):
        g.play(0)
    with pytest.raises(ConfigError, match="unknown phase 'water'"):
        g.run_until("water")
    g.run_until(None)
    assert g.stopped_at is None and g.round == 3 and g.phase == "actions"


def test_scenario_values_are_bounded_and_long_yaml_strings_are_yaml():
    """Issue #12.7: credits of 10**30 overflowed int64 (OverflowError); a long one-line YAML string was taken for a
    path (OSError)."""
    with pytest.raises(ConfigError, match=r"companies\[0\].credits: 1000000000000000000000000000000 is out of range"):
        scenario.load({"players": 2, "companies": {0: {"company": "USA", "officer": "Wilhelm", "credits": 10**30}}})
    text = "{players: 2, round: 2, phase: actions, companies: {0: {company: USA, officer: Wilhelm}}}" + " " * 5000
    assert scenario.load(text).round == 2
    g = Game.new(players=2, seed=2**62 - 1)
    assert scenario.load(g.snapshot()).snapshot() == g.snapshot()


def _turn_start_doc(decision: dict) -> dict:
    """Round 2, the Automa (seat 1, Italy + Mahiri, level 4) has passed; seat 0 (USA + Viktor, 12 Engineers) has
    not acted yet this round; the next Automa card is card 2."""
    rest = [k for k in range(1, 21) if k not in (1, 2, 5)]
    return {"players": 2, "round": 2, "phase": "actions", "turn_order": [1, 0], "current": 0, "passed": [1],
            "companies": {0: {"company": "USA", "officer": "Viktor", "credits": 10, "vp": 10},
                          1: {"company": "Italy", "officer": "Mahiri", "automa": 4, "excavators": 0, "mixers": 0,
                              "engineers": 0, "bank_engineers": 12}},
            "automa_deck": {"cards": [5, 2, 1] + rest, "position": 1},
            "contracts": {"hand": {1: []}}, "decision": decision}


def test_turn_start_decision_fires_AUTOMA_66_forced_first_action():
    """Issue #35, scenario API: `decision: {task: turn}` places a seat at the *start* of its turn, so the turn-start
    rules fire. AUTOMA-66: against a level-4 Mahiri Automa, seat 0's first action of the round is the Automa
    procedure (card 2 drawn: a base at B2U, paid as an Automa with 3 VP for the Excavators it lacks, 2 Engineers
    placed as Automa Engineers); then seat 0 chooses its second action. Placed at its main action instead, none of
    that happens (the old behaviour: the rule could not fire)."""
    started = scenario.load(_turn_start_doc({"task": "turn", "seat": 0}))
    doc = started.snapshot()
    p = next(c for c in doc["companies"] if c["seat"] == 0)
    assert doc["dams"] == {"B2U": {"owner": "USA", "level": 1, "drops": 0}}
    assert (p["engineers"], p["automa_engineers"], p["vp"]) == (10, 2, 7) and "automa" not in p
    assert doc["automa_deck"]["position"] == 2
    assert started.pending == "choose an action" and started.current_player == 0
    assert doc["stack"] == [{"task": "end_turn", "seat": 0}, {"task": "main", "seat": 0}]     # one end_turn
    as_stack = {k: v for k, v in _turn_start_doc({}).items() if k != "decision"}
    assert scenario.load({**as_stack, "stack": [{"task": "turn", "seat": 0}]}).snapshot() == doc  # = the stack form
    at_main = scenario.load(_turn_start_doc({"task": "main", "seat": 0})).snapshot()
    assert at_main["dams"] == {} and at_main["automa_deck"]["position"] == 1


def test_turn_start_decision_ends_a_Mahiri_copy():
    """OFFICER-MAHIRI-02: Mahiri's copy ends when the next turn of any company begins. Seat 1 (Mahiri) copies Viktor;
    a scenario starting seat 0's turn ends the copy, one placing seat 0 at its main action keeps it."""
    def doc(decision: dict) -> dict:
        return {"players": 2, "round": 1, "phase": "actions", "current": 0,
                "companies": {0: {"company": "USA", "officer": "Wilhelm"},
                              1: {"company": "Italy", "officer": "Mahiri", "effective_officer": "Viktor"}},
                "decision": decision}

    def mahiri(game: Game) -> dict:
        return next(c for c in game.snapshot()["companies"] if c["seat"] == 1)

    assert "effective_officer" not in mahiri(scenario.load(doc({"task": "turn", "seat": 0})))
    assert mahiri(scenario.load(doc({"task": "main", "seat": 0})))["effective_officer"].startswith("Viktor")
