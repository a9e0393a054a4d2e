"""Nonparametric Discriminant Analysis (Fukunaga & Mantock, 1983)."""

from __future__ import annotations

from numbers import Integral, Real

from ..utils import Interval, fit_context
from ._base import DiscriminantProjection
from ._scatter import nonparametric_scatter

__all__ = ["NDA"]


class NDA(DiscriminantProjection):
    """Nonparametric Discriminant Analysis with k-nearest-neighbour scatters.

    Maximises ``|Wᵀ S_b^NDA W| / |Wᵀ S_w^NDA W|`` where both scatters are built from the
    offsets between each instance and the mean of its k nearest neighbours in every
    class, weighted towards the class boundary by
    ``w = min{d^α(x, kNN_same), d^α(x, kNN_other)} / (d^α(same) + d^α(other))`` —
    Eqs. (1)–(3) of García-Osorio & García-Pedrajas (2008); see
    :func:`~ensemble_lab.projections.nonparametric_scatter` for the exact sums.

    Parameters
    ----------
    n_components : int, default=None
        Output dimension; None keeps all ``d`` directions (the nonparametric scatters
        are generally of full rank, so NDA is not limited to ``L − 1``).
    k : int, default=3
        Number of nearest neighbours (fewer when a class has fewer members).
    alpha : float, default=1.0
        Exponent α ∈ [0, ∞) of the distances in the weight; α = 0 weighs every
        instance ½, a large α keeps only instances near the boundary.
    regularize : "auto" or bool, default="auto"
        Replace ``S_w`` by the regularised ``S_w^R`` of Eq. (4); ``"auto"`` does so
        exactly when ``n_samples < 4·n_features``.
    n_jobs : int, default=None
        Parallel jobs of the neighbour queries.

    Attributes
    ----------
    components_ : ndarray of shape (``n_components_``, n_features)
        Projection directions by decreasing ratio.
    eigenvalues_ : ndarray of shape (``n_components_``,)
    mean_ : ndarray of shape (n_features,)
    regularized_ : bool
    ridge_ : float
        Ridge added to a singular within-class scatter (0.0 otherwise).
    classes_ : ndarray
    n_components_ : int
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when ``X`` has string column names.

    Notes
    -----
    Multi-class: the between-class scatter sums, for every class i, the offsets of its
    instances to their k-NN means in **each** other class j, each weighted by
    ``w^{(i,j)}`` computed from the distance to the k-th neighbour in class i and in
    class j (Kuo & Landgrebe's form, the paper's Eq. (1)). The within-class weight
    ``w^{(i,i)}`` of Eq. (3) is the constant ½ (it scales ``S_w`` and does not change the
    directions). An instance's own point is not its neighbour. The paper does not give
    k and α; the defaults are k = 3 and α = 1.

    ``sample_weight`` replaces the ``P(ω_i)/N_i`` factor of each instance by its share of
    the total weight; it is not equivalent to repeating instances (a repeated instance
    would be its own nearest neighbour). NDA works on numeric arrays; encode nominal
    attributes first (e.g. with :class:`~ensemble_lab.learners.MixedEncoder`) and put
    the features on comparable scales, since neighbours are Euclidean.

    Expected failed common check: ``check_sample_weight_equivalence_on_dense_data``
    (weights are not multiplicities, see above).

    References
    ----------
    K. Fukunaga and J. M. Mantock. Nonparametric discriminant analysis. *IEEE
    Transactions on Pattern Analysis and Machine Intelligence*, 5(6):671–678, 1983.

    C. García-Osorio and N. García-Pedrajas. Constructing ensembles of classifiers
    using linear projections based on misclassified instances. In *Proceedings of the
    16th European Symposium on Artificial Neural Networks (ESANN 2008)*, Bruges, Belgium,
    2008.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from ensemble_lab.projections import NDA
    >>> X, y = load_iris(return_X_y=True)
    >>> NDA(n_components=2, k=5).fit_transform(X, y).shape
    (150, 2)
    """

    _parameter_constraints: dict = {
        **DiscriminantProjection._parameter_constraints,
        "k": [Interval(Integral, 1, None, closed="left")],
        "alpha": [Interval(Real, 0, None, closed="left")],
        "n_jobs": [Integral, None],
    }

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "a weight scales an instance's scatter term; a repeated instance would "
            "instead be its own nearest neighbour"
        ),
    }

    def __init__(self, n_components=None, *, k=3, alpha=1.0, regularize="auto", n_jobs=None):
        self.n_components = n_components
        self.k = k
        self.alpha = alpha
        self.regularize = regularize
        self.n_jobs = n_jobs

    @fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        return super().fit(X, y, sample_weight=sample_weight)

    fit.__doc__ = DiscriminantProjection.fit.__doc__

    def _criterion(self, X, y, sample_weight, regularize):
        between, within = nonparametric_scatter(
            X, y, k=self.k, alpha=self.alpha, sample_weight=sample_weight, n_jobs=self.n_jobs
        )
        return between, self._within(within, regularize)
