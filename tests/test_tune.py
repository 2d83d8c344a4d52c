"""`barrage tune` (experiments.tune): bad input is one line with exit code 2 and overwrites nothing; a tiny real
run writes its result, resumes, and gives the same weights as an uninterrupted run; the shipped `tuned` weights
are the best of their tune file."""
from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from cli_run import assert_one_line_error, barrage
from strategies import personas, registry
from experiments.store import LOCK
from experiments.tune import tuned_param_names

TINY = ["--league", "random,greedy", "--games", "4", "--popsize", "3", "--seed", "5"]


def snapshot(d: Path) -> dict[str, bytes]:
    """The directory's files, but the (empty) lock file a run creates to hold the directory: it is no result."""
    return {f.name: f.read_bytes() for f in sorted(d.iterdir()) if f.name != LOCK}


def without_timing(run: dict) -> dict:
    run = dict(run)
    run.pop("elapsed_s")
    run.pop("command")
    run.pop("state_sha256")         # the pickle's bytes (not the optimiser's numbers) differ after a resume
    run["curve"] = [{k: v for k, v in row.items() if k != "elapsed_s"} for row in run["curve"]]
    return run


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory) -> Path:
    """A real 2-generation run (2 players, 4 games per league member, 3 candidates)."""
    out = tmp_path_factory.mktemp("tune") / "run"
    p = barrage("tune", "--out", str(out), "--generations", "2", *TINY)
    assert p.returncode == 0, p.stderr
    return out


def test_tiny_run_writes_weights_league_and_fitness_curve(tiny_run):
    run = json.loads((tiny_run / "tune.json").read_text())
    assert (tiny_run / "cma.pkl").exists()
    assert run["settings"]["league"] == ["random", "greedy"] and run["settings"]["seed"] == 5
    assert run["generations"] == 2 and [r["generation"] for r in run["curve"]] == [0, 1]
    names = [p.name for p in personas.PARAMS if p.name != "noise"]
    assert run["param_names"] == names and list(run["best"]["weights"]) == names
    bounds = {p.name: (p.low, p.high) for p in personas.PARAMS}
    assert all(bounds[k][0] <= v <= bounds[k][1] for k, v in run["best"]["weights"].items())
    # fitness = win share + margin / 100: within [-1, 2] and the best is the best mean of the curve
    assert all(-1.0 <= r["mean_fitness"] <= 2.0 for r in run["curve"])
    assert run["best"]["fitness"] == max(r["mean_fitness"] for r in run["curve"])
    for r in run["curve"]:
        assert set(r["mean_win_share"]) == {"random", "greedy"}


def test_resumed_run_equals_an_uninterrupted_run(tiny_run, tmp_path):
    resumed = tmp_path / "resumed"
    resumed.mkdir()
    for f in tiny_run.iterdir():
        (resumed / f.name).write_bytes(f.read_bytes())
    p = barrage("tune", "--out", str(resumed), "--generations", "3", "--resume", *TINY)
    assert p.returncode == 0, p.stderr
    whole = tmp_path / "whole"
    p = barrage("tune", "--out", str(whole), "--generations", "3", *TINY)
    assert p.returncode == 0, p.stderr
    a = json.loads((resumed / "tune.json").read_text())
    b = json.loads((whole / "tune.json").read_text())
    assert a["generations"] == 3
    assert without_timing(a) == without_timing(b)


@pytest.mark.parametrize("change, needle", [(["--league", "random,automa"], "league"),
                                            (["--seed", "6"], "seed")])
def test_resume_with_other_league_or_seed_is_refused_and_overwrites_nothing(tiny_run, change, needle):
    before = snapshot(tiny_run)
    args = dict(zip(TINY[::2], TINY[1::2]))
    args.update(dict(zip(change[::2], change[1::2])))
    flat = [x for kv in args.items() for x in kv]
    p = barrage("tune", "--out", str(tiny_run), "--generations", "4", "--resume", *flat)
    assert_one_line_error(p, needle, "--resume")
    assert snapshot(tiny_run) == before


def test_existing_run_without_resume_is_refused(tiny_run):
    before = snapshot(tiny_run)
    p = barrage("tune", "--out", str(tiny_run), "--generations", "2", *TINY)
    assert_one_line_error(p, "already holds a tune run", "--resume")
    assert snapshot(tiny_run) == before


def test_unknown_league_member_is_one_line_and_writes_nothing(tmp_path):
    out = tmp_path / "run"
    p = barrage("tune", "--out", str(out), "--league", "automa:level=2,grandmaster")
    assert_one_line_error(p, "unknown strategy 'grandmaster'", "valid:")
    assert not out.exists()


def test_weights_file_of_the_wrong_length_is_refused(tmp_path):
    w = tmp_path / "w.json"
    w.write_text(json.dumps([1.0] * 14))
    out = tmp_path / "run"
    p = barrage("tune", "--out", str(out), "--weights", str(w))
    assert_one_line_error(p, "has 14 weights", f"has {len(tuned_param_names())}")
    assert not out.exists()


def test_tuned_weights_land_in_their_own_slots_not_in_noise():
    """The weights declared after `noise` (w_hand, w_estep, w_fsharp) are tuned in their own slots; the
    tune once wrote the tuned names' values over the first slots in order, so w_hand's value became the noise."""
    from experiments.tune import place_weights

    names = tuned_param_names()
    values = np.arange(1.0, len(names) + 1.0)
    vec = place_weights(registry.parse_spec("greedy")[1], values)
    for name, value in zip(names, values):
        assert vec[personas.PARAM_NAMES.index(name)] == value
    assert vec[personas.PARAM_NAMES.index("noise")] == 0.0
    assert "noise" not in names and {"w_hand", "w_estep", "w_fsharp", "s_tile"} <= set(names)


def test_non_greedy_heuristic_is_refused(tmp_path):
    p = barrage("tune", "--out", str(tmp_path / "run"), "--heuristic", "mcts")
    assert_one_line_error(p, "not a greedy-family bot", "tuned")


def test_shipped_tuned_persona_is_the_best_of_its_tune_file():
    run = json.loads(personas.TUNED_FILE.read_text())
    sid, vec = registry.parse_spec("tuned")
    assert sid == personas.STRATEGY_ID
    best = run["best"]["weights"]
    assert [vec[personas.PARAM_NAMES.index(k)] for k in best] == list(best.values())
    assert vec[personas.PARAM_NAMES.index("noise")] == 0.0
    assert run["best"]["fitness"] == max(r["mean_fitness"] for r in run["curve"])
    assert "tuned" in registry.names() and "automa:level=4" in registry.get("tuned").description
    assert np.isfinite(vec).all()


def test_checkpoint_files_from_different_generations_are_refused(tiny_run, tmp_path):
    """A run interrupted between writing cma.pkl and tune.json is not resumed from mismatched files."""
    broken = tmp_path / "broken"
    broken.mkdir()
    run = json.loads((tiny_run / "tune.json").read_text())
    run["curve"] = run["curve"][:1]
    (broken / "tune.json").write_text(json.dumps(run))
    (broken / "cma.pkl").write_bytes((tiny_run / "cma.pkl").read_bytes())
    before = snapshot(broken)
    p = barrage("tune", "--out", str(broken), "--generations", "3", "--resume", *TINY)
    assert_one_line_error(p, "different generations")
    assert snapshot(broken) == before


class _Payload:
    """A pickle that runs code when loaded: it creates the file `path`."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self):
        return (open, (str(self.path), "w"))


def test_a_crafted_optimiser_state_is_refused_unread(tiny_run, tmp_path):
    """Issue #35, S1: --resume unpickled cma.pkl before any check, so a crafted pickle ran arbitrary code. The
    state is now loaded only if its SHA-256 is the one tune.json recorded; a swapped file is a one-line error and
    its code never runs."""
    import pickle

    crafted = tmp_path / "crafted"
    crafted.mkdir()
    marker = tmp_path / "the-payload-ran"
    (crafted / "tune.json").write_bytes((tiny_run / "tune.json").read_bytes())
    (crafted / "cma.pkl").write_bytes(pickle.dumps(_Payload(marker)))
    assert json.loads((crafted / "tune.json").read_text())["state_sha256"]
    before = snapshot(crafted)
    p = barrage("tune", "--out", str(crafted), "--generations", "3", "--resume", *TINY)
    assert_one_line_error(p, "cma.pkl", "SHA-256")
    assert not marker.exists()
    assert snapshot(crafted) == before


# -- issue #35, X7: bad --out directories are one line and left as they were -----------------------------------
def test_out_that_is_a_file_or_under_one_is_one_line_and_writes_nothing(tmp_path):
    """Issue #35, X7: `--out` at an existing file or below one was "unexpected FileExistsError"."""
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    p = barrage("tune", "--out", str(notes), "--generations", "1", *TINY)
    assert_one_line_error(p, str(notes), "not a directory")
    p = barrage("tune", "--out", str(notes / "run"), "--generations", "1", *TINY)
    assert_one_line_error(p, f"cannot write the tune run in {str(notes / 'run')!r}", "choose a writable directory")
    assert notes.read_text() == "mine" and list(tmp_path.iterdir()) == [notes]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only directory")
def test_out_in_a_read_only_directory_is_one_line_and_writes_nothing(tmp_path):
    locked = tmp_path / "ro"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        p = barrage("tune", "--out", str(locked / "run"), "--generations", "1", *TINY)
    finally:
        locked.chmod(0o700)
    assert_one_line_error(p, "cannot write the tune run", "Permission denied")
    assert list(locked.iterdir()) == []


def _foreign_state(d: Path) -> None:
    """A pickle of another object, with tune.json's SHA-256 made to match it."""
    import hashlib
    import pickle

    state = pickle.dumps({"not": "an optimiser"})
    (d / "cma.pkl").write_bytes(state)
    run = json.loads((d / "tune.json").read_text())
    (d / "tune.json").write_text(json.dumps({**run, "state_sha256": hashlib.sha256(state).hexdigest()}))


def _flip_a_byte(d: Path) -> None:
    data = bytearray((d / "cma.pkl").read_bytes())
    data[len(data) // 2] ^= 0xFF
    (d / "cma.pkl").write_bytes(bytes(data))


def _drop_curve(d: Path) -> None:
    run = json.loads((d / "tune.json").read_text())
    del run["curve"]
    (d / "tune.json").write_text(json.dumps(run))


DAMAGES = {
    "foreign-pickle": (_foreign_state, "holds a dict, not a CMA-ES optimiser state"),
    "corrupt-pickle": (_flip_a_byte, "its SHA-256 differs"),
    "json-list": (lambda d: (d / "tune.json").write_text("[1, 2]"), "holds a JSON list, not a tune run's object"),
    "json-string": (lambda d: (d / "tune.json").write_text('"run"'), "holds a JSON str, not a tune run's object"),
    "no-curve": (_drop_curve, "is not a tune run (no valid 'curve')"),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_run_directory_is_one_line_and_left_as_it_was(tiny_run, tmp_path, damage):
    """Issue #35, X7: a foreign pickle or a tune.json that is not a tune run's object gave "unexpected ..." or a
    message about something else; each now names what is wrong, and resume writes nothing (no cma.pkl.tmp)."""
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    for f in tiny_run.iterdir():
        (damaged / f.name).write_bytes(f.read_bytes())
    make, needle = DAMAGES[damage]
    make(damaged)
    before = snapshot(damaged)
    p = barrage("tune", "--out", str(damaged), "--generations", "3", "--resume", *TINY)
    assert_one_line_error(p, "--resume", needle, "another --out")
    assert snapshot(damaged) == before


# -- issue #35, X3: memory does not grow with the games ----------------------------------------------------------
def _heroes() -> np.ndarray:
    from experiments.tune import place_weights

    base = registry.parse_spec("greedy")[1]
    return np.stack([base, place_weights(base, np.linspace(0.5, 1.5, len(tuned_param_names())))])


def test_play_matches_plays_bounded_slices_with_the_same_results(monkeypatch):
    """Issue #35, X3: play_matches handed play_batch every game of a generation at once; it now plays slices of
    at most SLICE_GAMES games, with the very same per-game results."""
    import strategies.batch
    from experiments import tune
    from experiments.play import game_seeds
    from sim.config import GameConfig

    config, seeds, league = GameConfig(players=2), game_seeds(3, 6), ["random", "greedy"]
    whole = tune.play_matches(config, _heroes(), league, seeds)
    sizes = []
    real = strategies.batch.play_batch

    def counting(*args):
        sizes.append(len(args[1]))
        real(*args)

    monkeypatch.setattr(strategies.batch, "play_batch", counting)
    monkeypatch.setattr(tune, "SLICE_GAMES", 5)
    sliced = tune.play_matches(config, _heroes(), league, seeds)
    assert sizes == [5, 5, 5, 5, 4]
    for a, b in zip(sum(whole, []), sum(sliced, [])):
        assert np.array_equal(a.share, b.share) and np.array_equal(a.margin, b.margin)


def test_play_matches_memory_does_not_grow_with_the_games(monkeypatch):
    """Issue #35, X3: memory grew ~8 KB per game (`tune --games 5000` > 3 GB): the peak allocation of four times
    the games is now about the same (play_batch faked: seat 0 wins every game)."""
    import tracemalloc

    import strategies.batch
    from experiments import tune
    from experiments.play import game_seeds
    from sim.config import GameConfig
    from sim.results import R_RANK

    def fake(tables, seeds, fixed_company, fixed_officer, seat_strategy, params, seat_out, game_out, model,
             planners):
        seat_out[:, :, R_RANK] = np.arange(1, seat_out.shape[1] + 1)

    monkeypatch.setattr(strategies.batch, "play_batch", fake)

    def peak(games: int) -> int:
        tracemalloc.start()
        try:
            tune.play_matches(GameConfig(players=2), _heroes(), ["random", "greedy", "builder"],
                              game_seeds(1, games))
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    small, large = peak(1500), peak(6000)          # 9,000 and 36,000 games
    assert large < 1.25 * small, (small, large)
