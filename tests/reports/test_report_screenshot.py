"""The report of a small real tournament reads in a browser at 1280 px without horizontal page scrolling
(headless Chromium: a screenshot, and the page's own scroll width measured after load)."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

WIDTH, HEIGHT = 1280, 2000
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# Quiet, sandbox-free headless flags: no network chatter, no first-run dialogs, a throwaway profile per run.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars", f"--window-size={WIDTH},{HEIGHT}")
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

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser() -> str:
    """The Chromium executable, or skip (before running any games) saying how to get one."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip(f"no headless Chromium on PATH (looked for {', '.join(BROWSERS)}); "
                "install it, e.g. apt-get install chromium, to check the report's layout")


def _chromium(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args], capture_output=True,
                          text=True, timeout=180)


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


def test_report_has_no_horizontal_overflow_at_1280_px(browser: str, tournament_report: Path, tmp_path: Path) -> None:
    probe = tmp_path / "probe.html"
    probe.write_text(tournament_report.read_text(encoding="utf-8").replace("</body>", f"{OVERFLOW_PROBE}</body>"),
                     encoding="utf-8")
    dumped = _chromium(browser, tmp_path / "profile", "--virtual-time-budget=10000", "--dump-dom", probe.as_uri())
    found = re.search(r"data-overflow=\"([^\"]*)\"", dumped.stdout)
    assert found, f"the probe did not run: {dumped.stderr[-2000:]}"
    layout = json.loads(found.group(1).replace("&quot;", '"'))
    assert layout["clientWidth"] == WIDTH
    assert layout["scrollWidth"] <= layout["clientWidth"], layout


def test_report_screenshot_at_1280_px(browser: str, tournament_report: Path, tmp_path: Path) -> None:
    screenshot = tmp_path / "report.png"
    shot = _chromium(browser, tmp_path / "profile", f"--screenshot={screenshot}", tournament_report.as_uri())
    assert screenshot.is_file(), shot.stderr[-2000:]
    header = screenshot.read_bytes()[:24]
    assert header.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", header[16:24]) == (WIDTH, HEIGHT)
