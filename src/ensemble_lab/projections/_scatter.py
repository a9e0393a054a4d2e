"""Scatter matrices of supervised linear projections, their regularisation, and the solve.

Everything the projections of García-Osorio & García-Pedrajas (2008) share:

* the parametric scatters of LDA/HDA (between-class, within-class, total covariance);
* the nonparametric scatters of Fukunaga & Mantock's NDA in the multi-class form of
  Kuo & Landgrebe (Eqs. (1)–(3) of the paper);
* the regularised within-class scatter of Kuo et al. (Eq. (4)), used when the data have
  fewer than four instances per dimension;
* the generalised symmetric eigenproblem that turns a (numerator, denominator) pair of
  scatters into projection directions.

All functions take integer-coded labels and optional non-negative sample weights; a
weight acts as a multiplicity in the parametric scatters and as a factor on an
instance's own term in the nonparametric ones.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import scipy.linalg
from joblib import Parallel, delayed
from scipy.spatial.distance import cdist
from sklearn.neighbors import BallTree, KDTree

__all__ = [
    "ParametricScatter",
    "boundary_weight",
    "canonical_order",
    "class_scatter",
    "discriminant_directions",
    "needs_regularization",
    "nonparametric_scatter",
    "regularized_within_scatter",
]

#: Mixing weights (a, b, c) of Eq. (4); the paper uses a = b = c = 0.33.
PAPER_MIX: tuple[float, float, float] = (1 / 3, 1 / 3, 1 / 3)

#: Query × reference pairs up to which neighbours come from one dense distance matrix.
DENSE_NEIGHBOUR_PAIRS = 2**20

#: Dimension above which a ball tree replaces the k-d tree.
KD_TREE_MAX_DIMENSION = 16

#: Instances per dimension below which the paper regularises the within-class scatter.
SAMPLES_PER_DIMENSION = 4


class ParametricScatter(NamedTuple):
    """Weighted mean and the three parametric scatter matrices of a labelled sample."""

    mean: np.ndarray
    between: np.ndarray
    within: np.ndarray
    total: np.ndarray


def _normalised_weights(n_samples: int, sample_weight: np.ndarray | None) -> np.ndarray:
    if sample_weight is None:
        return np.full(n_samples, 1.0 / n_samples)
    sample_weight = np.asarray(sample_weight, dtype=float)
    return sample_weight / sample_weight.sum()


def class_scatter(
    X: np.ndarray, y: np.ndarray, sample_weight: np.ndarray | None = None
) -> ParametricScatter:
    """Between-class, within-class and total scatter, with class priors from the data.

    ``between = Σ_i P_i (m_i − m)(m_i − m)ᵀ``, ``within = Σ_i P_i Σ_i`` (Σ_i the biased
    covariance of class i) and ``total = between + within``, the biased covariance of
    the whole sample. Priors, means and covariances are weighted by ``sample_weight``.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
        Integer class codes.
    sample_weight : ndarray of shape (n_samples,), default=None

    Returns
    -------
    ParametricScatter
    """
    p = _normalised_weights(X.shape[0], sample_weight)
    mean = p @ X
    codes, y = np.unique(y, return_inverse=True)
    priors = np.bincount(y, weights=p, minlength=codes.size)
    class_means = (np.eye(codes.size)[y] * p[:, None]).T @ X / priors[:, None]
    centred = X - class_means[y]
    within = (centred * p[:, None]).T @ centred
    offsets = class_means - mean
    between = (offsets * priors[:, None]).T @ offsets
    return ParametricScatter(mean, between, within, between + within)


def boundary_weight(d_same: np.ndarray, d_other: np.ndarray, alpha: float) -> np.ndarray:
    """Fukunaga–Mantock weight ``min{d_s^α, d_o^α} / (d_s^α + d_o^α)`` (Eq. (3)).

    Close to ½ near the class boundary (both k-NN distances alike) and close to 0 far
    from it. Computed as ``r^α / (1 + r^α)`` with ``r = min/max`` so that large ``α``
    does not overflow. Two zero distances give ½ (the limit along ``d_s = d_o``); a
    missing same-class distance (NaN: the instance is alone in its class) also gives ½,
    the weight of an instance whose two neighbourhoods cannot be told apart.
    """
    d_same = np.asarray(d_same, dtype=float)
    d_other = np.asarray(d_other, dtype=float)
    lo = np.minimum(d_same, d_other)
    hi = np.maximum(d_same, d_other)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(hi > 0, lo / np.where(hi > 0, hi, 1.0), 1.0)
    powered = ratio**alpha
    weight = powered / (1.0 + powered)
    return np.where(np.isnan(d_same) | np.isnan(d_other), 0.5, weight)


def _kneighbors(
    reference: np.ndarray, queries: np.ndarray, k: int, n_jobs: int | None
) -> tuple[np.ndarray, np.ndarray]:
    """Distances and indices of the k nearest ``reference`` points of every query, sorted.

    Small problems use one dense distance matrix (exact, no tree or thread start-up
    cost); larger ones a k-d tree (a ball tree in more than 16 dimensions), queried in
    ``n_jobs`` chunks on threads. Never quadratic in Python.
    """
    if queries.shape[0] * reference.shape[0] <= DENSE_NEIGHBOUR_PAIRS:
        dist = cdist(queries, reference)
        ind = np.argpartition(dist, k - 1, axis=1)[:, :k]
        near = np.take_along_axis(dist, ind, axis=1)
        order = np.argsort(near, axis=1, kind="stable")
        return np.take_along_axis(near, order, axis=1), np.take_along_axis(ind, order, axis=1)
    tree_class = KDTree if reference.shape[1] <= KD_TREE_MAX_DIMENSION else BallTree
    tree = tree_class(reference)
    n_chunks = max(1, min(abs(n_jobs or 1), queries.shape[0]))
    chunks = np.array_split(np.arange(queries.shape[0]), n_chunks)
    parts = Parallel(n_jobs=n_chunks, prefer="threads")(
        delayed(tree.query)(queries[chunk], k=k) for chunk in chunks
    )
    return np.vstack([d for d, _ in parts]), np.vstack([i for _, i in parts])


def _drop_self(dist: np.ndarray, ind: np.ndarray, own: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Remove each query point from its own neighbour list (k+1 → k columns).

    With duplicated points the query may not be listed among its own neighbours; the
    farthest neighbour is dropped instead, which leaves the same k distances.
    """
    remove = ind == own[:, None]
    remove[~remove.any(axis=1), -1] = True
    keep = ~remove
    k = dist.shape[1] - 1
    return dist[keep].reshape(-1, k), ind[keep].reshape(-1, k)


def nonparametric_scatter(
    X: np.ndarray,
    y: np.ndarray,
    *,
    k: int = 3,
    alpha: float = 1.0,
    sample_weight: np.ndarray | None = None,
    n_jobs: int | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Nonparametric between- and within-class scatter of NDA (Eqs. (1)–(3)).

    For every instance x of class i and every class j, ``M_j^k(x)`` is the mean of its k
    nearest neighbours in class j (x itself excluded when j = i) and ``d_j(x)`` the
    distance to the k-th of them. Then

    * ``between = Σ_i P(ω_i) Σ_{j≠i} Σ_{x∈i} w^{(i,j)}(x)/N_i (x − M_j^k(x))(x − M_j^k(x))ᵀ``
      with ``w^{(i,j)} = boundary_weight(d_i(x), d_j(x), α)``: every ordered pair of
      classes (i, j ≠ i) contributes, which is Kuo & Landgrebe's multi-class form of
      Fukunaga & Mantock's two-class matrix;
    * ``within = Σ_i P(ω_i) Σ_{x∈i} w^{(i,i)}(x)/N_i (x − M_i^k(x))(x − M_i^k(x))ᵀ``, where
      Eq. (3) with j = i is the constant ½.

    ``P(ω_i)/N_i`` generalises to ``s(x)/Σ s`` with sample weights ``s``. A class with
    fewer than k (other) members uses all of them. An instance alone in its class has no
    within-class term and between-class weight ½.

    Neighbours of each class are found for all instances at once — from a dense distance
    matrix for small classes, a k-d (or ball) tree otherwise (no loop over instances).

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
        Class codes.
    k : int, default=3
        Number of nearest neighbours.
    alpha : float, default=1.0
        Exponent of the distances in the weight, in [0, ∞).
    sample_weight : ndarray of shape (n_samples,), default=None
        Positive weights (drop zero-weight instances before calling).
    n_jobs : int, default=None
        Parallel jobs of the neighbour queries.

    Returns
    -------
    between, within : ndarray of shape (n_features, n_features)
    """
    n_samples, n_features = X.shape
    coef = _normalised_weights(n_samples, sample_weight)
    codes = np.unique(y)
    same_dist = np.full(n_samples, np.nan)
    same_mean = np.zeros_like(X, dtype=float)
    other_terms = []
    for code in codes:
        members = np.flatnonzero(y == code)
        X_class = X[members]
        if members.size >= 2:
            k_same = min(k, members.size - 1)
            dist, ind = _kneighbors(X_class, X_class, k_same + 1, n_jobs)
            dist, ind = _drop_self(dist, ind, np.arange(members.size))
            same_dist[members] = dist[:, -1]
            same_mean[members] = X_class[ind].mean(axis=1)
        others = np.flatnonzero(y != code)
        if others.size:
            dist, ind = _kneighbors(X_class, X[others], min(k, members.size), n_jobs)
            other_terms.append((others, dist[:, -1], X_class[ind].mean(axis=1)))
    between = np.zeros((n_features, n_features))
    for others, d_other, neighbour_mean in other_terms:
        weight = coef[others] * boundary_weight(same_dist[others], d_other, alpha)
        diff = X[others] - neighbour_mean
        between += (diff * weight[:, None]).T @ diff
    has_same = ~np.isnan(same_dist)
    diff = X[has_same] - same_mean[has_same]
    within = (diff * (0.5 * coef[has_same])[:, None]).T @ diff
    return between, within


def needs_regularization(n_samples: int, n_features: int) -> bool:
    """The paper's rule of thumb: regularise when ``n < 4·d``."""
    return n_samples < SAMPLES_PER_DIMENSION * n_features


def regularized_within_scatter(
    within: np.ndarray, mix: tuple[float, float, float] = PAPER_MIX
) -> np.ndarray:
    """``S_w^R = a·diag(S_w) + b·tr(S_w)/d·I + c·S_w`` — Eq. (4) (Kuo et al., 2003).

    Parameters
    ----------
    within : ndarray of shape (d, d)
        Within-class scatter.
    mix : tuple of three floats, default=(⅓, ⅓, ⅓)
        The mixing weights (a, b, c), non-negative and summing to one.
    """
    a, b, c = mix
    d = within.shape[0]
    diagonal = np.diag(np.diag(within))
    return a * diagonal + b * np.trace(within) / d * np.eye(d) + c * within


#: Two eigenvalues closer than this fraction of the largest (in magnitude) are one
#: eigenvalue: rounding alone separates them, so their eigenvectors are not determined.
EIGENVALUE_RTOL = 1e-9

#: Coefficients within this fraction of a vector's largest (in magnitude) are tied for
#: the sign rule; the first of them is made positive.
SIGN_RTOL = 1e-6


def canonical_order(
    X: np.ndarray, y: np.ndarray, sample_weight: np.ndarray | None = None
) -> np.ndarray:
    """Row order of a labelled sample that does not depend on the order it came in.

    Rows sorted by class, then by their values column by column, then by weight: the
    same sample in any row order gives the same arrays, so the sums of the scatter
    matrices round alike and a projection fitted on it is the same to the bit.
    """
    keys = [X[:, j] for j in range(X.shape[1] - 1, -1, -1)]
    if sample_weight is not None:
        keys.insert(0, sample_weight)
    return np.lexsort([*keys, y])


def _eigenvalue_clusters(eigenvalues: np.ndarray) -> list[np.ndarray]:
    """Runs of positions (in the given, sorted, order) of equal eigenvalues."""
    scale = np.max(np.abs(eigenvalues)) if eigenvalues.size else 0.0
    if scale == 0:
        return [np.arange(eigenvalues.size)]
    breaks = np.flatnonzero(np.abs(np.diff(eigenvalues)) > EIGENVALUE_RTOL * scale) + 1
    return np.split(np.arange(eigenvalues.size), breaks)


def _canonical_subspace_basis(vectors: np.ndarray) -> np.ndarray:
    """A basis of the span of ``vectors`` that does not depend on which basis was given.

    ``vectors`` (d × m) is B-orthonormal; so is every basis ``V Q`` of its span with Q
    orthogonal, and ``(V Q)ᵀ D (V Q) = Qᵀ (Vᵀ D V) Q`` for the fixed diagonal
    ``D = diag(√1, …, √d)``. The eigenvectors of ``Vᵀ D V`` turned back into the space
    are therefore the same whichever Q LAPACK chose: the span's own basis, ordered by
    increasing eigenvalue (distinct unless the span is special with respect to D).
    """
    if vectors.shape[1] < 2:
        return vectors
    generic = np.sqrt(np.arange(1, vectors.shape[0] + 1, dtype=float))
    gram = vectors.T @ (generic[:, None] * vectors)
    _, rotation = scipy.linalg.eigh((gram + gram.T) / 2)
    return vectors @ rotation


def _fix_signs(components: np.ndarray) -> np.ndarray:
    """Each row's first coefficient of (nearly) largest magnitude made positive."""
    magnitude = np.abs(components)
    top = magnitude.max(axis=1, keepdims=True)
    pivot = np.argmax(magnitude >= (1 - SIGN_RTOL) * top, axis=1)
    signs = np.sign(components[np.arange(components.shape[0]), pivot])
    return components * np.where(signs == 0, 1.0, signs)[:, None]


def discriminant_directions(
    numerator: np.ndarray, denominator: np.ndarray, n_components: int
) -> tuple[np.ndarray, np.ndarray, float]:
    """Directions maximising ``|WᵀAW| / |WᵀBW|``: top generalised eigenvectors of (A, B).

    A denominator that is singular (or nearly so, relative to its largest eigenvalue)
    gets the smallest ridge that makes it positive definite, ``10⁻¹⁰`` of its largest
    eigenvalue; the ridge is returned so the caller can report it.

    The directions are a function of (A, B) alone, not of the eigensolver's choices:
    where an eigenvalue is repeated — above all the zero eigenvalue of a numerator of
    low rank, whose eigenspace is the whole null space when there are fewer instances
    than dimensions — LAPACK may return any basis of its eigenspace; that basis is
    replaced by one computed from the eigenspace itself (the eigenvectors of a fixed
    diagonal operator restricted to it, :func:`_canonical_subspace_basis`). Eigenvalues
    within ``10⁻⁹`` of the largest of each other count as one.

    Returns
    -------
    components : ndarray of shape (n_components, d)
        B-orthonormal directions, by decreasing eigenvalue (a repeated eigenvalue's in
        the canonical order), each with its first coefficient of largest magnitude
        positive.
    eigenvalues : ndarray of shape (n_components,)
    ridge : float
        What was added to B's diagonal (0.0 when B was positive definite).

    Raises
    ------
    ValueError
        If a scatter matrix overflowed (values of X near 1e154 or beyond), which
        LAPACK would refuse without saying why.
    """
    A = (numerator + numerator.T) / 2
    B = (denominator + denominator.T) / 2
    if not (np.isfinite(A).all() and np.isfinite(B).all()):
        raise ValueError(
            "the scatter matrices of the projection overflow float64 (values of X near "
            "1e154 or beyond); rescale X."
        )
    spectrum = scipy.linalg.eigvalsh(B)
    top = spectrum[-1] if spectrum[-1] > 0 else 1.0
    floor = 1e-10 * top
    ridge = float(floor - spectrum[0]) if spectrum[0] < floor else 0.0
    if ridge:
        B = B + ridge * np.eye(B.shape[0])
    eigenvalues, vectors = scipy.linalg.eigh(A, B)
    eigenvalues, vectors = eigenvalues[::-1].copy(), vectors[:, ::-1].copy()
    for cluster in _eigenvalue_clusters(eigenvalues):
        vectors[:, cluster] = _canonical_subspace_basis(vectors[:, cluster])
    components = _fix_signs(vectors[:, :n_components].T)
    return components, eigenvalues[:n_components].copy(), ridge
