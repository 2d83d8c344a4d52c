"""Data fidelity of a variant (RECON-01/06): which data files it reads, and the strict mode that refuses any file
whose fidelity is not `official`."""
from __future__ import annotations

from sim.errors import ConfigError
from sim.variant import Variant

OFFICIAL = "official"


def data_fidelity(variant: Variant) -> tuple[tuple[str, str], ...]:
    """(data file, fidelity) of the map and board files the variant plays on."""
    from sim.tables import compile_tables

    return compile_tables(variant)[1].data_fidelity


def check_strict(variant: Variant) -> None:
    """RECON-06 strict mode: raises a one-line ConfigError naming the first non-official data file."""
    for name, fidelity in data_fidelity(variant):
        if fidelity != OFFICIAL:
            raise ConfigError(f"strict_fidelity: {name} has fidelity {fidelity}, not official (RECON-06); drop "
                              f"--strict-fidelity to play it, or play an official map (base)")
