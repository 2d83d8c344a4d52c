"""The viewer as one self-contained HTML file: the template, style sheet and script (package data in assets/), the
map's SVG and the document as inline JSON. No network: everything the page needs is in the file."""
from __future__ import annotations

import json
import os
from html import escape
from importlib import resources
from pathlib import Path
from string import Template

from reports.viewer.board_svg import board_svg
from reports.viewer.layout import map_layout

ASSETS = "assets"
FIDELITY_NOTES = {"official": "official data", "reconstructed": "reconstructed data, not the printed board (RECON-06)",
                  "synthetic": "synthetic data (not a real board)"}


def _asset(name: str) -> str:
    return resources.files("reports.viewer").joinpath(ASSETS, name).read_text(encoding="utf-8")


def _inline_json(value) -> str:
    """JSON safe inside a <script> element (no `</` that could close it)."""
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")


def title_of(doc: dict) -> str:
    """'Barrage game 17 of results/x (seed 5, 4 players, base map)' or the same for a new game."""
    game, source = doc["game"], doc["source"]
    where = f"game {source['game']} of {source['results']}" if "results" in source else "new game"
    return f"Barrage {where} (seed {game['seed']}, {game['players']} players, {game['map']} map)"


def facts_of(doc: dict) -> str:
    """The header's line of facts: variant, map fidelity, setup and how to make the file again."""
    game, source, config = doc["game"], doc["source"], doc["game"]["config"]
    parts = [f"map {game['map']} ({FIDELITY_NOTES.get(game['map_fidelity'], game['map_fidelity'])})"]
    if config.get("intro"):
        parts.append("introductory game")
    if config.get("expansions"):
        parts.append("expansions: " + ", ".join(config["expansions"]))
    if config.get("duel"):
        parts.append("duel board")
    if "setup" in source:
        parts.append(f"setup {source['setup']}")
    if "command" in source:
        parts.append(f"made by: {source['command']}")
    return " · ".join(parts)


def render_viewer(doc: dict) -> str:
    """The viewer page of a view document (experiments.view.view_document)."""
    topology = doc["map"]
    layout = map_layout(topology)
    note = (f"schematic of the {topology['name']} map drawn from its river network; "
            f"{FIDELITY_NOTES.get(topology['fidelity'], topology['fidelity'])}")
    page = Template(_asset("viewer.html"))
    return page.substitute(
        title=escape(title_of(doc)), facts=escape(facts_of(doc)), map_note=escape(note),
        css=_asset("viewer.css"), js=_asset("viewer.js"), svg=board_svg(topology, layout),
        data=_inline_json(doc), layout=_inline_json({"nodes": layout.nodes}))


def write_viewer(doc: dict, path: str | Path) -> Path:
    """Writes the viewer page to `path` atomically (a failure leaves no partial file); returns the path."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        tmp.write_text(render_viewer(doc), encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path
