"""Management-board spaces by player count (§6, APPX-05): exact Engineers, fees and prices."""
import pytest

from sim import ids
from sim.tables import compile_tables
from sim.variant import Variant


def spaces(players):
    T, info = compile_tables(Variant(players=players))
    return {name: (int(T.space_eng[i]), int(T.space_fee[i]), int(T.space_price[i]), int(T.space_exists[i]))
            for i, name in enumerate(info.space_ids)}


@pytest.mark.parametrize("players,expected", [(4, 35), (3, 29), (2, 25)])
def test_BLOCK_01_02_03_exclusive_space_counts(players, expected):
    """BLOCK-01..03 / SETUP-24: 35 / 29 / 25 exclusive management spaces at N = 4 / 3 / 2."""
    assert sum(v[3] for v in spaces(players).values()) == expected


def test_BLOCK_02_three_player_blocked_rows():
    """BLOCK-02: N=3 blocks Turbine +1, Machinery 'of choice' and the second take-1 row (both sides)."""
    s = spaces(3)
    blocked = sorted(k for k, v in s.items() if v[3] == 0)
    assert blocked == ["contract_take1_b_L", "contract_take1_b_R", "machinery_any_L", "machinery_any_R",
                       "turbine_p1_L", "turbine_p1_R"]


def test_BLOCK_03_two_player_blocked_rows():
    """BLOCK-03: N=2 additionally blocks Turbine -1 and Workshop rotate 2."""
    s = spaces(2)
    blocked = sorted(k for k, v in s.items() if v[3] == 0)
    assert blocked == ["contract_take1_b_L", "contract_take1_b_R", "machinery_any_L", "machinery_any_R",
                       "turbine_m1_L", "turbine_m1_R", "turbine_p1_L", "turbine_p1_R",
                       "workshop_2_L", "workshop_2_R"]


def test_ACT_TURBINE_02_spaces():
    """ACT-TURBINE-02 / TURN-04 / TERM-07: left 2 Engineers; right 3 Engineers + 3 Credits; row -2: 1 / 2, no fee."""
    s = spaces(4)
    for row in ("turbine_p2", "turbine_p1", "turbine_0", "turbine_m1"):
        assert s[row + "_L"][:3] == (2, 0, 0)
        assert s[row + "_R"][:3] == (3, 3, 0)
    assert s["turbine_m2_L"][:3] == (1, 0, 0)
    assert s["turbine_m2_R"][:3] == (2, 0, 0)


def test_ACT_TURBINE_02_modifiers():
    """ACT-TURBINE-02: row modifiers +2, +1, 0, -1, -2."""
    T, info = compile_tables(Variant(players=4))
    mods = {info.space_ids[i]: int(T.space_param[i]) for i in range(len(info.space_ids))
            if T.space_kind[i] == ids.K_TURBINE}
    assert mods == {"turbine_p2_L": 2, "turbine_p2_R": 2, "turbine_p1_L": 1, "turbine_p1_R": 1, "turbine_0_L": 0,
                    "turbine_0_R": 0, "turbine_m1_L": -1, "turbine_m1_R": -1, "turbine_m2_L": -2, "turbine_m2_R": -2}


def test_ACT_WATER_01_02_spaces():
    """ACT-WATER-01/02: both rows left 1 Engineer, right 2 Engineers + 3 Credits."""
    s = spaces(4)
    for row in ("water_2_delayed", "water_1_now"):
        assert s[row + "_L"][:3] == (1, 0, 0)
        assert s[row + "_R"][:3] == (2, 3, 0)


def test_ACT_WORKSHOP_02_spaces_and_prices():
    """ACT-WORKSHOP-02: rotate 1 free (1 / 2 Engineers), rotate 2 for 2 Credits, rotate 3 for 5 Credits."""
    s = spaces(4)
    assert s["workshop_1_L"][:3] == (1, 0, 0) and s["workshop_1_R"][:3] == (2, 0, 0)
    assert s["workshop_2_L"][:3] == (2, 0, 2) and s["workshop_2_R"][:3] == (3, 3, 2)
    assert s["workshop_3_L"][:3] == (2, 0, 5) and s["workshop_3_R"][:3] == (3, 3, 5)


def test_ACT_MACHINERY_02_spaces_and_prices():
    """ACT-MACHINERY-02: Excavator 2 Credits (1 / 1+3cr), choice 4 (1 / 2), Excavator+Mixer 5 (2 / 3+3cr)."""
    s = spaces(4)
    assert s["machinery_exc_L"][:3] == (1, 0, 2) and s["machinery_exc_R"][:3] == (1, 3, 2)
    assert s["machinery_any_L"][:3] == (1, 0, 4) and s["machinery_any_R"][:3] == (2, 0, 4)
    assert s["machinery_exc_mix_L"][:3] == (2, 0, 5) and s["machinery_exc_mix_R"][:3] == (3, 3, 5)


def test_ACT_CONTRACT_01_02_spaces_and_prices():
    """ACT-CONTRACT-01/02: take 1 (1 / 1+3cr, both rows); take 2 for 1 Credit (2 / 3, no fee)."""
    s = spaces(4)
    for row in ("contract_take1", "contract_take1_b"):
        assert s[row + "_L"][:3] == (1, 0, 0) and s[row + "_R"][:3] == (1, 3, 0)
    assert s["contract_take2_L"][:3] == (2, 0, 1) and s["contract_take2_R"][:3] == (3, 0, 1)


def test_ACT_PATENT_01_spaces():
    """ACT-PATENT-01: three spaces of 2 Engineers and a 5-Credit price, no red outline."""
    s = spaces(4)
    for k in (1, 2, 3):
        assert s[f"patent_{k}"][:3] == (2, 0, 5)


def test_CONSTRUCT_01_company_board_spaces():
    """CONSTRUCT-01: construction spaces cost 1, 2, 3 and 3 Engineers + 3 Credits."""
    T, _ = compile_tables(Variant(players=4))
    assert list(T.constr_eng) == [1, 2, 3, 3]
    assert list(T.constr_fee) == [0, 0, 0, 3]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_BLOCK_01_03_public_list_of_action_spaces(players):
    """BLOCK-01..03: Game.action_spaces, the public way to ask which spaces a variant has, agrees with the tables."""
    from sim import Game

    g = Game.new(players=players, seed=1)
    assert g.action_spaces == [k for k, v in spaces(players).items() if v[3]]
    assert ("contract_take1_b_L" in g.action_spaces) == (players == 4)


def test_TURN_02_every_legal_move_has_a_unique_description():
    """TURN-02: every choice a player has is named so that a reader can tell the moves apart (the 4-player
    Contract Office had two identical 'take 1 (left)' lines); checked over random games of every player count."""
    import random

    from sim import Game

    for players in (2, 3, 4):
        for seed in range(4):
            g = Game.new(players=players, seed=seed)
            rng = random.Random(seed)
            while not g.is_over:
                moves = g.legal_moves()
                texts = [m.description for m in moves]
                assert len(set(texts)) == len(texts), (g.pending, sorted(t for t in texts if texts.count(t) > 1))
                g.play(rng.choice(moves))
