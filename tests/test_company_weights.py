"""Per-company weights of the greedy heuristic (strategies.feature_layout.COMPANY_BLOCK): a greedy parameter vector
carries one block per company that is added to its weights while that company decides; `barrage tune --company`
tunes the weights one company plays, and `tuned` ships such results under by_company. After the blocks, the
pairing values (PAIRING_BLOCK): what the bot adds to a setup pick (SETUP-15) for its company and officer
(docs/bots.md § Eleventh and Twelfth pass)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from experiments.tune import company_weights, play_matches, plain_weights
from sim import ids
from sim.config import GameConfig
from strategies import personas, registry
from strategies.feature_layout import (COMPANY_BLOCK, N_HEURISTIC, N_WEIGHTS, PAIRING_BLOCK, W_BUILD, W_ENERGY,
                                       load_weights)
from strategies.greedy import new_score_buffer, score_decision
from strategies.ismcts import P_WEIGHTS
from tests.test_greedy_schedule import _round
from tests.test_tune import TINY, assert_one_line_error, barrage

USA, GERMANY = ids.COMPANY_NAMES.index("USA"), ids.COMPANY_NAMES.index("Germany")


def _with_block(vec: np.ndarray, company: int, deltas: dict[int, float]) -> np.ndarray:
    out = vec.copy()
    for i, d in deltas.items():
        out[COMPANY_BLOCK + company * N_WEIGHTS + i] = d
    return out


@pytest.mark.parametrize("company, expected", [(GERMANY, (1.6 + 0.5, 1.0 - 0.25)), (USA, (1.6, 1.0)), (-1, (1.6, 1.0))])
def test_the_deciding_companys_block_is_added_to_the_weights(company, expected):
    vec = _with_block(registry.parse_spec("greedy")[1], GERMANY, {W_BUILD: 0.5, W_ENERGY: -0.25})
    W = np.zeros(N_WEIGHTS)
    load_weights(vec, W, 3, company)
    assert (W[W_BUILD], W[W_ENERGY]) == pytest.approx(expected)


def test_a_company_block_scores_like_the_summed_weights_and_only_for_its_company():
    g = _round(2)                                   # seat 0 (USA) to take a main action
    moves = g.legal_codes()
    buf = new_score_buffer(len(moves))
    base = registry.parse_spec("greedy")[1]
    deltas = {W_BUILD: 0.9, W_ENERGY: -0.4}

    def scores(vec):
        return np.array(score_decision(vec, g.state, g.tables, moves, len(moves), buf)[0])

    summed = base.copy()
    for i, d in deltas.items():
        summed[i] += d
    assert np.array_equal(scores(_with_block(base, USA, deltas)), scores(summed))
    assert not np.array_equal(scores(summed), scores(base))
    assert np.array_equal(scores(_with_block(base, GERMANY, deltas)), scores(base))


def test_persona_extra_slots_hold_differences_from_its_weights():
    base = dict(personas.PERSONA_BY_NAME["greedy"].params())
    germany = {k: v for k, v in base.items() if k != "noise"}
    germany["w_build"] = base["w_build"] + 0.3
    p = personas.Persona("p", "test", {}, {"Germany": germany})
    slot = len(personas.PARAMS) * (1 + GERMANY) + personas.PARAM_NAMES.index("w_build")
    assert p.extra_slots() == [(slot, pytest.approx(0.3))]
    assert p.extra_slots(8)[0][0] == 8 + slot
    with pytest.raises(KeyError, match="unknown company 'Atlantis'"):
        personas.Persona("p", "test", {}, {"Atlantis": germany}).extra_slots()
    with pytest.raises(KeyError, match="must name every parameter"):
        personas.Persona("p", "test", {}, {"Germany": {"w_build": 1.0}}).extra_slots()


def test_planners_carry_their_heuristics_company_blocks():
    tuned = registry.parse_spec("tuned")[1][:N_HEURISTIC]
    for spec in ("mcts", "expert", "mcts:heuristic=tuned"):
        assert np.array_equal(registry.parse_spec(spec)[1][P_WEIGHTS:P_WEIGHTS + N_HEURISTIC], tuned)
    greedy = registry.parse_spec("mcts:heuristic=greedy")[1]
    assert not greedy[P_WEIGHTS + N_WEIGHTS:].any()
    # an override sets the weight; the company blocks still add to it
    over = registry.parse_spec("tuned:w_build=2")[1]
    assert over[W_BUILD] == 2.0 and np.array_equal(over[N_WEIGHTS:], registry.parse_spec("tuned")[1][N_WEIGHTS:])


def test_shipped_company_weights_are_the_best_of_their_tune_runs():
    run = json.loads(personas.TUNED_FILE.read_text())
    vec = registry.parse_spec("tuned")[1]
    assert run.get("by_company"), "tuned ships per-company weights"
    for company, sub in run["by_company"].items():
        assert sub["settings"]["company"] == company
        assert sub["best"]["fitness"] == max(r["mean_fitness"] for r in sub["curve"])
        assert company_weights(vec, company) == pytest.approx(sub["best"]["weights"])
    assert company_weights(vec, None) == pytest.approx(run["best"]["weights"])
    assert not plain_weights(vec)[N_WEIGHTS:].any()


def test_the_hero_plays_the_fixed_company():
    """A Germany block changes the hero's games only when the hero plays Germany."""
    config = GameConfig(players=2)
    base = plain_weights(registry.parse_spec("greedy")[1])
    odd = _with_block(base, GERMANY, {W_BUILD: -1.5, W_ENERGY: 3.0})
    seeds = np.arange(1, 9, dtype=np.int64)

    def margins(company):
        res = play_matches(config, np.stack([base, odd]), ["greedy"], seeds, company)
        return res[0][0].margin, res[1][0].margin

    same_a, same_b = margins("USA")
    assert np.array_equal(same_a, same_b)
    diff_a, diff_b = margins("Germany")
    assert not np.array_equal(diff_a, diff_b)


def test_tune_for_a_company_records_it_and_refuses_unknown_ones(tmp_path):
    out = tmp_path / "run"
    p = barrage("tune", "--out", str(out), "--generations", "1", "--company", "germany", *TINY)
    assert p.returncode == 0, p.stderr
    assert json.loads((out / "tune.json").read_text())["settings"]["company"] == "Germany"
    p = barrage("tune", "--out", str(out), "--generations", "2", "--resume", "--company", "France", *TINY)
    assert_one_line_error(p, "company", "--resume")
    bad = tmp_path / "bad"
    p = barrage("tune", "--out", str(bad), "--company", "Atlantis", *TINY)
    assert_one_line_error(p, "unknown company 'Atlantis'", "valid:")
    assert not bad.exists()
    p = barrage("tune", "--out", str(bad), "--company", "Netherlands", *TINY)
    assert_one_line_error(p, "Leeghwater")
    assert not bad.exists()


def _pick_scores(vec):
    """Scores of the first setup pick of a new 2-player game (SETUP-15) and the pairings' companies and officers."""
    from sim import layout as L
    from sim.game import Game

    g = Game.new(GameConfig(players=2), seed=3)
    moves = g.legal_codes()
    buf = new_score_buffer(len(moves))
    vals = np.array(score_decision(vec, g.state, g.tables, moves, len(moves), buf)[0])
    pairs = [(int(g.state[L.PAIR_COMPANY + m // 8]), int(g.state[L.PAIR_OFFICER + m // 8])) for m in moves]
    return vals, pairs


def test_a_pick_adds_its_companys_and_its_officers_value():
    """SETUP-15: the pairing values (PAIRING_BLOCK) add the company's and the officer's value to each pick."""
    base = plain_weights(registry.parse_spec("greedy")[1])
    vals0, pairs = _pick_scores(base)
    assert len({c for c, _ in pairs}) == 2                # two pairings dealt, each with both contracts
    vec = base.copy()
    company_value = {c: 10.0 * (k + 1) for k, c in enumerate(sorted({c for c, _ in pairs}))}
    officer_value = {o: 0.5 * (k + 1) for k, o in enumerate(sorted({o for _, o in pairs}))}
    for c, v in company_value.items():
        vec[PAIRING_BLOCK + c] = v
    for o, v in officer_value.items():
        vec[PAIRING_BLOCK + len(ids.COMPANY_NAMES) + o] = v
    vals, _ = _pick_scores(vec)
    assert vals - vals0 == pytest.approx([company_value[c] + officer_value[o] for c, o in pairs])


def test_tuned_ships_pairing_values_fitted_from_its_measurement():
    run = json.loads(personas.TUNED_FILE.read_text())
    values = run["pairings"]["values"]
    vec = registry.parse_spec("tuned")[1]
    names = ids.COMPANY_NAMES + ids.OFFICER_NAMES
    for k, v in values.items():
        assert vec[PAIRING_BLOCK + names.index(k)] == pytest.approx(v)
    companies = [values[c] for c in ids.COMPANY_NAMES[:ids.N_BASE_COMPANIES]]
    assert sum(companies) == pytest.approx(0.0, abs=0.01)        # each family centred on zero
    assert np.array_equal(registry.parse_spec("expert")[1][P_WEIGHTS:P_WEIGHTS + N_HEURISTIC], vec[:N_HEURISTIC])


def test_pairing_effects_are_the_additive_least_squares_fit():
    """scripts/measure_pairings.fit_effects recovers exactly additive company + officer effects, centred."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from measure_pairings import fit_effects

    rng = np.random.default_rng(0)
    company = rng.integers(0, 4, 400)
    officer = rng.integers(0, 7, 400)
    ce = np.array([3.0, -5.0, 1.0, 1.0])
    oe = np.array([2.0, -1.0, 0.0, 0.5, -0.5, -2.0, 1.0])
    margin = 7.0 + ce[company] + oe[officer]
    got = fit_effects(margin, company, officer)
    assert [got[ids.COMPANY_NAMES[c]] for c in range(4)] == pytest.approx(ce - ce.mean(), abs=1e-3)
    assert [got[ids.OFFICER_NAMES[o]] for o in range(7)] == pytest.approx(oe - oe.mean(), abs=1e-3)
