"""The viewer page in a real headless browser (issue #36): opened at three points of a 4-player game with `#move=K`,
the board it draws (dams with owner, level and drops, conduits, powerhouses, headstream drops, action spaces, every
company's VP) is the game's position after K moves; the page opens within 2 s of a blank page."""
from __future__ import annotations

import json
import re
import subprocess
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from experiments.play import play_game
from experiments.view import view_new_game
from reports.viewer import write_viewer
from sim.config import GameConfig
from sim.game import Game

pytestmark = pytest.mark.slow

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars", "--window-size=1600,1400")
CONFIG = GameConfig(players=4, officers=("Viktor Fiesler", "Mahiri Sekibo", "Wilhelm Adler", "Jill McDowell"))
SEED = 5
BOTS = ["greedy", "automa:level=4", "greedy", "random"]
OPEN_SECONDS = 2.0          # issue #36: the file opens in < 2 s
# After load: step through every event with the "event >" button, then by turn, phase and round from the start and
# back from the end, collecting script errors; the result is left on the root element for --dump-dom.
WALK_PROBE = """<script>
window.addEventListener("load", () => {
  const errors = [];
  window.addEventListener("error", (e) => errors.push(String(e.message)));
  const click = (go) => document.querySelector(`[data-go="${go}"]`).click();
  const at = () => Number(document.body.dataset.event);
  const visited = new Set([at()]);
  let guard = 0;
  click("start");
  while (guard++ < 100000) { const before = at(); click("+event"); if (at() === before) break; visited.add(at()); }
  const stops = {};
  for (const unit of ["turn", "phase", "round"]) {
    click("start");
    let n = 0;
    while (n < 100000) { const before = at(); click("+" + unit); if (at() === before) break; n++; }
    click("end");
    let back = 0;
    while (back < 100000) { const before = at(); click("-" + unit); if (at() === before) break; back++; }
    stops[unit] = [n, back];
  }
  document.documentElement.setAttribute("data-walk", JSON.stringify({visited: visited.size, errors, stops}));
});
</script>"""


@pytest.fixture(scope="module")
def page(browser: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Game]:
    """The viewer file of the game, and the game played as `barrage play` plays it."""
    path = write_viewer(view_new_game(CONFIG, SEED, BOTS), tmp_path_factory.mktemp("viewer") / "game.html")
    return path, play_game(CONFIG, SEED, BOTS)


class Board(HTMLParser):
    """What the dumped page draws: per map space, action space and company its data attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.dams: dict[str, tuple[str, int, int]] = {}
        self.conduits: dict[str, str] = {}
        self.powerhouses: dict[str, str] = {}
        self.headstreams: dict[str, int] = {}
        self.spaces: dict[str, str] = {}
        self.vp: dict[int, int] = {}
        self.body: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "body":
            self.body = a
        elif "data-dam" in a:
            self.dams[a["data-dam"]] = (a["data-owner"], int(a["data-level"]), int(a["data-drops"]))
        elif "data-conduit" in a:
            self.conduits[a["data-conduit"]] = a["data-owner"]
        elif "data-powerhouse" in a:
            self.powerhouses[a["data-powerhouse"]] = a["data-owner"]
        elif "data-headstream" in a:
            self.headstreams[a["data-headstream"]] = int(a["data-drops"])
        elif "data-action-space" in a:
            self.spaces[a["data-action-space"]] = a["data-seat"]
        elif tag == "section" and "data-vp" in a:
            self.vp[int(a["data-seat"])] = int(a["data-vp"])


def _open(browser: str, url: str, profile: Path) -> tuple[str, float]:
    """The page's DOM after load (scripts run; virtual time lets the first draw finish) and the wall time taken."""
    start = time.perf_counter()
    done = subprocess.run([browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=3000",
                           "--dump-dom", url], capture_output=True, text=True, timeout=180)
    return done.stdout, time.perf_counter() - start


def _expected(game: Game, info) -> Board:
    """The board of a position as the page should draw it (its snapshot, docs/scenarios.md)."""
    snap = game.snapshot()
    board = Board()
    owner_of = {c["seat"]: c["company"] for c in snap["companies"]}
    board.dams = {d: (x["owner"], x["level"], x["drops"]) if (x := snap["dams"].get(d)) else ("", 0, 0)
                  for d in info.dam_ids}
    board.conduits = {k: snap["conduits"].get(k, "") for k in info.conduit_ids}
    board.powerhouses = {k: snap["powerhouses"].get(k, "") for k in info.ph_ids}
    board.headstreams = {h: x["drops"] for h, x in snap["headstreams"].items()}
    board.spaces = {s: str(snap["action_spaces"][s]["seat"]) if s in snap["action_spaces"] else ""
                    for s in game.action_spaces}
    board.vp = {c["seat"]: c["vp"] for c in snap["companies"]}
    assert set(owner_of.values()) >= {o for o, _, _ in board.dams.values() if o and o != "neutral"}
    return board


@pytest.mark.parametrize("point", ["round 1", "middle", "end"])
def test_the_page_draws_the_games_position_at_three_points(point: str, browser: str, page, tmp_path: Path) -> None:
    path, played = page
    moves = {"round 1": 12, "middle": len(played.moves) // 2, "end": len(played.moves)}[point]
    dom, _ = _open(browser, f"{path.as_uri()}#move={moves}", tmp_path / "profile")
    drawn = Board()
    drawn.feed(dom)
    assert drawn.body.get("data-ready"), dom[-2000:]
    game = Game.replay(played.config, SEED, played.moves[:moves])
    expected = _expected(game, game.info)
    assert drawn.dams == expected.dams
    assert drawn.conduits == expected.conduits and drawn.powerhouses == expected.powerhouses
    assert drawn.headstreams == expected.headstreams and drawn.spaces == expected.spaces
    assert drawn.vp == expected.vp
    assert any(owner for owner, _, _ in drawn.dams.values() if owner != "neutral") or point == "round 1"
    assert int(drawn.body["data-round"]) == game.round


def test_the_page_opens_within_2_s_of_a_blank_page(browser: str, page, tmp_path: Path) -> None:
    """Wall time of headless Chromium loading the file and drawing its first position, less the same for an empty
    page (the browser's own start), best of three each; and the page's own time to its first draw."""
    path, _ = page
    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><html><body></body></html>", encoding="utf-8")
    viewer = min(_open(browser, path.as_uri(), tmp_path / f"profile-v{i}")[1] for i in range(3))
    empty = min(_open(browser, blank.as_uri(), tmp_path / f"profile-b{i}")[1] for i in range(3))
    assert viewer - empty < OPEN_SECONDS, (viewer, empty)
    dom, _ = _open(browser, path.as_uri(), tmp_path / "profile")
    board = Board()
    board.feed(dom)
    assert int(board.body["data-ready"]) < 1000 * OPEN_SECONDS


@pytest.mark.parametrize(("config", "seed", "bots"), [
    (CONFIG, SEED, BOTS),
    (GameConfig(players=2, map="duel", duel=True), 3, ["greedy", "greedy"]),
    (GameConfig(players=3, expansions=("colorado",)), 4, ["greedy"] * 3),
    (GameConfig(players=2, expansions=("leeghwater", "geological", "promo")), 5, ["greedy", "automa:level=4"]),
    (GameConfig(players=4, map="five_player"), 6, ["greedy", "automa:level=3"] * 2),
], ids=["base-automa", "duel", "colorado", "leeghwater-geological-promo", "five-player"])
def test_every_event_draws_without_a_script_error_and_the_steps_reach_both_ends(config, seed, bots, browser: str,
                                                                              tmp_path: Path) -> None:
    """Every event of the game is drawn (the "event >" button from the first to the last); stepping by turn, phase
    and round goes from the start to the end and back; no script error on the way, for every map and expansion."""
    doc = view_new_game(config, seed, bots)
    path = write_viewer(doc, tmp_path / "game.html")
    probe = tmp_path / "probe.html"
    probe.write_text(path.read_text(encoding="utf-8").replace("</body>", f"{WALK_PROBE}</body>"), encoding="utf-8")
    dom, _ = _open(browser, probe.as_uri(), tmp_path / "profile")
    found = re.search(r'data-walk="([^"]*)"', dom)
    assert found, dom[-2000:]
    walk = json.loads(found.group(1).replace("&quot;", '"'))
    assert walk["errors"] == [] and walk["visited"] == len(doc["events"]), walk
    last = len(doc["events"]) - 1
    for unit in ("turn", "phase", "round"):            # every mark, then the last event; back: every mark, then 0
        marks = doc["marks"][unit]
        forward = [k for k in marks if k > 0] + ([last] if marks[-1] != last else [])
        back = [k for k in marks if k < last] + ([0] if marks[0] != 0 else [])
        assert walk["stops"][unit] == [len(forward), len(back)], (unit, walk["stops"])
