"""Tests for sim.data_loader: shipped data loads; corrupted copies raise one-line DataErrors naming file and key."""
from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
import yaml

from sim import data_loader
from sim.data_loader import available_maps, load_components, load_map
from sim.errors import BarrageError, ConfigError, DataError

DELETE = object()
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """Return a private copy of the shipped data directory."""
    with resources.as_file(resources.files("sim") / "data") as source:
        shutil.copytree(source, tmp_path / "data")
    return tmp_path / "data"


def _key(node: dict | list, part: str) -> object:
    """Turn one dotted-path component into a list index or (int or str) mapping key."""
    if isinstance(node, list) or (part.lstrip("-").isdigit() and int(part) in node):
        return int(part)
    return part


def edit(data_dir: Path, filename: str, path: str, value: object = DELETE) -> None:
    """Set (or delete) the value at dotted ``path`` (list indices as numbers) in a data file."""
    file = data_dir / filename
    doc = yaml.load(file.read_text(encoding="utf-8"), Loader=LOADER)
    *parents, last = path.split(".")
    node = doc
    for part in parents:
        node = node[_key(node, part)]
    if value is DELETE:
        del node[_key(node, last)]
    else:
        node[_key(node, last)] = value
    file.write_text(yaml.dump(doc, Dumper=DUMPER, sort_keys=False, allow_unicode=True), encoding="utf-8")


def replace_text(data_dir: Path, filename: str, old: str, new: str) -> int:
    """Replace the first ``old`` in a data file by ``new``; return the 1-based line where ``new`` starts."""
    file = data_dir / filename
    text = file.read_text(encoding="utf-8")
    assert old in text, f"fixture text not found in {filename}: {old!r}"
    at = text.index(old)
    file.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text.count("\n", 0, at) + 1


def expect_data_error(call: Callable[[], object], *fragments: str) -> str:
    """Assert ``call`` raises a one-line DataError containing every fragment; return the message."""
    with pytest.raises(DataError) as info:
        call()
    message = str(info.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message
    return message


# --------------------------------------------------------------------------------------------------------
# shipped data
# --------------------------------------------------------------------------------------------------------
def test_shipped_components_load() -> None:
    components = load_components()
    assert set(data_loader.COMPONENT_KEYS) <= set(components)
    assert [len(components["contracts"][deck]) for deck in ("green", "yellow", "red")] == [15, 15, 15]
    assert {"USA", "Germany", "Italy", "France"} <= set(components["companies"])


def test_shipped_maps_load() -> None:
    assert available_maps() == ["base", "colorado", "duel", "five_player"]
    for name in available_maps():
        game_map = load_map(name)
        assert game_map["name"] == name
        assert game_map["fidelity"] == ("reconstructed" if name in ("duel", "colorado") else "official")   # RECON-02/04
    assert len(load_map("base")["headstreams"]) == 4
    assert len(load_map("five_player")["headstreams"]) == 5


def test_results_are_cached_but_independent_copies() -> None:
    data_loader.clear_cache()
    first = load_components()
    first["contracts"]["green"].clear()
    second = load_components()
    assert len(second["contracts"]["green"]) == 15
    assert data_loader._load_components_cached.cache_info().hits >= 1


def test_explicit_data_dir_copy_loads(data_dir: Path) -> None:
    assert load_components(data_dir) == load_components()
    assert load_map("five_player", data_dir) == load_map("five_player")


# --------------------------------------------------------------------------------------------------------
# components.yaml: one corrupted copy per class of error
# --------------------------------------------------------------------------------------------------------
COMPONENT_CASES = [
    # (edits as (dotted path, value or DELETE), key path expected in the message, extra hint expected)
    pytest.param([("scoring", DELETE)], "<top level>", "scoring", id="missing-top-level-key"),
    pytest.param([("contracts.green.3.id", DELETE)], "contracts.green[3]", "id", id="contract-without-id"),
    pytest.param([("contracts.green.3.energy", "three")], "contracts.green[3].energy", "2..4", id="energy-not-int"),
    pytest.param([("contracts.starting.0.energy", 0)], "contracts.starting[0].energy", ">= 1", id="energy-zero"),
    pytest.param([("contracts.green.3.energy", 5)], "contracts.green[3].energy", "2..4", id="green-range"),
    pytest.param([("contracts.yellow.0.energy", 8)], "contracts.yellow[0].energy", "5..7", id="yellow-range"),
    pytest.param([("contracts.red.14.energy", 11)], "contracts.red[14].energy", "8..10", id="red-range"),
    pytest.param([("contracts.national.0.energy", 12)], "contracts.national[0].energy", "13..15",
                 id="national-range"),
    pytest.param([("contracts.yellow.14", DELETE)], "contracts.yellow", "expected 15 entries, got 14",
                 id="deck-size"),
    pytest.param([("contracts.red.0.id", "G1")], "contracts.red[0].id", "contracts.green[0].id",
                 id="duplicate-contract-id"),
    pytest.param([("contracts.green.0.reward.gold", 1)], "contracts.green[0].reward.gold", "reward_keys",
                 id="unknown-reward-key"),
    pytest.param([("contracts.green.0.reward.note_income_reveal", 1)],
                 "contracts.green[0].reward.note_income_reveal", "unknown reward key", id="note-is-no-reward"),
    pytest.param([("contracts.green.0.reward.credits", "1")], "contracts.green[0].reward.credits", "integer",
                 id="reward-not-int"),
    pytest.param([("contracts.green.0.reward.credits", True)], "contracts.green[0].reward.credits", "integer",
                 id="reward-bool"),
    pytest.param([("contracts.green.11.reward.free_base", ["swamp"])], "contracts.green[11].reward.free_base[0]",
                 "mountain, hill, plain", id="free-base-area"),
    pytest.param([("contracts.green.11.reward.free_base", "plain")], "contracts.green[11].reward.free_base",
                 "list", id="free-base-not-list"),
    pytest.param([("contracts.red.10.reward.free_conduit_max_value", 6)],
                 "contracts.red[10].reward.free_conduit_max_value", "1..5", id="free-conduit-range"),
    pytest.param([("contracts.red.0.reward.fulfill_own_contract_max", "all")],
                 "contracts.red[0].reward.fulfill_own_contract_max", '"any"', id="fulfill-max"),
    pytest.param([("headstream_tiles.0.drops", [0, 2, 2])], "headstream_tiles[0].drops", "expected 4 entries",
                 id="headstream-length"),
    pytest.param([("headstream_tiles.1.drops.3", -1)], "headstream_tiles[1].drops[3]", ">= 0",
                 id="headstream-negative"),
    pytest.param([("companies.USA.income.base.2", DELETE)], "companies.USA.income.base", "2, 4, 5",
                 id="income-steps"),
    pytest.param([("companies.Germany.income.conduit", DELETE)], "companies.Germany.income",
                 "base, elevation, conduit", id="income-rows"),
    pytest.param([("companies.Italy.income.elevation.4", {"power": 4})], "companies.Italy.income.elevation.4.power",
                 "reward_keys", id="income-reward-key"),
    pytest.param([("executive_officers.1.name", "Wilhelm Adler")], "executive_officers[1].name",
                 "executive_officers[0].name", id="duplicate-officer"),
    pytest.param([("companies.introductory_matchups.0.officer", "Nobody")],
                 "companies.introductory_matchups[0].officer", "Viktor Fiesler", id="matchup-officer-ref"),
    pytest.param([("executive_officer_setup.base_game_pool.0", "Nobody")],
                 "executive_officer_setup.base_game_pool[0]", "Nobody", id="officer-pool-ref"),
    pytest.param([("bonus_tiles.1.id", "contracts")], "bonus_tiles[1].id", "duplicate", id="duplicate-bonus-tile"),
    pytest.param([("bonus_tiles.0.vp_per_unit", 2.5)], "bonus_tiles[0].vp_per_unit", "integer",
                 id="bonus-vp-not-int"),
    pytest.param([("objective_tiles.2.id", "paying_spaces")], "objective_tiles[2].id", "duplicate",
                 id="duplicate-objective-tile"),
    pytest.param([("advanced_technology_tiles.level_1.0.id", DELETE)], "advanced_technology_tiles.level_1[0]",
                 "id", id="advanced-tile-without-id"),
    pytest.param([("advanced_technology_tiles.level_2.0.id", "L1_base")], "advanced_technology_tiles.level_2[0].id",
                 "duplicate", id="duplicate-advanced-tile"),
    pytest.param([("advanced_technology_tiles.level_3.1.level", 2)], "advanced_technology_tiles.level_3[1].level",
                 "3..3", id="advanced-tile-level"),
    pytest.param([("advanced_technology_tiles.level_2.0.structure", "dam")],
                 "advanced_technology_tiles.level_2[0].structure", "powerhouse, wild, building",
                 id="advanced-tile-structure"),
    pytest.param([("action_spaces.workshop.0.id", DELETE)], "action_spaces.workshop[0]", "id",
                 id="action-row-without-id"),
    pytest.param([("action_spaces.workshop.1.id", "workshop_1")], "action_spaces.workshop[1].id", "duplicate",
                 id="duplicate-action-row"),
    pytest.param([("action_spaces.turbine_station.4.left.engineers", 0)],
                 "action_spaces.turbine_station[4].left.engineers", ">= 1", id="action-engineers"),
    pytest.param([("action_spaces.machinery_shop.0.right.credits", -3)],
                 "action_spaces.machinery_shop[0].right.credits", ">= 0", id="action-credits"),
    pytest.param([("action_spaces.contract_office.1.min_players", 5)], "action_spaces.contract_office[1].min_players",
                 "1..4", id="action-min-players"),
    pytest.param([("action_spaces.patent_office.0.engineers", 0)], "action_spaces.patent_office[0].engineers",
                 ">= 1", id="patent-engineers"),
    pytest.param([("energy_track.credit_thresholds", {0: 3, 2: 2, 1: 1, 4: 3})],
                 "energy_track.credit_thresholds.1", "keys increase", id="thresholds-not-increasing"),
    pytest.param([("energy_track.credit_thresholds.7", "four")], "energy_track.credit_thresholds.7", "integer",
                 id="threshold-not-int"),
    pytest.param([("energy_track.credit_thresholds.11", 6)], "energy_track.credit_thresholds.11",
                 "credits_at_scoring", id="thresholds-disagree-with-bands"),
]


@pytest.mark.parametrize(("edits", "key_path", "hint"), COMPONENT_CASES)
def test_corrupted_components_raise(data_dir: Path, edits: list, key_path: str, hint: str) -> None:
    for path, value in edits:
        edit(data_dir, "components.yaml", path, value)
    expect_data_error(lambda: load_components(data_dir), f"components.yaml: {key_path}: ", hint)


# --------------------------------------------------------------------------------------------------------
# map_base.yaml: one corrupted copy per class of error
# --------------------------------------------------------------------------------------------------------
MAP_CASES = [
    pytest.param([("river", DELETE)], "<top level>", "river", id="missing-top-level-key"),
    pytest.param([("name", "big")], "name", "'base'", id="name-mismatch"),
    pytest.param([("fidelity", "guessed")], "fidelity", "official, reconstructed, synthetic", id="fidelity"),
    pytest.param([("zones.5.area", "valley")], "zones.5.area", "mountain, hill, plain", id="zone-area"),
    pytest.param([("zones.5.dam_spaces.0.id", "B6U")], "zones.5.dam_spaces[0].id", "B5U, B5L", id="dam-id"),
    pytest.param([("zones.5.dam_spaces.1.position", "upper")], "zones.5.dam_spaces[1].position", "lower",
                 id="dam-position"),
    pytest.param([("zones.11.powerhouse_spaces.2.id", "P11_5")], "zones.11.powerhouse_spaces[2].id", "P11_2",
                 id="powerhouse-space-id"),
    pytest.param([("zones.3.conduits.1.production", 0)], "zones.3.conduits[1].production", "1..5",
                 id="conduit-production-low"),
    pytest.param([("zones.3.conduits.1.production", 6)], "zones.3.conduits[1].production", "1..5",
                 id="conduit-production-high"),
    pytest.param([("zones.1.conduits.0.build_cost_excavators", 9)], "zones.1.conduits[0].build_cost_excavators",
                 "2 x production", id="conduit-build-cost"),
    pytest.param([("zones.2.conduits.0.ends_at", "P1")], "zones.2.conduits[0].ends_at", "P5", id="conduit-end-dams"),
    pytest.param([("zones.2.conduits.0.ends_at", "P99")], "zones.2.conduits[0].ends_at", "P99",
                 id="conduit-end-unknown"),
    pytest.param([("river.B5L", "B9X")], "river.B5L", "does not exist", id="river-successor-missing"),
    pytest.param([("river.P5", "B55U"), ("river.B55U", "B5U")], "river.B55U", "unknown node",
                 id="river-unknown-node"),
    pytest.param([("headstreams", ["HA", "HB", "HC", "HC"])], "headstreams", "river roots",
                 id="headstream-duplicate"),
    pytest.param([("river.P12", "B10U")], "river.P12", "cycle B10U -> B10L -> P12 -> B10U", id="river-cycle"),
    pytest.param([("headstreams", ["HA", "HB", "HC"])], "headstreams", "river roots", id="headstream-missing"),
    pytest.param([("headstreams", ["HA", "HB", "HC", "HD", "HE"])], "headstreams", "river roots",
                 id="headstream-extra"),
    pytest.param([("river.B8U", DELETE), ("river.B8L", DELETE), ("river.P8", "P11")], "zones.8.dam_spaces",
                 "B8U is not on the river", id="dam-off-river"),
    pytest.param([("river.P9", DELETE), ("river.B5L", "B9U")], "zones.9.powerhouse_site",
                 "P9 is not on the river", id="powerhouse-site-off-river"),
    pytest.param([("exits", ["EXIT_L", "EXIT_R", "EXIT_X"])], "exits[2]", "never reached", id="exit-unused"),
    pytest.param([("neutral_dam_options.hill.spaces.0", "B5U")], "neutral_dam_options.hill.spaces[0]",
                 "lower dam space of a hill zone", id="neutral-upper-space"),
    pytest.param([("neutral_dam_options.plain.spaces.1", "B5L")], "neutral_dam_options.plain.spaces[1]",
                 "B8L, B9L, B10L", id="neutral-wrong-area"),
    pytest.param([("conduit_links.C1L.production", 4)], "conduit_links.C1L.production", "from zones",
                 id="conduit-links-drift"),
    pytest.param([("downstream_paths.HA.3", "P9")], "downstream_paths.HA", "from river", id="downstream-drift"),
    pytest.param([("space_counts.powerhouse_spaces", 22)], "space_counts.powerhouse_spaces", "23",
                 id="space-counts-drift"),
]


@pytest.mark.parametrize(("edits", "key_path", "hint"), MAP_CASES)
def test_corrupted_map_raises(data_dir: Path, edits: list, key_path: str, hint: str) -> None:
    for path, value in edits:
        edit(data_dir, "map_base.yaml", path, value)
    expect_data_error(lambda: load_map("base", data_dir), f"map_base.yaml: {key_path}: ", hint)


# --------------------------------------------------------------------------------------------------------
# files, names, YAML syntax
# --------------------------------------------------------------------------------------------------------
def test_yaml_syntax_error_names_file_and_line(data_dir: Path) -> None:
    line = replace_text(data_dir, "components.yaml", "{id: G3, bga_id: 202,", "{id: G3, bga_id: [202,")
    expect_data_error(lambda: load_components(data_dir), "components.yaml: ", f"line {line}, ", "invalid YAML")


def test_duplicate_yaml_key_is_an_error(data_dir: Path) -> None:
    line = replace_text(data_dir, "map_base.yaml", "  HA: B1U\n", "  HA: B1U\n  HA: B2U\n")
    expect_data_error(lambda: load_map("base", data_dir), "map_base.yaml: ", f"line {line + 1}, ",
                      "duplicate key 'HA'")


def test_top_level_must_be_a_mapping(data_dir: Path) -> None:
    (data_dir / "components.yaml").write_text("- just\n- a list\n", encoding="utf-8")
    expect_data_error(lambda: load_components(data_dir), "components.yaml: ", "mapping")


def test_missing_file(data_dir: Path) -> None:
    (data_dir / "components.yaml").unlink()
    expect_data_error(lambda: load_components(data_dir), "components.yaml: file not found")


@pytest.mark.parametrize("name", ["nope", "../data/components", "base.yaml"])
def test_unknown_map_lists_available_maps(name: str) -> None:
    expect_data_error(lambda: load_map(name), repr(name), "available maps: base, colorado, duel, five_player")


def test_new_map_file_is_discovered(data_dir: Path) -> None:
    shutil.copy(data_dir / "map_base.yaml", data_dir / "map_copy.yaml")
    assert available_maps(data_dir) == ["base", "colorado", "copy", "duel", "five_player"]
    expect_data_error(lambda: load_map("copy", data_dir), "map_copy.yaml: name: ", "expected 'copy'")


def test_messages_are_single_line() -> None:
    assert str(DataError("a\nb\n  c")) == "a b c"
    assert issubclass(DataError, BarrageError) and issubclass(ConfigError, BarrageError)
    assert "\n" not in str(ConfigError("line one\nline two"))


PROVENANCE_TAG = re.compile(r"\[(rule|bga|derived|inferred|placeholder)\b")


def _value_lines(text: str) -> list[str]:
    """The lines of a YAML data file that hold a value (`key: value` or `- key: value`), the file's identity keys
    (name, fidelity, source) excepted."""
    lines = []
    for line in text.splitlines():
        code = line.split("#", 1)[0]
        m = re.match(r"^\s*(?:-\s*)?([\w\"' ]+):\s*\S", code)
        if m and m.group(1).strip() not in ("name", "fidelity", "source"):
            lines.append(line)
    return lines


def test_RECON_01_reconstructed_files_carry_fidelity_and_a_provenance_per_value() -> None:
    """RECON-01: values missing from every source live in data files marked `fidelity: reconstructed` at file level,
    with a provenance tag (rule, bga, derived, inferred, placeholder) on every value; the official files (the base and
    5-player maps) say `fidelity: official`."""
    root = resources.files("sim") / "data"
    fidelity = {}
    for f in root.iterdir():
        if f.name.endswith(".yaml"):
            top = yaml.safe_load(f.read_text())
            if isinstance(top, dict) and "fidelity" in top:
                fidelity[f.name] = top["fidelity"]
    assert {n for n, v in fidelity.items() if v == "official"} == {"map_base.yaml", "map_five_player.yaml"}
    reconstructed = {n for n, v in fidelity.items() if v == "reconstructed"}
    assert reconstructed == {"colorado.yaml", "duel_board.yaml", "map_colorado.yaml", "map_duel.yaml", "promo.yaml"}
    assert set(fidelity.values()) == {"official", "reconstructed"}
    for name in sorted(reconstructed):
        values = _value_lines((root / name).read_text())
        assert len(values) >= 5, name
        untagged = [v for v in values if not PROVENANCE_TAG.search(v.split("#", 1)[1] if "#" in v else "")]
        assert untagged == [], f"{name}: value lines without a provenance tag: {untagged[:3]}"
