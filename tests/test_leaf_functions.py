"""The engine's allocation-free functions are compiled without NRT reference counting (scripts/
mark_leaf_functions.py explains why); a new engine function must be marked too, or the engine slows down."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_leaf_function_marking_is_up_to_date():
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "mark_leaf_functions.py"), "--check"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr + "\nrun: python scripts/mark_leaf_functions.py"
