"""Invalid experiments are rejected before any game, in one line naming the key, leaving no file behind."""
from __future__ import annotations

from pathlib import Path

import pytest
from exp_helpers import REPO, files_under

from experiments.experiment_config import ExperimentConfig, load_toml
from sim.errors import ConfigError

BAD_TOML = {
    "syntax": ('kind = "tournament"\nplayers = [4,\n', "invalid TOML"),
    "unknown_key": ('kind = "tournament"\ngamez = 10\n', "gamez"),
    "wrong_kind_key": ('kind = "tournament"\nprecision = 0.02\n', "precision"),
    "five_players": ('kind = "balance"\nplayers = 5\n', "players"),
    "five_in_list": ('kind = "balance"\nplayers = [4, 5]\n', "players"),
    "officer_twice": ('kind = "tournament"\nplayers = 2\nofficers = ["Viktor Fiesler", "viktor"]\n', "officers"),
    "officer_twice_sweep": ('kind = "balance"\nofficers = ["Anton Krylov", "Anton"]\n', "officers"),
    "unknown_strategy": ('kind = "tournament"\nstrategies = ["random", "alphago"]\n', "strategies"),
    "bad_strategy_param": ('kind = "tournament"\nstrategies = ["random:depth=3"]\n', "strategies"),
    "unknown_company": ('kind = "balance"\ncompanies = ["USA", "Atlantis"]\n', "companies"),
    "override_path": ('kind = "balance"\n[overrides]\nconduit_vp = 3\n', "overrides.conduit_vp"),
    "override_type": ('kind = "balance"\n[overrides]\n"bonus_tiles.conduits.vp_per_unit" = "x"\n',
                      "overrides.bonus_tiles.conduits.vp_per_unit"),
    "override_schema": ('kind = "balance"\n[overrides]\n"bonus_tiles.conduits.vp_per_unit" = -1\n',
                        "vp_per_unit"),
    "unknown_objective": ('kind = "balance"\nobjective = "biggest_dam"\n', "objective"),
    "bonus_tiles_count": ('kind = "tournament"\nbonus_tiles = ["bases", "conduits"]\n', "bonus_tiles"),
    "intro_advanced_bonus": ('kind = "tournament"\nintro = true\nbonus_tiles = ["bases", "conduits", "elevations", '
                             '"powerhouses", "advanced_tiles"]\n', "bonus_tiles"),
    "headstream_tile": ('kind = "tournament"\nheadstreams = [1, 2, 3, 9]\n', "headstreams"),
    "unknown_expansion": ('kind = "balance"\nexpansions = [[], ["geologic"]]\n', "expansions"),
    "level_twice": ('kind = "balance"\nintro = [true, true]\n', "intro"),
    "missing_kind": ("games = 10\n", "kind"),
    "wrong_type": ('kind = "tournament"\ngames = "many"\n', "games"),
    "intro_officers": ('kind = "balance"\nintro = true\nofficers = ["Viktor"]\n', "officers"),
    "too_many_strategies": ('kind = "tournament"\nplayers = 2\nstrategies = ["random", "random", "random"]\n',
                            "strategies"),
    "budget_without_precision": ('kind = "balance"\nbudget = 100\n', "budget"),
    "precision_range": ('kind = "balance"\nprecision = 0.7\n', "precision"),
    "bad_map": ('kind = "tournament"\nmap = "duel"\n', "map"),
    "five_player_map_with_2": ('kind = "tournament"\nplayers = 2\nmap = "five_player"\n', "FIVEP-01"),
    # AUTOMA-01: a balance rotating 3 bots over 2 seats would seat automa + automa:level=3 in a third of its games.
    "automa_only_balance": ('kind = "balance"\nplayers = 2\nstrategies = ["greedy", "automa", "automa:level=3"]\n',
                            "strategies"),
    "automa_only_tournament": ('kind = "tournament"\nplayers = 2\nstrategies = ["automa", "automa:level=4"]\n',
                               "strategies"),
    # Issue #35 X2: the expansion plays the Colorado map, which has no Automa rules (COLO-AUTOMA-01).
    "automa_on_colorado": ('kind = "balance"\nplayers = 2\nexpansions = ["colorado"]\n'
                           'strategies = ["greedy", "automa:level=2"]\n', "COLO-AUTOMA-01"),
}


@pytest.mark.parametrize("case", sorted(BAD_TOML))
def test_bad_toml_is_one_line_naming_the_key_and_writes_nothing(invoke, tmp_path: Path, case: str) -> None:
    text, key = BAD_TOML[case]
    exp = tmp_path / "exp.toml"
    exp.write_text(text)
    out = tmp_path / "out"
    r = invoke(["run", exp, "--out", out, "-q"])
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert err.startswith("error: ") and "\n" not in err, err
    assert key in err, err
    assert "Traceback" not in r.output
    assert not out.exists(), files_under(out)


COLORADO_AUTOMA = "automa: the Automa cannot play The Colorado Connection"    # as play and fuzz say it


@pytest.mark.parametrize("args, key", [
    (["balance", "--override", "conduit_vp=3"], "overrides.conduit_vp: no key 'conduit_vp'"),
    (["balance", "--override", "bonus_tiles.conduits=3"], "names a whole section"),
    (["balance", "--vary", "weather"], "vary: unknown factor 'weather'"),
    (["balance", "--vary", "expansions"], "needs --expansion"),
    (["tournament", "--expansion", "geological,atlantis"], "expansions: unknown expansion 'atlantis'"),
    (["tournament", "--objective", "best_area", "--vary", "objective"], "objective:"),
    # Issue #12.4: values that wrapped int64 in the engine, or were documented as refused but ran.
    (["tournament", "--override", "bonus_tiles.conduits.vp_per_unit=9223372036854775807"], "is out of range"),
    (["tournament", "--override", "energy_track.first_second_award.first=-2"], "-2 is negative"),
    (["tournament", "--games", "1000000000000"], "games: 1,000,000,000,000 games in 1,000,000,000 chunks need about"),
    # Issue #35 X2: "unexpected SystemError: CPUDispatcher" from the engine; play and fuzz refused it in one line.
    (["balance", "-p", "2", "--expansion", "colorado", "-s", "greedy,automa:level=2"], COLORADO_AUTOMA),
    (["tournament", "-p", "2", "--expansion", "colorado", "-s", "greedy,automa:level=2"], COLORADO_AUTOMA),
    (["balance", "-p", "2", "--expansion", "colorado", "--vary", "expansions", "-s", "greedy,automa"],
     COLORADO_AUTOMA),
])
def test_bad_setup_flags_are_one_line_errors(invoke, tmp_path: Path, args, key) -> None:
    out = tmp_path / "out"
    r = invoke([*args, "--out", out, "-q"])
    assert r.exit_code == 2
    assert r.stderr.startswith("error: ") and key in r.stderr and "\n" not in r.stderr.strip(), r.stderr
    assert not out.exists()


@pytest.mark.parametrize("args, key", [
    (["tournament", "--players", "5"], "players"),
    (["tournament", "--players", "2", "--officers", "Viktor,Viktor Fiesler"], "officers"),
    (["tournament", "--strategies", "random,nope"], "strategies"),
    (["balance", "--companies", "Narnia"], "companies"),
    (["balance", "--backend", "spark"], "backend"),
    (["tournament", "--scheduler", "tcp://127.0.0.1:1"], "scheduler"),
    (["tournament", "--resume", "--force"], "force"),
])
def test_bad_flags_are_rejected_before_any_file(invoke, tmp_path: Path, args, key) -> None:
    out = tmp_path / "out"
    r = invoke(args + ["--out", out, "-q", "--games" if args[0] == "tournament" else "--games-per-cell", "5"])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and key in r.stderr, r.stderr
    assert not out.exists()


def test_existing_out_dir_keeps_its_other_files_on_error(invoke, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    r = invoke(["balance", "--players", "5", "--out", out, "-q"])
    assert r.exit_code == 2
    assert files_under(out) == [out / "notes.txt"]


# rebalance.toml is a `barrage rebalance` spec, not an experiment (tests/test_rebalance.py checks it)
EXPERIMENT_EXAMPLES = sorted(p for p in (REPO / "experiments" / "examples").glob("*.toml")
                             if p.name != "rebalance.toml")


@pytest.mark.parametrize("path", EXPERIMENT_EXAMPLES, ids=lambda p: p.name)
def test_examples_are_valid(path: Path) -> None:
    cfg = load_toml(path)
    assert cfg.kind in ("tournament", "balance")
    assert ExperimentConfig.from_dict(cfg.to_dict()) == cfg     # the manifest form round-trips


def test_defaults_and_canonical_names() -> None:
    c = ExperimentConfig.from_dict({"kind": "balance", "officers": ["viktor", "Anton"], "companies": ["usa"],
                                    "strategies": ["Random"]})
    assert c.officers == ("Viktor Fiesler", "Anton Krylov") and c.companies == ("USA",)
    assert c.strategies == ("random",) and c.games_per_cell == 1000 and c.name == "balance-4p"
    p = ExperimentConfig.from_dict({"kind": "balance", "precision": 0.02})
    assert p.budget == 28 * 2401 and p.games_per_cell == 500
    with pytest.raises(ConfigError, match="^games: "):
        ExperimentConfig.from_dict({"kind": "tournament", "games": 0})
