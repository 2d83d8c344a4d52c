"""`barrage ladder`: the round-robin's design (pairings, seat rotation, no Automa pairs), its ratings and cost
split, reproducibility whatever the thread count, and one-line errors on bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from experiments.ladder import BotRating, _cpu_split, frontier, pairings, parse_bots, run_ladder
from sim.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]
SMALL = "random,greedy,automa:level=1,automa"


def barrage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=1500)   # a cold numba cache compiles the bots in this process


def test_cli_ladder_json_rates_every_bot_and_skips_automa_pairs():
    """AUTOMA-01: the two Automa levels never meet; every other pair plays both seat orders of each seed."""
    p = barrage("ladder", "--games", "3", "--bots", SMALL, "--seed", "5", "--json", "-j", "1")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["games_per_pairing"] == 4                                   # 3 rounded up to both seat orders
    assert d["bots"] == ["random", "greedy", "automa:level=1", "automa:level=2"]   # levels always written
    met = {(x["first"], x["second"]) for x in d["pairings"]}
    assert len(met) == 5 and ("automa:level=1", "automa:level=2") not in met
    assert all(x["games"] == 4 and 0 <= x["win_low"] <= x["first_wins"] <= x["win_high"] <= 1 for x in d["pairings"])
    ratings = {r["bot"]: r for r in d["ratings"]}
    assert set(ratings) == set(d["bots"]) and [r["position"] for r in d["ratings"]] == [1, 2, 3, 4]
    assert ratings["greedy"]["elo"] > ratings["random"]["elo"]
    assert all(r["elo_low"] <= r["elo"] <= r["elo_high"] and r["cpu_s_per_game"] >= 0 for r in d["ratings"])
    assert ratings["random"]["games"] == 12 and ratings["automa:level=1"]["games"] == 8
    text = barrage("ladder", "--games", "2", "--bots", "random,greedy", "-j", "1")
    assert text.returncode == 0, text.stderr
    assert "Elo" in text.stdout and "CPU-s / game" in text.stdout and "frontier" in text.stdout


@pytest.mark.parametrize("bots,needle", [("automa:level=1,automa:level=3", "AUTOMA-01"),
                                         ("greedy,greedy", "listed twice"), ("greedy", "at least two"),
                                         ("greedy,nobody", "unknown strategy")])
def test_cli_ladder_bad_bots_one_line_error(bots, needle):
    p = barrage("ladder", "--games", "2", "--bots", bots)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and needle in p.stderr and p.stdout == ""


def test_same_seed_same_ladder_whatever_the_threads():
    a = run_ladder(4, parse_bots("random,greedy,automa:level=3"), seed=9, threads=1)
    b = run_ladder(4, parse_bots("random,greedy,automa:level=3"), seed=9, threads=2)
    strip = [(r.bot, r.elo, r.elo_low, r.elo_high, r.win_rate, r.mean_vp) for r in a.ratings]
    assert strip == [(r.bot, r.elo, r.elo_low, r.elo_high, r.win_rate, r.mean_vp) for r in b.ratings]
    assert [(x.first_wins, x.first_mean_vp) for x in a.pairings] == [(x.first_wins, x.first_mean_vp)
                                                                     for x in b.pairings]


def test_pairings_and_cost_split():
    bots = ("random", "automa:level=1", "greedy", "automa:level=4")
    assert pairings(bots) == [(0, 1), (0, 2), (0, 3), (1, 2), (2, 3)]
    # pairing costs 3 = a + b, 5 = a + c, 6 = b + c  ->  a = 1, b = 2, c = 4
    cost = np.array([[1, 1, 0], [1, 0, 1], [0, 1, 1]], dtype=float)
    assert np.allclose(_cpu_split(cost, np.array([3.0, 5.0, 6.0])), [1, 2, 4])
    with pytest.raises(ConfigError, match="AUTOMA-01"):
        parse_bots("automa:level=1,automa:level=2")


def test_frontier_keeps_bots_no_cheaper_bot_out_rates():
    def bot(name, elo, cpu):
        return BotRating(0, name, elo, elo, elo, 10, 0.5, 80.0, cpu)

    ratings = [bot("random", -300, 0.001), bot("greedy", 0, 0.002), bot("slow_weak", -100, 1.0),
               bot("mcts", 150, 0.5), bot("expert", 250, 3.0), bot("pricey_tie", 250, 4.0)]
    assert [r.bot for r in frontier(ratings)] == ["random", "greedy", "mcts", "expert"]


def test_ladder_deal_random_gives_both_seat_orders_the_same_pairings():
    """`--deal random`: each seed's pairings are dealt at random and kept in both seat orders, so each bot plays
    each dealt pairing once; the result says how pairings were made."""
    r = run_ladder(6, parse_bots("random,greedy"), seed=4, threads=1, deal="random")
    assert r.deal == "random"
    p = run_ladder(6, parse_bots("random,greedy"), seed=4, threads=1)
    assert p.deal == "pick" and p.pairings[0].first_mean_vp != r.pairings[0].first_mean_vp
    with pytest.raises(ConfigError, match="deal"):
        run_ladder(2, parse_bots("random,greedy"), deal="sometimes")
