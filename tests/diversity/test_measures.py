"""Diversity measures against a hand-worked table and against direct references."""

import numpy as np
import pytest
from numpy.testing import assert_allclose
from sklearn.metrics import cohen_kappa_score

from ensemble_lab import diversity as dv

# 3 members x 10 samples (1 = member right). Worked by hand below.
ORACLE = np.array(
    [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 0],
        [1, 0, 1],
        [0, 1, 1],
        [1, 1, 0],
        [1, 0, 0],
        [0, 0, 1],
        [0, 1, 0],
        [0, 0, 0],
    ],
    dtype=bool,
)
# Pair tables (a both right, b first only, c second only, d both wrong):
#   (1,2): a=.4 b=.2 c=.2 d=.2     (1,3): a=.3 b=.3 c=.2 d=.2     (2,3): a=.3 b=.3 c=.2 d=.2
# Q12 = (.08-.04)/(.08+.04) = 1/3, Q13 = Q23 = (.06-.06)/.12 = 0          -> Q_av = 1/9
# rho12 = .04/sqrt(.6*.4*.6*.4) = 1/6, rho13 = rho23 = 0                 -> rho_av = 1/18
# Dis = .4, .5, .5 -> 7/15;  DF = .2, .2, .2 -> .2
# kappa12 = 2*.04/(.6*.4 + .6*.4) = 1/6, kappa13 = kappa23 = 0           -> 1/18
# Correct votes per sample l = 3,3,2,2,2,2,1,1,1,0 (L = 3, N = 10), p_bar = 17/30
# E = mean(min(l, 3-l)) / (3 - 2) = 7/10
# KW = sum l(3-l) / (N L^2) = 14/90 = 7/45
# kappa_IA = 1 - (14/3) / (10 * 2 * 17/30 * 13/30) = 11/221
# theta = Var(l/3) = 37/90 - (17/30)^2 = 81/900
# failures 3-l: p0=.2 p1=.4 p2=.3 p3=.1; p(1) = (.4+.6+.3)/3 = 13/30, p(2) = (2*.3+6*.1)/6 = .2
# GD = 1 - .2/(13/30) = 7/13;  CFD = (1*.4 + .5*.3)/(1-.2) = 11/16
HAND = {
    "q_statistic": 1 / 9,
    "correlation": 1 / 18,
    "disagreement": 7 / 15,
    "double_fault": 0.2,
    "kappa": 1 / 18,
    "entropy": 0.7,
    "kohavi_wolpert_variance": 7 / 45,
    "interrater_agreement": 11 / 221,
    "difficulty": 0.09,
    "generalized_diversity": 7 / 13,
    "coincident_failure_diversity": 11 / 16,
}
PAIRWISE = ["q_statistic", "correlation", "disagreement", "double_fault", "kappa"]


@pytest.mark.parametrize("name", sorted(HAND))
def test_measure_matches_hand_computation(name):
    assert_allclose(getattr(dv, name)(ORACLE), HAND[name], rtol=1e-12)


@pytest.mark.parametrize("name", sorted(HAND))
def test_measure_accepts_0_1_integers_and_lists(name):
    measure = getattr(dv, name)
    assert_allclose(measure(ORACLE.astype(int).tolist()), measure(ORACLE), rtol=1e-12)


def test_pairwise_matrix_hand_values():
    q = dv.pairwise_matrix(dv.q_statistic, ORACLE)
    assert_allclose(q[0, 1], 1 / 3)
    assert_allclose(q[[0, 1], [2, 2]], 0.0, atol=1e-15)
    assert_allclose(q, q.T)
    dis = dv.pairwise_matrix("disagreement", ORACLE)
    assert_allclose(dis, [[0, 0.4, 0.5], [0.4, 0, 0.5], [0.5, 0.5, 0]], atol=1e-15)


def _loop_reference(oracle, name):
    """Direct per-pair computation from counts, as in the paper's Table 1."""
    n_members = oracle.shape[1]
    out = np.full((n_members, n_members), np.nan)
    for i in range(n_members):
        for k in range(n_members):
            x, z = oracle[:, i], oracle[:, k]
            a, b = np.mean(x & z), np.mean(x & ~z)
            c, d = np.mean(~x & z), np.mean(~x & ~z)
            if name == "q_statistic" and a * d + b * c > 0:
                out[i, k] = (a * d - b * c) / (a * d + b * c)
            elif name == "correlation" and x.std() > 0 and z.std() > 0:
                out[i, k] = np.corrcoef(x, z)[0, 1]
            elif name == "disagreement":
                out[i, k] = b + c
            elif name == "double_fault":
                out[i, k] = d
            elif name == "kappa" and i != k:
                out[i, k] = cohen_kappa_score(x, z)
    return out


@pytest.mark.parametrize("name", PAIRWISE)
def test_pairwise_matrix_matches_loop_reference(name):
    rng = np.random.default_rng(0)
    oracle = rng.random((200, 7)) < np.linspace(0.55, 0.9, 7)
    got = dv.pairwise_matrix(name, oracle)
    ref = _loop_reference(oracle, name)
    off = ~np.eye(7, dtype=bool)
    assert_allclose(got[off], ref[off], rtol=1e-10, atol=1e-12)
    assert_allclose(getattr(dv, name)(oracle), np.mean(ref[np.triu_indices(7, 1)]), rtol=1e-10)


def test_known_identities_between_measures():
    rng = np.random.default_rng(1)
    oracle = rng.random((300, 9)) < 0.7
    n_members = oracle.shape[1]
    d_av = dv.disagreement(oracle)
    p_bar = oracle.mean()
    # Kuncheva & Whitaker (2003): KW = (L-1)/(2L) D_av and kappa = 1 - D_av / (2 p(1-p)).
    assert_allclose(dv.kohavi_wolpert_variance(oracle), (n_members - 1) / (2 * n_members) * d_av)
    assert_allclose(dv.interrater_agreement(oracle), 1 - d_av / (2 * p_bar * (1 - p_bar)))
    # |rho| <= |Q| pair by pair.
    q = dv.pairwise_matrix("q_statistic", oracle)
    rho = dv.pairwise_matrix("correlation", oracle)
    assert np.all(np.abs(rho) <= np.abs(q) + 1e-12)


def test_extreme_ensembles():
    identical = np.repeat(np.array([[1], [0], [1], [1]], dtype=bool), 4, axis=1)
    assert dv.q_statistic(identical) == pytest.approx(1.0)
    assert dv.disagreement(identical) == 0.0
    assert dv.entropy(identical) == 0.0
    assert dv.generalized_diversity(identical) == pytest.approx(0.0)
    # Three members, each wrong on a different third and never together: maximal diversity.
    spread = ~np.eye(3, dtype=bool)
    assert dv.coincident_failure_diversity(spread) == pytest.approx(1.0)
    assert dv.generalized_diversity(spread) == pytest.approx(1.0)
    assert dv.coincident_failure_diversity(np.ones((5, 3), dtype=bool)) == 0.0
    assert np.isnan(dv.generalized_diversity(np.ones((5, 3), dtype=bool)))


def test_undefined_pairs_are_left_out_of_the_average():
    # Members 1 and 2 are never wrong: Q is 0/0 for pairs involving both-perfect tables.
    oracle = np.array([[1, 1, 1], [1, 1, 0], [1, 1, 1], [1, 1, 0]], dtype=bool)
    q = dv.pairwise_matrix("q_statistic", oracle)
    assert np.isnan(q[0, 1]) and np.isnan(q[0, 2])
    assert np.isnan(dv.q_statistic(oracle))
    assert dv.disagreement(oracle) == pytest.approx((0 + 0.5 + 0.5) / 3)


@pytest.mark.parametrize(
    ("oracle", "match"),
    [
        (np.ones(5, dtype=bool), "2-d"),
        (np.ones((5, 1), dtype=bool), "at least 2"),
        (np.full((3, 2), 2), "booleans or 0/1"),
        (np.ones((0, 3), dtype=bool), "no samples"),
    ],
)
def test_bad_oracle_is_rejected(oracle, match):
    with pytest.raises(ValueError, match=match):
        dv.q_statistic(oracle)


def test_pairwise_matrix_rejects_non_pairwise_measure():
    with pytest.raises(ValueError, match="unknown pairwise measure"):
        dv.pairwise_matrix(dv.entropy, ORACLE)
