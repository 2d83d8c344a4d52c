"""The built report: parseable HTML with every section, provenance everywhere, and the planted effect found."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest
from synthetic_designs import BOT_STRENGTHS, PLANTED_CELL

from reports import cli_report
from reports.population import Population, strength_data
from reports.sections import population_paragraph

SECTIONS = {
    "balance": ("summary", "cells", "example-games", "shrinkage", "effects", "robustness", "seats", "combinations",
                "ratings", "search-budget", "homogeneity", "vp-sources", "scores", "energy", "sample-size",
                "calibration", "methods"),
    "tournament": ("summary", "cells", "example-games", "shrinkage", "effects", "seats", "ratings", "search-budget",
                   "homogeneity", "vp-sources", "scores", "energy", "sample-size", "calibration", "methods"),
}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
VOID_ELEMENTS = {"meta", "img", "br"}


class ReportParser(HTMLParser):
    """Collects section ids, contents links, image sources, table titles and figure captions, the parents of every
    table, findings (list items in sections) and the page title."""

    def __init__(self) -> None:
        super().__init__()
        self.section_ids: list[str] = []
        self.contents_links: list[str] = []
        self.images: list[str] = []
        self.captions: list[str] = []
        self.figure_captions: list[str] = []
        self.findings: list[str] = []
        self.table_parents: list[str] = []
        self.title = ""
        self._capturing: str | None = None
        self._text: list[str] = []
        self._stack: list[tuple[str, str]] = []  # (tag, class) of the open elements
        self._capturing_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        kind = attributes.get("class") or ""
        if tag == "table":
            self.table_parents.append(self._stack[-1][1])
        if tag not in VOID_ELEMENTS:
            self._stack.append((tag, kind))
        if tag == "section":
            self.section_ids.append(attributes["id"] or "")
        elif tag == "img":
            self.images.append(attributes["src"] or "")
        elif tag == "a" and any(open_kind == "contents" for _, open_kind in self._stack):
            self.contents_links.append(attributes["href"] or "")
        if self._capturing is None and (tag in ("title", "figcaption", "li") or kind == "table-title"):
            self._capturing, self._text = ("caption" if kind == "table-title" else tag), []
            self._capturing_depth = len(self._stack)

    def handle_endtag(self, tag: str) -> None:
        assert self._stack and self._stack[-1][0] == tag, f"unbalanced </{tag}>"
        self._stack.pop()
        if self._capturing is not None and len(self._stack) < self._capturing_depth:
            text = "".join(self._text)
            {"title": lambda: setattr(self, "title", text), "caption": lambda: self.captions.append(text),
             "figcaption": lambda: self.figure_captions.append(text),
             "li": lambda: self.findings.append(text) if self.section_ids else None}[self._capturing]()
            self._capturing = None

    def handle_data(self, data: str) -> None:
        if self._capturing:
            self._text.append(data)


def _parse(report: Path) -> ReportParser:
    parser = ReportParser()
    parser.feed(report.read_text(encoding="utf-8"))
    parser.close()
    return parser


@pytest.fixture(scope="module")
def balance(balance_report: Path) -> ReportParser:
    return _parse(balance_report)


@pytest.fixture(scope="module")
def tournament(tournament_report: Path) -> ReportParser:
    return _parse(tournament_report)


@pytest.mark.parametrize("report", ["balance", "tournament"])
def test_report_parses_and_has_every_section_and_inline_png(report: str, request: pytest.FixtureRequest) -> None:
    parsed: ReportParser = request.getfixturevalue(report)
    assert tuple(parsed.section_ids) == SECTIONS[report]
    assert parsed.images and all(src.startswith("data:image/png;base64,") for src in parsed.images)
    for src in parsed.images:
        assert base64.b64decode(src.split(",", 1)[1]).startswith(PNG_SIGNATURE)
    assert len(parsed.figure_captions) == len(parsed.images)


@pytest.mark.parametrize("report", ["balance", "tournament"])
def test_page_fits_its_column_with_contents_and_tables_in_scroll_boxes(report: str,
                                                                      request: pytest.FixtureRequest) -> None:
    parsed: ReportParser = request.getfixturevalue(report)
    assert parsed.contents_links == [f"#{key}" for key in parsed.section_ids]
    assert parsed.table_parents and set(parsed.table_parents) == {"table-scroll"}
    assert len(parsed.captions) == len(parsed.table_parents)


def test_reconstructed_map_is_labelled_on_the_page_every_figure_and_every_table(balance: ReportParser) -> None:
    assert "RECONSTRUCTED MAP" in balance.title
    assert balance.captions and all("RECONSTRUCTED MAP" in caption for caption in balance.captions)
    assert all("RECONSTRUCTED MAP" in caption for caption in balance.figure_captions)


def test_official_map_carries_no_label(tournament: ReportParser) -> None:
    assert "MAP" not in tournament.title
    assert not any("RECONSTRUCTED" in caption for caption in tournament.captions + tournament.figure_captions)


@pytest.mark.parametrize("report", ["balance_report", "tournament_report"])
def test_provenance_once_per_section_not_on_every_table(report: str, request: pytest.FixtureRequest) -> None:
    html = request.getfixturevalue(report).read_text(encoding="utf-8")
    sections = re.findall(r'<section id="([^"]+)">(.*?)</section>', html, flags=re.S)
    assert len(sections) == len(SECTIONS[report.removesuffix("_report")])
    for key, body in sections:
        lines = re.findall(r'<p class="provenance">(.*?)</p>', body)
        assert len(lines) == 1, key
        for fact in ("games", "players", "bots:", "map base", "barrage-sim", "master seed 1"):
            assert fact in lines[0], (key, fact)
    parsed = _parse(request.getfixturevalue(report))
    assert not any("master seed" in caption for caption in parsed.captions + parsed.figure_captions)


def test_planted_cell_is_stronger_and_null_cells_are_not(balance_report: Path, balance: ReportParser) -> None:
    cells = pd.read_csv(balance_report.parent / "tables" / "ranked_cells.csv", comment="#")
    assert len(cells) == 28 and (cells["n"] == 150).all()
    assert cells["cell"].iloc[0] == PLANTED_CELL and cells["rank"].tolist() == list(range(1, 29))
    assert cells.loc[cells["verdict"] != "undetermined", "cell"].tolist() == [PLANTED_CELL]
    assert cells.set_index("cell").loc[PLANTED_CELL, "verdict"] == "stronger"
    summary = " ".join(balance.findings)
    assert ("Of 28 pairings: 1 stronger (1 by more than 10 points), 0 weaker, 0 balanced within +-3 points, "
            "27 undetermined") in summary
    assert f"Much stronger (more than 10 points from parity): {PLANTED_CELL}" in summary
    assert PLANTED_CELL in (balance_report.parent / "summary.md").read_text(encoding="utf-8")


def test_summary_states_the_question_population_and_no_calibration(balance_report: Path) -> None:
    html = balance_report.read_text(encoding="utf-8")
    assert "Question: Which pairings win more or less than their fair share" in html
    # A 4-player design: the 2-player Automa measurements are not quoted (issue #34).
    assert "Population: greedy (strength not measured)" in html and "beats the solo Automa" not in html
    assert "measured in 2-player games only (reports/data/bot_strength.json); no measurement exists at 4 players" \
        in html
    assert "not between strong human players" in html
    assert "No calibration was run on these results" in html


@pytest.mark.parametrize(("players", "quoted", "missing"), [((2,), True, ""), ((4,), False, "4"),
                                                             ((2, 4), True, "4"), ((3, 4), False, "3/4")])
def test_automa_strength_is_quoted_only_at_the_player_count_it_was_measured_at(
        players: tuple[int, ...], quoted: bool, missing: str) -> None:
    greedy = strength_data()["bots"]["greedy"]          # the shipped measurements (scripts/automa_table.py)
    assert strength_data()["players"] == 2
    text = population_paragraph(Population.of(("greedy", "builder")), players)
    rate = f"Population: greedy (beats the solo Automa {100 * greedy['1'][0]:.0f}% at level 1, "
    assert (rate in text) == quoted and ("(2-player games, 1,000 per level" in text) == quoted
    assert ("strength not measured" in text) == (not quoted)
    assert (f"no measurement exists at {missing} players" in text) == bool(missing)


def test_tournament_ladder_and_search_budget_follow_the_planted_strengths(tournament_report: Path) -> None:
    tables = tournament_report.parent / "tables"
    ladder = pd.read_csv(tables / "ratings.csv", comment="#")
    assert ladder["strategy"].tolist() == sorted(BOT_STRENGTHS, key=BOT_STRENGTHS.get, reverse=True)
    budget = pd.read_csv(tables / "search_budget.csv", comment="#")
    assert budget["iters"].tolist() == [50, 200]
    assert budget["log_strength"].is_monotonic_increasing


def test_csv_tables_carry_provenance_comments(balance_report: Path) -> None:
    tables = sorted((balance_report.parent / "tables").glob("*.csv"))
    assert {path.stem for path in tables} >= {"ranked_cells", "summary_ranked", "shrunken_estimates", "effects_win",
                                              "effects_vp", "effects_tests", "synergy", "homogeneity",
                                              "win_rate_by_seat", "turn_order_vp", "vp_by_source_company",
                                              "sample_size"}
    for path in tables:
        first, second = path.read_text(encoding="utf-8").splitlines()[:2]
        assert first.startswith("# ") and "RECONSTRUCTED MAP" in first
        assert second.startswith("# n = 4,200 games") and "master seed 11" in second
        assert not pd.read_csv(path, comment="#").empty


def test_cli_report_defaults_to_results_dir_report(tournament_results: Path, capsys: pytest.CaptureFixture) -> None:
    report = cli_report(str(tournament_results), None)
    assert report == tournament_results / "report" / "report.html"
    assert str(report) in capsys.readouterr().out
