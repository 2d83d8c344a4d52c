"""Marks every engine function whose whole call tree allocates nothing as `@njit(cache=True, _nrt=False)`.

Why: numba wraps every call that passes arrays in atomic reference-count updates (NRT), 25-40 ns a call -- more
than most engine helpers cost. Without NRT those disappear: legal-move generation got 4-5x faster (measured with
`barrage bench`, see docs/performance.md). numba passes the flag on to the callees it compiles, so a function
qualifies only if nothing in its call tree allocates (np.* or .copy()); numba refuses to compile a mistake
("NRT required but not enabled"). A rarely called function that allocates (scoring, setup, the Automa's turn) is
an NRT boundary, marked `_nrt=True` by hand: numba compiles it with NRT even when an NRT-free function calls it,
so its callers stay NRT-free (the game loop `step`/`advance` among them: their reference counts were ~10% of a
random game). Functions inlined into their callers (`inline="always"`) are left out; numba refuses NRT-needing
code in them as in any NRT-free caller. Run from the project root after adding engine functions:
    python scripts/mark_leaf_functions.py            (--check: only report, exit 1 if out of date)
"""
import pathlib
import re
import sys

DECORATOR = re.compile(r"(?m)^@njit\(cache=True(?:, _nrt=(False|True))?\)\ndef (\w+)\(")
ROOT = pathlib.Path(__file__).resolve().parent.parent


def main(check: bool = False) -> int:
    """Rewrites the decorators (or, with check, only reports the functions whose marking is out of date)."""
    files = sorted((ROOT / "sim" / "rules").glob("*.py"))
    bodies: dict[str, str] = {}
    boundaries: set[str] = set()                         # marked _nrt=True by hand: callers need no NRT
    for p in files:
        text = p.read_text()
        starts = list(DECORATOR.finditer(text))
        for i, m in enumerate(starts):
            end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
            bodies[m.group(2)] = text[m.end():end]
            if m.group(1) == "True":
                boundaries.add(m.group(2))
    names = set(bodies)
    calls = {f: {g for g in names if g != f and re.search(rf"\b{g}\(", b)} for f, b in bodies.items()}
    unsafe = {f for f, b in bodies.items() if re.search(r"\bnp\.|\.copy\(", b)} | boundaries
    grew = True
    while grew:
        grew = False
        for f in names - unsafe:
            if calls[f] & (unsafe - boundaries):
                unsafe.add(f)
                grew = True
    stale = []
    for p in files:
        text = p.read_text()
        new = text
        for f in names - boundaries:
            flags = "cache=True" if f in unsafe else "cache=True, _nrt=False"
            new = re.sub(rf"(?m)^@njit\(cache=True(?:, _nrt=False)?\)\ndef {f}\(", f"@njit({flags})\ndef {f}(", new)
        if new != text:
            stale.append(p.name)
            if not check:
                p.write_text(new)
    print(f"{len(names) - len(unsafe)} allocation-free functions without NRT; {len(unsafe)} keep it: "
          f"{', '.join(sorted(unsafe - boundaries))}; NRT boundaries: {', '.join(sorted(boundaries))}" + (f"; out of date in {', '.join(stale)}" if stale else ""))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(check="--check" in sys.argv[1:]))
