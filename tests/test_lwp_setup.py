"""The Leeghwater Project, setup and plumbing (RULES.md §19.1): LWP-01, LWP-SETUP-01..04, COMPANY-NED-01 (only with
the expansion), the variant's labels, bad input (one line, exit 2), and the base game untouched."""
from __future__ import annotations

from collections import Counter

import pytest

from sim import Game, ids
from sim.config import GameConfig
from sim.errors import ConfigError
from sim.variant import Variant

LWP = {"players": 3, "expansions": ["leeghwater"]}


def _snap(seed, **cfg):
    return Game.new({**LWP, **cfg}, seed=seed).snapshot()


def test_LWP_SETUP_01_five_of_ten_buildings_drawn():
    """LWP-SETUP-01: 5 different buildings on the board; over seeds every one of the 10 is drawn."""
    seen = Counter()
    for seed in range(40):
        board = _snap(seed)["leeghwater"]["buildings"]
        assert len(board) == 5 and len(set(board)) == 5
        seen.update(board)
    assert set(seen) == set(ids.BUILDING_NAMES[:ids.N_LWP_BUILDINGS])   # the Heliport only with Colorado


def test_LWP_SETUP_02_decks_shuffled_separately_three_of_deck_A_shown():
    """LWP-SETUP-02: decks A, B, C shuffled each on its own; the 3 shown tiles are the first 3 of deck A."""
    firsts = Counter()
    for seed in range(30):
        ew = _snap(seed)["leeghwater"]["external_works"]
        deck = ew["deck"]
        for i, letter in enumerate("ABC"):
            assert sorted(deck[5 * i:5 * i + 5]) == [f"EW{letter}{k}" for k in range(1, 6)]
        assert ew["display"] == deck[:3] and ew["drawn"] == 3 and ew["spaces"] == [None] * 3
        firsts[deck[0]] += 1
    assert len(firsts) >= 4                                       # shuffled, not in data order


def test_LWP_SETUP_03_building_tiles_join_the_piles_one_set_aside_per_pile():
    """LWP-SETUP-03: each pile holds 5 of its level's 6 tiles (5 + the Building tile); the 6th is set aside."""
    aside = Counter()
    for seed in range(40):
        s = _snap(seed)
        po = s["patent_office"]
        tiles = po["drawn"] + po["pile"]
        assert len(tiles) == 15
        sa = s["leeghwater"]["set_aside"]
        for lvl in (1, 2, 3):
            level = [t for t in ids.TILE_NAMES if t.startswith(f"L{lvl}_")]
            assert len(level) == 6
            in_pile = tiles[5 * (lvl - 1):5 * lvl]
            assert sorted(in_pile + [sa[lvl - 1]]) == sorted(level)
        aside.update(sa)
    assert len(aside) > 6                                         # any tile of a pile may be set aside
    assert all(aside[f"L{lvl}_building"] < 40 for lvl in (1, 2, 3))   # the Building tiles are usually in play


def test_LWP_SETUP_04_bonus_pool_with_the_two_lwp_tiles():
    """LWP-SETUP-04: 5 bonus tiles drawn from 8; the LWP tiles occur with the expansion, never without it."""
    with_lwp, without = Counter(), Counter()
    for seed in range(60):
        with_lwp.update(_snap(seed)["bonus_tiles"])
        without.update(Game.new({"players": 3}, seed=seed).snapshot()["bonus_tiles"])
    assert with_lwp["external_works"] > 0 and with_lwp["buildings"] > 0
    assert without["external_works"] == 0 and without["buildings"] == 0


def test_LWP_01_building_pieces_and_basic_building_tile_per_company():
    """LWP-01: each company has the basic building tile and 5 Building pieces (none on the board yet)."""
    g = Game.new(LWP, seed=3)
    while g.phase == "setup":
        g.play(g.legal_moves()[0].code)
    for c in g.snapshot()["companies"]:
        assert "building" in c["tiles"]
    from sim import layout as L
    for c in range(3):
        assert g.state[L.COMPANY_BASE + c * L.CO_SIZE + L.C_BUILDING_PIECES] == 5


def test_COMPANY_NED_01_netherlands_dealt_only_with_the_expansion():
    """COMPANY-NED-01: the 5th board is in the pairings only with the Leeghwater Project."""
    with_lwp = {p["company"] for seed in range(40) for p in _snap(seed)["setup"]["pairings"]}
    base = {p["company"] for seed in range(40)
            for p in Game.new({"players": 3}, seed=seed).snapshot()["setup"]["pairings"]}
    assert "Netherlands" in with_lwp and "Netherlands" not in base


def test_lwp_officers_in_the_pool_only_with_the_expansion():
    """LWP-01: Leslie and Margot are dealt with the expansion (the base pool otherwise)."""
    with_lwp = {p["officer"] for seed in range(60) for p in _snap(seed, players=4)["setup"]["pairings"]}
    assert {"Leslie Spencer", "Margot Fouche"} <= with_lwp
    base = {p["officer"] for seed in range(60)
            for p in Game.new({"players": 4}, seed=seed).snapshot()["setup"]["pairings"]}
    assert not base & {"Leslie Spencer", "Margot Fouche"}


@pytest.mark.parametrize("kw, text", [
    ({"companies": ("Netherlands", "USA")}, "company 'Netherlands' needs The Leeghwater Project"),
    ({"officers": ("Leslie Spencer", "Viktor Fiesler")}, "officer 'Leslie Spencer' needs The Leeghwater Project"),
    ({"officers": ("Margot Fouche", "Viktor Fiesler")}, "officer 'Margot Fouche' needs The Leeghwater Project"),
])
def test_leeghwater_only_choices_need_the_expansion(kw, text):
    with pytest.raises(ConfigError, match=text):
        GameConfig(players=2, **kw)
    GameConfig(players=2, expansions=("leeghwater",), **kw)       # fine with it


def test_lwp_bonus_tile_needs_the_expansion():
    tiles = ("contracts", "bases", "elevations", "conduits", "buildings")
    with pytest.raises(ConfigError, match="Leeghwater Project tile"):
        Variant(players=2, bonus_tiles=tiles)
    Variant(players=2, bonus_tiles=tiles, expansions=("leeghwater",))


def test_setup_label_and_combination_with_geological():
    v = Variant(players=3, expansions=("geological", "leeghwater"))
    assert v.setup_label() == "full,geological,leeghwater"
    s = Game.new({"players": 3, "expansions": ["geological", "leeghwater"]}, seed=1).snapshot()
    assert "geological_tokens" in s and "leeghwater" in s


@pytest.mark.parametrize("args, needle", [
    (["--companies", "Netherlands,USA"], "company 'Netherlands' needs The Leeghwater Project"),
    (["--officers", "Leslie,Viktor"], "officer 'Leslie Spencer' needs The Leeghwater Project"),
])
def test_cli_bad_input_one_line_exit_2(args, needle, capsys):
    from experiments.cli import main
    with pytest.raises(SystemExit) as e:
        main(["play", "--players", "2", *args])
    err = capsys.readouterr().err.strip().splitlines()
    assert e.value.code == 2 and len(err) == 1 and needle in err[0]


def test_base_game_draws_unchanged_by_the_expansion_code():
    """Without the expansion no LWP field is drawn: the buildings board is empty, no tile is set aside."""
    s = Game.new({"players": 3}, seed=11).snapshot()
    assert "leeghwater" not in s
    assert all("building" not in t for t in s["patent_office"]["drawn"] + s["patent_office"]["pile"])


def test_HIDDEN_lwp_determinize_resamples_decks_and_set_aside_tiles_only():
    """HIDDEN-01/02 with LWP-SETUP-02/03: determinize re-samples the undrawn external works within each deck and the
    set-aside tile together with its pile's undrawn tiles; nothing public changes; forget_hidden_order makes two
    positions that differ only in hidden order equal."""
    import numpy as np

    from sim import layout as L
    from sim.rules.hidden import forget_hidden_order
    g = Game.new(LWP, seed=4)
    d = g.determinized(player=0, seed=7)
    S, D = g.state, d.state
    hidden = np.zeros(L.STATE_SIZE, dtype=bool)
    hidden[L.TECH_PILE:L.TECH_PILE + L.N_ADV] = True
    hidden[L.LWP_EW_DECK:L.LWP_EW_DECK + L.N_EXTWORKS] = True
    hidden[L.LWP_SET_ASIDE:L.LWP_SET_ASIDE + 3] = True
    hidden[L.PILE:L.PILE + 3 * L.PILE_SIZE] = True
    hidden[L.G_RNG] = True
    assert np.array_equal(S[~hidden], D[~hidden])
    pos = int(S[L.LWP_EW_POS])
    assert np.array_equal(S[L.LWP_EW_DECK:L.LWP_EW_DECK + pos], D[L.LWP_EW_DECK:L.LWP_EW_DECK + pos])
    for k in range(3):
        deck = slice(L.LWP_EW_DECK + 5 * k, L.LWP_EW_DECK + 5 * k + 5)
        assert sorted(S[deck]) == sorted(D[deck])
    tp = int(S[L.TECH_POS])
    for lvl in range(3):
        lo, hi = max(tp, 5 * lvl), 5 * lvl + 5
        union = lambda X: sorted(list(X[L.TECH_PILE + lo:L.TECH_PILE + hi]) + [X[L.LWP_SET_ASIDE + lvl]])
        assert union(S) == union(D)
    asides = {tuple(g.determinized(0, s).state[L.LWP_SET_ASIDE:L.LWP_SET_ASIDE + 3]) for s in range(12)}
    assert len(asides) > 1
    A, B = S.copy(), D.copy()
    forget_hidden_order(A)
    forget_hidden_order(B)
    A[L.G_RNG] = B[L.G_RNG]
    assert np.array_equal(A[~np.isin(np.arange(L.STATE_SIZE), range(L.PILE, L.PILE + 3 * L.PILE_SIZE))],
                          B[~np.isin(np.arange(L.STATE_SIZE), range(L.PILE, L.PILE + 3 * L.PILE_SIZE))])
