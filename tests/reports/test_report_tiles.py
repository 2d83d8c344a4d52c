"""Tile-level statistics (reports.tiles) on rows with planted effects: the observational table counts what the rows
say, an interaction planted for one company and objective is found (Holm) while the others are not, an ablation
that removes a company's edge narrows the spread, and shrinkage pulls combinations toward their mean."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports.tiles import (
    ablation_effects,
    ablation_spreads,
    combinations,
    interaction_effects,
    strongest_and_weakest,
    taken_by,
    taken_rounds,
    tile_effects,
)

COMPANIES = ("USA", "Germany", "Italy", "France")
OFFICERS = ("Wilhelm Adler", "Viktor Fiesler", "Jill McDowell", "Anton Krylov")
OBJECTIVES = ("paying_spaces", "best_area", "connections", "weakest_area", "basins_with_1", "basins_with_3")
BONUS = ("contracts", "bases", "elevations", "conduits", "powerhouses", "advanced_tiles")


def _rows(games: int, seed: int, strength: dict, removal_levels=("",), removal_strength=None) -> pd.DataFrame:
    """4-player games: random companies, officers, objective and bonus tiles (common to every removal level of a
    replicate); each seat wins by the largest latent score = strength + noise. L3_wild is bought by seats with a high
    latent score (selection) and has no effect of its own."""
    rng = np.random.default_rng(seed)
    records = []
    for rep in range(games):
        companies = rng.permutation(COMPANIES)
        officers = rng.permutation(OFFICERS)
        objective = OBJECTIVES[rng.integers(6)]
        bonus = ",".join(rng.permutation(BONUS)[:5])
        noise = rng.normal(size=4)
        for level in removal_levels:
            extra = (removal_strength or {}).get(level, {})
            score = np.array([strength.get(c, 0.0) + strength.get((c, objective), 0.0) + extra.get(c, 0.0)
                              for c in companies]) + noise
            winner = int(np.argmax(score))
            for seat in range(4):
                took = level != "L3_wild" and score[seat] > 0.8
                records.append({
                    "game": len(records) // 4, "replicate": rep, "players": 4, "seat": seat, "focal": seat == 0,
                    "cell": f"{companies[0]}+{officers[0]}", "company": companies[seat], "officer": officers[seat],
                    "strategy": "greedy", "turn_pos_r1": seat + 1, "setup": "full" if not level else f"full,remove={level}",
                    "remove_tiles": level, "objective": objective, "bonus_tiles": bonus, "headstream_tiles": "3,1,7,5",
                    "tiles": f"L3_wild@{1 + seat}" if took else "", "win": float(seat == winner),
                    "vp": 80.0 + 10 * score[seat]})
    return pd.DataFrame.from_records(records)


def test_observational_table_counts_the_rows_and_labels_selection():
    rows = _rows(1500, 1, {})
    table = tile_effects(rows).set_index("tile")
    took = rows["tiles"].str.startswith("L3_wild")
    assert table.loc["L3_wild", "taken"] == took.sum()
    assert table.loc["L3_wild", "taken_rate"] == took.mean()
    assert table.loc["L3_wild", "win_rate_with"] == rows.loc[took, "win"].mean()
    # no causal effect, but the buyers were the strong seats: the association is large and positive
    assert table.loc["L3_wild", "adjusted_effect"] > 0.2 and table.loc["L3_wild", "ci_low"] > 0
    assert np.isnan(table.loc["L1_base", "adjusted_effect"])          # nobody took it: no contrast
    by_round = taken_by(rows, "round").set_index("tile")
    assert by_round.loc["L3_wild"].sum() == 1.0
    rounds = taken_rounds(rows)
    assert (rounds[took.to_numpy(), 14] == rows.loc[took, "seat"].to_numpy() + 1).all()


def test_planted_company_objective_interaction_is_found_and_only_it():
    rows = _rows(3000, 2, {("Italy", "best_area"): 1.5})
    table = interaction_effects(rows)
    hit = table[(table["factor"] == "objective") & (table["level"] == "best_area") & (table["name"] == "Italy")]
    assert len(hit) == 1 and hit["effect"].iloc[0] > 0.2 and hit["p_holm"].iloc[0] < 0.05
    others = table[(table["who"] == "company") & (table["factor"] == "bonus_tile")]
    assert (others["p_holm"] > 0.05).all()                            # no bonus tile effect was planted
    assert {"objective", "bonus_tile"} == set(table["factor"])        # one headstream layout: no contrast


def test_ablation_that_removes_an_edge_narrows_the_spread():
    levels = ("", "L3_wild")
    rows = _rows(2000, 3, {"USA": 1.0}, levels, {"L3_wild": {"USA": -1.0}})
    spreads = ablation_spreads(rows, seed=1, draws=300).set_index(["who", "removed"])
    company = spreads.loc[("company", "L3_wild")]
    assert company["spread_kept"] > 0.25 and company["change"] < -0.15 and company["ci_high"] < 0
    effects = ablation_effects(rows)
    usa = effects[(effects["who"] == "company") & (effects["name"] == "USA")].iloc[0]
    assert usa["difference"] < -0.2 and usa["p_holm"] < 0.05
    officer = spreads.loc[("officer", "L3_wild")]
    assert officer["ci_low"] < 0 < officer["ci_high"] or abs(officer["change"]) < 0.05


def test_combinations_are_shrunk_toward_their_mean():
    rows = _rows(400, 4, {"France": 0.8})
    table = combinations(rows)
    mean = table["win_rate"].mean()
    assert ((table["shrunken_win_rate"] - mean).abs() <= (table["win_rate"] - mean).abs() + 1e-12).all()
    assert set(table["crossed_with"]) == {"objective"}
    extremes = strongest_and_weakest(table, k=3)
    assert list(extremes["end"]) == ["strongest"] * 3 + ["weakest"] * 3
    assert extremes["cell"].iloc[0].startswith("France")


def test_gains_and_losses_name_the_planted_winner():
    from reports.tiles import gains_and_losses

    table = gains_and_losses(interaction_effects(_rows(3000, 2, {("Italy", "best_area"): 1.5})))
    line = table[(table["factor"] == "objective") & (table["level"] == "best_area") & (table["who"] == "company")]
    assert line["gains_most"].tolist() == ["Italy"] and line["gain_p_holm"].iloc[0] < 0.05
    assert len(table) == 2 * (6 + 6)            # company and officer x (6 objectives + 6 bonus tiles)
