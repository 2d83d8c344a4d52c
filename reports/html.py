"""Render the report sections as one self-contained HTML page (figures inlined as base64 PNG).

The first screen (1400 x 900) answers the designer: the title, the verdict counts with what 'balanced' needs and
the company x officer heatmap, then the ranked figure. The page reads at 1280 px and narrower without horizontal
page scrolling: the text column has a maximum width, figures scale down to it, and each table sits in its own
scroll box (horizontal for wide tables, vertical past about thirty rows, with a sticky header) so no table widens
the page. The provenance line appears once under the title and once at the end of each section.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape

from reports.document import Figure, Section, Table, display_table
from reports.provenance import Provenance

STYLE = """
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 0 auto; padding: .6rem 1.5rem 3rem; max-width: 1100px;
       color: #222; line-height: 1.45; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: .3rem 0 .1rem; }
h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; margin-top: 2.2rem; }
main > section:first-child > h2 { margin-top: .6rem; }
.provenance { color: #555; font-size: .78rem; margin: .2rem 0; }
.map-warning { background: #fdecea; border: 2px solid #c0392b; padding: .5rem 1rem; font-weight: bold; }
nav.contents { font-size: .78rem; color: #555; margin: .4rem 0; }
nav.contents ol { display: inline; margin: 0; padding: 0; }
nav.contents li { display: inline; }
nav.contents li + li::before { content: " \\00b7\\00a0"; }
.lead { background: #f6f7f8; border-left: 4px solid #34495e; padding: .3rem 1rem; margin: .6rem 0; }
.lead p { margin: .3rem 0; }
.lead p:first-child { font-weight: bold; }
ul.findings li { margin-bottom: .35rem; }
.table-block { margin: 1rem 0 1.4rem; }
.table-title { font-weight: bold; font-size: .88rem; margin-bottom: .25rem; }
.table-title .note { font-weight: normal; color: #444; }
.table-title .csv { font-weight: normal; color: #555; font-size: .78rem; }
.table-scroll { overflow: auto; max-width: 100%; max-height: 34rem; border: 1px solid #ddd; }
.table-scroll table { border-collapse: collapse; font-size: .78rem; font-variant-numeric: tabular-nums; }
th, td { padding: .15rem .45rem; border-bottom: 1px solid #eee; text-align: right; white-space: nowrap;
         overflow-wrap: normal; }
th { background: #f1f2f4; position: sticky; top: 0; border-bottom: 1px solid #ccc; }
th.text, td.text { text-align: left; }
tbody tr:nth-child(even) { background: #fafbfc; }
figure { margin: .6rem 0 1rem; }
figure img { display: block; max-width: 100%; height: auto; }
figcaption { font-size: .8rem; color: #555; }
"""


def render_html(sections: list[Section], provenance: Provenance) -> str:
    """The whole report page: header with provenance and a one-paragraph table of contents, then the sections."""
    title = provenance.title(f"Barrage balance report: {provenance.experiment}")
    warning = (f'<p class="map-warning">{escape(provenance.map_label)}: results come from a map that is not the '
               "official one.</p>" if provenance.map_label else "")
    contents = "".join(f'<li><a href="#{section.key}">{escape(section.title)}</a></li>' for section in sections)
    body = "\n".join(_section(section, provenance) for section in sections)
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{escape(title)}</title>\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>{escape(title)}</h1>\n"
        f'<p class="provenance">{escape(provenance.footer)}</p>\n{warning}\n'
        f'<nav class="contents"><b>Contents:</b> <ol>{contents}</ol></nav>\n</header>\n<main>\n{body}\n</main>\n'
        "</body>\n</html>\n"
    )


def _section(section: Section, provenance: Provenance) -> str:
    """One <section>: its parts in the section's layout, then its provenance line."""
    parts: dict[str, Callable[[], list[str]]] = {
        "lead": lambda: [f'<div class="lead" id="{section.key}-lead">'
                         + "".join(f"<p>{escape(line)}</p>" for line in section.lead) + "</div>"]
        if section.lead else [],
        "paragraphs": lambda: [f"<p>{escape(paragraph)}</p>" for paragraph in section.paragraphs],
        "findings": lambda: ['<ul class="findings">' + "".join(f"<li>{escape(finding)}</li>"
                                                               for finding in section.findings) + "</ul>"]
        if section.findings else [],
        "tables": lambda: [_table(table, provenance) for table in section.tables],
        "figures": lambda: [_figure(figure) for figure in section.figures],
    }
    body = [line for part in section.layout for line in parts[part]()]
    return "\n".join([f'<section id="{section.key}">', f"<h2>{escape(section.title)}</h2>", *body,
                      f'<p class="provenance">{escape(provenance.footer)}</p>', "</section>"])


def _table(table: Table, provenance: Provenance) -> str:
    """A table in its own scroll box under its title and note; text columns left-aligned, numbers right."""
    shown = display_table(table.frame)
    kinds = ["" if numeric else ' class="text"' for numeric in shown.numeric]
    header = "".join(f"<th{kind}>{escape(text)}</th>" for kind, text in zip(kinds, shown.headers))
    body = "".join("<tr>" + "".join(f"<td{kind}>{escape(cell)}</td>" for kind, cell in zip(kinds, row)) + "</tr>"
                   for row in shown.rows)
    note = f' <span class="note">{escape(table.note)}</span>' if table.note else ""
    return (f'<div class="table-block" id="table-{table.name}">'
            f'<div class="table-title">{escape(provenance.title(table.title))}{note} '
            f'<span class="csv">(CSV: tables/{table.name}.csv)</span></div>'
            f'<div class="table-scroll"><table><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table></div>'
            "</div>")


def _figure(figure: Figure) -> str:
    """An inline PNG, scaled to the column, with its title as caption (the PNG carries the provenance)."""
    data = base64.b64encode(figure.png).decode("ascii")
    identity = f' id="figure-{figure.name}"' if figure.name else ""
    return (f'<figure{identity}><img src="data:image/png;base64,{data}" alt="{escape(figure.title)}">'
            f"<figcaption>{escape(figure.title)}</figcaption></figure>")
