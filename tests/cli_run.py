"""Running the real `barrage` command from tests, and the one-line error contract its failures must meet."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def barrage(*args: str, cwd: Path = ROOT, timeout: float = 1800) -> subprocess.CompletedProcess:
    """`python -m experiments ARGS` in `cwd`, its output captured as text."""
    return subprocess.run([sys.executable, "-m", "experiments", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)


def assert_one_line_error(p: subprocess.CompletedProcess, *needles: str) -> None:
    """Exit code 2 and one `error: ...` line on stderr holding every needle, no traceback."""
    assert p.returncode == 2, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in p.stderr, p.stderr
    for n in needles:
        assert n in lines[0], lines[0]
