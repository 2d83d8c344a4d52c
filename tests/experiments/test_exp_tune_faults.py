"""`barrage tune` under faults (issue #35): a second run on a live directory, a kill at every point of a checkpoint,
stale temporary files, a full disk, and a soak of random SIGKILLs; each ends identical to an uninterrupted run or
as one line that leaves no partial file."""
from __future__ import annotations

import collections
import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from exp_helpers import REPO, files_under

from experiments import tune
from experiments.tune import RESULT_FILE, STATE_FILE, TuneSettings, company_weights, greedy_family, parse_league
from sim.config import GameConfig

TINY = ["--league", "random,greedy", "--games", "4", "--popsize", "3", "--seed", "5"]
GENERATIONS = 3


def _settings() -> TuneSettings:
    """The TuneSettings `barrage tune ... TINY` makes."""
    spec, vec = greedy_family("greedy")
    return TuneSettings(spec, parse_league("random,greedy"), 2, 4, 3, 0.25, 5, company_weights(vec, None))


def _tune(out: Path, resume: bool = False, generations: int = GENERATIONS) -> None:
    tune.run_tune(GameConfig(players=2), _settings(), generations, out, resume)


def outcome(out: Path) -> dict:
    """What a tune run found: its best weights and its fitness curve without the timings."""
    run = json.loads((out / RESULT_FILE).read_text())
    return {"best": run["best"], "generations": run["generations"],
            "curve": [{k: v for k, v in row.items() if k != "elapsed_s"} for row in run["curve"]]}


def temporary_files(d: Path) -> list[str]:
    return [p.name for p in files_under(d) if p.name.endswith(".tmp")]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> dict:
    """The outcome of an uninterrupted in-process run of GENERATIONS generations."""
    out = tmp_path_factory.mktemp("tune") / "whole"
    _tune(out)
    return outcome(out)


def _start(args: list[str]) -> subprocess.Popen:
    """`barrage ARGS` as a real process in its own session (killed as a group)."""
    return subprocess.Popen([sys.executable, "-m", "experiments", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def _generations_done(out: Path) -> int:
    try:
        return json.loads((out / RESULT_FILE).read_text())["generations"]
    except (OSError, ValueError):
        return 0


def _wait_for_generation(out: Path, proc: subprocess.Popen, n: int, timeout: float = 120) -> None:
    """Waits until `out` holds n generations or proc has exited."""
    t0 = time.time()
    while _generations_done(out) < n and proc.poll() is None:
        assert time.time() - t0 < timeout, f"no generation {n} after {timeout} s"
        time.sleep(0.01)


# -- D1: one run per directory ---------------------------------------------------------------------------------
def test_a_second_tune_on_a_live_directory_is_refused_at_once(tmp_path: Path) -> None:
    """Issue #35, D1: two runs into one --out both exited 0 and one run's work was lost. The second run is now
    refused in one line naming the directory and the run that holds it; the first is untouched."""
    out = tmp_path / "run"
    first = _start(["tune", "--out", str(out), "--generations", "100000", *TINY])
    try:
        _wait_for_generation(out, first, 1)
        assert first.poll() is None, first.communicate()
        second = subprocess.run([sys.executable, "-m", "experiments", "tune", "--out", str(out), "--generations",
                                 "2", "--resume", *TINY], cwd=REPO, capture_output=True, text=True, timeout=300)
        assert first.poll() is None, "the first run ended before the second was refused"
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.communicate(timeout=30)
    lines = second.stderr.strip().splitlines()
    assert second.returncode == 2 and len(lines) == 1, second.stderr
    assert f"{out} is in use by another barrage run (pid {first.pid} on " in lines[0]


# -- D2: a kill at any point of a checkpoint ---------------------------------------------------------------------
class _Killed(BaseException):
    """Stands for SIGKILL: no handler of run_tune catches it, so its files stay as the kill found them."""


KILL_POINTS = [(gen, op, name) for gen in (0, 1)
               for op, name in (("write", STATE_FILE), ("write", RESULT_FILE),
                                ("rename", STATE_FILE), ("rename", RESULT_FILE))]


@pytest.mark.parametrize("gen, op, name", KILL_POINTS, ids=[f"gen{g}-{o}-{n}" for g, o, n in KILL_POINTS])
def test_a_kill_at_any_point_of_a_checkpoint_resumes_to_the_uninterrupted_result(
        tmp_path: Path, monkeypatch, reference: dict, gen: int, op: str, name: str) -> None:
    """Issue #35, D2: a kill at the rename of tune.json left a complete tune.json.tmp beside a newer cma.pkl and
    --resume refused the run. Killed while writing (half a file) or renaming either file of generation 0 or 1,
    the run now resumes to exactly the uninterrupted result and leaves no temporary file."""
    out = tmp_path / "run"
    calls = collections.Counter()

    def due(what: str, path) -> bool:
        if what != op or Path(path).name != name:
            return False
        calls[what] += 1
        return calls[what] == gen + 1

    def kill_while_renaming(src, dst, real=os.replace) -> None:
        if due("rename", dst):
            raise _Killed
        real(src, dst)

    if op == "rename":
        monkeypatch.setattr(os, "replace", kill_while_renaming)
    else:
        def kill_while_writing(path: Path, data: bytes, real=tune._write_tmp) -> None:
            if due("write", path):
                real(path, data[:len(data) // 2])        # a kill part-way leaves the start of the file
                raise _Killed
            real(path, data)

        monkeypatch.setattr(tune, "_write_tmp", kill_while_writing)
    with pytest.raises(_Killed):
        _tune(out)
    monkeypatch.undo()
    if (op, name) == ("rename", RESULT_FILE):              # the case of the issue: a complete tune.json.tmp
        assert json.loads((out / (RESULT_FILE + ".tmp")).read_text())["generations"] == gen + 1
    _tune(out, resume=True)
    assert outcome(out) == reference
    assert not temporary_files(out)


@pytest.mark.parametrize("checkpoint", [False, True], ids=["no-checkpoint", "beside-a-checkpoint"])
def test_stale_temporary_files_block_nothing(tmp_path: Path, reference: dict, checkpoint: bool) -> None:
    """Half-written or foreign cma.pkl.tmp / tune.json.tmp (a complete one naming no state on disk) are deleted
    by the next run, new or resumed, which ends as an uninterrupted run."""
    out = tmp_path / "run"
    if checkpoint:
        _tune(out, generations=1)
    out.mkdir(exist_ok=True)
    (out / (STATE_FILE + ".tmp")).write_bytes(b"half a pickle")
    foreign = {"settings": {}, "curve": [], "best": {}, "elapsed_s": 0, "state_sha256": "0" * 64}
    (out / (RESULT_FILE + ".tmp")).write_text(json.dumps(foreign))
    _tune(out, resume=checkpoint)
    assert outcome(out) == reference
    assert not temporary_files(out)


# -- X7: a full disk ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fail_at", [1, 2, 3], ids=["first-state", "first-result", "second-state"])
def test_a_full_disk_is_one_line_and_leaves_no_partial_file(tmp_path: Path, monkeypatch, capsys, reference: dict,
                                                            fail_at: int) -> None:
    """Issue #35, X7: a full disk was "unexpected OSError" with cma.pkl.tmp left behind. The fault is injected at
    the n-th file write (which leaves half its file, as a full disk does): one line, exit 2, no temporary file,
    and the previous checkpoint whole and resumable (no directory at all if none was written)."""
    from experiments.cli import main

    out = tmp_path / "run"
    real_write = tune._write_tmp
    writes = []

    def full_disk(path: Path, data: bytes) -> None:
        writes.append(path)
        if len(writes) == fail_at:
            real_write(path, data[:len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_write(path, data)

    monkeypatch.setattr(tune, "_write_tmp", full_disk)
    with pytest.raises(SystemExit) as exit_:
        main(["tune", "--out", str(out), "--generations", str(GENERATIONS), "--json", *TINY])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"error: --out: cannot write the tune run in {str(out)!r} (No space left on device); "
                          "free disk space"), err
    assert not temporary_files(tmp_path)
    if fail_at <= 2:
        assert not out.exists()
        return
    assert _generations_done(out) == 1
    monkeypatch.undo()
    with pytest.raises(SystemExit) as exit_:
        main(["tune", "--out", str(out), "--generations", str(GENERATIONS), "--resume", "--json", *TINY])
    assert exit_.value.code == 0, capsys.readouterr().err
    assert outcome(out) == reference


# -- soak ----------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_soak_random_kills_and_resumes_end_with_the_uninterrupted_result(tmp_path: Path) -> None:
    """Issue #35 soak: `barrage tune --resume` SIGKILLed at random points of its run (playing a generation or
    writing its checkpoint), again and again, ends with the best weights and fitness curve of an uninterrupted
    run, and no temporary file."""
    generations = 12
    out = tmp_path / "soak"
    args = ["tune", "--out", str(out), "--generations", str(generations), *TINY]
    rng = random.Random(35)
    kills = 0
    while kills < 5:
        proc = _start(args + ["--resume"])
        _wait_for_generation(out, proc, _generations_done(out) + 1)
        time.sleep(rng.uniform(0.0, 0.15))            # a generation takes about a tenth of a second
        if proc.poll() is not None:
            assert proc.returncode == 0, proc.communicate()
            break
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)
        kills += 1
    assert kills >= 3, "the run ended before it was killed three times"
    final = subprocess.run([sys.executable, "-m", "experiments", *args, "--resume"], cwd=REPO, capture_output=True,
                           text=True, timeout=300)
    assert final.returncode == 0, final.stderr
    whole = tmp_path / "whole"
    p = subprocess.run([sys.executable, "-m", "experiments", "tune", "--out", str(whole), "--generations",
                        str(generations), *TINY], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert outcome(out) == outcome(whole) and outcome(out)["generations"] == generations
    assert not temporary_files(out)
