"""The event log (sim.events): every state change of a game as an event with its rule ID, adding up to the result."""
from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from experiments.play import play_game
from sim import ids
from sim import layout as L
from sim.config import GameConfig
from sim.events import energy_by_round, totals
from sim.game import Game

GAMES = {
    "automa3": (GameConfig(players=2), 8, "greedy,automa:level=3"),
    "greedy4": (GameConfig(players=4), 7, "greedy"),
    "mahiri": (GameConfig(players=2, officers=("Viktor Fiesler", "Mahiri Sekibo")), 21, "greedy,automa:level=4"),
    "geo3": (GameConfig(players=3, expansions=("geological",)), 1, "greedy"),
    "duel": (GameConfig(players=2, map="duel", duel=True), 11, "greedy"),
}


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {name: play_game(config, seed, bots) for name, (config, seed, bots) in GAMES.items()}


def _events(games, kind: str) -> list[tuple[Game, dict]]:
    out = [(g, e) for g in games.values() for e in g.events() if e["kind"] == kind]
    assert out, f"no {kind} event in the sample games"
    return out


def _co(c: int) -> int:
    return L.COMPANY_BASE + c * L.CO_SIZE


@pytest.mark.parametrize("name", list(GAMES))
def test_events_add_up_to_the_final_VP_breakdown_and_the_energy_track(games, name):
    """END-01, SCORE-01, TERM-09: summed event by event, the gains give every seat's final VP by source and its
    energy of each round (the End-of-Round reset left out), and the logged game is the game played without a log."""
    g = games[name]
    ev = g.events()
    n = g.config.players
    summed = totals(ev, n)
    energy = energy_by_round(ev, n)
    for r in g.result():
        assert {k: v for k, v in r.vp_by_source.items() if v} == summed[r.seat].get("vp", {})
        assert list(r.energy_by_round) == energy[r.seat]
    resets = [e for e in ev if e["kind"] == "energy_reset"]
    for e in resets:                                       # EOR-01: the reset takes back exactly the round's energy
        assert -e["gain"]["energy"] == energy[e["seat"]][e["round"] - 1]
    config, seed, bots = GAMES[name]
    plain = Game.replay(g.config, seed, g.moves, record_events=False)
    assert np.array_equal(plain.state, g.state) and plain.events() == []


def test_every_event_has_round_phase_seat_kind_rule_and_is_json(games):
    for g in games.values():
        for e in g.events():
            assert {"round", "phase", "seat", "kind", "rule"} <= set(e)
            assert e["phase"] in ids.PHASE_NAMES and 0 <= e["round"] <= 5
            json.dumps(e)
        assert "change" not in Counter(e["kind"] for e in g.events())   # every change has its own kind


def test_PRODUCE_06_production_arithmetic_term_by_term(games):
    """PRODUCE-06/10: drops x value, Viktor's minimum, the action's modifier, the company bonus and the geological
    bonus add up to the energy, which is the energy the move's description announced and the seat gained."""
    for g, e in _events(games, "production"):
        assert e["base"] == e["drops"] * e["value"]
        total = e["base"] + e["viktor_minimum"] + e["modifier"] + e["company_bonus"] + e["geological_bonus"]
        assert total == e["energy"] == e["gain"]["energy"] >= 1
        assert e["viktor_minimum"] == 0 or e["base"] <= 3


def test_PRODUCE_11_a_forced_production_is_logged_with_its_arithmetic(games):
    """PRODUCE-11: in round 1 of the seeded Automa game the production had a single option; the forced move and its
    arithmetic are logged (issue #18: it used to be missing)."""
    ev = games["automa3"].events()
    i = next(i for i, e in enumerate(ev) if e["kind"] == "move" and e["forced"] and e["rule"] == "PRODUCE-11")
    assert ev[i]["round"] == 1 and ev[i + 1]["kind"] == "production"
    line = next(x for x in games["automa3"].log if "production B3L -> C3R -> P6_1" in x)
    assert line.startswith("R1 ") and line.endswith("1 drop x 3 = 3 energy [PRODUCE-06]")
    modified = next(x for x in games["automa3"].log if "production B3L -> C3R -> P6_0" in x)
    assert "1 drop x 3 = 3, -1 action = 2 energy; pays 1 for the conduit to Italy" in modified


def test_PRODUCE_05_conduit_payment_matches_the_drops(games):
    """PRODUCE-05: a foreign conduit's owner receives one Credit (and VP) per drop produced through it."""
    for g, e in _events(games, "conduit_payment"):
        assert e["gain"]["vp"]["conduits"] >= e["credits"] > 0


def test_PRODUCE_12_WATER_04_each_drop_has_a_path_and_stops_or_leaves(games):
    """WATER-04..07: a drop event names its start, the nodes it passed and the dam that held it or its exit;
    drops produced leave from the powerhouse site (PRODUCE-12)."""
    for g, e in _events(games, "drop"):
        assert e["left_map"] == (e["held_by"] is None)
        assert e["held_by"] is None or e["held_by"] in g.info.dam_ids
        if e["rule"] == "PRODUCE-12":
            assert e["start"].startswith("site ")


def test_WATER_11_every_headstream_drop_flows_in_the_water_flow_phase(games):
    """INCOME-08, WATER-10/11: the drops flowing in a round's Water Flow are the headstream drops of the round
    plus the delayed drops placed during the actions."""
    for g in games.values():
        ev = g.events()
        for r in range(1, 6):
            head = sum(e["drops"] for e in ev if e["kind"] == "headstream" and e["round"] == r)
            delayed = sum(1 for e in ev if e["kind"] == "move" and e["round"] == r and e["rule"] == "WATER-16"
                          and "Water Flow phase" in e["text"])
            flowed = sum(1 for e in ev if e["kind"] == "drop" and e["rule"] == "WATER-11" and e["round"] == r)
            if g.config.automa:                            # an Automa places its delayed drops inside its turn
                assert flowed >= head + delayed
            else:
                assert flowed == head + delayed


def test_INCOME_08_headstream_drops_as_printed(games):
    """INCOME-08: each headstream gets the drops its tile prints for the round (none in round 5, ROUND-03)."""
    for g, e in _events(games, "headstream"):
        h = g.info.headstream_ids.index(e["headstream"])
        assert e["round"] <= 4
        assert e["drops"] == g.tables.head_tile_drops[g.state[L.HEAD_TILE + h], e["round"] - 1]


def test_INCOME_01_one_event_per_revealed_income(games):
    """INCOME-01/04: an income event per revealed income (pieces 2, 4, 5 of a row), its gain the reward's resources;
    the 5th piece gives 7 VP."""
    for g, e in _events(games, "income"):
        assert e["piece"] in (2, 4, 5)
        if e["piece"] == 5:
            assert e["gain"]["vp"]["incomes"] == 7


def test_CONTRACT_08_contract_reward(games):
    """CONTRACT-08, REWARD-01: a player's fulfilled contract gives the reward's resources as the event's gain."""
    for g, e in _events(games, "contract"):
        k = g.info.contract_ids.index(e["contract"])
        assert e["requirement"] == g.tables.contract_req[k]
        if g.state[_co(e["seat"]) + L.C_AUTOMA] == 0:
            gain = e.get("gain", {})
            assert gain.get("vp", {}).get("contracts", 0) == e["reward"].get("vp", 0)
            for key, part in (("credits", "credits"), ("excavators", "excavators"), ("mixers", "mixers"),
                              ("energy", "energy")):
                assert gain.get(key, 0) == e["reward"].get(part, 0)


def test_SCORE_02_energy_award(games):
    """SCORE-02..04: the sole energy leader of a round gets 6 VP (2 players: 6 and 2)."""
    for g in games.values():
        for r in range(1, 6):
            award = [e for e in g.events() if e["kind"] == "energy_award" and e["round"] == r]
            assert len(award) == g.config.players
            best = max(e["energy"] for e in award)
            leaders = [e for e in award if e["energy"] == best]
            if len(leaders) == 1 and best > 0:
                assert leaders[0]["vp"] == g.tables.award[0]


def test_SCORE_05_track_credits_and_malus(games):
    """SCORE-05/06: Credits by energy band, 3 VP malus on 0 energy (an Automa takes the Credits as VP)."""
    for g, e in _events(games, "energy_track"):
        assert e["credits"] == g.tables.credits_by_energy[min(e["energy"], 30)]
        assert e["malus"] == (g.tables.zero_energy_vp[0] if e["energy"] == 0 else 0)


def test_BONUS_02_bonus_tile_arithmetic(games):
    """BONUS-02/03: nothing below 6 energy, else VP per unit x count minus 4 per section behind, floor 0."""
    for g, e in _events(games, "bonus_tile"):
        want = 0 if e["below_threshold"] else max(0, e["count"] * e["vp_per_unit"] - e["malus"])
        assert e["vp"] == want


def test_END_02_to_05_end_of_game_conversions(games):
    """END-02..05: objective VP, 1 VP per 5 Credits and machineries, 1 VP per drop in own dams."""
    for g, e in _events(games, "final_resources"):
        assert e["vp"] == e["items"] // 5 and e["round"] == 5
    for g, e in _events(games, "final_dams"):
        assert e["vp"] == e["drops"] >= 0
    for g, e in _events(games, "objective"):
        assert e["objective"] == ids.OBJECTIVE_NAMES[g.state[L.G_OBJECTIVE]]


def test_TURN_ORDER_01_end_of_round_orders_by_energy(games):
    """TURN-ORDER-01: the new turn order puts the least energy first."""
    for g, e in _events(games, "end_of_round"):
        energy = {a["seat"]: a["energy"] for a in g.events() if a["kind"] == "energy_award"
                  and a["round"] == e["round"]}
        order = [energy[c] for c in e["turn_order"]]
        assert order == sorted(order)


def test_AUTOMA_10_automa_turn_card_and_entries(games):
    """AUTOMA-02/10/11: an Automa turn names its action card, its criteria card and the entries it performed
    (the last performed entry is an ending one unless the Automa ran out of Engineers or passed)."""
    for g, e in _events(games, "automa_turn"):
        assert 1 <= e["card"] <= ids.N_AUTOMA_CARDS and 1 <= e["criteria_card"] <= ids.N_AUTOMA_CARDS
        assert e["entries"] or e["passed"]
        for x in e["entries"]:
            assert x["action"] in ids.AUTOMA_DO_NAMES


def test_AUTOMA_13_automa_entries_carry_the_turn_and_an_automa_production_its_arithmetic(games):
    """AUTOMA-10/13/14: an Automa turn's gains are split over its performed entries (nothing left on the turn
    event), and a produce entry comes with its production's arithmetic."""
    for g, e in _events(games, "automa_turn"):
        assert "gain" not in e
    entries = _events(games, "automa_entry")
    assert {e["action"] for _, e in entries} >= {"produce", "construct"}
    ev = games["automa3"].events()
    for i, e in enumerate(ev):
        if e["kind"] == "automa_entry" and e["action"] == "produce":
            k = max(j for j in range(i) if ev[j]["kind"] == "production")
            assert ev[k]["seat"] == e["seat"] and ev[k]["energy"] >= 1


def test_AUTOMA_66_the_forced_first_actions_are_automa_turns_of_the_player(games):
    """AUTOMA-66: a player's first action of each round against Mahiri's Automa is an Automa turn of the player."""
    proxy = [e for e in games["mahiri"].events() if e["kind"] == "automa_turn" and e["proxy"]]
    assert [e["round"] for e in proxy] == [1, 2, 3, 4, 5] and {e["seat"] for e in proxy} == {0}


@pytest.mark.parametrize("kind", ["round_start", "display_refill", "wheel_rotation", "energy_reset", "setup",
                                  "setup_done", "move", "automa_decision", "automa_pass", "company_ability",
                                  "usa_site_energy", "geological_credit", "decision_dropped", "tile_effect"])
def test_bookkeeping_events_are_present(games, kind):
    """ROUND-02, TURN-11, WHEEL-04, EOR-01, SETUP-*, AUTOMA-08/24, COMPANY-ITA-01, COMPANY-USA-01, GEO-BASE-CR-02,
    REWARD-15, TECH-02: each kind occurs in the sample games, with its numbers."""
    for g, e in _events(games, kind):
        if kind == "company_ability":
            assert e["rule"] == "COMPANY-ITA-01" and e["gain"] == {"energy": 3}
        if kind == "usa_site_energy":                      # COMPANY-USA-01: 1 energy per drop entering the site
            assert g.result()[e["seat"]].company == "USA" and e["gain"] == {"energy": 1}
        if kind == "geological_credit":                    # GEO-BASE-CR-02: 1 Credit per drop the dam receives
            assert e["gain"] == {"credits": 1} and "geological" in g.config.expansions
        if kind == "round_start":
            assert len(e["turn_order"]) == g.config.players


def test_log_is_rendered_from_the_events(games):
    g = games["greedy4"]
    assert len(g.log) <= len(g.events()) and all(line.endswith("]") for line in g.log)
    assert any("bonus tile" in line for line in g.log) and any("drop from" in line for line in g.log)


def test_DUEL_CHECK_03_check_events_move_by_the_count_difference(games):
    """DUEL-CHECK-03/04: each row's event moves its marker by the difference of the counts, toward the higher count
    (seat 0 = negative side), stopping at the scale's end; DUEL-END-01's event gives the markers' VP."""
    checks = _events(games, "duel_check")
    assert len(checks) == 15                                      # 3 rows x 5 rounds
    scale = int(games["duel"].tables.duel_scale[0])
    for _, e in checks:
        want = max(-scale, min(scale, e["before"] + e["counts"][1] - e["counts"][0]))
        assert e["after"] == want and e["rule"] == "DUEL-CHECK-03"
    for g, end in _events(games, "duel_markers"):
        vp = g.tables.duel_vp
        assert end["vp"] == sum(int(vp[abs(p)]) for p in end["markers"] if p != 0 and (p < 0) == (end["seat"] == 0))
