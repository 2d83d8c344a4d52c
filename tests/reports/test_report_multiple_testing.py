"""Holm and Benjamini-Hochberg adjusted p-values against hand computations."""

from __future__ import annotations

import numpy as np
import pytest

from reports.multiple_testing import benjamini_hochberg, holm

# Sorted: 0.005, 0.01, 0.03, 0.04 (m = 4).
P_VALUES = np.array([0.01, 0.04, 0.03, 0.005])


def test_holm_by_hand() -> None:
    # 4 * 0.005 = 0.02; 3 * 0.01 = 0.03; 2 * 0.03 = 0.06; 1 * 0.04 = 0.04 -> running max keeps 0.06.
    assert holm(P_VALUES) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_benjamini_hochberg_by_hand() -> None:
    # 4/1 * 0.005 = 0.02; 4/2 * 0.01 = 0.02; 4/3 * 0.03 = 0.04; 4/4 * 0.04 = 0.04; running min from the top.
    assert benjamini_hochberg(P_VALUES) == pytest.approx([0.02, 0.04, 0.04, 0.02])


def test_step_up_minimum_and_cap_at_one_by_hand() -> None:
    p = np.array([0.2, 0.5, 0.04, 0.9, 0.6])
    # Sorted 0.04, 0.2, 0.5, 0.6, 0.9. Holm: 0.2, 0.8, 1.5->1, 1.2->1, 0.9 -> running max 0.2, 0.8, 1, 1, 1.
    assert holm(p) == pytest.approx([0.8, 1.0, 0.2, 1.0, 1.0])
    # BH: 0.2, 0.5, 0.8333, 0.75, 0.9 -> running min from the top: 0.2, 0.5, 0.75, 0.75, 0.9.
    assert benjamini_hochberg(p) == pytest.approx([0.5, 0.75, 0.2, 0.9, 0.75])


def test_ties_and_a_single_test() -> None:
    assert holm(np.array([0.01, 0.01])) == pytest.approx([0.02, 0.02])
    assert benjamini_hochberg(np.array([0.01, 0.01])) == pytest.approx([0.01, 0.01])
    assert holm(np.array([0.3])) == pytest.approx([0.3])
    assert benjamini_hochberg(np.array([0.3])) == pytest.approx([0.3])


def test_holm_and_bh_agree_with_statsmodels() -> None:
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(4)
    for m in (1, 2, 5, 28, 112):
        p = rng.random(m) ** 3
        assert holm(p) == pytest.approx(multipletests(p, method="holm")[1], abs=1e-15)
        assert benjamini_hochberg(p) == pytest.approx(multipletests(p, method="fdr_bh")[1], abs=1e-15)
