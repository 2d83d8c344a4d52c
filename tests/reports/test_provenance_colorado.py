"""RECON-04/06: a report on Colorado results says that the Colorado map is reconstructed and that its river
topology is a copy of the base map's (so a difference comes from the Colorado rules alone)."""
from __future__ import annotations

import dataclasses

from reports.provenance import Provenance

BASE = Provenance(experiment="x", kind="balance", games=4, rows=12, games_planned=4, games_done=4, finished=True,
                  players=(3,), strategies=("greedy",), map_name="base", map_fidelities=("official",),
                  package_version="0", git_revision="r", master_seed=1)


def test_footer_names_the_copied_topology_only_for_colorado():
    assert "topology" not in BASE.footer
    colo = dataclasses.replace(BASE, map_name="base,colorado", map_fidelities=("official", "reconstructed"))
    assert "colorado map: reconstructed, its river topology a copy of the base map's" in colo.footer
    assert colo.title("Win rates") == "Win rates [RECONSTRUCTED MAP]"
