"""The Colorado Connection (RULES.md §22): COLO-SETUP-01..06, COLO-BRIDGE-01..06, COLO-SETTLE-01..05, COLO-BTILE-01,
COLO-STILE-A/B/C-01, COLO-STILE-02, COLO-CONTRACT-01..03, COLO-EXT-01..03, COLO-HELI-01, COLO-OBJ-01, COLO-BONUS-01,
COLO-AUTOMA-01; worked examples EX-22, EX-23, EX-24; DECISION-37..40, 42; RECON-04/06.

The Colorado map and settlement data are reconstructed (RECON-04): these tests assert only what the rules fix
(RECON-06) -- bridge cost 1 + 2 per earlier bridge, crossing fees 3 / 0 / i (+1 VP), the 3rd mountain space's
2 Engineers, 4/3/3 tiles, the tile effects -- and read every placeholder (which zones a road crosses, the other
spaces' Engineers and tile types, the tile multiplicities, external-work costs, the Heliport) from the tables.
"""
from __future__ import annotations

import pytest

from sim import ids, scenario
from sim import layout as L
from sim.colorado_tables import colorado_names
from sim.config import GameConfig
from sim.data_colorado import load_colorado
from sim.errors import ConfigError
from sim.fidelity import check_strict
from sim.game import Game
from sim.rules.construct import placeable
from sim.tables import compile_tables
from sim.variant import Variant

COLO = Variant(players=3, expansions=("colorado",))
T, INFO = compile_tables(COLO)
BRIDGES, LABELS, SPACES = colorado_names()
DATA = load_colorado()
SEEDS = range(30)


def _tile_with(reward: dict) -> str:
    """The bridge tile whose bonus is `reward` (COLO-BTILE-01 fixes the effects; which id carries which is data)."""
    return next(t["id"] for t in DATA["bridge_tiles"] if t["reward"] == reward)


def _zone_dams(zone_number: int) -> tuple[str, str]:
    """(upper, lower) dam space of a zone (the topology is a placeholder: read, not assumed)."""
    z = INFO.zone_numbers.index(zone_number)
    return INFO.dam_ids[int(T.zone_dams[z, 0])], INFO.dam_ids[int(T.zone_dams[z, 1])]


def _road(space: str) -> list[int]:
    """Zone numbers the road to a settlement space crosses, nearest the site first (COLO-SETTLE-02, data)."""
    s = SPACES.index(space)
    return [INFO.zone_numbers[int(T.settle_cross[s, i])] for i in range(int(T.settle_n_cross[s]))]


def _area_zones(area: str) -> list[int]:
    return [INFO.zone_numbers[z] for z in range(int(T.n_zones[0]))
            if T.zone_area[z] == ids.AREA_NAMES.index(area) and T.zone_dams[z, 0] >= 0]


def _bridges(on_site: dict[str, str] | None = None, **placed: str) -> dict:
    """A `colorado.bridges` section: the named tiles built on the given dams (their site = the dam's area), the
    `on_site` tiles on the given sites, the other tiles filling the sites 4/3/3 in id order."""
    site = {}
    for tile, dam in placed.items():
        d = INFO.dam_ids.index(dam)
        site[tile] = ids.AREA_NAMES[int(T.zone_area[T.dam_zone[d]])]
    site.update(on_site or {})
    room = {a: int(T.colo_site_tiles[i]) - list(site.values()).count(a) for i, a in enumerate(ids.AREA_NAMES)}
    for t in BRIDGES:
        if t not in site:
            a = next(a for a in ids.AREA_NAMES if room[a] > 0)
            site[t] = a
            room[a] -= 1
    return {t: {"site": site[t], **({"dam": placed[t]} if t in placed else {})} for t in BRIDGES}


def _load(doc: dict, players: int = 3, expansions=("colorado",)) -> Game:
    base = {"variant": {"players": players, "expansions": list(expansions)}, "round": 1, "phase": "actions"}
    base.update(doc)
    return scenario.load(base)


def _snap(g: Game) -> dict:
    return g.snapshot()


def _co(g: Game, seat: int) -> dict:
    return g.snapshot()["companies"][seat]


# ---- COLO-SETUP-*, RECON-04/06, COLO-AUTOMA-01 ----------------------------------------------------------------
def test_COLO_SETUP_01_colorado_map_replaces_the_base_map():
    """COLO-SETUP-01: `--expansion colorado` plays the Colorado map (reconstructed, RECON-04/06); its topology is a
    copy of the base map's; base setup otherwise: one neutral dam per area on a lower space with 1 drop."""
    assert COLO.map == "colorado"
    assert GameConfig(players=3, expansions=("colorado",)).map == "colorado"
    assert INFO.map_fidelity == "reconstructed"
    assert ("colorado.yaml", "reconstructed") in INFO.data_fidelity
    base, binfo = compile_tables(Variant(players=3))
    for f in ("n_dams", "n_conduits", "n_ph", "dam_zone", "dam_upper", "zone_area", "cond_value", "cond_end_zone",
              "river_next", "ph_paying"):
        assert (getattr(T, f) == getattr(base, f)).all(), f
    S = Game.new(GameConfig(players=3, expansions=("colorado",)), seed=4).state
    neutral = [d for d in range(int(T.n_dams[0])) if S[L.DAM_OWNER + d] == ids.NEUTRAL]
    assert sorted(int(T.zone_area[T.dam_zone[d]]) for d in neutral) == [0, 1, 2]
    assert all(T.dam_upper[d] == 0 and S[L.DAM_DROPS + d] == 1 for d in neutral)


@pytest.mark.parametrize("kw,match", [
    (dict(map="five_player", players=4), r"^expansions: The Colorado Connection replaces the map"),
    (dict(map="duel", players=2), r"^expansions: The Colorado Connection replaces the map"),
    (dict(intro=True), r"^expansions: The Colorado Connection is played with the full rules"),
])
def test_COLO_SETUP_01_refused_combinations(kw, match):
    """COLO-SETUP-01: Colorado brings its own map; another map or the introductory game is refused in one line."""
    with pytest.raises(ConfigError, match=match) as e:
        GameConfig(expansions=("colorado",), **{"players": 3, **kw})
    assert "\n" not in str(e.value)


def test_COLO_SETUP_01_map_needs_the_expansion():
    with pytest.raises(ConfigError, match=r"^map: the colorado map is played with its rules"):
        GameConfig(players=3, map="colorado")


def test_RECON_06_strict_fidelity_refuses_colorado():
    """RECON-06: the strict mode refuses the reconstructed Colorado files in one line."""
    with pytest.raises(ConfigError, match=r"^strict_fidelity: map_colorado.yaml has fidelity reconstructed"):
        check_strict(COLO)
    check_strict(Variant(players=3, expansions=("geological",)))


@pytest.mark.parametrize("levels", [(1, 0), (0, 3)])
def test_COLO_AUTOMA_01_no_automa_on_the_colorado_map(levels):
    """COLO-AUTOMA-01, DECISION-42: no Automa with Colorado: one line, naming the rule."""
    with pytest.raises(ConfigError, match=r"^automa: .*COLO-AUTOMA-01") as e:
        GameConfig(players=2, expansions=("colorado",), automa=levels)
    assert "\n" not in str(e.value)


def test_COLO_SETUP_02_colorado_contracts_in_their_piles():
    """COLO-SETUP-02: the 3 Colorado contracts (requirement 3 green, 5 yellow, 8 red) are shuffled into the piles of
    their colour (16 each); without the expansion they stay in the box (15 each)."""
    req = {"CG1": (ids.GREEN, 3), "CY1": (ids.YELLOW, 5), "CR1": (ids.RED, 8)}
    for cid, (kind, energy) in req.items():
        k = INFO.contract_ids.index(cid)
        assert int(T.contract_kind[k]) == kind and int(T.contract_req[k]) == energy
    seen_pos = set()
    for seed in range(8):
        doc = Game.new(GameConfig(players=3, expansions=("colorado",)), seed=seed).snapshot()["contracts"]
        for cid, (kind, _) in req.items():
            colour = ids.CONTRACT_KIND_NAMES[kind]
            order = doc["drawn"][colour] + doc["piles"][colour]
            assert len(order) == 16 and cid in order
            seen_pos.add(order.index(cid))
    assert len(seen_pos) > 3                                                  # shuffled in
    base = Game.new(GameConfig(players=3), seed=1).snapshot()["contracts"]
    for colour in ("green", "yellow", "red"):
        order = base["drawn"][colour] + base["piles"][colour]
        assert len(order) == 15 and not any(c in order for c in req)


def test_COLO_SETUP_03_bonus_and_objective_tiles_join_the_pools():
    """COLO-SETUP-03: the bridges bonus tile and the bridged-dams objective can be drawn with Colorado (never
    without it)."""
    bonus, objectives = set(), set()
    for seed in range(60):
        S = Game.new(GameConfig(players=2, expansions=("colorado",)), seed=seed).state
        bonus.update(int(x) for x in S[L.G_BONUS:L.G_BONUS + 5])
        objectives.add(int(S[L.G_OBJECTIVE]))
    assert ids.B_BRIDGES in bonus and ids.O_BRIDGE_DAMS in objectives
    assert not bonus & {ids.B_EXTWORKS, ids.B_BUILDINGS}
    for seed in range(30):
        S = Game.new(GameConfig(players=2), seed=seed).state
        assert ids.B_BRIDGES not in S[L.G_BONUS:L.G_BONUS + 5] and S[L.G_OBJECTIVE] != ids.O_BRIDGE_DAMS


def test_COLO_SETUP_04_settlement_tiles_by_type():
    """COLO-SETUP-04: each settlement space holds a tile of its own type (types are data), drawn at random from that
    type's 8 tiles (multiplicities are data, COLO-STILE-02)."""
    copies = {}
    for ty in "ABC":
        for t in DATA["settlement_tiles"][ty]:
            copies[f"{ty}:{next(iter(t['reward']))}"] = t["copies"]
    seen = set()
    for seed in SEEDS:
        sec = Game.new(GameConfig(players=3, expansions=("colorado",)), seed=seed).snapshot()["colorado"]
        count = {}
        for sp, entry in sec["settlements"].items():
            s = SPACES.index(sp)
            assert entry["tile"][0] == ids.SETTLEMENT_TYPES[int(T.settle_type[s])] and "occupant" not in entry
            count[entry["tile"]] = count.get(entry["tile"], 0) + 1
            seen.add(entry["tile"])
        assert all(n <= copies[t] for t, n in count.items())
    assert seen == set(copies)


def test_COLO_SETUP_05_bridge_tiles_4_3_3_on_the_sites():
    """COLO-SETUP-05: the 10 bridge tiles go at random onto the sites, 4 mountain, 3 hill, 3 plain; none built."""
    where = {}
    for seed in SEEDS:
        sec = Game.new(GameConfig(players=3, expansions=("colorado",)), seed=seed).snapshot()["colorado"]
        sites = [e["site"] for e in sec["bridges"].values()]
        assert len(sec["bridges"]) == 10 and all("dam" not in e for e in sec["bridges"].values())
        assert (sites.count("mountain"), sites.count("hill"), sites.count("plain")) == (4, 3, 3)
        for t, e in sec["bridges"].items():
            where.setdefault(t, set()).add(e["site"])
    assert all(len(s) == 3 for s in where.values())


def test_COLO_SETUP_06_with_leeghwater_heliport_and_works():
    """COLO-SETUP-06, LWP-SETUP-01/05: the Heliport joins the buildings (5 of 11 drawn); each external-works deck
    gets its Colorado tile and loses one random tile (5 left); without Colorado neither appears."""
    heli, colo_works = 0, set()
    for seed in range(40):
        sec = Game.new(GameConfig(players=3, expansions=("colorado", "leeghwater")), seed=seed).snapshot()
        lw = sec["leeghwater"]
        heli += "Heliport" in lw["buildings"]
        deck = lw["external_works"]["deck"]
        assert len(deck) == 15 and len(set(deck)) == 15
        for d in "ABC":
            assert sum(1 for w in deck if w[2] == d) == 5
        colo_works.update(w for w in deck if w.endswith("6"))
    assert heli > 0 and colo_works == {"EWA6", "EWB6", "EWC6"}
    for seed in range(10):
        lw = Game.new(GameConfig(players=3, expansions=("leeghwater",)), seed=seed).snapshot()["leeghwater"]
        assert "Heliport" not in lw["buildings"] and not any(w.endswith("6") for w in lw["external_works"]["deck"])


# ---- bridges ---------------------------------------------------------------------------------------------------
def _mountain():
    """Two mountain basins (data) and their dam spaces."""
    z1, z2 = _area_zones("mountain")[:2]
    return _zone_dams(z1), _zone_dams(z2)


def test_EX_22_COLO_BRIDGE_01_02_04_building_a_bridge():
    """EX-22: seat 0 owns a level-1 Base in a mountain basin without bridge; red (seat 1) has built one bridge from
    the mountain site; the site still holds the 3-VP tile. Building there: 1 Engineer on the site (even with
    seat 1's Engineer on it, COLO-BRIDGE-01), 1 + 2 x 1 = 3 Credits, the tile on the Base, +3 VP; no Elevation can
    be built on that Base afterwards (COLO-BRIDGE-04)."""
    (m1u, m1l), (m2u, m2l) = _mountain()
    vp_tile = _tile_with({"vp": 3})
    other = next(t for t in BRIDGES if t != vp_tile)
    bridges = _bridges({vp_tile: "mountain"}, **{other: m2u})
    g = _load({"companies": {0: {"credits": 5, "vp": 10}, 1: {"vp": 10}},
               "dams": {m1u: 0, m2u: 1},
               "colorado": {"bridges": bridges, "site_engineers": {"mountain": [0, 1, 0]}},
               "decision": {"task": "main", "seat": 0}})
    assert placeable(g.state, g.tables, 0, INFO.dam_ids.index(m1u)) == ids.ELEVATION
    eng0 = _co(g, 0)["engineers"]
    g.play(scenario.find_move(g, "Build a bridge from the mountain construction site [1 Engineer, 3 Credits]"))
    g.play(scenario.find_move(g, f"Bridge tile {vp_tile} (vp 3) on {m1u}"))
    snap = g.snapshot()
    c0 = snap["companies"][0]
    assert c0["credits"] == 2 and c0["vp"] == 13 and c0["engineers"] == eng0 - 1
    assert snap["colorado"]["site_engineers"]["mountain"] == [1, 1, 0]
    assert snap["colorado"]["bridges"][vp_tile] == {"site": "mountain", "dam": m1u}
    assert placeable(g.state, g.tables, 0, INFO.dam_ids.index(m1u)) == -1            # COLO-BRIDGE-04


def test_COLO_BRIDGE_02_cost_grows_by_2_per_earlier_bridge():
    """COLO-BRIDGE-02: 1 Credit + 2 per bridge previously built from that site (by anyone): 1, 3, 5, 7."""
    dams = [_zone_dams(z)[0] for z in _area_zones("mountain")]
    mountain_tiles = [t for t, e in _bridges().items() if e["site"] == "mountain"]
    for built in range(4):
        g = _load({"companies": {0: {"credits": 20}}, "dams": {dams[0]: 0, **{d: 1 for d in dams[1:]}},
                   "colorado": {"bridges": _bridges(**{mountain_tiles[i]: dams[1 + i] for i in range(built)})},
                   "decision": {"task": "main", "seat": 0}})
        offered = [m.description for m in g.legal_moves() if "construction site" in m.description]
        assert offered == [f"Build a bridge from the mountain construction site [1 Engineer, {1 + 2 * built} Credits]"]


def test_COLO_BRIDGE_03_placement_limits():
    """COLO-BRIDGE-03: only on an own dam (not neutral, not an opponent's), of any level, without a bridge, in a
    basin without a bridge."""
    (m1u, m1l), (m2u, m2l) = _mountain()
    z3, z4 = _area_zones("mountain")[2:4]
    m3u, m3l = _zone_dams(z3)
    m4u, _ = _zone_dams(z4)
    g = _load({"companies": {0: {"credits": 20}},
               "dams": {m1u: {"owner": 0, "level": 3}, m1l: 1, m2u: "neutral", m3u: 1, m3l: 0, m4u: 1},
               "colorado": {"bridges": _bridges(**{BRIDGES[0]: m3u})},
               "decision": {"task": "main", "seat": 0}})
    g.play(scenario.find_move(g, "Build a bridge from the mountain construction site"))
    dams = {m.description.rsplit(" on ", 1)[1] for m in g.legal_moves()}
    assert dams == {m1u}                                         # level 3 allowed; m3l: basin already bridged


def test_COLO_BRIDGE_05_action_legality():
    """COLO-BRIDGE-05: the site needs a tile, an eligible own dam in that area and the Credits (TURN-05)."""
    (m1u, _), (m2u, _) = _mountain()
    hill_dam = _zone_dams(_area_zones("hill")[0])[0]

    def sites(doc):
        g = _load({**doc, "decision": {"task": "main", "seat": 0}})
        return [m.description for m in g.legal_moves() if "construction site" in m.description]

    assert sites({"companies": {0: {"credits": 1}}, "dams": {m1u: 0}}) == \
        ["Build a bridge from the mountain construction site [1 Engineer, 1 Credits]"]
    assert sites({"companies": {0: {"credits": 0}}, "dams": {m1u: 0}}) == []          # cannot pay
    assert sites({"companies": {0: {"credits": 9}}, "dams": {hill_dam: 1}}) == []      # no own dam
    dams = [_zone_dams(z) for z in _area_zones("mountain")]
    tiles = [t for t, e in _bridges().items() if e["site"] == "mountain"]
    # all 4 mountain tiles built (3 by seat 1 and 1 by seat 0, each in its own basin): the site is empty, so seat 0's
    # other mountain dam (in a basin without a bridge) cannot get one
    other = _zone_dams(_area_zones("mountain")[0])[1]
    assert sites({"companies": {0: {"credits": 20}},
                  "dams": {dams[0][0]: 1, dams[1][0]: 1, dams[2][0]: 1, dams[3][0]: 0},
                  "colorado": {"bridges": _bridges(**{tiles[i]: dams[i][0] for i in range(4)})}}) == []
    del other


def test_COLO_BONUS_01_and_COLO_BRIDGE_06_bridges_bonus_tile():
    """COLO-BONUS-01: 5 VP per bridge the company has built (BONUS-04; COLO-BRIDGE-06: bridges are permanent)."""
    (m1u, _), (m2u, _) = _mountain()
    g = _load({"round": 1, "phase": "scoring", "bonus_tiles": ["bridges", "bases", "conduits", "elevations",
                                                                "powerhouses"],
               "companies": {0: {"energy": 30, "vp": 10}, 1: {"energy": 30, "vp": 10}, 2: {"energy": 30, "vp": 10}},
               "dams": {m1u: 0, m2u: 0},
               "colorado": {"bridges": _bridges(**{BRIDGES[0]: m1u, BRIDGES[1]: m2u})}})
    g.run_until("end_of_round")
    vps = [c["vp_by_source"].get("bonus_tiles", 0) for c in g.snapshot()["companies"]]
    assert vps == [10, 0, 0]


def test_COLO_OBJ_01_OBJECTIVE_07_bridged_dam_pieces():
    """COLO-OBJ-01 / OBJECTIVE-07: the count is the Bases + Elevations of the company's bridged dams (a level-3
    bridged dam counts 3, an unbridged one nothing)."""
    from sim.rules.scoring import objective_count

    (m1u, _), (m2u, _) = _mountain()
    hu = _zone_dams(_area_zones("hill")[0])[0]
    g = _load({"dams": {m1u: {"owner": 0, "level": 3}, m2u: {"owner": 0, "level": 2}, hu: {"owner": 1, "level": 2}},
               "colorado": {"bridges": _bridges(**{BRIDGES[0]: m1u, BRIDGES[4]: hu})}})
    assert [int(objective_count(g.state, g.tables, c, ids.O_BRIDGE_DAMS)) for c in range(3)] == [3, 2, 0]


# ---- settlements -----------------------------------------------------------------------------------------------
def test_EX_23_COLO_SETTLE_02_03_04_crossing_costs():
    """EX-23: the 3rd mountain space (2 Engineers, COLO-SETTLE-01) crosses 3 basins in road order (COLO-SETTLE-02):
    the 1st holds seat 0's bridge (0), the 2nd seat 1's bridge (2 Credits to seat 1, +1 VP), the 3rd none (3 to the
    supply): 5 Credits; then seat 0 gains the tile's bonus (here 3 machineries of choice): costs first, then the
    bonus (COLO-SETTLE-04)."""
    road = _road("SM3")
    assert len(road) == 3 and int(T.settle_eng[SPACES.index("SM3")]) == 2
    d1, d2 = _zone_dams(road[0])[0], _zone_dams(road[1])[0]
    g = _load({"companies": {0: {"credits": 7, "excavators": 0, "mixers": 0}, 1: {"credits": 4, "vp": 10}},
               "dams": {d1: 0, d2: 1},
               "colorado": {"bridges": _bridges(**{BRIDGES[0]: d1, BRIDGES[1]: d2}),
                            "settlements": {"SM3": {"tile": "C:any_machine"}}},
               "decision": {"task": "main", "seat": 0}})
    eng0 = _co(g, 0)["engineers"]
    g.play(scenario.find_move(g, "Activate settlement SM3 (C:any_machine) [2 Engineers, crossing 5 Credits]"))
    g.play(scenario.find_move(g, "Take 2 Excavators and 1 Mixers"))
    snap = g.snapshot()
    c0, c1 = snap["companies"][0], snap["companies"][1]
    assert (c0["credits"], c0["engineers"], c0["excavators"], c0["mixers"]) == (2, eng0 - 2, 2, 1)
    assert (c1["credits"], c1["vp"]) == (6, 11)
    assert snap["colorado"]["settlements"]["SM3"]["occupant"] == 0


def test_COLO_SETTLE_01_exclusive_spaces_and_engineers():
    """COLO-SETTLE-01: 10 spaces 4/3/3, each exclusive; Engineers printed 1 or 2 (the 3rd mountain = 2, the others
    data); an occupied space is not offered (TURN-06)."""
    assert [int(x) for x in T.settle_area] == [0] * 4 + [1] * 3 + [2] * 3
    assert all(int(e) in (1, 2) for e in T.settle_eng[:10])
    g = _load({"companies": {0: {"credits": 20}, 1: {"credits": 20}},
               "colorado": {"settlements": {"SM1": {"occupant": 1}}},
               "decision": {"task": "main", "seat": 0}})
    offered = {m.description.split()[2] for m in g.legal_moves() if m.description.startswith("Activate settlement")}
    assert "SM1" not in offered and "SH1" in offered


def test_COLO_SETTLE_02_roads_cross_the_first_k_basins():
    """COLO-SETTLE-02, DECISION-37: the k-th space of an area crosses the first k basins of its road; roads run
    left to right in mountains and plains, right to left in the hills (zone numbering left to right per area)."""
    for area, spaces in (("mountain", ["SM1", "SM2", "SM3", "SM4"]), ("hill", ["SH1", "SH2", "SH3"]),
                         ("plain", ["SP1", "SP2", "SP3"])):
        zones = _area_zones(area)
        road = zones[::-1] if area == "hill" else zones
        for k, sp in enumerate(spaces, start=1):
            assert _road(sp) == road[:k]


def test_COLO_SETTLE_03_own_bridge_free_and_index_fee():
    """COLO-SETTLE-03: the 4th mountain space over four opponent bridges costs 1 + 2 + 3 + 4 = 10 Credits, each
    owner +1 VP; over own bridges nothing; without bridges 4 x 3 = 12."""
    from sim.rules.colorado import crossing_cost

    road = _road("SM4")
    dams = [_zone_dams(z)[0] for z in road]
    g = _load({"dams": {dams[0]: 1, dams[1]: 2, dams[2]: 1, dams[3]: 0},
               "colorado": {"bridges": _bridges(**{BRIDGES[i]: dams[i] for i in range(4)})}})
    s = SPACES.index("SM4")
    assert int(crossing_cost(g.state, g.tables, 0, s)) == 1 + 2 + 3 + 0
    assert int(crossing_cost(g.state, g.tables, 1, s)) == 0 + 2 + 0 + 4
    assert int(crossing_cost(g.state, g.tables, 2, s)) == 1 + 0 + 3 + 4
    g0 = _load({})
    assert int(crossing_cost(g0.state, g0.tables, 0, s)) == 12


def test_COLO_SETTLE_03_COLO_BRIDGE_02_derived_bridge_state_follows_every_bridge():
    """COLO-SETTLE-03, COLO-BRIDGE-02: the crossing costs, bridged basins and bridges per site the listing reads are
    derived state (sim.layout COLO_CROSS_COST, ...): a bridge built in play updates them (the 4th mountain space for
    seat 1 goes from 12 to 3 + 3 + 3 + 4 once seat 0 bridges the road's 4th basin; the mountain site's next bridge
    costs 1 + 2); the invariants report a stale copy."""
    from sim import layout as L
    from sim.invariants import INVARIANTS, violations
    from sim.rules.colorado import bridge_cost, crossing_cost

    road = _road("SM4")
    dam = _zone_dams(road[3])[0]                                          # a Base of seat 0 on the 4th basin
    tile = _tile_with({"vp": 3})
    g = _load({"companies": {0: {"credits": 10}}, "dams": {dam: 0},
               "colorado": {"bridges": _bridges({tile: "mountain"})}, "decision": {"task": "main", "seat": 0}})
    s = SPACES.index("SM4")
    assert [int(crossing_cost(g.state, g.tables, c, s)) for c in range(3)] == [12, 12, 12]
    assert int(bridge_cost(g.state, g.tables, 0)) == 1 and violations(g.state, g.tables) == 0
    g.play(scenario.find_move(g, "Build a bridge from the mountain construction site"))
    g.play(scenario.find_move(g, f"Bridge tile {tile}"))
    S = g.state
    assert [int(crossing_cost(S, g.tables, c, s)) for c in range(3)] == [9, 13, 13]
    assert int(bridge_cost(S, g.tables, 0)) == 1 + 2 and violations(S, g.tables) == 0
    stale = S.copy()
    stale[L.COLO_CROSS_COST + 1 * L.N_SETTLE_SPACES + s] = 12
    assert violations(stale, g.tables) == 1 << INVARIANTS.index(
        "Colorado: the state derived from the bridges matches them (sim.rules.colorado.refresh_bridges)")


def test_COLO_BRIDGE_03_05_a_base_placed_in_play_opens_the_site():
    """COLO-BRIDGE-03/05: the areas where a company has a dam that can take a bridge are derived state (sim.layout
    COLO_BRIDGE_AREAS): a Base placed in play opens its area's site at once, a Base in a basin already bridged does
    not; the invariants report a stale mask."""
    import numpy as np

    from sim.invariants import INVARIANTS, violations
    from sim.rules.actions import list_main_moves
    from sim.rules.construct import place_structure

    (m1u, _), (m2u, m2l) = _mountain()
    g = _load({"companies": {0: {"credits": 10}}, "dams": {m2u: 1},
               "colorado": {"bridges": _bridges(**{BRIDGES[0]: m2u})}, "decision": {"task": "main", "seat": 0}})

    def sites():                               # the site moves the engine lists for seat 0 on the state as it is
        out, scratch = np.empty(4096, dtype=np.int64), np.empty(16, dtype=np.int64)
        n = list_main_moves(g.state, g.tables, 0, 0, out, scratch)
        return [int(m) - ids.MV_COLO_SITE for m in out[:n] if ids.MV_COLO_SITE <= m < ids.MV_COLO_SITE + 3]

    mountain = ids.AREA_NAMES.index("mountain")
    assert sites() == [] and int(g.state[L.COLO_BRIDGE_AREAS + 0]) == 0
    place_structure(g.state, g.tables, 0, INFO.dam_ids.index(m2l), ids.BASE)     # its basin has a bridge
    assert sites() == [] and int(g.state[L.COLO_BRIDGE_AREAS + 0]) == 0 and violations(g.state, g.tables) == 0
    place_structure(g.state, g.tables, 0, INFO.dam_ids.index(m1u), ids.BASE)
    assert int(g.state[L.COLO_BRIDGE_AREAS + 0]) == 1 << mountain and violations(g.state, g.tables) == 0
    assert sites() == [mountain]
    stale = g.state.copy()
    stale[L.COLO_BRIDGE_AREAS + 0] = 0
    assert violations(stale, g.tables) == 1 << INVARIANTS.index(
        "Colorado: the state derived from the bridges matches them (sim.rules.colorado.refresh_bridges)")


def test_COLO_SETTLE_05_legality_needs_costs_and_a_performable_bonus():
    """COLO-SETTLE-05, DECISION-38: not offered when the crossing cost cannot be paid, nor when the tile's production
    has no legal option; offered once both hold."""
    def offered(credits, tile, doc=None):
        g = _load({"companies": {0: {"credits": credits}}, **(doc or {}),
                   "colorado": {"settlements": {"SM3": {"tile": tile}}}, "decision": {"task": "main", "seat": 0}})
        return any(m.description.startswith("Activate settlement SM3") for m in g.legal_moves())

    assert offered(9, "C:any_machine") and not offered(8, "C:any_machine")
    assert not offered(20, "C:production_action_bonus")                       # no production possible
    zone = INFO.zone_numbers.index(_area_zones("mountain")[0])
    k = int(T.zone_conduits[zone, 0])
    end = int(T.cond_end_zone[k])
    ph = INFO.ph_ids[int(T.zone_ph[end, 0])]
    d = _zone_dams(_area_zones("mountain")[0])[0]
    prod = {"dams": {d: {"owner": 0, "drops": 1}}, "conduits": {INFO.conduit_ids[k]: 0}, "powerhouses": {ph: 0}}
    assert offered(20, "C:production_action_bonus", prod)


# ---- tile effects ----------------------------------------------------------------------------------------------
def _settle(tile: str, space: str = "SM1", credits: int = 20, **doc) -> Game:
    """Seat 0 activates `space` holding `tile` (crossing cost read from the game) and the bonus starts."""
    g = _load({"companies": {0: {"credits": credits, **doc.pop("c0", {})}}, **doc,
               "colorado": {"settlements": {space: {"tile": tile}}}, "decision": {"task": "main", "seat": 0}})
    g.play(scenario.find_move(g, f"Activate settlement {space} ({tile})"))
    return g


def test_COLO_STILE_A_01_type_A_effects():
    """COLO-STILE-A-01: rotate 2 | 2 Excavators | 5 Credits | +5 plain energy | 1 machinery of choice back from
    every wheel segment holding any (tiles stay)."""
    cross = 3 * len(_road("SM1"))
    g = _settle("A:excavators", c0={"excavators": 0})
    assert _co(g, 0)["excavators"] == 2
    g = _settle("A:credits")
    assert _co(g, 0)["credits"] == 20 - cross + 5
    g = _settle("A:energy")
    assert _co(g, 0)["energy"] == 5
    wheel = {"open": 0, "segments": {1: {"excavators": 2, "mixers": 1, "tiles": ["base"]}, 3: {"mixers": 2}}}
    g = _settle("A:take_back_machinery_per_segment", c0={"excavators": 0, "mixers": 0, "wheel": wheel})
    g.play(scenario.find_move(g, "Take back 1 Mixer from wheel segment 1"))
    c = _co(g, 0)
    assert (c["excavators"], c["mixers"]) == (0, 2)                  # segment 3 had only Mixers: forced
    seg = c["wheel"]["segments"]
    assert seg[1].get("excavators", 0) == 2 and seg[1].get("mixers", 0) == 0 and seg[1]["tiles"] == ["base"]
    assert seg[3].get("mixers", 0) == 1


def test_EX_24_COLO_STILE_B_01_energy_sum_of_conduits():
    """EX-24: conduits of values 2, 4 and 5 -> the type-B energy bonus advances the marker by 11 (plain energy, no
    contract offered)."""
    by_value = {}
    for k in range(int(T.n_conduits[0])):
        by_value.setdefault(int(T.cond_value[k]), INFO.conduit_ids[k])
    conduits = {by_value[2]: 0, by_value[4]: 0, by_value[5]: 0}
    g = _settle("B:energy_sum_of_own_conduit_values", space="SM2", conduits=conduits)
    assert _co(g, 0)["energy"] == 11
    assert g.pending != ids.TASK_NAMES[ids.TK_FULFIL]


def test_COLO_STILE_B_01_other_effects():
    """COLO-STILE-B-01: 2 machineries of choice | a construction without Engineers or space (CONSTRUCT-04 with the
    tile, machinery and rotation) | 1 drop into each own dam with room."""
    g = _settle("B:any_machine", space="SM2", c0={"excavators": 0, "mixers": 0})
    g.play(scenario.find_move(g, "Take 0 Excavators and 2 Mixers"))
    assert (_co(g, 0)["excavators"], _co(g, 0)["mixers"]) == (0, 2)
    (m1u, _), (m2u, _) = _mountain()
    g = _settle("B:drop_into_each_own_dam", space="SM2",
                dams={m1u: {"owner": 0, "level": 2, "drops": 1}, m2u: {"owner": 0, "level": 1, "drops": 1}})
    dams = g.snapshot()["dams"]
    assert dams[m1u]["drops"] == 2 and dams[m2u]["drops"] == 1
    g = _settle("B:construction_without_engineers", space="SM2", c0={"excavators": 6})
    eng = _co(g, 0)["engineers"]
    assert g.pending == ids.TASK_NAMES[ids.TK_BUILD]
    g.play(g.legal_moves()[0].code)
    while g.pending == ids.TASK_NAMES[ids.TK_PAY]:
        g.play(g.legal_moves()[0].code)
    c = _co(g, 0)
    assert c["engineers"] == eng and c["construction_spaces_used"] == 0 and c["wheel"]["open"] == 1


def test_COLO_STILE_C_01_type_C_effects():
    """COLO-STILE-C-01: 1 VP per 2 Credits held after the crossing costs (Credits kept) | 3 machineries of choice |
    a production at +3 | a free Conduit of value <= 4."""
    cross = 3 * len(_road("SM3"))
    g = _settle("C:vp_per_2_credits", space="SM3", credits=cross + 7, c0={"vp": 10})
    assert (_co(g, 0)["credits"], _co(g, 0)["vp"]) == (7, 13)
    g = _settle("C:free_conduit_max_value", space="SM3")
    vals = {int(T.cond_value[INFO.conduit_ids.index(m.description.rsplit(" ", 1)[1])]) for m in g.legal_moves()}
    assert vals and max(vals) <= 4


def test_COLO_BTILE_01_bridge_tile_effects():
    """COLO-BTILE-01: the resource tiles give exactly their bonus on building (5 Credits, 2 Excavators, 3 VP,
    1 Mixer + 2 Credits, +5 plain energy)."""
    (m1u, _), _ = _mountain()
    checks = [({"credits": 5}, "credits", 5), ({"excavators": 2}, "excavators", 2), ({"vp": 3}, "vp", 3),
              ({"energy": 5}, "energy", 5)]
    for reward, key, delta in checks:
        tile = _tile_with(reward)
        bridges = _bridges({tile: "mountain"})
        g = _load({"companies": {0: {"credits": 10, "excavators": 0, "vp": 10}}, "dams": {m1u: 0},
                   "colorado": {"bridges": bridges}, "decision": {"task": "main", "seat": 0}})
        before = _co(g, 0)[key]
        g.play(scenario.find_move(g, "Build a bridge from the mountain construction site"))
        g.play(scenario.find_move(g, f"Bridge tile {tile}"))
        paid = 1 if key == "credits" else 0
        assert _co(g, 0)[key] == before + delta - paid, reward


# ---- contracts, external works, Heliport -----------------------------------------------------------------------
def _fulfil(contract: str, doc: dict, expansions=("colorado",)) -> Game:
    g = _load({**doc, "contracts": {"hand": {0: [contract]}},
               "decision": {"task": "fulfil", "seat": 0, "energy": 8}}, expansions=expansions)
    g.play(scenario.find_move(g, f"Fulfil contract {contract}"))
    return g


def test_COLO_CONTRACT_01_free_bridge():
    """COLO-CONTRACT-01, DECISION-39: a bridge for free (no Engineer, no Credits), placement limits apply, a tile
    from the site of the dam's area, with its bonus."""
    (m1u, _), _ = _mountain()
    hu = _zone_dams(_area_zones("hill")[0])[0]
    g = _fulfil("CG1", {"companies": {0: {"credits": 0}}, "dams": {m1u: 0, hu: 0}})
    moves = [m.description for m in g.legal_moves()]
    assert all(d.startswith("Bridge tile ") for d in moves)
    assert {d.split()[2] for d in moves if d.endswith(m1u)} == set(BRIDGES[:4])
    assert {d.split()[2] for d in moves if d.endswith(hu)} == set(BRIDGES[4:7])
    eng = _co(g, 0)["engineers"]
    g.play(scenario.find_move(g, f"Bridge tile {BRIDGES[4]}"))
    snap = g.snapshot()
    assert snap["colorado"]["bridges"][BRIDGES[4]]["dam"] == hu and snap["companies"][0]["engineers"] == eng
    assert snap["colorado"]["site_engineers"]["hill"] == [0, 0, 0]


def test_COLO_CONTRACT_02_two_different_own_bridge_effects():
    """COLO-CONTRACT-02: the effects of up to two different bridge tiles on own dams; the bridges stay."""
    (m1u, _), (m2u, _) = _mountain()
    hu = _zone_dams(_area_zones("hill")[0])[0]
    vp, cr = _tile_with({"vp": 3}), _tile_with({"credits": 5})
    other = next(t for t in BRIDGES if t not in (vp, cr))
    bridges = _bridges(**{vp: m1u, cr: m2u, other: hu})                  # `other`: an opponent's bridge
    g = _fulfil("CY1", {"companies": {0: {"credits": 0, "vp": 10}}, "dams": {m1u: 0, m2u: 0, hu: 1},
                        "colorado": {"bridges": bridges}})
    descs = [m.description for m in g.legal_moves()]
    assert sorted(descs) == sorted([f"Gain the effect of bridge tile {vp} (vp 3)",
                                    f"Gain the effect of bridge tile {cr} (credits 5)", "Gain no more bridge effects"])
    g.play(scenario.find_move(g, f"bridge tile {vp}"))
    assert [m.description for m in g.legal_moves()] == [f"Gain the effect of bridge tile {cr} (credits 5)",
                                                        "Gain no more bridge effects"]
    g.play(scenario.find_move(g, f"bridge tile {cr}"))
    c = _co(g, 0)
    assert c["vp"] == 13 + c["vp_by_source"].get("contracts", 0) and c["credits"] == 5
    assert g.snapshot()["colorado"]["bridges"][vp]["dam"] == m1u


def test_COLO_CONTRACT_03_type_C_bonus_free():
    """COLO-CONTRACT-03, DECISION-39: the bonus of one type-C tile of choice on the map, occupied or not, with no
    Engineers and no crossing costs; the space stays as it was."""
    g = _fulfil("CR1", {"companies": {0: {"credits": 0, "vp": 10}},
                        "colorado": {"settlements": {"SM3": {"tile": "C:vp_per_2_credits", "occupant": 1},
                                                     "SM4": {"tile": "C:any_machine"}}}})
    descs = [m.description for m in g.legal_moves()]
    spaces = {d.split()[6] for d in descs}
    assert spaces == {SPACES[s] for s in range(10) if T.settle_type[s] == 2}       # every C tile is performable
    g.play(scenario.find_move(g, "settlement tile on SM4"))
    g.play(scenario.find_move(g, "Take 3 Excavators and 0 Mixers"))
    snap = g.snapshot()
    assert snap["companies"][0]["credits"] == 0
    assert snap["colorado"]["settlements"]["SM3"]["occupant"] == 1 and "occupant" not in snap["colorado"]["settlements"]["SM4"]


LWP = ("colorado", "leeghwater")


def test_COLO_EXT_01_free_base_then_free_bridge():
    """COLO-EXT-01, DECISION-40: a free Base (mandatory), then a free bridge on it with its bonus if legal."""
    (m1u, m1l), _ = _mountain()
    doc = {"companies": {0: {"credits": 0, "vp": 10}},
           "leeghwater": {"external_works": {"deck": ["EWA6", "EWA1", "EWA2", "EWA3", "EWA4", "EWB1", "EWB2", "EWB3",
                                                      "EWB4", "EWB5", "EWC1", "EWC2", "EWC3", "EWC4", "EWC5"],
                                             "drawn": 3}},
           "decision": {"task": "reward_part", "seat": 0, "key": "free_bridge_on_that_base",
                        "amount": 1 << ids.MOUNTAIN}}
    g = _load(doc, expansions=LWP)
    assert g.pending == ids.TASK_NAMES[ids.TK_FREE_PLACE]
    g.play(scenario.find_move(g, f"Place a free Base on {m1l}"))       # 0 Credits: no red-outlined space
    while g.pending == ids.TASK_NAMES[ids.TK_PAY]:
        g.play(g.legal_moves()[0].code)
    descs = [m.description for m in g.legal_moves()]
    assert descs and all(d.endswith(f"on {m1l}") for d in descs)
    assert {d.split()[2] for d in descs} == set(BRIDGES[:4])
    g.play(scenario.find_move(g, f"Bridge tile {BRIDGES[0]}"))
    assert g.snapshot()["colorado"]["bridges"][BRIDGES[0]]["dam"] == m1l


def test_COLO_EXT_03_free_elevation_on_a_bridged_dam():
    """COLO-EXT-03: the free Elevation may go on a bridged dam (the bridge stays on top; here the only option, so it
    is placed at once); afterwards Elevations on bridged dams are refused again (COLO-BRIDGE-04)."""
    (m1u, _), _ = _mountain()
    g = _load({"dams": {m1u: 0}, "colorado": {"bridges": _bridges(**{BRIDGES[0]: m1u})},
               "decision": {"task": "colo_part", "seat": 0, "key": "free_elevation_on_bridged_dam", "amount": 1}},
              expansions=LWP)
    snap = g.snapshot()
    assert snap["dams"][m1u]["level"] == 2 and snap["colorado"]["bridges"][BRIDGES[0]]["dam"] == m1u
    assert placeable(g.state, g.tables, 0, INFO.dam_ids.index(m1u)) == -1


def test_COLO_EXT_02_and_data():
    """COLO-EXT-01..03 (LWP-SETUP-05): one Colorado work per deck with the rule's rewards; costs are data."""
    works = {w["id"]: w for w in DATA["external_works"]}
    assert works["EWB6"]["reward"] == {"credits": 6, "settlement_bonus_of_type": "B"}
    assert works["EWC6"]["reward"]["vp"] == 7 and works["EWC6"]["reward"]["elevation_allowed_on_bridged_dam"]
    g = _load({"companies": {0: {"credits": 0}},
               "decision": {"task": "colo_part", "seat": 0, "key": "settlement_bonus_of_type", "amount": 2}},
              expansions=LWP)
    assert {m.description.split()[6] for m in g.legal_moves()} == {SPACES[s] for s in range(10) if T.settle_type[s] == 1}


def test_COLO_HELI_01_heliport_action():
    """COLO-HELI-01: the Heliport's action pays 2 Credits for a type-C settlement bonus of choice, no crossing."""
    lw = {"buildings": ["Heliport", "Cofferdam", "Control Station", "Customer Office", "Wind Farm"],
          "slots": {"Heliport": [0, None, None, None]}}
    g = _load({"companies": {0: {"credits": 2, "vp": 10}}, "leeghwater": lw,
               "colorado": {"settlements": {"SM3": {"tile": "C:vp_per_2_credits"}}},
               "decision": {"task": "main", "seat": 0}}, expansions=LWP)
    g.play(scenario.find_move(g, "Heliport action, space 1"))
    g.play(scenario.find_move(g, "settlement tile on SM3"))
    c = _co(g, 0)
    assert c["credits"] == 0 and c["vp"] == 10 + c["vp_by_source"].get("buildings", 0) * 0


@pytest.mark.parametrize("moves", [0, 80, 160])
def test_colorado_snapshot_round_trip(moves):
    """The scenario schema covers bridges and settlements: a snapshot of a Colorado game loads into the identical
    state vector and plays on identically."""
    from experiments.play import play_game

    g = play_game(GameConfig(players=3, expansions=LWP), 21, "greedy", max_moves=moves)
    doc = g.snapshot()
    assert set(doc["colorado"]) == {"bridges", "site_engineers", "settlements"}
    g2 = scenario.load(doc)
    assert (g2.state == g.state).all()


def test_COLO_STILE_02_tile_multiplicities_are_data():
    """COLO-STILE-02: 8 tiles per type; every listed effect of a type appears on at least one tile (how they spread
    is a placeholder, read from the data)."""
    effects = {"A": {"rotate_wheel", "excavators", "credits", "energy", "take_back_machinery_per_segment"},
               "B": {"any_machine", "construction_without_engineers", "drop_into_each_own_dam",
                     "energy_sum_of_own_conduit_values"},
               "C": {"vp_per_2_credits", "any_machine", "production_action_bonus", "free_conduit_max_value"}}
    for ty, keys in effects.items():
        tiles = DATA["settlement_tiles"][ty]
        assert sum(t["copies"] for t in tiles) == 8
        assert {next(iter(t["reward"])) for t in tiles} == keys
        assert sum(int(T.stile_copies[e]) for e in range(int(T.n_stile_effects[0]))
                   if T.stile_type[e] == ids.SETTLEMENT_TYPES.index(ty)) == 8


def test_REWARD_13_take_private_contracts_then_the_hand_limit():
    """REWARD-13 (bridge tile BR with `take_private_contracts: 2`): two face-up private contracts, one decision each,
    into the hand; with 2 already in hand the 4th breaks the limit of 3 (CONTRACT-04, ACT-CONTRACT-05) and one is
    discarded at once; the display is refilled from the piles afterwards."""
    g = _build_bridge_with({"take_private_contracts": 2}, contracts={"hand": {0: ["S1", "Y5"]}})
    g.play(scenario.find_move(g, "Take contract G1"))
    assert g.pending == ids.TASK_NAMES[ids.TK_TAKE_CONTRACT]
    g.play(scenario.find_move(g, "Take contract R2"))
    assert g.pending == ids.TASK_NAMES[ids.TK_DISCARD]
    assert sorted(m.description for m in g.legal_moves()) == ["Discard contract G1", "Discard contract R2",
                                                               "Discard contract S1", "Discard contract Y5"]
    g.play(scenario.find_move(g, "Discard contract S1"))
    c = g.snapshot()["contracts"]
    assert sorted(c["hand"]["USA"]) == ["G1", "R2", "Y5"] and c["discarded"]["USA"] == ["S1"]
    assert c["display"] == {"green": ["G3", "G2"], "yellow": ["Y1", "Y2"], "red": ["R1", "R3"]}


def _build_bridge_with(reward: dict, **doc) -> Game:
    """Seat 0 takes the mountain site and the tile with `reward` onto its mountain Base (the only eligible dam)."""
    (m1u, _), _ = _mountain()
    tile = _tile_with(reward)
    c0 = {"credits": 10, **doc.pop("c0", {})}
    g = _load({"companies": {0: c0}, "dams": {m1u: 0, **doc.pop("dams", {})},
               "colorado": {"bridges": _bridges({tile: "mountain"})}, "decision": {"task": "main", "seat": 0},
               **doc})
    g.play(scenario.find_move(g, "Build a bridge from the mountain construction site"))
    g.play(scenario.find_move(g, f"Bridge tile {tile}"))
    return g


def test_COLO_BTILE_01_rotate_mixer_credits_contracts_drops():
    """COLO-BTILE-01: rotate the wheel 2 (mandatory); 1 Mixer + 2 Credits; take 2 face-up private contracts (two
    decisions, hand limit applies); up to 2 drops flowing now / up to 3 on headstreams (delayed)."""
    g = _build_bridge_with({"rotate_wheel": 2})
    assert _co(g, 0)["wheel"]["open"] == 2
    g = _build_bridge_with({"mixers": 1, "credits": 2}, c0={"mixers": 0})
    c = _co(g, 0)
    assert (c["mixers"], c["credits"]) == (1, 10 - 1 + 2)
    g = _build_bridge_with({"take_private_contracts": 2})
    assert g.pending == ids.TASK_NAMES[ids.TK_TAKE_CONTRACT] and len(g.legal_moves()) == 6
    g.play(g.legal_moves()[0].code)
    assert g.pending == ids.TASK_NAMES[ids.TK_TAKE_CONTRACT] and len(g.legal_moves()) == 5
    g = _build_bridge_with({"drops_to_headstreams": 3})
    assert g.pending == ids.TASK_NAMES[ids.TK_DROP]
    assert "Place no more drops" in [m.description for m in g.legal_moves()]          # "up to"
    for _ in range(3):
        g.play(scenario.find_move(g, "Drop on headstream HA"))
    assert g.snapshot()["headstreams"]["HA"]["drops"] >= 3


def test_COLO_BTILE_01_production_tile_needs_a_production():
    """COLO-BTILE-01, REWARD-14, DECISION-38: the production tile (modifier 0) is offered only when a production is
    possible; it then starts a full production."""
    (m1u, _), _ = _mountain()
    tile = _tile_with({"production_action": 1})
    g = _load({"companies": {0: {"credits": 10}}, "dams": {m1u: 0},
               "colorado": {"bridges": _bridges({tile: "mountain"})}, "decision": {"task": "main", "seat": 0}})
    g.play(scenario.find_move(g, "Build a bridge from the mountain construction site"))
    assert tile not in " ".join(m.description for m in g.legal_moves())


def test_DECISION_38_only_conditional_bonuses_are_checked():
    """DECISION-38, COLO-SETTLE-05, COLO-BRIDGE-05: the engine skips the legality check of a tile bonus without a
    conditional part (tables: bridge_checked / stile_checked, from ids.CONDITIONAL_REWARD_KEYS). Skipping it must
    never change what is offered: in every state of 20 random games those bonuses are performable for every seat
    even with 0 Credits, and each flagged bonus has a conditional key."""
    import numpy as np

    from sim.rules.colorado import reward_performable

    rng = np.random.default_rng(3)
    scratch = np.empty(16, dtype=np.int64)
    rows = [(int(T.bridge_reward[t]), int(T.bridge_checked[t])) for t in range(L.N_BRIDGE_TILES)]
    rows += [(int(T.stile_reward[e]), int(T.stile_checked[e])) for e in range(int(T.n_stile_effects[0]))]
    for rid, checked in rows:
        assert checked == int(any(T.rewards[rid, k] > 0 for k in ids.CONDITIONAL_REWARD_KEYS))
    unchecked = [rid for rid, checked in rows if not checked]
    assert unchecked and len(unchecked) < len(rows)
    states = 0
    for seed in range(20):
        g = Game.new(GameConfig(players=3, expansions=("colorado",)), seed=seed, record_events=False)
        while not g.is_over:
            for c in range(3):
                assert all(reward_performable(g.state, g.tables, c, rid, 0, scratch, -1) for rid in unchecked)
            states += 1
            codes = g.legal_codes()
            g.play(int(codes[rng.integers(len(codes))]))
    assert states > 2000


def test_C_11_OFFICER_TOMMASO_01_architect_on_colorado_spaces():
    """OFFICER-TOMMASO-01 with COLO-BRIDGE-01 / COLO-SETTLE-01 (decision C-11): the Architect may go alone onto a
    construction site (1 Engineer) and onto a settlement space printed with 1 Engineer, never onto a 2-Engineer
    space; a settlement activated by the Architect costs 1 Engineer and an extra turn follows."""
    (m1u, _), _ = _mountain()
    arch = ", with the Architect alone (an extra turn follows)"
    g = _load({"companies": {0: {"officer": "Tommaso", "credits": 30}}, "dams": {m1u: 0},
               "colorado": {"bridges": _bridges()}, "decision": {"task": "main", "seat": 0}},
              expansions=("colorado", "leeghwater"))
    moves = [m.description for m in g.legal_moves()]
    site = "Build a bridge from the mountain construction site"
    assert any(m.startswith(site) and m.endswith(arch) for m in moves)
    for s, space in enumerate(SPACES):
        plain = [m for m in moves if m.startswith(f"Activate settlement {space} ") and not m.endswith(arch)]
        with_architect = [m for m in moves if m.startswith(f"Activate settlement {space} ") and m.endswith(arch)]
        assert len(plain) == 1                                       # 30 Credits pay every crossing
        assert len(with_architect) == (1 if T.settle_eng[s] == 1 else 0)
    one = next(s for s in range(L.N_SETTLE_SPACES) if T.settle_eng[s] == 1)
    engineers = _co(g, 0)["engineers"]
    g.play(next(m.code for m in g.legal_moves()
                if m.description.startswith(f"Activate settlement {SPACES[one]} ") and m.description.endswith(arch)))
    while g.current_player == 0 and g.pending != "choose an action":
        g.play(int(g.legal_codes()[0]))                              # the tile's bonus, whatever it asks
    assert g.current_player == 0 and g.pending == "choose an action"   # Tommaso's extra turn
    assert _co(g, 0)["engineers"] == engineers - 1
    assert not any(m.description.endswith(arch) for m in g.legal_moves())
