"""Example games behind the verdicts: for every cell flagged stronger or weaker, one game its seat won and one it
lost, with the `barrage view` command that writes each as a replay on the map (docs/viewer.md).

The example is a typical one: among the cell's won (lost) games, the one whose focal VP is nearest the median VP of
those games (the lowest game number on a tie), so a designer sees an ordinary win and an ordinary loss rather than
an outlier.
"""
from __future__ import annotations

import shlex

import pandas as pd

from reports.cells import cell_column, focal_rows
from reports.document import Section, Table

FLAGGED = ("stronger", "weaker")
RESULTS_PLACEHOLDER = "RESULTS_DIR"
COLUMNS = ["players", "setup", "cell", "verdict", "outcome", "game", "seat", "vp", "command"]


def _typical(games: pd.DataFrame) -> pd.Series | None:
    """The row whose VP is nearest the median VP of `games` (lowest game number on a tie); None if empty."""
    if games.empty:
        return None
    distance = (games["vp"] - games["vp"].median()).abs()
    return games.assign(distance=distance).sort_values(["distance", "game"], kind="stable").iloc[0]


def example_games(rows: pd.DataFrame, cells: pd.DataFrame, results_dir: str = "") -> pd.DataFrame:
    """One won and one lost game per flagged cell (players, setup, cell, verdict, outcome, game, seat, VP, command)."""
    column = cell_column(rows)
    focal = focal_rows(rows)
    where = shlex.quote(results_dir) if results_dir else RESULTS_PLACEHOLDER
    records = []
    for cell in cells[cells["verdict"].isin(FLAGGED)].itertuples():
        games = focal[(focal["players"] == cell.players) & (focal["setup"] == cell.setup)
                      & (focal[column].astype(str) == str(cell.cell))]
        for outcome, mask in (("won", games["win"] == 1), ("lost", games["win"] == 0)):
            row = _typical(games[mask])
            if row is None:
                continue
            game = int(row["game"])
            records.append({"players": int(cell.players), "setup": cell.setup, "cell": str(cell.cell),
                            "verdict": cell.verdict, "outcome": outcome, "game": game, "seat": int(row["seat"]),
                            "vp": int(row["vp"]),
                            "command": f"barrage view {where} --game {game} --out game-{game}.html"})
    return pd.DataFrame(records, columns=COLUMNS)


def example_games_section(rows: pd.DataFrame, cells: pd.DataFrame, results_dir: str = "") -> Section | None:
    """The section listing the example games, or None when no cell is flagged stronger or weaker."""
    table = example_games(rows, cells, results_dir)
    if table.empty:
        return None
    return Section(
        key="example-games",
        title="Example games of the stronger and weaker cells",
        paragraphs=[
            "To see what happens behind a verdict, open a game: for each cell flagged stronger or weaker, one game "
            "its seat won (a sole win) and one it lost, each the typical one (its VP nearest the median of the "
            "cell's won or lost games). The command writes the game as one HTML file that replays it on the map, "
            "event by event (barrage view, docs/viewer.md); the game is replayed with the experiment's bots and "
            "checked against its stored VP.",
        ],
        tables=[Table("example_games", "Example games: one won, one lost per flagged cell", table,
                      note="seat = the cell's seat in that game (0-based).")],
    )
