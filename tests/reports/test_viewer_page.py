"""The viewer page's parts (reports.viewer, issue #36): positions as patches, the map's schematic layout, the SVG and
the self-contained HTML file. The viewer of real games: tests/test_view.py and tests/test_view_browser.py."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from experiments.view_catalog import map_topology
from reports.viewer import page as viewer_page
from reports.viewer.board_svg import board_svg
from reports.viewer.frames import decode, encode, flatten, unflatten
from reports.viewer.layout import map_layout
from sim.config import GameConfig
from sim.game import Game

FIRST = {"round": 1, "companies": [{"vp": 10, "wheel": {"open": 0, "segments": {}}, "tiles": ["base", "wild"]},
                                   {"vp": 12, "wheel": {"open": 2, "segments": {3: {"mixers": 2}}}, "tiles": []}],
         "dams": {"B5L": {"owner": "neutral", "level": 2, "drops": 1}}, "display": {"green": ["G1", None]}}
SECOND = {"round": 1, "companies": [{"vp": 14, "wheel": {"open": 1, "segments": {0: {"excavators": 3,
                                                                                    "tiles": ["base"]}}},
                                     "tiles": ["wild"]},
                                    {"vp": 12, "wheel": {"open": 2, "segments": {}}, "tiles": []}],
          "dams": {"B5L": {"owner": "neutral", "level": 2, "drops": 0}, "B2U": {"owner": "USA", "level": 1,
                                                                              "drops": 1}},
          "display": {"green": ["G1", "G7"]}}


def _json(value):
    return json.loads(json.dumps(value))


def test_flatten_names_leaves_by_path_and_unflatten_inverts_it() -> None:
    flat = flatten(FIRST)
    assert flat["companies/#1/wheel/segments/3/mixers"] == 2
    assert flat["companies/#0/wheel/segments"] == {} and flat["companies/#0/tiles"] == ["base", "wild"]
    assert flat["display/green"] == ["G1", None] and flat["dams/B5L/level"] == 2
    assert unflatten(flat) == _json(FIRST)
    with pytest.raises(ValueError, match="contains '/'"):
        flatten({"a/b": 1})


def test_patches_carry_only_what_changed_and_decode_every_frame() -> None:
    frames = encode([FIRST, SECOND, FIRST])
    first, second = frames["patches"]
    assert ["companies/#0/wheel/segments"] in first                     # an emptied container is removed ...
    assert ["companies/#0/wheel/segments/0/excavators", 3] in first      # ... and its leaves set
    assert ["companies/#1/wheel/segments", {}] in first
    assert ["dams/B5L/drops", 0] in first and ["dams/B2U/owner", "USA"] in first
    assert not any(entry[0] == "round" for entry in first)               # unchanged leaves are not repeated
    assert [entry for entry in first if len(entry) == 1] == first[:len([e for e in first if len(e) == 1])]
    assert [decode(frames, k) for k in range(3)] == [_json(FIRST), _json(SECOND), _json(FIRST)]
    assert ["dams/B2U/owner"] in second
    with pytest.raises(IndexError, match="frame 3 is not among the 3 frames"):
        decode(frames, 3)


@pytest.fixture(scope="module")
def base_map() -> dict:
    return map_topology(Game.new(GameConfig(players=4), 1, record_events=False))


def test_the_base_map_is_laid_out_by_its_rivers(base_map) -> None:
    """Mountains on top in headstream order, each lower zone under the zones feeding it (WATER-04), plains and the
    powerhouse-only zones below; no two zones overlap; every river node has a point."""
    layout = map_layout(base_map)
    column = {z: round((box.x - layout.zones[1].x) / 205, 2) for z, box in layout.zones.items()}
    assert column == {1: 0, 2: 1, 3: 2, 4: 3, 5: 1, 6: 2, 7: 3, 8: 0, 9: 1, 10: 2.5, 11: 0.5, 12: 2.5}
    rows = {z: layout.zones[z].y for z in layout.zones}
    assert rows[1] == rows[4] < rows[5] == rows[7] < rows[8] == rows[10] < rows[11] == rows[12]
    boxes = list(layout.zones.values())
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a.x + a.width <= b.x or b.x + b.width <= a.x or a.y + a.height <= b.y or b.y + b.height <= a.y
    for node, following in base_map["river"].items():
        assert node in layout.nodes and following in layout.nodes
    assert all(layout.nodes[h][1] < rows[1] for h in base_map["headstreams"])
    assert all(layout.nodes[e][1] > rows[11] + layout.zones[11].height for e in base_map["exits"])
    assert layout.nodes["site 10"] == (layout.zones[10].x + 85, layout.zones[10].y + 4)


def test_the_svg_has_a_group_per_space_for_the_script(base_map) -> None:
    svg = board_svg(base_map, map_layout(base_map))
    assert svg.count('data-dam="') == 20 and svg.count('data-conduit="') == 20 and svg.count('data-pipe="') == 20
    assert svg.count('data-powerhouse="') == 23 and svg.count('data-headstream="') == 4
    assert svg.count('data-paying="1"') == 10 + 12            # the base map's paying dam and powerhouse spaces
    assert svg.count('class="drop"') == 20 * 4 and 'id="water"' in svg and "EXIT_R" in svg


def test_inline_json_cannot_close_its_script_and_the_file_is_written_whole(tmp_path, monkeypatch) -> None:
    assert viewer_page._inline_json({"t": "</script><b>"}) == '{"t":"<\\/script><b>"}'

    def broken(doc):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(viewer_page, "render_viewer", broken)
    with pytest.raises(OSError):
        viewer_page.write_viewer({}, tmp_path / "game.html")
    assert list(tmp_path.iterdir()) == []


def test_the_header_says_which_game_and_how_official_the_map_is() -> None:
    doc = {"game": {"seed": 5, "players": 2, "map": "duel", "map_fidelity": "reconstructed",
                    "config": {"expansions": ["leeghwater"], "duel": True, "intro": False}},
           "source": {"results": "results/x", "game": 17, "setup": "full,leeghwater",
                      "command": "barrage view results/x --game 17"}}
    assert viewer_page.title_of(doc) == "Barrage game 17 of results/x (seed 5, 2 players, duel map)"
    assert viewer_page.facts_of(doc) == ("map duel (reconstructed data, not the printed board (RECON-06)) · "
                                         "expansions: leeghwater · duel board · setup full,leeghwater · made by: "
                                         "barrage view results/x --game 17")


def test_the_viewer_and_the_example_games_never_import_the_engine() -> None:
    """DESIGN.md: reports reads results only; the page renders a view document without sim, strategies or numba."""
    code = ("import sys, reports.viewer, reports.example_games; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sim', 'strategies', 'experiments', 'numba')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"
