"""The game viewer (`barrage view`): one self-contained HTML file that replays a game on the map.

It renders a view document (built on the engine side by `experiments.view`: events, positions, map topology and
the game's components as JSON) and never imports the engine. Modules: `frames` (positions as patches), `layout`
(where the map's parts sit), `board_svg` (the map as SVG), `page` (the HTML file); the page's template, style
sheet and script are package data in `assets/`.
"""
from reports.viewer.page import render_viewer, write_viewer

__all__ = ["render_viewer", "write_viewer"]
