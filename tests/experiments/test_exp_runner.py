"""The runner end to end: identical rows whatever the back-end, resume after a kill, the results contract."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from exp_helpers import REPO, files_under, manifest, rows

from experiments.experiment_config import ExperimentConfig
from experiments.runner import RunOptions, run_experiment
from sim.errors import ConfigError

TOURNAMENT = dict(kind="tournament", players=3, games=240, strategies=["random", "random_actions"], chunk_size=40,
                  seed=2024)
# The learned evaluator's bots, pairings dealt at random: the workers (loky, Dask) read the shipped model themselves.
LEARNED = dict(kind="tournament", players=2, games=16, strategies=["apprentice", "lookahead"],
               chunk_size=6, seed=5, deal="random")
BALANCE = dict(kind="balance", players=[2, 3], companies=["USA", "Italy"], officers=["Viktor", "Mahiri", "Anton"],
               strategies=["random_actions", "random"], games_per_cell=25, chunk_size=40, seed=77)


def _run(cfg: dict, out: Path, **kw):
    return run_experiment(ExperimentConfig.from_dict(cfg), RunOptions(out=out, progress=False, **kw))


@pytest.mark.parametrize("cfg", [TOURNAMENT, BALANCE, LEARNED], ids=["tournament", "balance", "learned"])
def test_same_rows_in_process_loky_and_dask(tmp_path: Path, cfg: dict) -> None:
    one = _run(cfg, tmp_path / "j1", jobs=1)
    two = _run(cfg, tmp_path / "j2", jobs=2, backend="loky")
    dask = _run(cfg, tmp_path / "dask", jobs=2, backend="dask")
    ref = rows(tmp_path / "j1")
    assert len(ref) == sum(ref.groupby("game").players.first())
    pd.testing.assert_frame_equal(ref, rows(tmp_path / "j2"))
    pd.testing.assert_frame_equal(ref, rows(tmp_path / "dask"))
    assert one.summary == two.summary == dask.summary
    names = sorted(p.name for p in (tmp_path / "j1" / "shards").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "dask" / "shards").iterdir())


def test_a_run_records_the_learned_evaluator_its_bots_read_and_resumes_only_with_it(tmp_path: Path) -> None:
    """Results of bots that read the learned evaluator depend on the model: the manifest records the shipped
    file's SHA-256 (and a run without such a bot records none), and --resume refuses a run made with another."""
    import hashlib
    import json
    from importlib import resources

    from sim.errors import ConfigError

    digest = hashlib.sha256((resources.files("strategies") / "data" / "value_model.json").read_bytes()).hexdigest()
    out = tmp_path / "learned"
    _run({**LEARNED, "games": 4, "strategies": ["apprentice", "tuned"]}, out, jobs=1)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["value_model_sha256"] == digest
    _run({**TOURNAMENT, "games": 40}, tmp_path / "plain", jobs=1)
    assert "value_model_sha256" not in json.loads((tmp_path / "plain" / "manifest.json").read_text())
    (out / "manifest.json").write_text(json.dumps({**manifest, "value_model_sha256": "0" * 64}))
    with pytest.raises(ConfigError, match="was played with the learned evaluator 000000000000"):
        _run({**LEARNED, "games": 4, "strategies": ["apprentice", "tuned"]}, out, jobs=1, resume=True)


def test_results_follow_the_contract(tmp_path: Path) -> None:
    reports = pytest.importorskip("reports")
    out = tmp_path / "bal"
    res = _run(BALANCE, out)
    m, df = reports.load_results(out)
    assert m["format"] == 1 and m["kind"] == "balance" and m["games_planned"] == m["games_done"] == 2 * 6 * 25
    assert m["ended"] and m["started"] and m["map_fidelity"] in ("official", "reconstructed", "synthetic")
    assert m["players"] == [2, 3] and m["strategies"] == ["random_actions", "random"] and m["master_seed"] == 77
    assert m["config"]["officers"] == ["Viktor Fiesler", "Mahiri Sekibo", "Anton Krylov"]
    assert len(m["git_revision"]) == 40 or m["git_revision"] == "unknown"
    raw = rows(out)
    assert raw.game.nunique() == 300 and raw.game.min() == 0 and raw.game.max() == 299
    vp_cols = [c for c in raw.columns if c.startswith("vp_")]
    assert (raw[vp_cols].sum(axis=1) == raw.vp).all()
    assert np.allclose(raw.groupby("game").win.sum(), 1.0)
    own = raw[raw.company + "+" + raw.officer == raw.cell]
    assert (own.groupby("game").size() == 1).all()                       # exactly one seat plays the cell
    assert sorted(r["n"] for r in res.summary) == [25] * 12


def test_a_seed_replays_its_game(tmp_path: Path) -> None:
    from experiments.play import play_game

    out = tmp_path / "t"
    _run(dict(TOURNAMENT, games=12, chunk_size=5), out)
    df = rows(out)
    for g in (0, 7, 11):
        game = df[df.game == g].sort_values("seat")
        played = play_game({"players": 3}, int(game.seed.iloc[0]), list(game.strategy))
        assert [s.vp for s in played.result()] == game.vp.tolist()
        assert [s.company for s in played.result()] == game.company.tolist()


def test_out_dir_of_another_experiment_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "t"
    _run(dict(TOURNAMENT, games=20, chunk_size=10), out)
    before = {p: p.stat().st_mtime_ns for p in files_under(out)}
    with pytest.raises(ConfigError, match="already holds results.*--resume.*--force"):
        _run(dict(BALANCE, games_per_cell=2), out)
    with pytest.raises(ConfigError, match="different experiment"):
        _run(dict(BALANCE, games_per_cell=2), out, resume=True)
    assert {p: p.stat().st_mtime_ns for p in files_under(out)} == before
    _run(dict(BALANCE, games_per_cell=2, chunk_size=10), out, force=True)
    assert manifest(out)["kind"] == "balance" and rows(out).game.max() == 2 * 6 * 2 - 1
    assert len(list((out / "shards").glob("*.parquet"))) == 3


def test_resume_of_a_finished_run_plays_nothing(tmp_path: Path) -> None:
    out = tmp_path / "t"
    _run(dict(TOURNAMENT, games=20, chunk_size=10), out)
    again = _run(dict(TOURNAMENT, games=20, chunk_size=10, seed=None), out, resume=True)   # seed from manifest
    assert again.games_played == 0 and manifest(out)["games_done"] == 20


def test_precision_run_resumes_to_the_same_rounds(tmp_path: Path) -> None:
    cfg = dict(kind="balance", players=2, companies=["USA"], officers=["Viktor", "Anton", "Mahiri"],
               precision=0.06, games_per_cell=60, budget=1500, chunk_size=50, seed=3)
    full = _run(cfg, tmp_path / "full")
    m = manifest(tmp_path / "full")
    assert m["games_planned"] == 1500 and 180 < m["games_done"] <= 1500
    for r in full.summary:
        assert r["win_ci_high"] - r["win_ci_low"] <= 2 * 0.06 or m["games_done"] > 1400
    part = tmp_path / "part"
    _run(cfg, part)
    shards = sorted((part / "shards").glob("*.parquet"))
    for p in shards[1:3] + shards[-2:]:      # lose chunks of the first round and of the last one
        p.unlink()
    mm = manifest(part)
    mm["ended"] = None
    (part / "manifest.json").write_text(json.dumps(mm))
    _run(cfg, part, resume=True)
    pd.testing.assert_frame_equal(rows(tmp_path / "full"), rows(part))
    assert manifest(part)["games_done"] == m["games_done"]


def _default_sigint() -> None:
    """In the child before exec: SIGINT back to its default, so Python turns it into KeyboardInterrupt even when the
    test runs under a shell that ignores it (a background job of a non-interactive shell inherits SIGINT ignored,
    and Python keeps an ignored SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _cli(args: list[str]) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, "-m", "experiments.commands", *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=_default_sigint)


def _wait_for_shards(out: Path, proc: subprocess.Popen, n: int, timeout: float = 240) -> None:
    t0 = time.time()
    while len(list((out / "shards").glob("part-*.parquet"))) < n if (out / "shards").exists() else True:
        assert proc.poll() is None, proc.communicate()
        assert time.time() - t0 < timeout, "no shard appeared"
        time.sleep(0.01)


def _started_until_a_random_shard(args: list[str], out: Path, cycle: int, shards: int, more: int):
    """Starts the command (resuming after the first cycle) and waits until `more` further shards exist (at most
    `shards`); returns the running process, or None when the run completed before that."""
    proc = _cli(args + (["--resume"] if cycle else []))
    done = len(list((out / "shards").glob("part-*.parquet"))) if (out / "shards").exists() else 0
    try:
        _wait_for_shards(out, proc, min(shards, done + more), timeout=120)
    except AssertionError:
        if proc.poll() == 0:
            return None
        raise
    return proc


@pytest.mark.parametrize("how", ["kill", "sigint"])
def test_interrupted_run_resumes_to_the_uninterrupted_result(tmp_path: Path, how: str) -> None:
    # 10,000 random games (200 shards, about a second): on a loaded machine the signal must still find the run
    # part-way; with 2,000 games (a fifth of a second) a test process descheduled that long missed it.
    games = 10_000
    args = ["tournament", "--strategies", "random_actions,random", "--players", "4", "--games", str(games),
            "--chunk-size", "50", "--seed", "9", "-q"]
    out = tmp_path / "cut"
    proc = _cli(args + ["--out", out, "-j", "2"])
    _wait_for_shards(out, proc, 2)
    if how == "kill":
        os.killpg(proc.pid, signal.SIGKILL)       # the process and its workers, no chance to clean up
        proc.wait(30)
    else:
        os.killpg(proc.pid, signal.SIGINT)        # Ctrl-C
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        assert b"--resume" in err
    done = len(list((out / "shards").glob("part-*.parquet")))
    assert 0 < done < games // 50, "the run was not interrupted part-way"
    assert manifest(out)["ended"] is None
    resumed = _cli(args + ["--out", out, "--resume"])
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err
    assert not [p for p in files_under(out) if ".tmp-" in p.name]
    whole = tmp_path / "whole"
    _run(dict(kind="tournament", players=4, games=games, strategies=["random_actions", "random"], chunk_size=50,
              seed=9), whole)
    a, b = rows(out), rows(whole)
    assert a.game.nunique() == games and not a.duplicated(["game", "seat"]).any()
    pd.testing.assert_frame_equal(a, b)
    assert manifest(out)["games_done"] == games and manifest(out)["ended"]


def test_a_second_run_on_a_live_directory_is_refused_and_the_first_is_untouched(tmp_path: Path) -> None:
    """Issue #12.1: two runs into one --out used to mix seeds silently; the second is now refused in one line."""
    args = ["tournament", "--strategies", "random_actions,random", "--players", "4", "--games", "2000",
            "--chunk-size", "50", "-q", "--out", str(tmp_path / "x")]
    first = _cli(args + ["--seed", "11"])
    _wait_for_shards(tmp_path / "x", first, 1)
    second = _cli(args + ["--seed", "99"])
    _, err = second.communicate(timeout=300)
    assert second.returncode == 2 and b"is in use by another barrage run (pid" in err, err
    _, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    assert manifest(tmp_path / "x")["master_seed"] == 11 and rows(tmp_path / "x").game.nunique() == 2000
    whole = tmp_path / "whole"
    _run(dict(kind="tournament", players=4, games=2000, strategies=["random_actions", "random"], chunk_size=50,
              seed=11), whole)
    pd.testing.assert_frame_equal(rows(tmp_path / "x"), rows(whole))


def test_sigterm_stops_like_ctrl_c_with_143_and_leaves_no_worker(tmp_path: Path) -> None:
    """Issue #12.6: SIGTERM (timeout, docker stop, SLURM) used to kill the parent and orphan the loky workers."""
    import psutil

    out = tmp_path / "t"
    args = ["tournament", "--strategies", "random_actions,random", "--players", "4", "--games", "4000",
            "--chunk-size", "50", "--seed", "3", "-q", "--out", str(out), "-j", "2"]
    proc = _cli(args)
    _wait_for_shards(out, proc, 2)
    workers = psutil.Process(proc.pid).children(recursive=True)
    assert workers, "the run should have worker processes"
    proc.send_signal(signal.SIGTERM)                  # the parent only, as `timeout` does
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err
    assert b"--resume" in err and manifest(out)["ended"] is None
    gone, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive, [p.pid for p in alive]
    resumed = _cli(args[:-2] + ["--resume"])
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err
    assert rows(out).game.nunique() == 4000 and manifest(out)["ended"]


def test_workers_die_with_a_sigkilled_parent(tmp_path: Path) -> None:
    """SIGKILL cannot be caught: the workers ask the kernel to kill them when their parent dies (PR_SET_PDEATHSIG)."""
    import psutil

    out = tmp_path / "k"
    proc = _cli(["tournament", "--strategies", "random_actions,random", "--players", "4", "--games", "4000",
                 "--chunk-size", "50", "--seed", "3", "-q", "--out", str(out), "-j", "2"])
    _wait_for_shards(out, proc, 2)
    workers = psutil.Process(proc.pid).children(recursive=True)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    gone, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive, [p.pid for p in alive]


def _stop_after(cfg: dict, out: Path, chunks: int) -> None:
    """A run of `cfg` into `out` that has finished only its first `chunks` chunks (the rest deleted, not ended)."""
    _run(cfg, out, force=True)
    for p in sorted((out / "shards").glob("part-*.parquet"))[chunks:]:
        p.unlink()
    m = manifest(out)
    (out / "manifest.json").write_text(json.dumps({**m, "ended": None}))


def test_resume_refuses_a_copied_or_foreign_shard_and_replays_a_truncated_one(tmp_path: Path) -> None:
    """Issue #12.2: --resume used to count every part-*.parquet (8,100 of 8,000 games) and crash on a truncated one."""
    out = tmp_path / "r"
    _stop_after(TOURNAMENT, out, 3)
    shards = out / "shards"
    copy = shards / "part-00999.parquet"
    copy.write_bytes((shards / "part-00000.parquet").read_bytes())
    with pytest.raises(ConfigError, match="part-00999.parquet does not belong to this experiment"):
        _run(TOURNAMENT, out, resume=True)
    copy.unlink()
    other = tmp_path / "other"                       # the same chunk of a 2-player run
    _run({**TOURNAMENT, "players": 2}, other)
    (shards / "part-00001.parquet").write_bytes((other / "shards" / "part-00001.parquet").read_bytes())
    with pytest.raises(ConfigError, match="part-00001.parquet does not hold the planned games 40..79"):
        _run(TOURNAMENT, out, resume=True)
    _stop_after(TOURNAMENT, out, 3)
    (shards / "part-00002.parquet").write_bytes((shards / "part-00002.parquet").read_bytes()[:300])   # truncated
    events: list[str] = []
    run_experiment(ExperimentConfig.from_dict(TOURNAMENT), RunOptions(out=out, progress=False, resume=True),
                   on_event=events.append)
    assert any("part-00002.parquet: unreadable" in e and "played again" in e for e in events)
    whole = tmp_path / "whole"
    _run(TOURNAMENT, whole)
    pd.testing.assert_frame_equal(rows(out), rows(whole))


def test_resume_with_a_damaged_master_seed_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / "s"
    cfg = {k: v for k, v in TOURNAMENT.items() if k != "seed"}
    _stop_after({**cfg, "seed": 5}, out, 2)
    m = manifest(out)
    (out / "manifest.json").write_text(json.dumps({**m, "master_seed": "five"}))
    with pytest.raises(ConfigError, match="has master_seed 'five', not a seed"):
        _run(cfg, out, resume=True)


@pytest.mark.slow
def test_soak_twenty_kills_and_resumes_end_with_the_uninterrupted_rows(tmp_path: Path) -> None:
    """Issue #12 soak: a tournament killed 20 times at random points (SIGKILL, SIGTERM, SIGINT to the parent alone)
    and resumed each time ends with exactly the rows of an uninterrupted run, no orphan worker, no stray file."""
    import random

    import psutil

    out = tmp_path / "soak"
    args = ["tournament", "--strategies", "random_actions,random", "--players", "4", "--games", "16000",
            "--chunk-size", "100", "--seed", "21", "-q", "--out", str(out), "-j", "2"]
    rng = random.Random(5)
    for i in range(20):
        proc = _started_until_a_random_shard(args, out, i, 160, rng.randint(1, 6))
        if proc is None:                  # it finished before the kill: the run is complete
            break
        workers = psutil.Process(proc.pid).children(recursive=True)
        proc.send_signal(rng.choice([signal.SIGKILL, signal.SIGTERM, signal.SIGINT]))
        proc.communicate(timeout=120)
        assert proc.returncode in (-signal.SIGKILL, 143, 130, 0), proc.returncode
        _, alive = psutil.wait_procs(workers, timeout=30)
        assert not alive, f"cycle {i}: orphan workers {[p.pid for p in alive]}"
    final = _cli(args + ["--resume"])
    _, err = final.communicate(timeout=600)
    assert final.returncode == 0, err
    whole = tmp_path / "whole"
    _run(dict(kind="tournament", players=4, games=16000, strategies=["random_actions", "random"], chunk_size=100,
              seed=21), whole)
    pd.testing.assert_frame_equal(rows(out), rows(whole))
    stray = [p.name for p in files_under(out) if ".tmp-" in p.name or p.name == ".lock-owner.json"]
    assert not stray and manifest(out)["ended"] and manifest(out)["games_done"] == 16000


@pytest.mark.slow
def test_soak_random_sigkills_of_balance_end_with_the_uninterrupted_rows(tmp_path: Path) -> None:
    """Issue #35 soak: `barrage balance` SIGKILLed five times at random points and resumed each time ends with
    exactly the rows of an uninterrupted run, every shard's SHA-256 recorded (a kill between a shard and the
    manifest after it leaves that shard's to the resume). Slow: six processes start (30-60 s on 2 busy cores)."""
    import hashlib
    import random

    out = tmp_path / "soak"
    cfg = dict(kind="balance", players=[2], companies=["USA", "Italy"], officers=["Viktor", "Anton"],
               strategies=["random_actions", "random"], games_per_cell=250, chunk_size=10, seed=8)
    args = ["balance", "--players", "2", "--companies", "USA,Italy", "--officers", "Viktor,Anton", "-s",
            "random_actions,random", "--games-per-cell", "250", "--chunk-size", "10", "--seed", "8", "-q",
            "--out", str(out)]
    rng = random.Random(35)
    kills = 0
    for i in range(5):
        proc = _started_until_a_random_shard(args, out, i, 100, rng.randint(1, 15))
        if proc is None:                  # it finished before the kill: the run is complete
            break
        time.sleep(rng.uniform(0, 0.01))
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)
        kills += proc.returncode == -signal.SIGKILL
    assert kills >= 3, "the run was not interrupted part-way"
    final = _cli(args + ["--resume"])
    _, err = final.communicate(timeout=300)
    assert final.returncode == 0, err
    _run(cfg, tmp_path / "whole")
    pd.testing.assert_frame_equal(rows(out), rows(tmp_path / "whole"))
    m = manifest(out)
    shards = sorted((out / "shards").glob("part-*.parquet"))
    assert m["ended"] and m["games_done"] == 1000 and len(shards) == 100
    assert m["shard_sha256"] == {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in shards}
    assert not [p for p in files_under(out) if ".tmp-" in p.name]


def test_a_chunk_is_played_in_short_slices_that_cover_every_game_once() -> None:
    """A numba call holds off Ctrl-C / SIGTERM until it returns: the runner plays a chunk in slices sized by time
    (small first, then about SLICE_SECONDS each), covering every game exactly once, in order."""
    import time

    import numba

    from experiments.runner import play_in_slices

    slices = []

    def play(games: slice) -> None:
        slices.append(games)
        time.sleep(0.001 * (games.stop - games.start))       # 1 ms per game

    play_in_slices(1000, play, seconds=0.05)
    covered = [g for sl in slices for g in range(sl.start, sl.stop)]
    assert covered == list(range(1000))
    assert slices[0].stop - slices[0].start == 2 * numba.get_num_threads()
    assert max(sl.stop - sl.start for sl in slices) <= 4 * 50        # ~50 games take 0.05 s: never 4x beyond it
    assert len(slices) >= 1000 // 200
