"""The 5-player map (RULES.md §24): FIVEP-01 (4 companies, Automas included; headstreams HA..HE), FIVEP-02 (5
companies are refused), the Geological Factor's 13 tokens on it (GEO-02/03) and the Automa on it."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from sim import Game, scenario
from sim.config import GameConfig
from sim.errors import ConfigError
from sim.invariants import describe_violations, violations
from sim.tables import compile_tables
from sim.variant import Variant


def test_FIVEP_01_map_sizes():
    """FIVEP-01: 5 headstreams, 13 basins (26 dam spaces), 26 conduit spaces, 27 powerhouse spaces, 16 zones."""
    T, info = compile_tables(Variant(players=4, map="five_player"))
    assert (int(T.n_head[0]), int(T.n_dams[0]), int(T.n_conduits[0]), int(T.n_ph[0]), int(T.n_zones[0])) == \
        (5, 26, 26, 27, 16)
    assert info.headstream_ids == ("HA", "HB", "HC", "HD", "HE") and info.map_fidelity == "official"


@pytest.mark.parametrize("players", [2, 3])
def test_FIVEP_01_only_four_companies(players):
    """FIVEP-01: the map is played by 4 companies; 2 or 3 are refused in one line naming the fix."""
    with pytest.raises(ConfigError, match=r"exactly 4 companies.*FIVEP-01.*--players 4"):
        GameConfig(players=players, map="five_player")


def test_FIVEP_01_TERM_01_automas_count_as_companies():
    """FIVEP-01 / TERM-01 / AUTOMA-01: 1 player and 3 Automas are 4 companies on the map."""
    g = Game.new(GameConfig(players=4, map="five_player", automa=(0, 1, 2, 4)), seed=2)
    rng = random.Random(2)
    while not g.is_over:
        g.play(int(rng.choice(list(g.legal_codes()))))
        assert violations(g.state, g.tables) == 0
    assert len(g.result()) == 4


def test_FIVEP_02_five_companies_refused():
    """FIVEP-02: 5 companies are not supported."""
    with pytest.raises(ConfigError, match="FIVEP-02"):
        GameConfig(players=5, map="five_player")


def test_FIVEP_01_WATER_11_headstream_HE_flows():
    """WATER-11 / FIVEP-01: 3 drops on HE (above B5U) in the Water Flow phase of round 5: B5U (level 2, seat 0)
    holds 2; the third flows on below (B5L holds no dam)."""
    g = scenario.load({"players": 4, "map": "five_player", "round": 5, "phase": "water_flow",
                       "dams": {"B5U": {"owner": 0, "level": 2, "drops": 0}},
                       "headstreams": {"HE": {"drops": 3}}})
    snap = g.snapshot()
    assert g.phase == "over"
    assert snap["dams"]["B5U"]["drops"] == 2 and snap["headstreams"]["HE"]["drops"] == 0
    assert snap["counters"]["drops_removed"] + sum(d["drops"] for d in snap["dams"].values()) == \
        snap["counters"]["drops_created"]


def test_GEO_02_FIVEP_01_thirteen_tokens_on_the_five_player_map():
    """GEO-02/03 / DECISION-28: on the 5-player map the 8 effect tokens and all 5 blanks are shuffled, one per
    basin (13): every basin draws a token; blanks and mountain powerhouse tokens leave no token (GEO-04/05)."""
    T, _ = compile_tables(Variant(players=4, map="five_player", expansions=("geological",)))
    assert int(T.n_geo_set[0]) == 13
    for seed in range(5):
        g = Game.new({"players": 4, "map": "five_player", "expansions": ["geological"]}, seed=seed)
        tokens = g.geological_tokens()
        assert 8 - 2 <= len(tokens) <= 8                  # at most the 2 powerhouse tokens fall on mountains
        assert len(set(tokens.values())) == len(tokens)


def test_FIVEP_01_random_games_keep_the_invariants():
    """FIVEP-01: random games on the map with the Leeghwater/promo officers keep every invariant to the end."""
    for seed in range(3):
        g = Game.new({"players": 4, "map": "five_player", "expansions": ["leeghwater", "promo"]}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(int(rng.choice(list(g.legal_codes()))))
            bad = violations(g.state, g.tables)
            assert bad == 0, describe_violations(bad)


def test_FIVEP_01_list_maps_shows_it_playable_with_4():
    """`barrage list maps`: the 5-player map is playable, with 4 companies."""
    out = CliRunner().invoke(app, ["list", "maps", "--json"])
    rows = {r["name"]: r for r in json.loads(out.stdout)}
    assert rows["five_player"]["playable"] is True and rows["five_player"]["companies"] == "4"
    assert rows["base"]["companies"] == "2,3,4"


@pytest.mark.parametrize("args, words", [(["play", "-p", "2", "--map", "five_player"], "FIVEP-01"),
                                         (["fuzz", "-p", "5", "--map", "five_player"], "FIVEP-02"),
                                         (["play", "-p", "3", "--map", "five_player"], "--players 4"),
                                         (["play", "-p", "2", "--officers", "wu,viktor"], "--expansion promo"),
                                         (["play", "-p", "2", "--officers", "elon,viktor", "--expansion",
                                           "leeghwater"], "--expansion promo"),
                                         (["play", "-p", "2", "--officers", "tommaso,viktor"],
                                          "--expansion leeghwater"),
                                         (["play", "-p", "2", "--companies", "netherlands,usa"],
                                          "--expansion leeghwater"),
                                         (["play", "-p", "2", "--officers", "franz,viktor"], "OFFICER-NONAME-01")])
def test_FIVEP_01_02_SETUP_13_cli_refuses_in_one_line(args, words):
    """Bad input (issue #14): the five-player map with 2 or 3 companies, 5 companies, an officer of a module not
    chosen (promo, LWP-only), the Netherlands without the expansion (COMPANY-NED), a never-dealt officer: one line
    naming the fix, exit code 2, no traceback."""
    p = subprocess.run([sys.executable, "-m", "experiments", *args], capture_output=True, text=True, timeout=600,
                       env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    assert p.returncode == 2 and "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]
