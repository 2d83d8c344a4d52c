"""User-written Python bots (--strategy-file): the protocol, the hidden-information view, reproducibility, and
one-line errors for broken bot files."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from experiments.play import play_game
from sim import GameConfig
from sim import layout as L
from sim.errors import ConfigError
from strategies.python_bot import load_strategy_file, load_strategy_files

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "my_bot.py"


def bot_file(tmp_path: Path, body: str, name: str = "bot.py") -> Path:
    p = tmp_path / name
    p.write_text(body)
    return p


def test_example_bot_plays_whole_games_reproducibly():
    bots = load_strategy_files([EXAMPLE])
    assert list(bots) == ["my_bot"]
    a = play_game(GameConfig(players=3), 5, "my_bot,greedy,random", python_bots=bots)
    b = play_game(GameConfig(players=3), 5, "my_bot,greedy,random", python_bots=bots)
    assert a.is_over and a.moves == b.moves
    assert [r.vp for r in a.result()] == [r.vp for r in b.result()]


def test_the_bot_sees_a_private_view_with_hidden_piles_resampled(tmp_path: Path):
    """HIDDEN-01: the pile orders a seat cannot see are re-sampled in its view; playing on the view changes
    nothing in the real game."""
    seen_file = tmp_path / "seen.npy"                 # the bot runs in its own process: it reports in a file
    p = bot_file(tmp_path, f"""
import numpy as np
from sim import layout as L
SEEN = []
def choose(game, legal_moves):
    SEEN.append(game.state[L.PILE:L.PILE + 3 * L.PILE_SIZE].copy())
    np.save({str(seen_file)!r}, np.array(SEEN))
    game.play(legal_moves[-1])           # mutating the view must not touch the real game
    return legal_moves[0]
""")
    bots = load_strategy_files([p])
    g = play_game(GameConfig(players=2), 4, "bot,random", python_bots=bots, max_moves=60)
    seen = np.load(seen_file)
    assert len(seen), "the bot was never asked"
    real = g.state[L.PILE:L.PILE + 3 * L.PILE_SIZE]
    assert any(not np.array_equal(v, real) for v in seen)         # views do not show the real pile order


def test_make_bot_is_called_per_game_and_seat(tmp_path: Path):
    calls = tmp_path / "calls.txt"
    p = bot_file(tmp_path, f"""
class Bot:
    def __init__(self, seed, seat):
        with open({str(calls)!r}, "a") as f:
            f.write(f"{{seed}},{{seat}}\\n")
    def choose(self, game, legal_moves):
        return legal_moves[0].code
def make_bot(seed, seat):
    return Bot(seed, seat)
""", name="first_move.py")
    bots = load_strategy_files([p])
    play_game(GameConfig(players=2), 12, "first_move", python_bots=bots)
    assert calls.read_text().split() == ["12,0", "12,1"]


@pytest.mark.parametrize("body, message", [
    ("x = 1\n", "define choose(game, legal_moves)"),
    ("def choose(game, moves):\n    return moves[0]\nNAME = 'greedy'\n", "is a built-in strategy"),
    ("def choose(game, moves):\n  return (\n", "failed at import: SyntaxError"),
    ("def choose(game, moves):\n    return 'left'\n", "not a move or an integer move code"),
    ("def choose(game, moves):\n    return 10**9\n", "which is not legal there"),
])
def test_broken_bot_files_are_one_line_errors(tmp_path: Path, body: str, message: str):
    p = bot_file(tmp_path, body)
    with pytest.raises(ConfigError, match=re.escape(message)) as e:
        bots = load_strategy_files([p])
        play_game(GameConfig(players=2), 1, "bot,random", python_bots=bots)
    assert "\n" not in str(e.value)


def test_missing_file_and_duplicate_names(tmp_path: Path):
    with pytest.raises(ConfigError, match="no such file"):
        load_strategy_file(tmp_path / "nope.py")
    a = bot_file(tmp_path, "NAME = 'same'\ndef choose(g, m):\n    return m[0]\n", "a.py")
    b = bot_file(tmp_path, "NAME = 'same'\ndef choose(g, m):\n    return m[0]\n", "b.py")
    with pytest.raises(ConfigError, match="already used"):
        load_strategy_files([a, b])


def test_cli_plays_with_a_strategy_file_and_reports_errors_in_one_line(tmp_path: Path):
    run = [sys.executable, "-m", "experiments", "play", "--players", "2", "--seed", "3"]
    ok = subprocess.run([*run, "--strategy-file", str(EXAMPLE), "--strategies", "my_bot,greedy", "--json"],
                        capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert ok.returncode == 0, ok.stderr
    assert '"strategy": "my_bot"' in ok.stdout
    bad = subprocess.run([*run, "--strategy-file", str(tmp_path / "missing.py"), "--strategies", "x"],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and len(bad.stderr.strip().splitlines()) == 1
    assert "Traceback" not in bad.stderr

