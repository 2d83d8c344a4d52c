"""Provenance of a report: what was run, stamped on every figure and table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

OFFICIAL_FIDELITY = "official"


@dataclass(frozen=True)
class Provenance:
    """The facts from the manifest (and the rows actually present) that every figure and table carries."""

    experiment: str
    kind: str
    games: int
    rows: int
    games_planned: int
    games_done: int
    finished: bool
    players: tuple[int, ...]
    strategies: tuple[str, ...]
    map_name: str
    map_fidelities: tuple[str, ...]
    package_version: str
    git_revision: str
    master_seed: int
    value_model: str = ""          # SHA-256 of the learned evaluator the bots read, when they read one

    @classmethod
    def from_results(cls, manifest: dict[str, Any], rows: pd.DataFrame) -> Provenance:
        """Combine the manifest with the rows; fidelity takes every value seen so no reconstruction goes unlabelled."""
        fidelities = {str(manifest["map_fidelity"]), *map(str, rows["map_fidelity"].unique())}
        return cls(
            experiment=str(manifest["name"]),
            kind=str(manifest["kind"]),
            games=int(rows["game"].nunique()),
            rows=len(rows),
            games_planned=int(manifest["games_planned"]),
            games_done=int(manifest["games_done"]),
            finished=manifest.get("ended") is not None,
            players=tuple(int(count) for count in manifest["players"]),
            strategies=tuple(str(spec) for spec in manifest["strategies"]),
            map_name=str(manifest["map"]),
            map_fidelities=tuple(sorted(fidelities)),
            package_version=str(manifest["package_version"]),
            git_revision=str(manifest.get("git_revision", "unknown")),
            master_seed=int(manifest["master_seed"]),
            value_model=str(manifest.get("value_model_sha256", "")),
        )

    @property
    def map_label(self) -> str:
        """'RECONSTRUCTED MAP' (or SYNTHETIC) when the map is not the official one, else ''."""
        unofficial = [fidelity.upper() for fidelity in self.map_fidelities if fidelity != OFFICIAL_FIDELITY]
        return f"{'/'.join(unofficial)} MAP" if unofficial else ""

    @property
    def complete(self) -> bool:
        """True when the run ended normally and every planned game is in the shards."""
        return self.finished and self.games >= self.games_planned

    def title(self, text: str) -> str:
        """A figure or table title, with the map label appended for non-official maps."""
        return f"{text} [{self.map_label}]" if self.map_label else text

    @property
    def footer(self) -> str:
        """One line of provenance: n, bots, player counts, map fidelity, package version, the learned evaluator (if
        the bots read one), master seed."""
        players = "/".join(str(count) for count in self.players)
        model = f"learned evaluator {self.value_model[:12]} | " if self.value_model else ""
        return (
            f"n = {self.games:,} games ({self.rows:,} seat rows) | {players} players | "
            f"bots: {', '.join(self.strategies)} | map {self.map_name} (map_fidelity: {'/'.join(self.map_fidelities)}) | "
            f"barrage-sim {self.package_version} ({self.git_revision}) | "
            f"{model}master seed {self.master_seed} | "
            f"experiment {self.experiment}{self.topology_note}"
        )

    @property
    def topology_note(self) -> str:
        """RECON-04: the Colorado map's river topology is a copy of the base map's, so a Colorado-vs-base difference
        comes from the Colorado rules alone; said wherever a Colorado result is shown."""
        if "colorado" not in self.map_name.split(","):
            return ""
        return (" | colorado map: reconstructed, its river topology a copy of the base map's (differences come from "
                "bridges, settlements and the Colorado tiles alone)")
