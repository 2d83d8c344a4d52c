"""The report's example games (issue #36): per cell flagged stronger or weaker, a typical won and a typical lost game
with the `barrage view` command that writes it. Built on hand-made rows so every pick is known."""
from __future__ import annotations

import pandas as pd

from reports.example_games import example_games, example_games_section


def _rows() -> pd.DataFrame:
    """Balance rows: cell A's focal seat (seat 0) wins games 0, 2, 4 (VP 100, 120, 110) and loses 1, 3, 5 (VP 80,
    70, 90); cell B's focal seat (seat 1) wins game 7 only (VP 95) and loses 6 (VP 60); the other seats are not
    focal."""
    focal = [("A+x", g, 0, vp, win) for g, vp, win in ((0, 100, 1.0), (1, 80, 0.0), (2, 120, 1.0), (3, 70, 0.0),
                                                       (4, 110, 1.0), (5, 90, 0.0))]
    focal += [("B+y", 6, 1, 60, 0.0), ("B+y", 7, 1, 95, 1.0)]
    rows = []
    for cell, game, seat, vp, win in focal:
        rows.append({"cell": cell, "game": game, "seat": seat, "vp": vp, "win": win, "focal": True})
        rows.append({"cell": cell, "game": game, "seat": 1 - seat, "vp": 75, "win": 1.0 - win, "focal": False})
    return pd.DataFrame(rows).assign(players=2, setup="full")


def _cells(verdicts: dict[str, str]) -> pd.DataFrame:
    return pd.DataFrame([{"players": 2, "setup": "full", "cell": c, "verdict": v} for c, v in verdicts.items()])


def test_a_typical_win_and_loss_per_flagged_cell_with_its_command() -> None:
    table = example_games(_rows(), _cells({"A+x": "stronger", "B+y": "weaker"}), "results/my run")
    assert table[["cell", "outcome", "game", "seat", "vp"]].values.tolist() == [
        ["A+x", "won", 4, 0, 110],        # median of 100, 120, 110 is 110
        ["A+x", "lost", 1, 0, 80],        # median 80: game 1 exactly
        ["B+y", "won", 7, 1, 95],
        ["B+y", "lost", 6, 1, 60]]
    assert table["command"].iloc[0] == "barrage view 'results/my run' --game 4 --out game-4.html"
    assert set(table["verdict"]) == {"stronger", "weaker"}


def test_a_tie_in_distance_takes_the_lower_game_and_unflagged_cells_have_no_section() -> None:
    rows = _rows()
    rows = rows[~rows["game"].isin([4])]                       # A's wins: 100 and 120, both 10 from the median 110
    table = example_games(rows, _cells({"A+x": "stronger", "B+y": "balanced"}))
    assert table[["outcome", "game"]].values.tolist() == [["won", 0], ["lost", 1]]
    assert table["command"].iloc[0] == "barrage view RESULTS_DIR --game 0 --out game-0.html"
    assert example_games_section(rows, _cells({"A+x": "balanced", "B+y": "undetermined"})) is None
    section = example_games_section(rows, _cells({"A+x": "weaker"}), "out")
    assert section.key == "example-games" and section.tables[0].name == "example_games"
