"""Round flow: phases, incomes, turn order and the End of Round phase (RULES.md §3, §4, §16, TECH-04; EX-12, EX-17).

Positions are loaded in the phase under test; loading runs the automatic steps up to the next real decision, so the
snapshot taken right after shows the effect of the phases in between. Expected numbers come from RULES.md and the
income tables of `companies.<C>.income`.
"""
from __future__ import annotations

import random

import pytest

import sim
from sim import scenario

# headstream tile id -> drops placed in rounds 1..4 (components.yaml headstream_tiles)
HEAD_DROPS = {1: [0, 2, 2, 0], 2: [0, 0, 1, 3], 3: [2, 0, 2, 0], 4: [1, 1, 1, 1],
              5: [0, 1, 0, 2], 6: [0, 0, 1, 2], 7: [1, 0, 2, 2], 8: [0, 1, 2, 1]}
IDLE = {"bank_engineers": 12}        # a company with no Engineers left: it passes at once


def load(**doc) -> sim.Game:
    return scenario.load(doc)


def play(g: sim.Game, text: str) -> None:
    g.play(scenario.find_move(g, text))


def descs(g: sim.Game) -> list[str]:
    return [m.description for m in g.legal_moves()]


def co(g: sim.Game, seat: int) -> dict:
    return g.snapshot()["companies"][seat]


def dams(spaces, owner, level=1, drops=0) -> dict:
    return {d: {"owner": owner, "level": level, "drops": drops} for d in spaces}


# ---------------------------------------------------------------------------------------------------------------
# §3 round structure
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2])
def test_ROUND_01_05_game_lasts_exactly_five_rounds(seed):
    """ROUND-01 / ROUND-05: a whole game (random legal moves) runs rounds 1..5 and is over after round 5."""
    g = sim.Game.new({"players": 2}, seed=seed)
    rng = random.Random(seed)
    rounds = []
    while not g.is_over:
        if g.round >= 1 and (not rounds or rounds[-1] != g.round):
            rounds.append(g.round)
        g.play(rng.choice(list(g.legal_codes())))
    assert rounds == [1, 2, 3, 4, 5]
    assert g.round == 5 and g.phase == "over"


def test_ROUND_02_phase_order():
    """ROUND-02: Actions -> Water Flow -> Scoring -> End of Round -> Income of round 2.

    Round 1, nobody has Engineers. USA (3 powerhouses: ability on) has one on P8. The drop on HA flows in the Water
    Flow phase HA -> B1U -> B1L -> P8 (USA +1 energy) -> ... -> EXIT_L. Scoring after the flow: USA energy 1 is
    the only one >= 1: +6 VP, +1 Credit; Germany energy 0: +3 Credits, -3 VP. End of Round: the least energy plays
    first (Germany, USA), energies reset. Income of round 2, then its headstream drops (HA tile 4: 1, HB tile 1: 2):
    they are still on the tiles, so they came after the flow."""
    g = load(players=2,
             companies={0: {"company": "USA", "officer": "Graziano", **IDLE},
                        1: {"company": "Germany", "officer": "Viktor", **IDLE}},
             powerhouses={"P8_0": 0, "P9_0": 0, "P10_0": 0},
             headstreams={"HA": {"tile": 4, "drops": 1}, "HB": {"tile": 1}, "HC": {"tile": 2}, "HD": {"tile": 3}})
    s = g.snapshot()
    assert (s["round"], s["phase"]) == (2, "actions")
    usa, ger = s["companies"]
    assert usa["energy_by_round"] == [1, 0, 0, 0, 0] and ger["energy_by_round"] == [0, 0, 0, 0, 0]
    assert (usa["credits"], usa["vp"], usa["energy"]) == (7, 16, 0)
    assert (ger["credits"], ger["vp"], ger["energy"]) == (9, 7, 0)
    assert s["turn_order"] == [1, 0]
    assert [s["headstreams"][h]["drops"] for h in ("HA", "HB", "HC", "HD")] == [1, 2, 0, 0]
    assert s["counters"]["drops_removed"] == 1
    assert (usa["engineers"], ger["engineers"]) == (12, 12)


@pytest.mark.parametrize("round_,drops", [(4, [0, 3, 0, 1]), (5, [0, 0, 0, 0])])
def test_ROUND_03_no_headstream_drops_in_round_5_incomes_still_paid(round_, drops):
    """ROUND-03 / INCOME-08: tiles 1..4 on HA..HD give round 4: 0, 3, 0, 1 and round 5 nothing; Italy's 2nd-base
    income (3 Credits) is paid in both rounds."""
    g = load(players=2, round=round_, phase="income", companies={0: {"company": "Italy", "officer": "Viktor"}},
             dams=dams(["B8L", "B9L"], 0))
    s = g.snapshot()
    assert (s["round"], s["phase"]) == (round_, "actions")
    assert [s["headstreams"][h]["drops"] for h in ("HA", "HB", "HC", "HD")] == drops
    assert s["companies"][0]["credits"] == 9


def test_ROUND_04_05_06_TURN_ORDER_03_after_round_5():
    """ROUND-04, ROUND-05, ROUND-06, TURN-ORDER-03: round 5 ends with the Scoring phase and the final scoring; no
    End of Round: turn order not updated (it would become [1, 0]), energy not reset.  Scoring: seat 0 (5 energy) 6
    VP and 3 Credits, seat 1 (2) 2 VP and 2 Credits; round-5 bonus tile 'powerhouses' needs 6 energy. Final:
    objective 'paying_spaces' 0 - 0: places 1-2 shared, ceil(25/2) = 13 each; resources 9+6+4 = 19 -> 3 VP and 8+6+4
    = 18 -> 3 VP. Totals 10+6+13+3 = 32 and 10+2+13+3 = 28."""
    g = load(players=2, round=5, turn_order=[0, 1],
             companies={0: {"energy": 5, **IDLE}, 1: {"energy": 2, **IDLE}})
    assert g.is_over
    s = g.snapshot()
    assert (s["round"], s["phase"]) == (5, "over")
    assert s["turn_order"] == [0, 1]
    c0, c1 = s["companies"]
    assert (c0["energy"], c1["energy"]) == (5, 2)
    assert (c0["energy_by_round"][4], c1["energy_by_round"][4]) == (5, 2)
    assert (c0["credits"], c1["credits"]) == (9, 8)
    assert (c0["vp"], c1["vp"]) == (32, 28)
    assert c0["vp_by_source"] == {"start": 10, "energy_award": 6, "objective": 13, "resources": 3}
    assert c1["vp_by_source"] == {"start": 10, "energy_award": 2, "objective": 13, "resources": 3}
    assert [r.rank for r in g.result()] == [1, 2]


# ---------------------------------------------------------------------------------------------------------------
# §4 income
# ---------------------------------------------------------------------------------------------------------------

def test_INCOME_01_incomes_are_cumulative():
    """INCOME-01: USA with all 5 Bases collects the 2nd (rotate 1), 4th (6 Credits) and 5th (7 VP) incomes."""
    g = load(players=2, round=2, phase="income", companies={0: {"company": "USA", "officer": "Graziano"}},
             dams=dams(["B1L", "B2L", "B3L", "B4L", "B5L"], 0))
    c = co(g, 0)
    assert (c["credits"], c["vp"], c["wheel"]["open"]) == (12, 17, 1)
    assert c["vp_by_source"] == {"start": 10, "incomes": 7}


# companies.<C>.income (data sheet): row -> {piece: {reward}}; "drops" = drops_flowing_now (declined below)
INCOME = {
    "USA": {"base": {2: {"rotate": 1}, 4: {"credits": 6}, 5: {"vp": 7}},
            "elevation": {2: {"any": 1}, 4: {"vp": 2, "drops": 2}, 5: {"vp": 7}},
            "conduit": {2: {"vp": 3}, 4: {"rotate": 1, "vp": 2}, 5: {"vp": 7}}},
    "Germany": {"base": {2: {"vp": 3}, 4: {"any": 2}, 5: {"vp": 7}},
                "elevation": {2: {"credits": 3}, 4: {"vp": 2, "energy": 2}, 5: {"vp": 7}},
                "conduit": {2: {"rotate": 1}, 4: {"vp": 2, "drops": 2}, 5: {"vp": 7}}},
    "Italy": {"base": {2: {"credits": 3}, 4: {"vp": 5}, 5: {"vp": 7}},
              "elevation": {2: {"rotate": 1}, 4: {"energy": 4}, 5: {"vp": 7}},
              "conduit": {2: {"any": 1}, 4: {"vp": 2, "credits": 3}, 5: {"vp": 7}}},
    "France": {"base": {2: {"any": 1}, 4: {"rotate": 2}, 5: {"vp": 7}},
               "elevation": {2: {"vp": 3}, 4: {"vp": 2, "any": 1}, 5: {"vp": 7}},
               "conduit": {2: {"credits": 3}, 4: {"energy": 4}, 5: {"vp": 7}}},
}


def _expected_income(company: str, counts: dict) -> dict:
    tot = {"credits": 6, "vp": 10, "energy": 0, "excavators": 6, "rotate": 0}
    for row, k in counts.items():
        for piece, reward in INCOME[company][row].items():
            if k >= piece:
                for key, v in reward.items():
                    if key == "any":
                        tot["excavators"] += v           # every machinery of choice taken as an Excavator
                    elif key != "drops":
                        tot[key] += v
    return tot


@pytest.mark.parametrize("company", ["USA", "Germany", "Italy", "France"])
@pytest.mark.parametrize("row", ["base", "elevation", "conduit"])
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_INCOME_01_04_income_tables(company, row, k):
    """INCOME-01, INCOME-04 / COMPANY-03: with k pieces of a row on the map the Income phase pays every income under the
    2nd, 4th and 5th piece up to k (5th = 7 VP), cumulatively. Elevations stand on ceil(k/2) own dams, whose Bases
    add their own base-row incomes."""
    if row == "base":
        counts = {"base": k}
        d = dams(["B1L", "B2L", "B3L", "B4L", "B5L"][:k], 0)
        cond = {}
    elif row == "elevation":
        levels = [3] * (k // 2) + [2] * (k % 2)
        counts = {"base": len(levels), "elevation": k}
        d = {sp: {"owner": 0, "level": lv, "drops": 0} for sp, lv in zip(["B1L", "B2L", "B3L"], levels)}
        cond = {}
    else:
        counts = {"conduit": k}
        d = {}
        cond = {c: 0 for c in ["C1L", "C2L", "C3L", "C4L", "C5L"][:k]}
    g = load(players=2, round=2, phase="income", turn_order=[1, 0],
             companies={0: {"company": company, "officer": "Graziano"}}, dams=d, conduits=cond)
    while g.pending != "choose an action":
        assert g.current_player == 0
        if g.pending == "choose machineries":
            g.play(max(g.legal_moves(), key=lambda m: m.description).code)   # 'Take n Excavators and 0 Mixers'
        else:
            play(g, "Place no more drops")
    c = co(g, 0)
    want = _expected_income(company, counts)
    assert (c["credits"], c["vp"], c["energy"], c["excavators"], c["mixers"], c["wheel"]["open"]) == \
        (want["credits"], want["vp"], want["energy"], want["excavators"], 4, want["rotate"])


def test_INCOME_02_companies_in_reverse_turn_order_each_completing_its_incomes():
    """INCOME-02: turn order [1, 2, 0] -> incomes of 0, then 2, then 1, each finishing (its choices included)
    before the next starts.
    France (seat 0, 2 Bases): 1 machinery of choice. Germany (seat 2, 4 Bases): 3 VP + 2 machineries of choice.
    Italy (seat 1, 2 Bases + 2 Conduits): 3 Credits + 1 machinery of choice."""
    g = load(players=3, round=2, phase="income", turn_order=[1, 2, 0],
             companies={0: {"company": "France", "officer": "Graziano"},
                        1: {"company": "Italy", "officer": "Viktor"},
                        2: {"company": "Germany", "officer": "Jill"}},
             dams={**dams(["B1L", "B2L"], 0), **dams(["B7L", "B8L"], 1), **dams(["B3L", "B4L", "B5L", "B6L"], 2)},
             conduits={"C9L": 1, "C10R": 1})
    assert (g.current_player, g.pending) == (0, "choose machineries")
    assert (co(g, 2)["vp"], co(g, 1)["credits"]) == (10, 6)
    play(g, "Take 1 Excavators and 0 Mixers")
    assert (g.current_player, g.pending) == (2, "choose machineries")
    assert sorted(descs(g)) == ["Take 0 Excavators and 2 Mixers", "Take 1 Excavators and 1 Mixers",
                                "Take 2 Excavators and 0 Mixers"]
    assert (co(g, 2)["vp"], co(g, 1)["credits"]) == (13, 6)
    play(g, "Take 2 Excavators and 0 Mixers")
    assert (g.current_player, g.pending) == (1, "choose machineries")
    assert co(g, 1)["credits"] == 9
    play(g, "Take 0 Excavators and 1 Mixers")
    s = g.snapshot()
    assert (s["phase"], g.current_player) == ("actions", 1)
    exc_mix = [(c["excavators"], c["mixers"]) for c in s["companies"]]
    assert exc_mix == [(7, 4), (6, 5), (8, 4)]


def test_INCOME_03_resource_gains_first_then_rows_in_order():
    """INCOME-03: USA with 2 Bases, 4 Elevations, 4 Conduits. Gains first: 2 + 3 + 2 VP and the elevation-2
    machinery of choice (10 -> 17 VP, no rotation yet); then the base row (rotate 1), the elevation row (2 drops
    flowing now) and only then the conduit row (rotate 1)."""
    g = load(players=2, round=2, phase="income", companies={0: {"company": "USA", "officer": "Graziano"}},
             dams=dams(["B1L", "B2L"], 0, level=3), conduits={"C1L": 0, "C2L": 0, "C3L": 0, "C4L": 0})
    assert (g.current_player, g.pending) == (0, "choose machineries")
    c = co(g, 0)
    assert (c["vp"], c["wheel"]["open"]) == (17, 0)
    play(g, "Take 1 Excavators and 0 Mixers")
    assert g.pending == "choose a headstream for a drop"
    assert co(g, 0)["wheel"]["open"] == 1
    play(g, "Drop on headstream HC")
    assert co(g, 0)["wheel"]["open"] == 1
    play(g, "Place no more drops")
    assert g.phase == "actions"
    assert co(g, 0)["wheel"]["open"] == 2


@pytest.mark.parametrize("built,credits,vp", [(1, 9, 10), (2, 6, 10), (3, 6, 15), (4, 6, 17)])
def test_INCOME_04_05_income_revealed_by_the_2nd_4th_5th_piece(built, credits, vp):
    """INCOME-04, INCOME-05: Italy's base row pays 3 Credits under the 2nd, 5 VP under the 4th, 7 VP under the 5th
    piece; it is gained at once when that piece is placed (plain lower space B8L: 3 Excavators, no Credits); the 3rd
    piece reveals nothing."""
    g = load(players=2, companies={0: {"company": "Italy", "officer": "Viktor"}},
             dams=dams(["B1L", "B2L", "B3L", "B4L"][:built], 0))
    play(g, "Construct on company-board space 1")
    play(g, "Build a Base on B8L with tile base")
    c = co(g, 0)
    assert (c["credits"], c["vp"], c["excavators"]) == (credits, vp, 3)


def test_EX_17_income_of_the_5th_piece():
    """EX-17 / INCOME-01, INCOME-04, INCOME-05: Italy with 4 Bases builds its 5th with its last Engineer: +7 VP at
    once (10 -> 17). Round end: energy 0 -> +3 Credits, -3 VP. Round-2 income: 2nd (3 Credits), 4th (5 VP), 5th (7
    VP): VP 17 - 3 + 12 = 26, Credits 6 + 3 + 3 = 12."""
    g = load(players=2, passed=[1],
             companies={0: {"company": "Italy", "officer": "Viktor", "bank_engineers": 11}, 1: IDLE},
             dams=dams(["B1L", "B2L", "B3L", "B4L"], 0))
    play(g, "Construct on company-board space 1")
    play(g, "Build a Base on B8L with tile base")          # the last Engineer: the round then ends
    s = g.snapshot()
    assert s["round"] == 2
    c = s["companies"][0]
    assert (c["vp"], c["credits"]) == (26, 12)
    assert c["vp_by_source"]["incomes"] == 7 + 12
    assert c["structures_left"]["base"] == 0


def test_INCOME_05_revealed_income_paid_again_each_income_phase():
    """INCOME-05: Italy with 2 Bases gets its 3 Credits again in round 3's Income phase."""
    g = load(players=2, round=3, phase="income", companies={0: {"company": "Italy", "officer": "Viktor"}},
             dams=dams(["B8L", "B9L"], 0))
    assert co(g, 0)["credits"] == 9


def test_INCOME_06_free_placement_reveals_income():
    """INCOME-06 / CONSTRUCT-21: G12 (free Base in the plains) fulfilled; Italy's 2nd Base placed for free on B9L
    reveals the 3-Credit income. Legal plain spaces: basins 9 and 10 (Italy already has a dam in basin 8)."""
    g = load(players=2, companies={0: {"company": "Italy", "officer": "Viktor"}}, dams=dams(["B8L"], 0),
             contracts={"hand": {"Italy": ["G12"]}}, decision={"task": "fulfil", "seat": 0, "energy": 4})
    play(g, "Fulfil contract G12")
    assert sorted(descs(g)) == ["Place a free Base on B10L", "Place a free Base on B10U", "Place a free Base on B9L",
                                "Place a free Base on B9U"]
    play(g, "Place a free Base on B9L")
    c = co(g, 0)
    assert (c["credits"], c["excavators"], c["structures_left"]["base"]) == (9, 6, 3)


def test_INCOME_07_powerhouses_give_no_income():
    """INCOME-07: building the 2nd Powerhouse costs 3 Mixers and reveals nothing; 4 Powerhouses give nothing in the
    Income phase."""
    g = load(players=2, companies={0: {"company": "Italy", "officer": "Viktor"}}, powerhouses={"P5_0": 0})
    play(g, "Construct on company-board space 1")
    play(g, "Build a Powerhouse on P6_0 with tile powerhouse")
    c = co(g, 0)
    assert (c["credits"], c["vp"], c["mixers"], c["excavators"], c["wheel"]["open"]) == (6, 10, 1, 6, 1)
    g = load(players=2, round=2, phase="income", companies={0: {"company": "Italy", "officer": "Viktor"}},
             powerhouses={"P5_0": 0, "P6_0": 0, "P7_0": 0, "P8_0": 0})
    c = co(g, 0)
    assert (c["credits"], c["vp"], c["energy"], c["excavators"], c["mixers"], c["wheel"]["open"]) == \
        (6, 10, 0, 6, 4, 0)


@pytest.mark.parametrize("round_", [1, 2, 3, 4])
def test_INCOME_08_headstream_drops_of_the_round(round_):
    """INCOME-08: each tile gets its printed drops of the round (HA tile 8, HB 7, HC 6, HD 5)."""
    tiles = {"HA": 8, "HB": 7, "HC": 6, "HD": 5}
    g = load(players=2, round=round_, phase="income", headstreams={h: {"tile": t} for h, t in tiles.items()})
    s = g.snapshot()
    assert s["phase"] == "actions"
    assert {h: s["headstreams"][h]["drops"] for h in tiles} == {h: HEAD_DROPS[t][round_ - 1] for h, t in tiles.items()}


def test_INCOME_09_TERM_10_income_energy_moves_the_marker_but_fulfils_nothing():
    """INCOME-09 / TERM-10: Italy's 4th-Elevation income (4 energy, plain energy) moves its marker to 4, but no
    contract may be fulfilled (S3 needs 2 and stays in hand); the round simply starts."""
    g = load(players=2, round=2, phase="income", turn_order=[0, 1],
             companies={0: {"company": "Italy", "officer": "Viktor"}},
             dams=dams(["B5L", "B6L"], 0, level=3), contracts={"hand": {"Italy": ["S3"]}})
    assert (g.current_player, g.pending) == (0, "choose an action")
    s = g.snapshot()
    assert s["companies"][0]["energy"] == 4
    assert s["companies"][0]["credits"] == 9                 # 2nd Base: 3 Credits
    assert s["contracts"]["hand"]["Italy"] == ["S3"]
    assert s["contracts"]["fulfilled"] == {}


def test_TERM_11_vp_may_become_negative():
    """TERM-11 / SCORE-05, SCORE-06: a company on 1 VP with energy 0 at Scoring loses 3 VP: -2."""
    g = load(players=2, phase="scoring", companies={0: {"vp": 1, **IDLE}, 1: IDLE})
    c = co(g, 0)
    assert c["vp"] == -2
    assert c["credits"] == 9


# ---------------------------------------------------------------------------------------------------------------
# §16 turn order and End of Round
# ---------------------------------------------------------------------------------------------------------------

def test_EX_12_turn_order_update():
    """EX-12 / TURN-ORDER-01, TURN-ORDER-02: previous order Joanna (0), Paul (1), Sophia (2), Viktor (3); energies
    7, 12, 7, 2 -> Viktor, Sophia, Joanna, Paul."""
    g = load(players=4, phase="end_of_round", turn_order=[0, 1, 2, 3],
             companies={0: {"energy": 7}, 1: {"energy": 12}, 2: {"energy": 7}, 3: {"energy": 2}})
    s = g.snapshot()
    assert s["round"] == 2
    assert s["turn_order"] == [3, 2, 0, 1]
    assert [c["turn_position_by_round"][1] for c in s["companies"]] == [3, 4, 2, 1]
    assert g.current_player == 3


@pytest.mark.parametrize("players,before,energy,after", [
    (3, [2, 0, 1], [3, 1, 3], [1, 0, 2]),            # seats 2 and 0 tie: reversed
    (4, [0, 1, 2, 3], [0, 0, 0, 0], [3, 2, 1, 0]),   # all tied: the whole order reversed
    (4, [1, 3, 0, 2], [9, 8, 2, 5], [2, 3, 1, 0]),   # no tie: ascending energy
    (2, [0, 1], [31, 30], [1, 0]),                    # flipped markers compare by their true totals
])
def test_TURN_ORDER_01_02_least_energy_first_ties_reversed(players, before, energy, after):
    """TURN-ORDER-01, TURN-ORDER-02: ascending energy this round; equal energies in the reverse of their previous
    order."""
    g = load(players=players, phase="end_of_round", turn_order=before,
             companies={s: {"energy": e} for s, e in enumerate(energy)})
    assert g.snapshot()["turn_order"] == after


def _eor_doc(**extra) -> dict:
    return dict(
        players=2, round=2, phase="end_of_round",
        companies={0: {"company": "USA", "officer": "Graziano", "energy": 35, "bank_engineers": 2,
                       "construction_spaces_used": 2,
                       "wheel": {"open": 1, "segments": {3: {"excavators": 2}}}},
                   1: {"company": "Germany", "officer": "Mahiri", "energy": 7, "mahiri_uses": 2}},
        action_spaces={"workshop_1_L": 0, "water_1_now_L": 1, "patent_1": 1},
        dams={"B5U": {"owner": 0, "level": 1, "drops": 1}, "B8L": {"owner": "neutral", "level": 3, "drops": 2}},
        contracts={"hand": {"USA": ["S1", "G5"], "Germany": ["S2"]}},
        **extra)


def test_EOR_01_02_03_reset_of_energy_engineers_and_once_per_round_spaces():
    """EOR-01: energy back to 0 (35 was flipped). EOR-02: every Engineer goes home (spaces, Bank, construction
    spaces, Mahiri's spaces): 12 each, no space occupied. EOR-03: Mahiri's uses and the construction spaces free."""
    g = load(**_eor_doc())
    s = g.snapshot()
    assert (s["round"], s["phase"]) == (3, "actions")
    assert s["action_spaces"] == {}
    for c in s["companies"]:
        assert c["energy"] == 0
        assert c["engineers"] == 12
        assert (c["bank_engineers"], c["construction_spaces_used"], c["mahiri_uses"]) == (0, 0, 0)
    assert s["passed"] == []


def test_EOR_04_TECH_04_patent_office_refreshed():
    """EOR-04 / TECH-04: the two unbought tiles leave the game, the bought position too is refilled: the new display
    is the next three tiles of the pile."""
    doc = _eor_doc()
    before = scenario.load(doc, advance=False).snapshot()["patent_office"]
    g = load(**doc)
    after = g.snapshot()["patent_office"]
    assert after["display"] == before["pile"][:3]
    assert after["pile"] == before["pile"][3:]
    gone = [t for t in before["display"] if t is not None]
    assert not set(gone) & set(after["display"] + after["pile"])


def test_EOR_06_nothing_else_resets():
    """EOR-06: drops in dams, the wheel (contents and open segment), hands and the contract display are kept."""
    doc = _eor_doc()
    before = scenario.load(doc, advance=False).snapshot()
    after = load(**doc).snapshot()
    assert after["dams"] == before["dams"]
    assert after["companies"][0]["wheel"] == {"open": 1, "segments": {3: {"excavators": 2}}}
    assert after["contracts"]["hand"] == before["contracts"]["hand"]
    assert after["contracts"]["display"] == before["contracts"]["display"]
    assert after["contracts"]["piles"] == before["contracts"]["piles"]


@pytest.mark.parametrize("round_,levels", [(1, ["L1", "L1", "L2"]), (2, ["L2", "L2", "L2"]),
                                           (3, ["L2", "L3", "L3"]), (4, ["L3", "L3", "L3"])])
def test_TECH_04_patent_office_display_per_round(round_, levels):
    """TECH-04: the refresh at the end of round r shows round r+1's display: I-I-II, II-II-II, II-III-III,
    III-III-III, drawn from the top of the piles in order."""
    doc = dict(players=3, round=round_, phase="end_of_round")
    before = scenario.load(doc, advance=False).snapshot()["patent_office"]
    after = load(**doc).snapshot()["patent_office"]
    assert [t[:2] for t in after["display"]] == levels
    assert after["display"] == before["pile"][:3]
