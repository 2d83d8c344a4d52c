"""`barrage view` (issue #36): the viewer document of a game -- its readable events and, with each, the position the
board shows -- and the command's files and one-line errors. The page itself in a browser: tests/test_view_browser.py
(slow)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from experiments.cli import main
from experiments.play import play_game
from experiments.view import _shown, view_new_game
from reports.viewer import render_viewer
from reports.viewer.frames import decode
from sim.config import GameConfig
from sim.game import Game

ROOT = Path(__file__).resolve().parent.parent
# A 4-player game with a level-4 Automa Mahiri: its opponents' first actions are chosen by the Automa procedure
# (AUTOMA-66), a position the engine marks on the player's seat.
CONFIG = GameConfig(players=4, officers=("Viktor Fiesler", "Mahiri Sekibo", "Wilhelm Adler", "Jill McDowell"))
SEED = 5
BOTS = ["greedy", "automa:level=4", "greedy", "random"]
MAX_FILE_BYTES = 2_000_000       # issue #36: a 4-player game's viewer is < 2 MB
PHASES = ["income", "actions", "water_flow", "scoring", "end_of_round", "over"]


def _json(value):
    """A document as the page reads it (JSON turns the wheel's integer segment keys into strings)."""
    return json.loads(json.dumps(value))


@pytest.fixture(scope="module")
def viewed() -> tuple[dict, Game]:
    """The viewer document of the game and the same game played as `barrage play` plays it."""
    return view_new_game(CONFIG, SEED, BOTS), play_game(CONFIG, SEED, BOTS)


def test_every_decision_is_shown_in_the_position_it_was_taken_in(viewed) -> None:
    """The position at the event before the (K+1)-th move event is the game after K moves (Game.replay), for every
    K; the last event shows the final position. Positions are snapshots less bookkeeping (docs/scenarios.md)."""
    doc, played = viewed
    assert len(doc["moves"]) == len(played.moves)
    replayed = Game.new(played.config, SEED)
    for k, move in enumerate(played.moves):
        event = doc["events"][doc["moves"][k] - 1]
        assert _json(decode(doc["frames"], event["f"])) == _json(_shown(replayed.snapshot())), f"before move {k}"
        replayed.play(move)
    assert _json(decode(doc["frames"], doc["events"][-1]["f"])) == _json(_shown(played.snapshot()))


def test_the_events_are_the_readable_log_and_the_automa_turns_carry_their_cards(viewed) -> None:
    doc, played = viewed
    assert [e["t"] for e in doc["events"]] == played.log
    turns = [e for e in doc["events"] if e["k"] == "automa_turn"]
    assert any(e["proxy"] for e in turns) and any(not e["proxy"] for e in turns)      # AUTOMA-10, AUTOMA-66
    for e in turns:
        assert f"card {e['card']} (criteria card {e['criteria']})" in e["t"]
        assert all(f"entry {n} " in e["t"] for n in e["entries"])
    cards = doc["catalog"]["automa_cards"]
    assert sorted(cards, key=int) == [str(n) for n in range(1, 21)]
    assert cards["1"]["actions"][0] == "produce, engineers 1, bonus -2, needs contract green"
    assert cards["1"]["criteria"][-1] == "headstream preference: A > B > C > D"


def test_drops_follow_the_river_to_the_dam_that_holds_them_or_an_exit(viewed) -> None:
    """WATER-04..07: each drop's nodes are consecutive river nodes; the last holds it (a dam) or is an exit."""
    doc, _ = viewed
    river, exits = doc["map"]["river"], set(doc["map"]["exits"])
    drops = [e for e in doc["events"] if e["k"] == "drop"]
    assert drops
    for e in drops:
        nodes = e["nodes"]
        assert all(river[a] == b for a, b in zip(nodes, nodes[1:])), nodes
        held = re.search(r"held by (\S+) \[", e["t"])
        assert nodes[-1] == (held.group(1) if held else nodes[-1]) and (held or nodes[-1] in exits), e["t"]
    assert any(e["nodes"][-1] in exits for e in drops) and any(e["nodes"][-1] not in exits for e in drops)


def test_marks_scores_and_result(viewed) -> None:
    doc, played = viewed
    events, marks = doc["events"], doc["marks"]
    assert [events[k]["r"] for k in marks["round"]] == [0, 1, 2, 3, 4, 5]
    turns = [events[k] for k in marks["turn"]]                     # TURN-01, AUTOMA-08/10
    assert {"move", "automa_turn"} <= {e["k"] for e in turns} <= {"move", "automa_turn", "automa_pass"}
    assert all(e["decision"] == "choose an action" for e in turns if e["k"] == "move")
    assert len(turns) == sum(e["k"] == "move" and e["decision"] == "choose an action" or e["k"] == "automa_turn"
                             or e["k"] == "automa_pass" for e in events)
    mains = [k for k, e in enumerate(events) if e["k"] == "move" and e["decision"] == "choose an action"]
    assert len(mains) > 40 and set(mains) <= set(marks["turn"])
    phases = [(events[k]["r"], events[k]["p"]) for k in marks["phase"]]
    assert phases[0] == (0, "setup") and len(set(phases)) == len(phases)
    for r in range(1, 6):            # ROUND-02: each round's phases in order (a Water Flow without drops logs nothing)
        order = [PHASES.index(p) for rr, p in phases if rr == r]
        assert order == sorted(order) and order[:2] == [0, 1], (r, phases)
    result = played.result()
    assert [s["round"] for s in doc["round_scores"]] == [1, 2, 3, 4, 5]
    assert doc["round_scores"][-1]["vp"] == [r.vp for r in result]
    for score in doc["round_scores"]:                   # SCORE-01: the VP after the round's scoring
        position = decode(doc["frames"], events[score["event"]]["f"])
        assert score["vp"] == [c["vp"] for c in position["companies"]]
    assert doc["result"] == [{"seat": r.seat, "vp": r.vp, "rank": r.rank, "win": r.win,
                              "vp_by_source": r.vp_by_source} for r in result]
    assert [(s["strategy"], s["automa"]) for s in doc["seats"]] == [(b, 4 if b.startswith("automa") else 0)
                                                                    for b in BOTS]
    assert doc["pieces"] == [{"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}] * 4   # SETUP-20


def test_the_catalog_names_contracts_incomes_and_spaces_as_the_data(viewed) -> None:
    doc, _ = viewed
    catalog = doc["catalog"]
    assert catalog["contracts"]["S1"] == {"colour": "starting", "requirement": 3, "reward": "+2 Credits, +2 energy"}
    assert catalog["incomes"]["USA"]["base"] == [{"piece": 2, "reward": "1 rotate wheel"},          # INCOME-04
                                                  {"piece": 4, "reward": "+6 Credits"},
                                                  {"piece": 5, "reward": "+7 VP"}]
    assert catalog["spaces"][1] == {"id": "turbine_p2_R", "kind": "turbine", "param": 2, "engineers": 3,
                                    "credits": 3}
    assert len(catalog["spaces"]) == 35 and catalog["credits_by_energy"][:4] == [3, 1, 2, 2]
    assert doc["map"]["fidelity"] == "official" and doc["map"]["blocked"] == []


def test_a_4_player_file_is_self_contained_and_under_2_mb(viewed) -> None:
    doc, _ = viewed
    page = render_viewer(doc)
    assert len(page.encode("utf-8")) < MAX_FILE_BYTES
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)     # nothing loaded from a network
    assert page.count("<script") == 3 and "</script>" not in page.split('id="view-data">')[1].split("</script>")[0]
    assert 'data-dam="B1U"' in page and 'data-headstream="HD"' in page and 'data-powerhouse="P12_3"' in page


@pytest.mark.parametrize(("config", "seed", "bots"), [
    (GameConfig(players=2, map="duel", duel=True), 3, ["greedy", "greedy"]),
    (GameConfig(players=2, expansions=("colorado",)), 4, ["greedy", "greedy"]),
    (GameConfig(players=2, expansions=("leeghwater", "geological")), 5, ["greedy", "greedy"]),
    (GameConfig(players=4, map="five_player"), 6, ["greedy", "automa:level=3"] * 2),
], ids=["duel", "colorado", "leeghwater-geological", "five-player"])
def test_every_map_and_variant_shows_the_games_positions(config, seed, bots) -> None:
    """Duel (blocked spaces), Colorado, Leeghwater + geological, the five-player map with Automas: the position
    before the middle decision and the final position are the game's."""
    doc = view_new_game(config, seed, bots)
    played = play_game(config, seed, bots)
    assert doc["game"]["map_fidelity"] == played.info.map_fidelity == doc["map"]["fidelity"]
    assert _json(decode(doc["frames"], doc["events"][-1]["f"])) == _json(_shown(played.snapshot()))
    half = len(played.moves) // 2
    middle = doc["events"][doc["moves"][half] - 1]["f"]
    assert _json(decode(doc["frames"], middle)) == _json(_shown(Game.replay(played.config, seed,
                                                                             played.moves[:half]).snapshot()))
    assert len(doc["map"]["blocked"]) == (6 if config.map == "duel" else 0)   # DUEL-PREP-05; none on 8 here
    assert len(render_viewer(doc).encode("utf-8")) < MAX_FILE_BYTES


# -- the command ------------------------------------------------------------------------------------------------
def _cli(capsys, *args) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main([str(a) for a in args])
    captured = capsys.readouterr()
    return exit_info.value.code, captured.out, captured.err


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    """A small tournament whose report flags greedy stronger and random weaker (greedy beats random)."""
    out = tmp_path_factory.mktemp("view") / "results"
    p = subprocess.run([sys.executable, "-m", "experiments", "tournament", "-s", "greedy,random", "-p", "2",
                        "--games", "24", "--seed", "1", "--out", str(out), "-q"], cwd=ROOT, capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    return out


@pytest.mark.parametrize(("args", "needles"), [
    (["{results}", "--game", "99", "--out", "{tmp}/x.html"], ["no game 99 in", "(24 games stored)"]),
    (["{tmp}/missing", "--game", "1", "--out", "{tmp}/x.html"], ["RESULTS_DIR:", "is not a directory"]),
    (["{tmp}", "--game", "1", "--out", "{tmp}/x.html"], ["has no manifest.json"]),
    (["{results}", "--out", "{tmp}/x.html"], ["either --game N or --seed S"]),
    (["{results}", "--game", "1", "--out", "{tmp}/x.txt"], ["--out:", "does not end in .html"]),
    (["{results}", "--game", "1", "--out", "{tmp}/no/x.html"], ["--out: the directory", "does not exist"]),
    (["{results}", "--game", "1", "--players", "3", "--out", "{tmp}/x.html"], ["--players: set up a new game"]),
    (["{results}", "--game", "1", "--map", "duel", "--intro", "--out", "{tmp}/x.html"],
     ["--intro, --map: set up a new game", "drop them"]),
    (["--out", "{tmp}/x.html"], ["give RESULTS_DIR with --game N", "--seed S for a new game"]),
    (["--seed", "1", "--game", "2", "--out", "{tmp}/x.html"], ["--game: chooses a game of RESULTS_DIR"]),
    (["--seed", "1", "--strategies", "nobot", "--out", "{tmp}/x.html"], ["nobot"]),
], ids=["unknown-game", "missing-dir", "no-manifest", "no-game", "not-html", "no-out-dir", "new-game-option",
        "new-game-options", "nothing", "game-without-results", "unknown-bot"])
def test_bad_input_is_one_line_and_writes_nothing(args, needles, results, tmp_path, capsys) -> None:
    args = [a.format(results=results, tmp=tmp_path) for a in args]
    code, out, err = _cli(capsys, "view", *args)
    assert code == 2 and out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert all(n in lines[0] for n in needles), lines[0]
    assert not list(tmp_path.glob("*.html")) and not list(tmp_path.glob(".*tmp*"))


def test_a_stored_game_and_the_reports_example_games(results, tmp_path, capsys) -> None:
    """The report lists, per flagged cell, the command of a won and of a lost game; running it writes the viewer of
    that game, replayed and checked against the stored VP, whose seat won (or lost) as listed."""
    code, out, err = _cli(capsys, "report", results, "--out", tmp_path / "report")
    assert code == 0, err
    examples = pd.read_csv(tmp_path / "report" / "tables" / "example_games.csv", comment="#")
    assert set(zip(examples["cell"], examples["verdict"])) == {("greedy", "stronger"), ("random", "weaker")}
    first = examples.iloc[0]
    assert first["command"] == f"barrage view {results} --game {first['game']} --out game-{first['game']}.html"
    page = tmp_path / "game.html"
    code, out, err = _cli(capsys, "view", results, "--game", first["game"], "--out", page, "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["out"] == str(page) and summary["bytes"] == page.stat().st_size
    assert summary["source"] == {"results": str(results), "game": int(first["game"]), "setup": "full",
                                 "command": f"barrage view {results} --game {first['game']}"}
    seat = summary["result"][int(first["seat"])]
    assert (seat["win"] == 1) == (first["outcome"] == "won") and seat["vp"] == first["vp"]
    assert summary["seats"][int(first["seat"])]["strategy"] == first["cell"]
    assert "<svg id=\"board\"" in page.read_text(encoding="utf-8")


def test_a_new_game_by_seed_writes_the_default_file(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = _cli(capsys, "view", "--seed", "9", "--players", "2", "--variant", "duel", "--strategies",
                          "greedy,random")
    assert code == 0, err
    assert "viewer written to seed-9.html" in out
    text = (tmp_path / "seed-9.html").read_text(encoding="utf-8")
    assert "reconstructed data, not the printed board (RECON-06)" in text and 'class="blocked"' in text
