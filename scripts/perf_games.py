"""Profiles whole seeded games by numba function with Linux `perf` (sampling, 1 thread, warm numba cache).

    python scripts/perf_games.py [--strategies greedy] [--games 1000] [--players 4] [--expansion colorado]
                                 [--top 40] [--out perf.data]

numba's machine code carries no symbols perf can read, so after a warm-up batch this writes /tmp/perf-<pid>.map
(the map file perf reads for JIT code): every function symbol of the cached object code (the ELF symbol tables
inside the cache's .nbc files) at the address the JIT engine gives it. Then it samples only the timed batch
(`perf record -p`) and prints the flat profile with readable names (module.function). Inlined helpers count
in their callers. Needs `perf` on PATH and permission to sample its own process.
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import signal
import struct
import subprocess
import time


def _elf_function_symbols(data: bytes, start: int) -> list[str]:
    """Names of the defined function symbols of the ELF object starting at data[start]."""
    shoff = struct.unpack_from("<Q", data, start + 0x28)[0]
    shentsize, shnum = struct.unpack_from("<HH", data, start + 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, start + shoff + i * shentsize) for i in range(shnum)]
    names = []
    for sec in sections:
        if sec[1] != 2:                                    # SHT_SYMTAB
            continue
        strtab = start + sections[sec[6]][4]
        for j in range(sec[5] // 24):
            name, info, _, shndx, _, _ = struct.unpack_from("<IBBHQQ", data, start + sec[4] + j * 24)
            if info & 0xF == 2 and shndx != 0:             # STT_FUNC, defined
                o = strtab + name
                names.append(data[o:data.index(b"\0", o)].decode())
    return names


def write_perf_map() -> int:
    """Writes /tmp/perf-<pid>.map for the numba functions loaded in this process; returns how many."""
    from numba.core.registry import cpu_target

    engine = cpu_target.target_context.codegen()._engine._ee
    names = set()
    for f in glob.glob(os.path.join(os.environ["NUMBA_CACHE_DIR"], "*", "*.nbc")):
        data = open(f, "rb").read()
        i = data.find(b"\x7fELF")
        while i >= 0:
            try:
                names.update(_elf_function_symbols(data, i))
            except (struct.error, ValueError, IndexError, UnicodeDecodeError):
                pass                                       # bytes that only look like an ELF header
            i = data.find(b"\x7fELF", i + 4)
    addresses = sorted((a, n) for n in names if (a := engine.get_function_address(n)))
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        for k, (a, n) in enumerate(addresses):
            size = addresses[k + 1][0] - a if k + 1 < len(addresses) else 4096
            out.write(f"{a:x} {min(size, 1 << 20):x} {n}\n")
    return len(addresses)


def readable(symbol: str) -> str:
    """module.function of a numba symbol (_ZN<len><part>...), else the symbol."""
    m = re.match(r"_ZN(.*)", symbol)
    if not m:
        return symbol
    parts, rest = [], m.group(1)
    while rest and rest[0].isdigit():
        n = int(re.match(r"\d+", rest).group())
        d = len(str(n))
        parts.append(rest[d:d + n])
        rest = rest[d + n:]
    return ".".join(parts)


def flat_profile(path: str, top: int) -> list[tuple[float, str]]:
    """(percent, module.function) of the samples in perf data `path`, largest first."""
    report = subprocess.run(["perf", "report", "-i", path, "--no-children", "--sort", "symbol", "--stdio",
                             "-g", "none"], capture_output=True, text=True).stdout
    shares: dict[str, float] = {}
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[.\]\s+(\S+)", line)
        if m:
            name = "(unmapped JIT code)" if m.group(2).startswith("0x") else readable(m.group(2))
            shares[name] = shares.get(name, 0.0) + float(m.group(1))
    return sorted(((p, n) for n, p in shares.items()), reverse=True)[:top]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--strategies", default="greedy")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--expansion", default="", help="comma-separated expansions, as barrage bench --expansion")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--out", default="perf.data")
    a = ap.parse_args()
    import numba

    from experiments.bench import run_batch
    from experiments.play import game_seeds
    from sim import GameConfig

    numba.set_num_threads(1)
    config = GameConfig(players=a.players, expansions=tuple(e for e in a.expansion.split(",") if e))
    run_batch(config, game_seeds(1, 4), a.strategies)                  # compiles or loads the bots
    print(f"{write_perf_map()} numba functions mapped")
    rec = subprocess.Popen(["perf", "record", "-F", "4000", "-o", a.out, "-p", str(os.getpid())],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)                                                     # perf attaches
    t0 = time.process_time()
    run_batch(config, game_seeds(2, a.games), a.strategies)
    print(f"{a.games} games, {time.process_time() - t0:.2f} s CPU")
    rec.send_signal(signal.SIGINT)
    rec.wait()
    for p, n in flat_profile(a.out, a.top):
        print(f"{p:6.2f}%  {n}")


if __name__ == "__main__":
    main()
