"""Render the report sections as one self-contained HTML page (figures inlined as base64 PNG).

The page reads at 1280 px and narrower without horizontal page scrolling: the text column has a maximum width,
figures scale down to it, and each table sits in its own scroll box (horizontal for wide tables, vertical past
about thirty rows, with a sticky header) so no table widens the page.
"""

from __future__ import annotations

import base64
from html import escape

import pandas as pd

from reports.document import Figure, Section, Table, display_rows
from reports.provenance import Provenance

STYLE = """
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 1rem 1.5rem 3rem; max-width: 1100px;
       color: #222; line-height: 1.45; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin-bottom: .3rem; }
h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; margin-top: 2.2rem; }
.provenance { color: #555; font-size: .82rem; }
.map-warning { background: #fdecea; border: 2px solid #c0392b; padding: .5rem 1rem; font-weight: bold; }
nav.contents { background: #f6f7f8; border: 1px solid #dde; padding: .4rem 1rem; margin: 1rem 0; }
nav.contents h2 { font-size: 1rem; border: none; margin: .2rem 0; padding: 0; }
nav.contents ol { columns: 2 16rem; margin: .2rem 0; padding-left: 1.6rem; font-size: .9rem; }
ul.findings li { margin-bottom: .35rem; }
.table-block { margin: 1rem 0 1.4rem; }
.table-title { font-weight: bold; font-size: .88rem; margin-bottom: .25rem; }
.table-title .provenance { font-weight: normal; }
.table-scroll { overflow: auto; max-width: 100%; max-height: 34rem; border: 1px solid #ddd; }
.table-scroll table { border-collapse: collapse; font-size: .78rem; font-variant-numeric: tabular-nums; }
th, td { padding: .15rem .45rem; border-bottom: 1px solid #eee; text-align: right; white-space: nowrap;
         overflow-wrap: normal; }
th { background: #f1f2f4; position: sticky; top: 0; border-bottom: 1px solid #ccc; }
th.text, td.text { text-align: left; }
tbody tr:nth-child(even) { background: #fafbfc; }
figure { margin: 1rem 0; }
figure img { display: block; max-width: 100%; height: auto; }
figcaption { font-size: .8rem; color: #555; }
"""


def render_html(sections: list[Section], provenance: Provenance) -> str:
    """The whole report page: header with provenance, table of contents, then the sections."""
    title = provenance.title(f"Barrage balance report: {provenance.experiment}")
    warning = (f'<p class="map-warning">{escape(provenance.map_label)}: results come from a map that is not the '
               "official one.</p>" if provenance.map_label else "")
    contents = "".join(f'<li><a href="#{section.key}">{escape(section.title)}</a></li>' for section in sections)
    body = "\n".join(_section(section, provenance) for section in sections)
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{escape(title)}</title>\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>{escape(title)}</h1>\n"
        f'<p class="provenance">{escape(provenance.footer)}</p>\n{warning}\n</header>\n'
        f'<nav class="contents"><h2>Contents</h2><ol>{contents}</ol></nav>\n<main>\n{body}\n</main>\n'
        "</body>\n</html>\n"
    )


def _section(section: Section, provenance: Provenance) -> str:
    """One <section> with prose, findings, tables and figures."""
    parts = [f'<section id="{section.key}">', f"<h2>{escape(section.title)}</h2>"]
    parts += [f"<p>{escape(paragraph)}</p>" for paragraph in section.paragraphs]
    tables = [_table(table, provenance) for table in section.tables]
    if section.tables_first:
        parts += tables
    if section.findings:
        items = "".join(f"<li>{escape(finding)}</li>" for finding in section.findings)
        parts.append(f'<ul class="findings">{items}</ul>')
    if not section.tables_first:
        parts += tables
    parts += [_figure(figure, provenance) for figure in section.figures]
    parts.append("</section>")
    return "\n".join(parts)


def _table(table: Table, provenance: Provenance) -> str:
    """A table in its own scroll box under its title and provenance; text columns left-aligned, numbers right."""
    kinds = ["" if pd.api.types.is_numeric_dtype(table.frame[column]) else ' class="text"'
             for column in table.frame.columns]
    header = "".join(f"<th{kind}>{escape(str(column))}</th>" for kind, column in zip(kinds, table.frame.columns))
    body = "".join("<tr>" + "".join(f"<td{kind}>{escape(cell)}</td>" for kind, cell in zip(kinds, row)) + "</tr>"
                   for row in display_rows(table.frame))
    return (f'<div class="table-block" id="table-{table.name}">'
            f'<div class="table-title">{escape(provenance.title(table.title))}<br>'
            f'<span class="provenance">{escape(provenance.footer)} | CSV: tables/{table.name}.csv</span></div>'
            f'<div class="table-scroll"><table><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table></div>'
            "</div>")


def _figure(figure: Figure, provenance: Provenance) -> str:
    """An inline PNG, scaled to the column, with its title and provenance as caption."""
    data = base64.b64encode(figure.png).decode("ascii")
    return (f'<figure><img src="data:image/png;base64,{data}" alt="{escape(figure.title)}">'
            f"<figcaption>{escape(figure.title)}<br>{escape(provenance.footer)}</figcaption></figure>")
