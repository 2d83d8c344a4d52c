"""Where the map's parts sit on the viewer's page: a schematic drawn from the map's topology alone.

The data files hold no coordinates, so the board is laid out the way it reads: mountain basins in the top row (in
headstream order), hills below, plains below them, powerhouse-only zones at the bottom; a zone sits under the mean
position of the zones whose rivers feed it (WATER-04), and zones of a row keep at least one column apart. Inside a
zone the river enters at the powerhouse site on top, passes the upper (paying) and the lower dam space and leaves at
the bottom; conduits sit at the bottom left and right.
"""
from __future__ import annotations

from dataclasses import dataclass

AREA_ROWS = {"mountain": 0, "hill": 1, "plain": 2}
ZONE_WIDTH, ZONE_HEIGHT = 170, 150
COLUMN, ROW = 205, 200            # pitch of the zone grid
MARGIN_X, TOP = 30, 90            # TOP leaves room for the headstreams
DAM_WIDTH, DAM_HEIGHT = 62, 26
DAM_Y = (46, 80)                  # upper, lower dam space (top edge, zone coordinates)
POWERHOUSE_SIZE, POWERHOUSE_PITCH, POWERHOUSE_Y = 18, 22, 18
CONDUIT_WIDTH, CONDUIT_HEIGHT, CONDUIT_Y = 50, 20, 112


@dataclass(frozen=True)
class Box:
    """A rectangle on the page (SVG user units)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the box."""
        return self.x + self.width / 2, self.y + self.height / 2


@dataclass(frozen=True)
class MapLayout:
    """Boxes of the zones and their spaces, points of the river's nodes, and the page size."""

    zones: dict[int, Box]
    spaces: dict[str, Box]            # dam, conduit and powerhouse spaces by id
    nodes: dict[str, tuple[float, float]]   # river nodes: dam ids, `site N`, headstreams, exits
    conduit_ends: dict[str, tuple[float, float]]   # where a conduit's pipe arrives (its end zone's powerhouses)
    width: float
    height: float


def _feeders(topology: dict) -> dict[int, list[int]]:
    """Zone -> the zones whose river enters it (from their lower dam space's next node)."""
    river = topology["river"]
    zone_of_dam = {d["id"]: z["zone"] for z in topology["zones"] for d in z["dams"]}
    out: dict[int, list[int]] = {z["zone"]: [] for z in topology["zones"]}
    for node, following in river.items():
        if node in zone_of_dam and following.startswith("site "):
            target = int(following.split()[1])
            if zone_of_dam[node] not in out[target]:
                out[target].append(zone_of_dam[node])
    return out


def _row(zone: dict) -> int:
    return AREA_ROWS[zone["area"]] if zone["dams"] else len(AREA_ROWS)


def _columns(topology: dict) -> dict[int, float]:
    """Zone -> column (float): top-row zones in order, others under their feeders, a column apart per row."""
    feeders = _feeders(topology)
    rows: dict[int, list[dict]] = {}
    for zone in topology["zones"]:
        rows.setdefault(_row(zone), []).append(zone)
    column: dict[int, float] = {}
    for r in sorted(rows):
        wanted = []
        for i, zone in enumerate(rows[r]):
            fed_by = [column[f] for f in feeders[zone["zone"]] if f in column]
            wanted.append((sum(fed_by) / len(fed_by) if fed_by else float(i), zone["zone"]))
        wanted.sort()
        placed: list[float] = []
        for x, _ in wanted:
            placed.append(max(x, placed[-1] + 1) if placed else x)
        shift = (sum(x for x, _ in wanted) - sum(placed)) / len(placed)     # keep the row's mean where it wanted
        for (_, z), x in zip(wanted, placed):
            column[z] = x + shift
    low = min(column.values())
    return {z: x - low for z, x in column.items()}


def map_layout(topology: dict) -> MapLayout:
    """The schematic layout of a map topology (experiments.view_catalog.map_topology)."""
    columns = _columns(topology)
    zones, spaces, nodes, ends = {}, {}, {}, {}
    for zone in topology["zones"]:
        z = zone["zone"]
        box = Box(MARGIN_X + columns[z] * COLUMN, TOP + _row(zone) * ROW, ZONE_WIDTH, ZONE_HEIGHT)
        zones[z] = box
        nodes[f"site {z}"] = (box.x + ZONE_WIDTH / 2, box.y + 4)
        ends[z] = (box.x + ZONE_WIDTH / 2, box.y + POWERHOUSE_Y + POWERHOUSE_SIZE)
        count = len(zone["powerhouses"])
        first = box.x + (ZONE_WIDTH - (count - 1) * POWERHOUSE_PITCH - POWERHOUSE_SIZE) / 2
        for k, ph in enumerate(zone["powerhouses"]):
            spaces[ph["id"]] = Box(first + k * POWERHOUSE_PITCH, box.y + POWERHOUSE_Y, POWERHOUSE_SIZE,
                                   POWERHOUSE_SIZE)
        for k, dam in enumerate(zone["dams"]):
            spaces[dam["id"]] = Box(box.x + (ZONE_WIDTH - DAM_WIDTH) / 2 - 18, box.y + DAM_Y[k], DAM_WIDTH,
                                    DAM_HEIGHT)
            nodes[dam["id"]] = spaces[dam["id"]].centre
        for conduit in zone["conduits"]:
            x = box.x + 6 if conduit["side"] == "left" else box.x + ZONE_WIDTH - 6 - CONDUIT_WIDTH
            spaces[conduit["id"]] = Box(x, box.y + CONDUIT_Y, CONDUIT_WIDTH, CONDUIT_HEIGHT)
    conduit_ends = {c["id"]: ends[c["to_zone"]] for zone in topology["zones"] for c in zone["conduits"]}
    first_dams = {topology["river"][h]: h for h in topology["headstreams"] if h in topology["river"]}
    for dam_id, h in first_dams.items():
        x, _ = nodes[dam_id]
        nodes[h] = (x, TOP - 42)
    bottom = max(b.y + b.height for b in zones.values())
    for node, following in topology["river"].items():
        if following in topology["exits"] and following not in nodes:
            nodes[following] = (nodes[node][0], bottom + 36)
    width = MARGIN_X * 2 + max(b.x + b.width for b in zones.values()) - MARGIN_X
    return MapLayout(zones, spaces, nodes, conduit_ends, width, bottom + 60)
