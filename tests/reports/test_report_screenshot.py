"""The report of a small real tournament reads in a browser at 1280 px without horizontal page scrolling
(headless Chromium: a screenshot, and the page's own scroll width measured after load), and the first screen of a
real balance report (1400 x 900, no scrolling) shows the verdict summary and the company x officer heatmap."""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

WIDTH, HEIGHT = 1280, 2000
FIRST_SCREEN = (1400, 900)
# Quiet, sandbox-free headless flags: no network chatter, no first-run dialogs, a throwaway profile per run.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars")
# After load (images decoded and laid out), record the page's scroll width and any element reaching past the
# viewport on the root element, where --dump-dom prints it.
OVERFLOW_PROBE = """<script>
window.addEventListener("load", () => {
  const root = document.documentElement;
  const wide = [...document.body.querySelectorAll("*")]
    .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
    .filter((element) => !element.closest(".table-scroll"))
    .slice(0, 5).map((element) => element.tagName + "." + element.className);
  root.setAttribute("data-overflow", JSON.stringify(
    {scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide: wide}));
});
</script>"""
# After load, where the verdict summary, the first heatmap and the ranked figure sit on the page (CSS pixels from
# the top of the page, before any scrolling).
FIRST_SCREEN_PROBE = """<script>
window.addEventListener("load", () => {
  const root = document.documentElement;
  const box = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return {top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, height: rect.height};
  };
  root.setAttribute("data-first-screen", JSON.stringify({
    clientWidth: root.clientWidth, verdicts: box("#summary-lead"),
    heatmap: box("#figure-heatmap img"), ranked: box("#figure-ranked-cells img")}));
});
</script>"""

pytestmark = pytest.mark.slow


def _chromium(browser: str, profile: Path, *args: str, size: tuple[int, int] = (WIDTH, HEIGHT)
              ) -> subprocess.CompletedProcess:
    return subprocess.run([browser, *CHROMIUM_FLAGS, f"--window-size={size[0]},{size[1]}",
                           f"--user-data-dir={profile}", *args], capture_output=True, text=True, timeout=180)


def _probe(browser: str, report: Path, probe: str, attribute: str, tmp_path: Path,
           size: tuple[int, int] = (WIDTH, HEIGHT)) -> dict:
    """Load the report with `probe` appended to its body and return the JSON it left in `attribute`."""
    page = tmp_path / "probe.html"
    page.write_text(report.read_text(encoding="utf-8").replace("</body>", f"{probe}</body>"), encoding="utf-8")
    dumped = _chromium(browser, tmp_path / "profile", "--virtual-time-budget=10000", "--dump-dom", page.as_uri(),
                       size=size)
    found = re.search(rf"{attribute}=\"([^\"]*)\"", dumped.stdout)
    assert found, f"the probe did not run: {dumped.stderr[-2000:]}"
    return json.loads(found.group(1).replace("&quot;", '"'))


def _barrage(*args: object) -> None:
    done = subprocess.run([sys.executable, "-m", "experiments", *map(str, args)], capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def tournament_report(browser: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """report.html of a real 40-game greedy-versus-random tournament, built through the CLI."""
    results = tmp_path_factory.mktemp("screenshot") / "results"
    _barrage("tournament", "-s", "greedy,random", "-p", "2", "--games", "40", "--seed", "1", "--out", results, "-q")
    _barrage("report", results)
    return results / "report" / "report.html"


@pytest.fixture(scope="module")
def balance_report(browser: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """report.html of a real balance sweep of the default design (4 players, all 28 pairings), 20 games a pairing."""
    results = tmp_path_factory.mktemp("first-screen") / "results"
    _barrage("balance", "-n", "20", "--seed", "3", "--out", results, "-q")
    _barrage("report", results)
    return results / "report" / "report.html"


def test_report_has_no_horizontal_overflow_at_1280_px(browser: str, tournament_report: Path, tmp_path: Path) -> None:
    layout = _probe(browser, tournament_report, OVERFLOW_PROBE, "data-overflow", tmp_path)
    assert layout["clientWidth"] == WIDTH
    assert layout["scrollWidth"] <= layout["clientWidth"], layout


def test_report_screenshot_at_1280_px(browser: str, tournament_report: Path, tmp_path: Path) -> None:
    screenshot = tmp_path / "report.png"
    shot = _chromium(browser, tmp_path / "profile", f"--screenshot={screenshot}", tournament_report.as_uri())
    assert screenshot.is_file(), shot.stderr[-2000:]
    header = screenshot.read_bytes()[:24]
    assert header.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", header[16:24]) == (WIDTH, HEIGHT)


def test_first_screen_shows_the_verdict_summary_and_the_heatmap(browser: str, balance_report: Path,
                                                                tmp_path: Path) -> None:
    """Issue #34: at 1400 x 900, without scrolling, the designer sees the verdict counts and the heatmap; the
    ranked figure follows right after."""
    width, height = FIRST_SCREEN
    layout = _probe(browser, balance_report, FIRST_SCREEN_PROBE, "data-first-screen", tmp_path, size=FIRST_SCREEN)
    # Positions are page coordinates, so only the width matters here (--dump-dom's viewport is shorter than the
    # window by the browser's frame; the screenshot below is the full 1400 x 900).
    assert layout["clientWidth"] == width
    verdicts, heatmap, ranked = layout["verdicts"], layout["heatmap"], layout["ranked"]
    assert verdicts and heatmap and ranked, layout
    assert heatmap["height"] > 300, layout                     # the image loaded at its size, not a broken icon
    assert verdicts["bottom"] <= heatmap["top"] and heatmap["bottom"] <= height, layout
    assert heatmap["bottom"] <= ranked["top"] < heatmap["bottom"] + 100, layout
    screenshot = tmp_path / "first-screen.png"
    _chromium(browser, tmp_path / "profile", f"--screenshot={screenshot}", balance_report.as_uri(),
              size=FIRST_SCREEN)
    assert struct.unpack(">II", screenshot.read_bytes()[16:24]) == (width, height)
