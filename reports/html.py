"""Render the report sections as one self-contained HTML page (figures inlined as base64 PNG)."""

from __future__ import annotations

import base64
from html import escape

from reports.document import Figure, Section, Table, display_rows
from reports.provenance import Provenance

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 1100px; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2rem; margin-top: 2.5rem; }
.provenance { color: #555; font-size: .85rem; }
.map-warning { background: #fdecea; border: 2px solid #c0392b; padding: .5rem 1rem; font-weight: bold; }
ul.findings li { margin-bottom: .4rem; }
table { border-collapse: collapse; font-size: .8rem; margin: 1rem 0; display: block; overflow-x: auto; }
caption { text-align: left; font-weight: bold; padding-bottom: .3rem; }
th, td { border: 1px solid #ddd; padding: .2rem .45rem; text-align: right; white-space: nowrap; }
th { background: #f4f4f4; }
figure { margin: 1rem 0; } figure img { max-width: 100%; } figcaption { font-size: .8rem; color: #555; }
"""


def render_html(sections: list[Section], provenance: Provenance) -> str:
    """The whole report page."""
    title = provenance.title(f"Barrage balance report: {provenance.experiment}")
    warning = (f'<p class="map-warning">{escape(provenance.map_label)}: results come from a map that is not the '
               "official one.</p>" if provenance.map_label else "")
    contents = "".join(f'<li><a href="#{section.key}">{escape(section.title)}</a></li>' for section in sections)
    body = "\n".join(_section(section, provenance) for section in sections)
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>{escape(title)}</h1>\n"
        f'<p class="provenance">{escape(provenance.footer)}</p>\n{warning}\n</header>\n'
        f"<nav><ol>{contents}</ol></nav>\n{body}\n</body>\n</html>\n"
    )


def _section(section: Section, provenance: Provenance) -> str:
    """One <section> with prose, findings, tables and figures."""
    parts = [f'<section id="{section.key}">', f"<h2>{escape(section.title)}</h2>"]
    parts += [f"<p>{escape(paragraph)}</p>" for paragraph in section.paragraphs]
    if section.findings:
        items = "".join(f"<li>{escape(finding)}</li>" for finding in section.findings)
        parts.append(f'<ul class="findings">{items}</ul>')
    parts += [_table(table, provenance) for table in section.tables]
    parts += [_figure(figure, provenance) for figure in section.figures]
    parts.append("</section>")
    return "\n".join(parts)


def _table(table: Table, provenance: Provenance) -> str:
    """A table with its title and provenance in the caption."""
    header = "".join(f"<th>{escape(str(column))}</th>" for column in table.frame.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
                   for row in display_rows(table.frame))
    return (f'<table id="table-{table.name}"><caption>{escape(provenance.title(table.title))}<br>'
            f'<span class="provenance">{escape(provenance.footer)} | CSV: tables/{table.name}.csv</span></caption>'
            f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>")


def _figure(figure: Figure, provenance: Provenance) -> str:
    """An inline PNG with its title and provenance as caption."""
    data = base64.b64encode(figure.png).decode("ascii")
    return (f'<figure><img src="data:image/png;base64,{data}" alt="{escape(figure.title)}">'
            f"<figcaption>{escape(figure.title)}<br>{escape(provenance.footer)}</figcaption></figure>")
