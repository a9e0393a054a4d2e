"""Tests for the critical-difference diagram and its clique computation."""

import itertools

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from ensemble_lab.evaluation import stats
from ensemble_lab.reporting.plots import cd_cliques, plot_critical_difference

# Demšar (2006), JMLR 7, Section 3.2.2 and Figure 1(a): average ranks of the four
# C4.5 variants of Table 6 over N = 14 data sets.
DEMSAR_RANKS = {"C4.5": 3.143, "C4.5+m": 2.000, "C4.5+cf": 2.893, "C4.5+m+cf": 1.964}


def test_cliques_demsar_figure_1():
    # At p = 0.10 (CD = 1.12) Figure 1(a) connects two groups: C4.5+m+cf, C4.5+m
    # and C4.5+cf; and C4.5+cf with C4.5 ("we cannot tell which group C4.5+cf
    # belongs to"). C4.5 is significantly worse than C4.5+m and C4.5+m+cf.
    cd = stats.nemenyi_cd(4, 14, alpha=0.10)
    assert cd_cliques(DEMSAR_RANKS, cd) == [
        ("C4.5+m+cf", "C4.5+m", "C4.5+cf"),
        ("C4.5+cf", "C4.5"),
    ]
    # At 0.05 (CD = 1.25) even the best and the worst are not told apart.
    assert cd_cliques(DEMSAR_RANKS, stats.nemenyi_cd(4, 14).cd) == [
        ("C4.5+m+cf", "C4.5+m", "C4.5+cf", "C4.5")
    ]


def brute_force_cliques(ranks, cd):
    """All maximal sets of methods whose ranks pairwise differ by less than cd."""
    names = list(ranks)
    sets = [
        set(group)
        for size in range(2, len(names) + 1)
        for group in itertools.combinations(names, size)
        if all(abs(ranks[a] - ranks[b]) < cd for a, b in itertools.combinations(group, 2))
    ]
    return {frozenset(s) for s in sets if not any(s < other for other in sets)}


@pytest.mark.parametrize("seed", range(20))
def test_cliques_match_brute_force(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 9))
    ranks = {f"m{i}": float(v) for i, v in enumerate(np.round(rng.uniform(1, k, k), 1))}
    cd = float(rng.uniform(0.3, 3.0))
    cliques = cd_cliques(ranks, cd)
    assert {frozenset(c) for c in cliques} == brute_force_cliques(ranks, cd)
    for clique in cliques:  # each group is listed from the best rank
        assert [ranks[m] for m in clique] == sorted(ranks[m] for m in clique)


def test_cliques_none_when_all_differ():
    assert cd_cliques({"a": 1.0, "b": 2.0, "c": 3.0}, 0.5) == []


@pytest.mark.parametrize(
    ("ranks", "cd", "match"),
    [({}, 1.0, "empty"), ({"a": float("nan"), "b": 1.0}, 1.0, "finite"), ({"a": 1.0}, 0, "cd")],
)
def test_cliques_bad_input(ranks, cd, match):
    with pytest.raises(ValueError, match=match):
        cd_cliques(ranks, cd)


def _thick_lines(ax):
    return [line for line in ax.get_lines() if line.get_linewidth() >= 4]


def test_plot_demsar_example():
    cd = stats.nemenyi_cd(4, 14, alpha=0.10)
    fig, ax = plt.subplots()
    try:
        out = plot_critical_difference(DEMSAR_RANKS, cd, ax=ax, title="Nemenyi, p = 0.10")
        assert out is ax
        texts = [t.get_text().strip() for t in ax.texts]
        for name, rank in DEMSAR_RANKS.items():
            assert f"{name} ({rank:.2f})" in texts
        assert "CD" in texts
        # One thick line per group, spanning its best to its worst rank.
        spans = sorted((min(line.get_xdata()), max(line.get_xdata())) for line in _thick_lines(ax))
        np.testing.assert_allclose(
            spans, [(1.964 - 0.03, 2.893 + 0.03), (2.893 - 0.03, 3.143 + 0.03)]
        )
        # Rank 1 on the right, as in the paper.
        assert ax.xaxis_inverted()
        fig.canvas.draw()
    finally:
        plt.close(fig)


def test_plot_creates_figure_and_orientation():
    ranks = stats.average_ranks(np.random.default_rng(0).uniform(size=(10, 6))).average
    ranks.index = [f"method {i}" for i in range(6)]
    ax = plot_critical_difference(ranks, 1.0, best_on_right=False)
    try:
        assert not ax.xaxis_inverted()
        assert len(_thick_lines(ax)) == len(cd_cliques(ranks, 1.0))
        ax.figure.canvas.draw()
    finally:
        plt.close(ax.figure)
