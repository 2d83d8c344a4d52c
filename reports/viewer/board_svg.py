"""The map as inline SVG: zones, river, conduit pipes, dam / conduit / powerhouse spaces, headstreams and exits.

Every space is a group with `data-space` (its id) that the viewer's script fills per frame with `data-owner`,
`data-level`, `data-drops` (CSS colours owners by company); the positions come from `reports.viewer.layout`.
"""
from __future__ import annotations

from html import escape

from reports.viewer.layout import DAM_HEIGHT, MapLayout

MAX_DROPS_SHOWN = 4        # WATER-03: a dam holds at most its level (4 for Graziano's level-3 dams)
LEVELS = 3


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _zone(zone: dict, layout: MapLayout) -> str:
    b = layout.zones[zone["zone"]]
    return (f'<g class="zone area-{escape(zone["area"])}" data-zone="{zone["zone"]}">'
            f'<rect x="{_f(b.x)}" y="{_f(b.y)}" width="{_f(b.width)}" height="{_f(b.height)}" rx="10"/>'
            f'<text class="zone-label" x="{_f(b.x + 6)}" y="{_f(b.y + 13)}">{zone["zone"]} · {escape(zone["area"])}'
            f'</text><text class="zone-token" data-zone-token="{zone["zone"]}" x="{_f(b.x + b.width / 2)}" '
            f'y="{_f(b.y + b.height - 5)}"></text></g>')


def _river(layout: MapLayout, river: dict[str, str]) -> str:
    lines = []
    for node, following in river.items():
        if node in layout.nodes and following in layout.nodes:
            (x1, y1), (x2, y2) = layout.nodes[node], layout.nodes[following]
            lines.append(f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}"/>')
    return f'<g class="river">{"".join(lines)}</g>'


def _pipe(conduit: dict, layout: MapLayout) -> str:
    b = layout.spaces[conduit["id"]]
    x1, y1 = b.centre[0], b.y + b.height
    x2, y2 = layout.conduit_ends[conduit["id"]]
    bend = max(60.0, abs(y2 - y1) / 2)
    return (f'<path class="pipe" data-pipe="{escape(conduit["id"])}" d="M{_f(x1)} {_f(y1)} C{_f(x1)} {_f(y1 + bend)} '
            f'{_f(x2)} {_f(y2 - bend)} {_f(x2)} {_f(y2)}"/>')


def _dam(dam: dict, layout: MapLayout) -> str:
    b = layout.spaces[dam["id"]]
    pips = "".join(f'<rect class="pip" data-pip="{i + 1}" x="{_f(b.x + 5 + i * 11)}" y="{_f(b.y + 15)}" width="9" '
                   f'height="6"/>' for i in range(LEVELS))
    drops = "".join(f'<circle class="drop" data-slot="{i + 1}" cx="{_f(b.x + b.width + 8 + i * 10)}" '
                    f'cy="{_f(b.y + DAM_HEIGHT / 2)}" r="4"/>' for i in range(MAX_DROPS_SHOWN))
    paying = ' data-paying="1"' if dam["paying"] else ""
    return (f'<g class="space dam" data-space="{escape(dam["id"])}" data-dam="{escape(dam["id"])}"{paying}>'
            f'<title>{escape(dam["id"])}{" (paying space)" if dam["paying"] else ""}</title>'
            f'<rect class="body" x="{_f(b.x)}" y="{_f(b.y)}" width="{_f(b.width)}" height="{_f(b.height)}" rx="4"/>'
            f'<text x="{_f(b.x + 5)}" y="{_f(b.y + 11)}">{escape(dam["id"])}</text>'
            f'<text class="bridge" x="{_f(b.x + b.width - 4)}" y="{_f(b.y + 11)}"></text>{pips}{drops}</g>')


def _conduit(conduit: dict, layout: MapLayout) -> str:
    b = layout.spaces[conduit["id"]]
    return (f'<g class="space conduit" data-space="{escape(conduit["id"])}" data-conduit="{escape(conduit["id"])}">'
            f'<title>{escape(conduit["id"])}: production {conduit["production"]}, to zone {conduit["to_zone"]}</title>'
            f'<rect class="body" x="{_f(b.x)}" y="{_f(b.y)}" width="{_f(b.width)}" height="{_f(b.height)}" rx="3"/>'
            f'<text x="{_f(b.x + 4)}" y="{_f(b.y + 14)}">{escape(conduit["id"])} ×{conduit["production"]}</text></g>')


def _powerhouse(ph: dict, layout: MapLayout) -> str:
    b = layout.spaces[ph["id"]]
    paying = ' data-paying="1"' if ph["paying"] else ""
    return (f'<g class="space powerhouse" data-space="{escape(ph["id"])}" data-powerhouse="{escape(ph["id"])}"{paying}>'
            f'<title>{escape(ph["id"])}{" (paying space)" if ph["paying"] else ""}</title>'
            f'<rect class="body" x="{_f(b.x)}" y="{_f(b.y)}" width="{_f(b.width)}" height="{_f(b.height)}" rx="2"/>'
            f'</g>')


def _headstream(h: str, layout: MapLayout) -> str:
    x, y = layout.nodes[h]
    return (f'<g class="space headstream" data-space="{escape(h)}" data-headstream="{escape(h)}">'
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="17"/>'
            f'<text x="{_f(x)}" y="{_f(y - 3)}" text-anchor="middle">{escape(h)}</text>'
            f'<text class="tile" x="{_f(x)}" y="{_f(y + 9)}" text-anchor="middle"></text>'
            f'<text class="count" x="{_f(x + 22)}" y="{_f(y + 4)}"></text></g>')


def board_svg(topology: dict, layout: MapLayout) -> str:
    """The map's SVG element (its spaces empty: the script fills them per frame)."""
    zones = topology["zones"]
    parts = [_zone(z, layout) for z in zones]
    parts.append(_river(layout, topology["river"]))
    parts.append('<g class="pipes">' + "".join(_pipe(c, layout) for z in zones for c in z["conduits"]) + "</g>")
    for z in zones:
        parts.extend(_powerhouse(p, layout) for p in z["powerhouses"])
        parts.extend(_dam(d, layout) for d in z["dams"])
        parts.extend(_conduit(c, layout) for c in z["conduits"])
    parts.extend(_headstream(h, layout) for h in topology["headstreams"] if h in layout.nodes)
    for exit_id in topology["exits"]:
        if exit_id in layout.nodes:
            x, y = layout.nodes[exit_id]
            parts.append(f'<text class="exit" x="{_f(x)}" y="{_f(y)}" text-anchor="middle">{escape(exit_id)}</text>')
    for space in topology["blocked"]:                              # DUEL-PREP-05
        b = layout.spaces[space]
        parts.append(f'<g class="blocked" data-blocked="{escape(space)}"><line x1="{_f(b.x)}" y1="{_f(b.y)}" '
                     f'x2="{_f(b.x + b.width)}" y2="{_f(b.y + b.height)}"/><line x1="{_f(b.x + b.width)}" '
                     f'y1="{_f(b.y)}" x2="{_f(b.x)}" y2="{_f(b.y + b.height)}"/></g>')
    parts.append('<g id="water"></g>')
    return (f'<svg id="board" viewBox="0 0 {_f(layout.width)} {_f(layout.height)}" role="img" '
            f'aria-label="the {escape(topology["name"])} map">{"".join(parts)}</svg>')
