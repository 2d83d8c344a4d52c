"""Variants that fix a setup draw (SETUP-02 headstream tiles, SETUP-03 bonus tiles, SETUP-05 objective tile) and
what-if overrides of the component data: the fixed draw is used, every other chance event stays the same, and an
override reaches the rules through the compiled tables."""
from __future__ import annotations

import numpy as np
import pytest

from sim import Game, GameConfig, ids
from sim import layout as L
from sim.errors import ConfigError
from sim.tables import compile_tables
from strategies.features import DEFAULT_WEIGHTS
from strategies.greedy import greedy_choose


def _differences(a: Game, b: Game) -> set[int]:
    return set(np.nonzero(a.state != b.state)[0].tolist())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fixed_objective_changes_only_the_objective_SETUP_05(seed):
    base = Game.new(seed=seed)
    drawn = int(base.state[L.G_OBJECTIVE])
    other = ids.OBJECTIVE_NAMES[(drawn + 1) % len(ids.OBJECTIVE_NAMES)]
    fixed = Game.new(seed=seed, objective=other)
    assert fixed.state[L.G_OBJECTIVE] == ids.OBJECTIVE_NAMES.index(other)
    assert _differences(base, fixed) == {L.G_OBJECTIVE}


def test_fixed_bonus_tiles_are_the_rounds_tiles_in_order_SETUP_03():
    tiles = ("powerhouses", "conduits", "bases", "contracts", "elevations")
    base, fixed = Game.new(seed=9), Game.new(seed=9, bonus_tiles=tiles)
    assert [ids.BONUS_NAMES[t] for t in fixed.state[L.G_BONUS:L.G_BONUS + 5]] == list(tiles)
    assert _differences(base, fixed) <= set(range(L.G_BONUS, L.G_BONUS + 5))


def test_fixed_headstream_tiles_SETUP_02():
    base, fixed = Game.new(seed=4), Game.new(seed=4, headstreams=(8, 3, 5, 1))
    assert fixed.state[L.HEAD_TILE:L.HEAD_TILE + 4].tolist() == [7, 2, 4, 0]     # data ids 1..8 -> indexes
    assert _differences(base, fixed) <= set(range(L.HEAD_TILE, L.HEAD_TILE + 4))


def test_fixed_draws_are_validated():
    with pytest.raises(ConfigError, match="objective: unknown objective tile 'tallest'"):
        GameConfig(objective="tallest")
    with pytest.raises(ConfigError, match="lists a tile twice"):
        GameConfig(bonus_tiles=("bases",) * 5)
    with pytest.raises(ConfigError, match="SETUP-04"):
        GameConfig(intro=True, bonus_tiles=("bases", "conduits", "elevations", "powerhouses", "advanced_tiles"))
    with pytest.raises(ConfigError, match="give 4 distinct headstream tile ids"):
        compile_tables(GameConfig(headstreams=(1, 2, 3)).variant)


def test_override_reaches_the_tables_and_only_that_value():
    base, _ = compile_tables(GameConfig().variant)
    t, _ = compile_tables(GameConfig(overrides=(("bonus_tiles.conduits.vp_per_unit", 3),)).variant)
    k = ids.BONUS_NAMES.index("conduits")
    assert (base.bonus_vp[k], t.bonus_vp[k]) == (4, 3)
    for name in base.dtype.names:
        if name != "bonus_vp":
            assert np.array_equal(base[name], t[name]), name
    t2, _ = compile_tables(GameConfig(overrides=(("energy_track.first_second_award.first", 9),)).variant)
    assert t2.award[0] == 9 and base.award[0] != 9


def test_override_changes_scores_not_play():
    """END-*: a bonus tile worth less per conduit changes only the bonus-tile VP of an otherwise identical game."""
    cfg = dict(bonus_tiles=("bases", "elevations", "powerhouses", "contracts", "conduits"))
    changed = 0
    for seed in range(3):
        a = Game.new(GameConfig(**cfg), seed=seed)
        b = Game.new(GameConfig(**cfg, overrides=(("bonus_tiles.conduits.vp_per_unit", 1),)), seed=seed)
        rng = np.array([seed + 1], dtype=np.int64)
        while not a.is_over:                     # the greedy bot picks on game a; game b mirrors every move
            codes = a.legal_codes()
            assert np.array_equal(codes, b.legal_codes())
            m = int(codes[greedy_choose(DEFAULT_WEIGHTS, a.state, a.tables, codes, len(codes), rng)])
            a.play(m)
            b.play(m)
        for ra, rb in zip(a.result(), b.result()):
            assert ra.vp_by_source["bonus_tiles"] >= rb.vp_by_source["bonus_tiles"]
            assert {k: v for k, v in ra.vp_by_source.items() if k != "bonus_tiles"} == \
                   {k: v for k, v in rb.vp_by_source.items() if k != "bonus_tiles"}
            changed += ra.vp != rb.vp
    assert changed > 0


@pytest.mark.parametrize("path, message", [
    ("bonus_tiles.conduit.vp_per_unit", "no item 'conduit' at bonus_tiles; valid: contracts, bases"),
    ("energy_track", "names a whole section"),
    ("scoring.starting_vp.x", "is a single value"),
])
def test_bad_override_paths_name_the_problem(path, message):
    with pytest.raises(ConfigError, match=message):
        compile_tables(GameConfig(overrides=((path, 3),)).variant)


def test_override_reaches_an_income_by_its_piece_count():
    """Issue #33: YAML keys that are numbers (an income under the 2nd base) are reached by the number in the path;
    `companies.USA.income.base.2.rotate_wheel` was refused with "no key '2'". Only that reward changes (1 -> 2)."""
    base, _ = compile_tables(GameConfig().variant)
    t, _ = compile_tables(GameConfig(overrides=(("companies.USA.income.base.2.rotate_wheel", 2),)).variant)
    changed = [name for name in base.dtype.names if not np.array_equal(base[name], t[name])]
    assert changed == ["rewards"]
    assert sorted(base["rewards"][base["rewards"] != t["rewards"]].tolist()) == [1]
    assert sorted(t["rewards"][base["rewards"] != t["rewards"]].tolist()) == [2]


def test_every_listed_knob_is_a_path_the_override_accepts():
    """Issue #33: `barrage list knobs` lists every number of the data an override can change (meta, ids and BGA's
    ids left out), each by a path `--override` accepts: re-applying every official value passes the override check and the
    data validation; a knob's range holds its official value, is the data validation's bounds where it has some
    (a green contract's energy 2..4), else non-negative when its official value is, within +-MAX_OVERRIDE."""
    import copy

    from sim.data_loader import load_components
    from sim.overrides import MAX_OVERRIDE, apply_overrides, knobs

    doc = load_components()
    listed = knobs(doc)
    paths = [k.path for k in listed]
    assert len(paths) == len(set(paths)) > 450
    assert "companies.USA.income.base.2.rotate_wheel" in paths and "bonus_tiles.conduits.vp_per_unit" in paths
    assert not any(p.startswith("meta.") or p.endswith((".id", ".bga_id")) for p in paths)
    apply_overrides(copy.deepcopy(doc), tuple((k.path, k.official) for k in listed))
    assert all(max(k.low, -MAX_OVERRIDE) <= k.official <= k.high <= MAX_OVERRIDE for k in listed)
    by_path = {k.path: (k.low, k.high) for k in listed}
    assert by_path["contracts.green.G1.energy"] == (2, 4)
    assert by_path["bonus_tiles.conduits.vp_per_unit"] == (1, MAX_OVERRIDE)
    assert by_path["scoring.zero_energy_round.vp"] == (-MAX_OVERRIDE, MAX_OVERRIDE)
