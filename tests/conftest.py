"""Fixtures shared by the test packages: the headless browser of the page tests (report layout, game viewer)."""
from __future__ import annotations

import shutil

import pytest

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


@pytest.fixture(scope="module")
def browser() -> str:
    """The Chromium executable, or skip (before any game is played) saying how to get one."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip(f"no headless Chromium on PATH (looked for {', '.join(BROWSERS)}); install it, e.g. apt-get install "
                "chromium, to check pages in a browser")
