"""Setup (RULES.md §2, SETUP-01 to SETUP-24, TERM-01), checked on real set-ups over several seeds through
`g.snapshot()`.

Random draws are checked by their invariants in every seed (counts, no duplicates, right piles) and by their
variation over the seeds (the draw is not fixed). Expected contents come from RULES.md and the data files.
"""
from __future__ import annotations

import pytest

import sim
from sim import scenario

SEEDS = range(12)
PLAYERS = (2, 3, 4)
BASE_OFFICERS = {"Wilhelm Adler", "Graziano Del Monte", "Viktor Fiesler", "Jill McDowell", "Solomon P. Jordan",
                 "Anton Krylov", "Mahiri Sekibo"}
COMPANIES = {"USA", "Germany", "Italy", "France"}
BONUS = {"contracts", "bases", "elevations", "conduits", "powerhouses", "advanced_tiles"}
OBJECTIVES = {"paying_spaces", "best_area", "connections", "weakest_area", "basins_with_1", "basins_with_3"}
NATIONALS = {f"N{i}" for i in range(1, 7)}
COLOURS = {"green": "G", "yellow": "Y", "red": "R"}
# headstream tile id -> drops placed in rounds 1..4 (components.yaml headstream_tiles)
HEAD_DROPS = {1: [0, 2, 2, 0], 2: [0, 0, 1, 3], 3: [2, 0, 2, 0], 4: [1, 1, 1, 1],
              5: [0, 1, 0, 2], 6: [0, 0, 1, 2], 7: [1, 0, 2, 2], 8: [0, 1, 2, 1]}
NEUTRAL = {"mountain": (1, {"B1L", "B2L", "B3L", "B4L"}), "hill": (2, {"B5L", "B6L", "B7L"}),
           "plain": (3, {"B8L", "B9L", "B10L"})}
INTRO = {("USA", "Wilhelm Adler", "S1"), ("Germany", "Jill McDowell", "S2"), ("Italy", "Solomon P. Jordan", "S3"),
         ("France", "Viktor Fiesler", "S4")}


def new(players: int, seed: int, **kw) -> sim.Game:
    return sim.Game.new({"players": players, **kw}, seed=seed)


def finish(g: sim.Game) -> sim.Game:
    """Plays the pairing picks (always the first legal one) until round 1 waits for an action."""
    while g.phase == "setup":
        g.play(g.legal_moves()[0].code)
    return g


_CACHE: dict = {}


def started(players: int, seed: int, intro: bool = False) -> dict:
    """Snapshot of a game set up and started (round 1, first action pending); cached."""
    key = (players, seed, intro)
    if key not in _CACHE:
        _CACHE[key] = finish(new(players, seed, intro=intro)).snapshot()
    return _CACHE[key]


def setup_snap(players: int, seed: int, intro: bool = False) -> dict:
    key = ("setup", players, seed, intro)
    if key not in _CACHE:
        _CACHE[key] = new(players, seed, intro=intro).snapshot()
    return _CACHE[key]


# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", PLAYERS)
def test_TERM_01_SETUP_17_player_count_drives_the_setup(players):
    """TERM-01 / SETUP-06 / SETUP-17: with N companies: N seats in the turn order (positions 1..N), N-1 national
    contracts, N starting contracts dealt."""
    s = setup_snap(players, 1)
    assert len(s["contracts"]["national_board"]) == players - 1
    assert len(s["setup"]["starting_contracts"]) == players
    t = started(players, 1)
    assert sorted(t["turn_order"]) == list(range(players))
    assert sorted(c["turn_position_by_round"][0] for c in t["companies"]) == list(range(1, players + 1))


def test_SETUP_01_base_map():
    """SETUP-01: the base map (4 headstreams HA..HD; neutral dams on its lower dam spaces)."""
    for players in PLAYERS:
        s = setup_snap(players, 2)
        assert s["variant"]["map"] == "base"
        assert sorted(s["headstreams"]) == ["HA", "HB", "HC", "HD"]
        assert set(s["dams"]) <= {f"B{i}L" for i in range(1, 11)}


def test_SETUP_02_headstream_tiles_random_and_distinct():
    """SETUP-02: 4 of the 8 headstream tiles, one per slot, no duplicates, assignment random (all 8 tiles occur
    over the seeds; HA's tile varies); no drops before round 1."""
    seen, on_ha = set(), set()
    for seed in SEEDS:
        h = setup_snap(4, seed)["headstreams"]
        tiles = [h[k]["tile"] for k in ("HA", "HB", "HC", "HD")]
        assert len(set(tiles)) == 4 and set(tiles) <= set(HEAD_DROPS)
        assert all(h[k]["drops"] == 0 for k in h)
        seen |= set(tiles)
        on_ha.add(tiles[0])
    assert seen == set(HEAD_DROPS)
    assert len(on_ha) >= 3


def test_SETUP_03_five_of_six_bonus_tiles_in_random_order():
    """SETUP-03, ERRATA-04 (the full setup, separate from the introductory one): 5 distinct base bonus tiles; which tile is left out and the order vary."""
    left_out, first = set(), set()
    for seed in SEEDS:
        b = setup_snap(3, seed)["bonus_tiles"]
        assert len(b) == 5 and len(set(b)) == 5 and set(b) <= BONUS
        left_out |= BONUS - set(b)
        first.add(b[0])
    assert len(left_out) >= 3
    assert len(first) >= 3


def test_SETUP_04_intro_removes_the_advanced_tiles_bonus():
    """SETUP-04, ERRATA-04 (the introductory setup): exactly the 5 other bonus tiles, in random order."""
    orders = set()
    for seed in SEEDS:
        b = setup_snap(3, seed, intro=True)["bonus_tiles"]
        assert sorted(b) == sorted(BONUS - {"advanced_tiles"})
        orders.add(tuple(b))
    assert len(orders) >= 5


def test_SETUP_05_one_random_objective_tile():
    """SETUP-05: one of the 6 base objective tiles, varying with the seed."""
    seen = {setup_snap(4, seed)["objective"] for seed in SEEDS}
    assert seen <= OBJECTIVES
    assert len(seen) >= 3


@pytest.mark.parametrize("players", PLAYERS)
def test_SETUP_06_national_contracts(players):
    """SETUP-06: N-1 distinct national contracts face up on the board, drawn at random; nobody holds one."""
    seen = set()
    for seed in SEEDS:
        c = setup_snap(players, seed)["contracts"]
        nb = c["national_board"]
        assert len(nb) == players - 1 and len(set(nb)) == players - 1 and set(nb) <= NATIONALS
        held = [k for hand in c["hand"].values() for k in hand]
        assert not set(held) & NATIONALS
        seen |= set(nb)
    assert len(seen) >= 5


def test_SETUP_07_private_contract_piles_and_display():
    """SETUP-07: each colour: its 15 contracts split into 2 face up (the first two drawn) and 13 in the pile;
    each pile shuffled separately."""
    orders = {col: set() for col in COLOURS}
    for seed in SEEDS:
        c = setup_snap(3, seed)["contracts"]
        for col, letter in COLOURS.items():
            disp, pile = c["display"][col], c["piles"][col]
            assert len(disp) == 2 and None not in disp and len(pile) == 13
            assert sorted(disp + pile) == sorted(f"{letter}{i}" for i in range(1, 16))
            assert sorted(c["drawn"][col]) == sorted(disp)
            orders[col].add(tuple(pile))
    assert all(len(o) == len(SEEDS) for o in orders.values())


def test_SETUP_08_one_neutral_dam_per_area():
    """SETUP-08: 3 neutral dams: level 1 on a mountain lower space, level 2 on a hill one, level 3 on a plain one,
    1 drop each; the space is random among the area's lower spaces."""
    used = {area: set() for area in NEUTRAL}
    for seed in SEEDS:
        dams = setup_snap(4, seed)["dams"]
        assert len(dams) == 3
        for area, (level, options) in NEUTRAL.items():
            here = [d for d in dams if d in options]
            assert len(here) == 1
            assert dams[here[0]] == {"owner": "neutral", "level": level, "drops": 1}
            used[area].add(here[0])
    assert len(used["mountain"]) >= 3 and len(used["hill"]) == 3 and len(used["plain"]) == 3


def test_SETUP_09_patent_office_piles():
    """SETUP-09: full game: 3 level-I tiles displayed, the pile holds the other 2 level-I tiles, then the 5 of
    level II, then the 5 of level III; each level shuffled separately."""
    displays = set()
    for seed in SEEDS:
        p = setup_snap(3, seed)["patent_office"]
        disp, pile = p["display"], p["pile"]
        assert [t[:2] for t in disp] == ["L1"] * 3
        assert [t[:2] for t in pile] == ["L1"] * 2 + ["L2"] * 5 + ["L3"] * 5
        assert len(set(disp + pile)) == 15
        displays.add(tuple(disp))
    assert len(displays) >= 5


def test_SETUP_10_intro_has_no_patent_office():
    """SETUP-10: introductory game: no Patent Office; its spaces are never offered."""
    for seed in range(4):
        g = finish(new(3, seed, intro=True))
        assert g.snapshot().get("patent_office") is None
        assert not any(m.description.startswith("Patent Office") for m in g.legal_moves())
        assert all(not t.startswith("L") for c in g.snapshot()["companies"] for t in c["tiles"])


@pytest.mark.parametrize("intro", [False, True])
def test_SETUP_11_basic_wild_tile_only_in_the_intro(intro):
    """SETUP-11 / SETUP-20, SETUP-21: base/elevation/conduit/powerhouse tiles, + wild in the introductory game, +
    Anton's special tile for Anton."""
    for seed in range(6):
        for c in started(4, seed, intro)["companies"]:
            want = ["base", "elevation", "conduit", "powerhouse"] + (["wild"] if intro else [])
            if c["officer"] == "Anton Krylov":
                want.append("anton")
            assert c["tiles"] == want


def test_SETUP_12_energy_0_and_10_vp():
    """SETUP-12: energy markers on 0, VP on 10."""
    for players in PLAYERS:
        for c in started(players, 3)["companies"]:
            assert (c["energy"], c["vp"], c["vp_by_source"]) == (0, 10, {"start": 10})


@pytest.mark.parametrize("players", PLAYERS)
def test_SETUP_13_random_company_officer_pairings(players):
    """SETUP-13: N pairings of distinct companies and distinct base-game officers, drawn at random; every seat
    ends with one of them."""
    companies, officers = set(), set()
    for seed in SEEDS:
        pairs = setup_snap(players, seed)["setup"]["pairings"]
        assert len(pairs) == players
        assert len({p["company"] for p in pairs}) == players and {p["company"] for p in pairs} <= COMPANIES
        assert len({p["officer"] for p in pairs}) == players and {p["officer"] for p in pairs} <= BASE_OFFICERS
        assert not any(p["taken"] for p in pairs)
        got = sorted((c["company"], c["officer"]) for c in started(players, seed)["companies"])
        assert got == sorted((p["company"], p["officer"]) for p in pairs)
        companies.add(frozenset(p["company"] for p in pairs))
        officers |= {p["officer"] for p in pairs}
    assert len(officers) == 7
    if players < 4:
        assert len(companies) >= 3


@pytest.mark.parametrize("players", PLAYERS)
def test_SETUP_14_starting_contracts_dealt(players):
    """SETUP-14 / SETUP-20: N distinct starting contracts out of S1..S4; each company ends with one in hand."""
    dealt_sets = set()
    for seed in SEEDS:
        s = setup_snap(players, seed)
        dealt = s["setup"]["starting_contracts"]
        assert len(set(dealt)) == players and set(dealt) <= {"S1", "S2", "S3", "S4"}
        hands = started(players, seed)["contracts"]["hand"]
        assert sorted(k for h in hands.values() for k in h) == sorted(dealt)
        assert all(len(h) == 1 for h in hands.values()) and len(hands) == players
        dealt_sets.add(frozenset(dealt))
    if players < 4:
        assert len(dealt_sets) >= 3


@pytest.mark.parametrize("players", PLAYERS)
def test_SETUP_15_16_clockwise_choices_and_reverse_turn_order(players):
    """SETUP-15: a random first chooser; the seats choose clockwise from it, each a pairing and a starting contract
    (the first chooser picks among N x N). SETUP-16: the first chooser plays last, the last chooser first."""
    firsts = set()
    for seed in SEEDS:
        g = new(players, seed)
        f = g.snapshot()["setup"]["first_chooser"]
        firsts.add(f)
        assert len(g.legal_moves()) == players * players
        choosers = []
        while g.phase == "setup":
            choosers.append(g.current_player)
            g.play(g.legal_moves()[0].code)
        # the last seat's pick is forced (one pairing, one contract left) and made by the engine
        assert choosers == [(f + i) % players for i in range(players - 1)]
        assert g.snapshot()["turn_order"] == [(f + players - 1 - p) % players for p in range(players)]
    assert len(firsts) == players


def test_SETUP_15_each_seat_gets_what_it_chose():
    """SETUP-15: the chosen pairing and contract go to the chooser; the last chooser gets the remaining ones."""
    g = new(3, 5)
    f = g.snapshot()["setup"]["first_chooser"]
    assert g.current_player == f
    move = g.legal_moves()[-1]                       # last pairing with the last dealt contract
    text = move.description                          # 'Take <company> + <officer> with starting contract <S>'
    company = text.split(" + ")[0][len("Take "):]
    contract = text.rsplit(" ", 1)[1]
    g.play(move.code)
    finish(g)
    s = g.snapshot()
    assert s["companies"][f]["company"] == company
    assert s["contracts"]["hand"][company] == [contract]


def test_SETUP_18_intro_fixed_pairings():
    """SETUP-18: introductory game: each seat gets a fixed pairing with its own starting contract; which pairings
    are used and the turn order are random."""
    used, orders = set(), set()
    for seed in SEEDS:
        s = started(3, seed, intro=True)
        for c in s["companies"]:
            (contract,) = s["contracts"]["hand"][c["company"]]
            assert (c["company"], c["officer"], contract) in INTRO
        used.add(frozenset(c["company"] for c in s["companies"]))
        orders.add(tuple(s["companies"][seat]["company"] for seat in s["turn_order"]))
    assert len(used) >= 3
    assert len(orders) >= 6


def test_SETUP_18_intro_picks_offer_only_the_fixed_pairings():
    """SETUP-18: the choice is only among the dealt fixed pairings, each with its own contract."""
    g = new(4, 9, intro=True)
    moves = [m.description for m in g.legal_moves()]
    assert sorted(moves) == sorted(f"Take {c} + {o} with starting contract {k}" for c, o, k in INTRO)


@pytest.mark.parametrize("seed", range(6))
def test_SETUP_19_mahiri_copy_pool_with_two_players(seed):
    """SETUP-19: Mahiri's pool = the other company's officer + officers dealt but unused: exactly 3 distinct base
    officers, never Mahiri herself."""
    g = finish(sim.Game.new({"players": 2, "officers": ["Mahiri", "Viktor"]}, seed=seed))
    pool = g.snapshot()["mahiri_pool"]
    assert len(pool) == 3 and len(set(pool)) == 3
    assert "Viktor Fiesler" in pool and "Mahiri Sekibo" not in pool
    assert set(pool) <= BASE_OFFICERS


def test_SETUP_19_mahiri_copy_pool_with_four_players():
    """SETUP-19: with 4 companies the pool is exactly the three other companies' officers."""
    for seed in range(4):
        g = finish(sim.Game.new({"players": 4, "officers": ["Jill", "Mahiri", "Anton", "Solomon"]}, seed=seed))
        assert sorted(g.snapshot()["mahiri_pool"]) == ["Anton Krylov", "Jill McDowell", "Solomon P. Jordan"]


def test_SETUP_19_mahiri_pool_varies_with_the_unused_officers():
    """SETUP-19: the unused dealt officers are random: over the seeds more than two different pools occur."""
    pools = {frozenset(finish(sim.Game.new({"players": 2, "officers": ["Mahiri", "Viktor"]}, seed=s))
                       .snapshot()["mahiri_pool"]) for s in range(8)}
    assert len(pools) >= 3


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("intro", [False, True])
def test_SETUP_20_company_starting_state(players, intro):
    """SETUP-20 / SETUP-23: 12 Engineers, 6 Credits (Mahiri 9), 6 Excavators, 4 Mixers, one starting contract,
    an empty wheel open on segment 0, 5/5/5/4 structures on the board, nothing built."""
    for seed in range(4):
        s = started(players, seed, intro)
        assert s["round"] == 1 and s["phase"] == "actions"
        assert s["conduits"] == {} and s["powerhouses"] == {}
        assert all(d["owner"] == "neutral" for d in s["dams"].values())
        for c in s["companies"]:
            credits = 9 if c["officer"] == "Mahiri Sekibo" else 6
            assert (c["engineers"], c["credits"], c["excavators"], c["mixers"]) == (12, credits, 6, 4)
            assert c["structures_left"] == {"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}
            assert c["wheel"] == {"open": 0, "segments": {}}
            assert len(s["contracts"]["hand"][c["company"]]) == 1


def test_SETUP_21_officer_exceptions():
    """SETUP-21: Mahiri starts with 9 Credits; Anton receives his special tile; the others 6 Credits, no extra tile."""
    g = finish(sim.Game.new({"players": 3, "officers": ["Mahiri", "Anton", "Wilhelm"]}, seed=4))
    cs = {c["officer"]: c for c in g.snapshot()["companies"]}
    assert cs["Mahiri Sekibo"]["credits"] == 9 and "anton" not in cs["Mahiri Sekibo"]["tiles"]
    assert cs["Anton Krylov"]["credits"] == 6 and "anton" in cs["Anton Krylov"]["tiles"]
    assert cs["Wilhelm Adler"]["credits"] == 6 and "anton" not in cs["Wilhelm Adler"]["tiles"]


def test_SETUP_23_wheel_open_segment_0():
    """SETUP-23: every wheel starts open on segment 0 (the first Workshop rotation opens segment 1)."""
    g = finish(new(2, 6))
    assert [c["wheel"]["open"] for c in g.snapshot()["companies"]] == [0, 0]
    g.play(scenario.find_move(g, "Workshop: rotate the wheel 1 (left)"))
    seat = g.snapshot()["turn_order"][0]
    assert g.snapshot()["companies"][seat]["wheel"]["open"] == 1


@pytest.mark.parametrize("players,present,absent", [
    (4, {"machinery_any_L", "contract_take1_b_L", "workshop_2_L"}, set()),
    (3, {"workshop_2_L"}, {"machinery_any_L", "contract_take1_b_L"}),
    (2, set(), {"machinery_any_L", "contract_take1_b_L", "workshop_2_L"}),
])
def test_SETUP_24_rows_blocked_by_player_count(players, present, absent):
    """SETUP-24: N=3 blocks the rows marked 4, N=2 also those marked 3; the first company (6+ Credits) can pay
    every one of these spaces, so only the blocking removes them."""
    for seed in range(3):
        g = finish(new(players, seed))
        names = {g.info.space_ids[m.code] for m in g.legal_moves() if m.code < len(g.info.space_ids)}
        assert present <= names
        assert not (absent & names)


@pytest.mark.parametrize("seed", range(4))
def test_INCOME_10_round_1_starts_with_the_headstream_drops_only(seed):
    """INCOME-10 / INCOME-08: round 1 incomes are empty (resources as set up), the headstreams got their round-1
    drops."""
    s = started(3, seed)
    for h in s["headstreams"].values():
        assert h["drops"] == HEAD_DROPS[h["tile"]][0]
    for c in s["companies"]:
        assert c["credits"] == (9 if c["officer"] == "Mahiri Sekibo" else 6)
        assert (c["vp"], c["energy"], c["wheel"]["open"]) == (10, 0, 0)


@pytest.mark.parametrize("players", [2, 3])
def test_SETUP_19_mahiri_pool_in_random_setups(players):
    """SETUP-19: whenever Mahiri is dealt at random, her pool holds every other dealt pairing's officer plus unused
    dealt officers: 3 distinct officers, never Mahiri; without Mahiri the pool is empty."""
    found = 0
    for seed in range(40):
        s = setup_snap(players, seed)
        officers = [p["officer"] for p in s["setup"]["pairings"]]
        pool = s["mahiri_pool"]
        if "Mahiri Sekibo" not in officers:
            assert pool == []
            continue
        found += 1
        assert len(pool) == 3 and len(set(pool)) == 3 and set(pool) <= BASE_OFFICERS - {"Mahiri Sekibo"}
        assert set(officers) - {"Mahiri Sekibo"} <= set(pool)
    assert found >= 3
