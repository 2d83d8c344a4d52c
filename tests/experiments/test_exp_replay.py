"""`barrage replay`: a game of an experiment's results played again with its event log."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from exp_helpers import REPO, rows

from experiments.experiment_config import ExperimentConfig
from experiments.replay import replay_game
from experiments.runner import RunOptions, run_experiment
from sim.errors import ConfigError
from sim.events import totals

TOURNAMENT = dict(kind="tournament", players=3, games=8, strategies=["random", "greedy"], chunk_size=4, seed=31)
BALANCE = dict(kind="balance", players=[2], companies=["USA", "Italy"], officers=["Viktor", "Anton"],
               strategies=["random", "greedy"], intro=[False, True], games_per_cell=2, chunk_size=4, seed=5)


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> dict[str, Path]:
    out = {}
    for name, cfg in (("tournament", TOURNAMENT), ("balance", BALANCE)):
        out[name] = tmp_path_factory.mktemp(name)
        run_experiment(ExperimentConfig.from_dict(cfg), RunOptions(out=out[name], progress=False))
    return out


@pytest.mark.parametrize("name", ["tournament", "balance"])
def test_replay_gives_the_stored_rows_and_an_event_log(results, name):
    """Every stored game replays to its stored VP, pairings and bots, and its events add up to the stored VP."""
    df = rows(results[name])
    for game in sorted(df.game.unique()):
        stored = df[df.game == game].sort_values("seat")
        g, meta = replay_game(results[name], game=int(game))
        res = g.result()
        assert [r.vp for r in res] == stored.vp.tolist() == meta.vp
        assert [r.company for r in res] == stored.company.tolist()
        assert [r.officer for r in res] == stored.officer.tolist()
        summed = totals(g.events(), g.config.players)
        assert [sum(t.get("vp", {}).values()) for t in summed] == stored.vp.tolist()


def test_replay_by_seed_and_setup(results):
    """A tournament seed names one game; a balance seed is shared by the cells (common random numbers)."""
    df = rows(results["tournament"])
    row = df.iloc[5]
    g, meta = replay_game(results["tournament"], seed=int(row.seed), setup="full")
    assert meta.game == row.game and g.seed == row.seed
    shared = rows(results["balance"])
    shared = shared[shared.setup == "intro"].iloc[0]
    with pytest.raises(ConfigError, match=r"\(common random numbers\); choose one with --game"):
        replay_game(results["balance"], seed=int(shared.seed), setup="intro")


def _barrage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=600)


def test_replay_command_prints_the_log_and_writes_jsonl(results, tmp_path):
    log = tmp_path / "g.jsonl"
    p = _barrage("replay", str(results["tournament"]), "--game", "3", "--verbose", "--log", str(log))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("Game set up with seed") and "Round 5 begins" in p.stdout
    assert all(json.loads(line)["rule"] for line in log.read_text().splitlines())


@pytest.mark.parametrize("args,needle", [
    (["--game", "999"], "no game 999"),
    ([], "either --game N or --seed S"),
    (["--seed", "1"], "no seed 1"),
])
def test_replay_bad_input_is_one_line_exit_2(results, args, needle):
    p = _barrage("replay", str(results["tournament"]), *args)
    assert p.returncode == 2 and "Traceback" not in p.stderr and needle in p.stderr, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_replay_of_a_directory_without_results_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="no manifest.json"):
        replay_game(tmp_path, game=0)
