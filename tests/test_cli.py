"""The `barrage` command line, run for real in subprocesses (`python -m experiments ...`), plus the spec registry."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.errors import ConfigError
from strategies import registry

ROOT = Path(__file__).resolve().parent.parent


def barrage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def assert_one_line_error(p: subprocess.CompletedProcess, *needles: str) -> None:
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert lines[0].startswith("error: ")
    for n in needles:
        assert n in lines[0]
    assert p.stdout == ""


# -- play ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [["--players", "2"], ["--players", "3"], ["--players", "4"],
                                  ["--players", "4", "--intro"]], ids=["2p", "3p", "4p", "intro"])
def test_play_prints_final_table(args):
    p = barrage("play", "--seed", "7", *args)
    assert p.returncode == 0, p.stderr
    players = int(args[1])
    body = [line for line in p.stdout.splitlines() if line.startswith("│")]
    assert len(body) == players
    for header in ("seat", "company", "officer", "VP", "energy", "contracts", "rank", "win"):
        assert header in p.stdout
    assert ("introductory" in p.stdout) == ("--intro" in args)


def test_play_json_and_same_seed_same_output():
    a = barrage("play", "--players", "3", "--seed", "11", "--json")
    b = barrage("play", "--players", "3", "--seed", "11", "--json")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    d = json.loads(a.stdout)
    assert d["seed"] == 11 and d["config"]["players"] == 3 and len(d["seats"]) == 3
    assert sorted(s["seat"] for s in d["seats"]) == [0, 1, 2]
    for s in d["seats"]:
        assert s["vp"] == sum(s["vp_by_source"].values())
        assert 1 <= s["rank"] <= 3
    assert sum(s["win"] for s in d["seats"]) == pytest.approx(1.0)
    assert d["decisions"] == len(d["move_codes"]) == sum(s["decisions"] for s in d["seats"])


def test_play_verbose_same_seed_identical_and_fixed_pairings():
    args = ["play", "-p", "2", "--seed", "5", "--verbose", "--companies", "france,usa", "--officers", "viktor,jill",
            "--strategies", "random_actions,random"]
    a, b = barrage(*args), barrage(*args)
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    assert a.stdout.startswith("Game set up with seed 5")
    assert "Round 5 begins" in a.stdout and "objective" in a.stdout.split("Round 5 begins")[1]
    table = [line for line in a.stdout.splitlines() if line.startswith("│")]
    assert "France" in table[0] and "Viktor Fiesler" in table[0] and "random_actions" in table[0]
    assert "USA" in table[1] and "Jill McDowell" in table[1]


def test_play_verbose_shows_the_forced_round_1_production_with_its_arithmetic_and_log_writes_the_events(tmp_path):
    """Issue #18, PRODUCE-06/11: the single-option production of round 1 is in the log with its arithmetic;
    --log writes the same events as JSON lines."""
    log = tmp_path / "g.jsonl"
    p = barrage("play", "--players", "2", "--strategies", "greedy,automa:level=3", "--seed", "3", "--verbose",
                "--log", str(log))
    assert p.returncode == 0, p.stderr
    r1 = [line for line in p.stdout.splitlines() if line.startswith("R1 ")]
    assert any("forced: Produce 1 drop(s) from B9L" in line for line in r1)
    assert any("production B9L -> C9R -> P12_0: 1 drop x 3 = 3, +2 action = 5 energy; pays 1 for the conduit" in line
               for line in r1)
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert {"income", "drop", "production", "energy_award", "bonus_tile", "automa_turn", "objective"} <= {
        e["kind"] for e in events}


def test_play_log_refuses_an_existing_file_and_a_missing_directory_before_playing(tmp_path):
    """Issue #35 D4, X8: `--log RESULTS/manifest.json` overwrote it silently, and a log in a missing directory
    failed after the whole game; both are one-line errors now, checked before anything is played or written.
    --force overwrites."""
    existing = tmp_path / "manifest.json"
    existing.write_text('{"keep": true}')
    p = barrage("play", "--players", "2", "--seed", "3", "--log", str(existing))
    assert_one_line_error(p, "already exists", "--force")
    assert existing.read_text() == '{"keep": true}'
    p = barrage("play", "--players", "2", "--seed", "3", "--log", str(tmp_path / "missing" / "g.jsonl"))
    assert_one_line_error(p, "does not exist")
    p = barrage("play", "--players", "2", "--seed", "3", "--log", str(existing), "--force")
    assert p.returncode == 0, p.stderr
    assert json.loads(existing.read_text().splitlines()[0])["kind"]
    assert sorted(f.name for f in tmp_path.iterdir()) == ["manifest.json"]     # no temporary file left


@pytest.mark.parametrize("args,needles", [
    (["--players", "5"], ["players", "5"]),
    (["--companies", "USA,Spain,Italy,France"], ["Spain", "USA, Germany, Italy, France"]),
    (["--officers", "viktor,Viktor Fiesler,jill,wilhelm"], ["Viktor Fiesler", "twice"]),
    (["--strategies", "random,clever,random,random"], ["clever", "random_actions"]),
    (["--strategies", "random:depth=3"], ["depth"]),
    (["--intro", "--officers", "viktor,jill,wilhelm,anton"], ["introductory"]),
    (["--players", "many"], ["--players"]),
    (["--seed", "-1"], ["seed"]),
], ids=["5-players", "unknown-company", "officer-twice", "unknown-strategy", "unknown-param", "intro-officers",
        "not-an-int", "negative-seed"])
def test_play_bad_input_is_one_line_exit_2(args, needles):
    assert_one_line_error(barrage("play", *args), *needles)


def test_unknown_command_and_bad_list_topic():
    assert_one_line_error(barrage("plya"), "play")
    assert_one_line_error(barrage("list", "dragons"), "dragons")
    assert_one_line_error(barrage("bench", "--threads", "999"), "threads")
    assert_one_line_error(barrage("fuzz", "--games", "10", "--policy", "nope"), "nope")


# -- bench / fuzz / list ----------------------------------------------------------------------------------
def test_bench_json_reports_rates():
    p = barrage("bench", "--games", "200", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["games"] == 200 and d["players"] == 4 and d["threads"] >= 1
    assert d["games_per_s"] > 0 and d["decisions_per_s"] > 0 and d["decisions_per_game"] > 10
    assert d["warmup_s"] >= 0 and d["us_per_decision"] > 0
    assert d["cpu_s"] > 0 and d["games_per_cpu_s"] > 0 and d["rollouts_per_cpu_s"] == 0   # no planner seat


def test_fuzz_ok():
    p = barrage("fuzz", "--games", "300", "--players", "3", "--seed", "5")
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.startswith("OK") and "300 games" in p.stdout
    assert len(p.stdout.strip().splitlines()) == 1


def test_list_strategies_and_others():
    p = barrage("list", "strategies")
    assert p.returncode == 0, p.stderr
    assert "random_actions" in p.stdout and "uniform" in p.stdout
    d = json.loads(barrage("list", "strategies", "--json").stdout)
    assert {s["name"] for s in d} >= {"random", "random_actions"}
    officers = json.loads(barrage("list", "officers", "--json").stdout)
    assert {"Viktor Fiesler", "Mahiri Sekibo"} <= {o["name"] for o in officers if o["playable"]}
    maps = json.loads(barrage("list", "maps", "--json").stdout)
    assert any(m["name"] == "base" and m["playable"] for m in maps)


def test_help_teaches():
    p = barrage("--help")
    assert p.returncode == 0
    for cmd in ("play", "bench", "fuzz", "list", "report", "calibrate"):
        assert cmd in p.stdout
    p = barrage("play", "--help")
    assert p.returncode == 0 and "Examples" in p.stdout and "--strategies" in p.stdout
    p = barrage("calibrate", "--help")
    assert p.returncode == 0 and "placebo" in p.stdout and "--draws" in p.stdout
    p = barrage("report", "--help")
    assert p.returncode == 0 and "--margin" in p.stdout and "--json" in p.stdout


@pytest.mark.parametrize(("args", "needles"), [
    (["report", "no/such/dir"], ["results directory does not exist"]),
    (["calibrate", "no/such/dir"], ["results directory does not exist"]),
    (["report", "no/such/dir", "--margin", "0.7"], ["margin: 0.7", "between 0 and 0.5"]),
    (["calibrate", "x", "--draws", "3"], ["--draws"]),
], ids=["report-missing", "calibrate-missing", "margin", "draws"])
def test_report_and_calibrate_bad_input_is_one_line_exit_2(args, needles):
    assert_one_line_error(barrage(*args), *needles)


def test_strategy_aliases_stay_distinct():
    """`greedy@a,greedy@b`: the same bot under two names (an engine-level A/A), kept apart by results and reports."""
    assert registry.canonical("greedy@a") == "greedy@a"
    assert registry.canonical(" Random@x ") == "random@x"
    assert np.array_equal(registry.parse_spec("greedy@a")[1], registry.parse_spec("greedy")[1])
    assert registry.split_specs("greedy@a,greedy@b") == ["greedy@a", "greedy@b"]
    with pytest.raises(ConfigError, match="strategy alias 'a b'"):
        registry.canonical("greedy@a b")


# -- the strategy registry (in process) -----------------------------------------------------------------------
def test_parse_spec():
    i, v = registry.parse_spec("random")
    assert i == 0 and v.shape == (registry.N_PARAMS,) and v.dtype == np.float64 and not v.any()
    assert registry.parse_spec(" Random_Actions ")[0] == 1
    with pytest.raises(ConfigError, match="valid: random, random_actions, greedy, builder"):
        registry.parse_spec("gready")
    with pytest.raises(ConfigError, match="no parameter 'x'"):
        registry.parse_spec("random:x=1")


def test_split_specs_keeps_parameters_with_their_spec():
    assert registry.split_specs("mcts:iters=400,c=1.0,random") == ["mcts:iters=400,c=1.0", "random"]
    with pytest.raises(ConfigError):
        registry.split_specs("random,,random")


def test_parameters_defaults_and_overrides():
    spec = registry.StrategySpec("test_bot", 99, (registry.Param("iters", 100, "budget", integer=True, low=1),
                                                  registry.Param("c", 1.4, "exploration")), "a test bot")
    registry.register(spec)
    try:
        _, v = registry.parse_spec("test_bot:c=0.5")
        assert list(v[:3]) == [100, 0.5, 0]
        assert registry.canonical("test_bot:c=0.5") == "test_bot:c=0.5"
        assert registry.canonical("test_bot:iters=100,c=1.4") == "test_bot"
        for bad, msg in (("test_bot:iters=1.5", "whole number"), ("test_bot:iters=0", "outside"),
                         ("test_bot:c=abc", "not a number"), ("test_bot:c", "key=value"),
                         ("test_bot:c=1,c=2", "twice")):
            with pytest.raises(ConfigError, match=msg):
                registry.parse_spec(bad)
        names, ids_, params = registry.parse_seats("test_bot:iters=5,random", 2)
        assert names == ["test_bot:iters=5", "random"] and list(ids_) == [99, 0] and params[0, 0] == 5
    finally:
        del registry.REGISTRY["test_bot"]


# -- fuzz reporting of a violation (in process, with a fuzz_batch that reports one) ---------------------------
def test_fuzz_prints_violation_and_exits_1(monkeypatch, capsys):
    import strategies.batch
    from experiments.cli import main
    from experiments.play import game_seeds

    def fake_fuzz_batch(tables, seeds, fixed_company, fixed_officer, seat_strategy, params, report, model, planners):
        report[:, 0] = -1
        report[:, 1] = 0
        if len(seeds) > 1:           # not the warm-up call
            report[1] = (5, 1 << 4)  # game 1: "VP equals the sum of its breakdown" after 5 moves

    monkeypatch.setattr(strategies.batch, "fuzz_batch", fake_fuzz_batch)
    with pytest.raises(SystemExit) as exit_:
        main(["fuzz", "--games", "4", "--players", "2", "--seed", "3"])
    out = capsys.readouterr().out
    assert exit_.value.code == 1
    seed = int(game_seeds(3, 4)[1])
    assert f"game 1: seed {seed}, after move 5: VP equals the sum of its breakdown by source" in out
    assert "last move: R" in out and "does not show it" in out     # replayed; the fake violation is not real
    assert f"replay: barrage play --players 2 --seed {seed} --strategies random_actions --verbose" in out
    assert "FAILED: 1 of 4 games" in out


def test_an_unexpected_failure_is_one_line_unless_debug(monkeypatch, capsys):
    """The one top-level guard: a bug prints one line and exits 1; --debug (anywhere) shows the traceback."""
    from experiments import cli

    def broken(topic):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "_list_rows", broken)
    with pytest.raises(SystemExit) as caught:
        cli.main(["list", "companies"])
    err = capsys.readouterr().err
    assert caught.value.code == 1 and err.count("\n") == 1
    assert "unexpected RuntimeError: boom" in err and "rerun with --debug" in err
    with pytest.raises(RuntimeError, match="boom"):
        cli.main(["list", "companies", "--debug"])


def test_game_seeds_and_moves_are_checked():
    """Issue #12.7: negative and oversized seeds were accepted or overflowed; a float move was truncated."""
    import sim
    from sim.game import IllegalMoveError

    for seed in (-1, 2**63, 1.5, True):
        with pytest.raises(ConfigError, match="is not a game seed"):
            sim.Game.new(players=2, seed=seed)
    g = sim.Game.new(players=2, seed=2**62 - 1)
    with pytest.raises(IllegalMoveError, match="not a move or an integer move code"):
        g.play(float(g.legal_moves()[0].code) + 0.9)


def test_bench_runs_as_plain_python_with_the_jit_disabled():
    """Issue #12.7: the README promises the same rules in plain Python (NUMBA_DISABLE_JIT=1); bench used to fail."""
    import os

    p = subprocess.run([sys.executable, "-m", "experiments", "bench", "--games", "1", "--players", "2", "--json"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600,
                       env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["games"] == 1


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "code", "text"), [(2, 130, "error: interrupted"),
                                                    (15, 143, "error: terminated (SIGTERM)")], ids=["int", "term"])
def test_ctrl_c_and_sigterm_in_fuzz_say_so(sig, code, text):
    """Issue #12.7: Ctrl-C in play/fuzz exited 130 without a word; SIGTERM is reported as such with 143."""
    import signal
    import time

    proc = subprocess.Popen([sys.executable, "-m", "experiments", "fuzz", "--games", "100000000", "--players", "2"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    proc.send_signal(signal.Signals(sig))
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == code and text in err, (proc.returncode, err)


@pytest.mark.parametrize("args,needles", [
    (["replay", "results/none", "--game", "1180591620717411303424"], ["--game", "4611686018427387903"]),
    (["tune", "--out", "x", "--seed", "1180591620717411303424"], ["--seed", "4611686018427387903"]),
    (["play", "--players", "2", "--expansion", "leeghwater,leeghwater"], ["leeghwater", "twice"]),
    (["tune", "--out", "x", "--generations", "0"], ["--generations"]),
], ids=["replay-game-too-large", "tune-seed-too-large", "expansion-twice", "tune-zero-generations"])
def test_out_of_range_ids_and_repeated_expansions_are_one_line_errors(args, needles):
    """Issue #35 X9 and cosmetics: a game id past int64 was a TypeError, `tune --seed 2^70` was accepted (other
    commands cap at 2^62-1), an expansion named twice was accepted and labelled twice, `tune --generations 0` said
    "written" and wrote nothing."""
    assert_one_line_error(barrage(*args), *needles)


def test_an_override_too_large_for_the_results_is_one_line_and_leaves_no_directory(tmp_path):
    """Issue #35 X1: a contract paying a million energy overflowed the 16-bit energy columns -- "unexpected
    ArrowInvalid" and a 0-game directory left. Now one line naming the cause, exit 2, nothing on disk. (Seed 4's
    random games fulfil that contract; re-pick the seed if a rules change stops them.)"""
    out = tmp_path / "overflow"
    p = barrage("balance", "-p", "2", "--companies", "USA,Italy", "--officers", "viktor,jill", "-n", "100",
                "--seed", "4", "--override", "contracts.green.G4.reward.energy=1000000", "--out", str(out), "-q")
    assert_one_line_error(p, "results format cannot hold", "--override")
    assert not out.exists()


def test_calibrate_on_a_tournament_prints_no_numpy_warnings(tmp_path):
    """Issue #35 (cosmetic): placebo draws whose effect variance came out a round-off below zero printed a
    RuntimeWarning each (118 on a tournament's 1,000 draws); here 3 of the first 40 draws do."""
    out = tmp_path / "t"
    made = barrage("tournament", "-s", "greedy,random,builder", "-p", "3,4", "-n", "200", "--seed", "2", "-q",
                   "--out", str(out))
    assert made.returncode == 0, made.stderr
    p = barrage("calibrate", str(out), "--draws", "40")
    assert p.returncode == 0, p.stderr
    assert "Warning" not in p.stderr, p.stderr


def test_hints_name_only_options_the_command_has(tmp_path):
    """Issue #35 (cosmetic): a hint must name an option of the command that prints it (`play` has no
    --bot-timeout: tests/experiments/test_exp_bot_supervision.py; `replay --log` offers --force, which it has)."""
    existing = tmp_path / "game.jsonl"
    existing.write_text("{}")
    p = barrage("replay", str(tmp_path / "no-results"), "--game", "0", "--log", str(existing))
    assert_one_line_error(p, "already exists", "--force")
    assert "--force" in barrage("replay", "--help").stdout


@pytest.mark.parametrize("args", [["play", "--players", "2", "--seed", "1"],
                                  ["ladder", "--bots", "random,random_actions", "--games", "2", "--json"]],
                         ids=["play", "ladder"])
def test_a_command_that_compiles_says_so_on_stderr(args, monkeypatch, capsys) -> None:
    """Issue #31: a first run compiles the engine for minutes; `play`, `replay` and `ladder` say so before they go
    quiet (`balance` / `tournament` / `run` and `learn` already did; `bench` and `fuzz` show a warm-up bar). The
    cache is made to look cold; the command still runs to the end."""
    from typer.testing import CliRunner

    import sim._numba_cache as numba_cache
    from experiments.cli import app

    monkeypatch.setattr(numba_cache, "is_warm", lambda entry_point, planners=None: False)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert numba_cache.COMPILING_NOTE.split("(")[0].strip() in " ".join(result.stderr.split())


def test_list_knobs_prints_every_overridable_number():
    """Issue #33: `barrage list knobs --json` gives path, official value, kind and range of every knob."""
    from sim.overrides import all_knobs

    p = barrage("list", "knobs", "--json")
    assert p.returncode == 0, p.stderr
    rows = json.loads(p.stdout)
    assert [r["path"] for r in rows] == [k.path for k in all_knobs()]
    usa = next(r for r in rows if r["path"] == "companies.USA.income.base.2.rotate_wheel")
    assert usa == {"path": "companies.USA.income.base.2.rotate_wheel", "official": 1, "kind": "whole number",
                   "range": "0 .. 1,000,000"}
