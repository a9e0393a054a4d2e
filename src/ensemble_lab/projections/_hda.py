"""Hybrid Discriminant Analysis: a one-parameter-pair family from LDA to PCA."""

from __future__ import annotations

from numbers import Real

import numpy as np

from ..utils import Interval, fit_context
from ._base import DiscriminantProjection
from ._scatter import class_scatter

__all__ = ["HDA"]


class HDA(DiscriminantProjection):
    """Hybrid Discriminant Analysis (Tian, Yu & Huang, 2005).

    Finds ``W`` maximising

    ``|Wᵀ((1 − λ)S_b + λΣ)W| / |Wᵀ((1 − η)S_w + ηI)W|``  — Eq. (5) of García-Osorio &
    García-Pedrajas (2008),

    with ``S_b`` and ``S_w`` the between- and within-class scatter (class priors taken
    from the data), ``Σ`` the covariance of the whole sample and ``I`` the identity.
    ``(λ, η) = (0, 0)`` is LDA, ``(1, 1)`` is PCA.

    Parameters
    ----------
    n_components : int, default=None
        Output dimension; None keeps all ``d`` directions (a full-rank change of basis).
    lam : float in [0, 1], default=0.5
        Weight λ of the total covariance against the between-class scatter.
    eta : float in [0, 1], default=0.5
        Weight η of the identity against the within-class scatter.
    regularize : "auto" or bool, default="auto"
        Replace ``S_w`` by the regularised ``S_w^R = ⅓diag(S_w) + ⅓tr(S_w)/d·I + ⅓S_w``
        (Eq. (4)). ``"auto"`` does so exactly when ``n_samples < 4·n_features``, the
        paper's rule.

    Attributes
    ----------
    components_ : ndarray of shape (``n_components_``, n_features)
        Projection directions by decreasing ratio, normalised so that
        ``components_ @ B @ components_.T = I`` (B the denominator matrix).
    eigenvalues_ : ndarray of shape (``n_components_``,)
        Value of the ratio along each direction.
    mean_ : ndarray of shape (n_features,)
        Training mean, subtracted before projecting.
    regularized_ : bool
        Whether Eq. (4) was applied.
    ridge_ : float
        Ridge added to the denominator when it was singular (0.0 otherwise; see
        :func:`~ensemble_lab.projections.discriminant_directions`).
    classes_ : ndarray
        Class labels seen in ``fit``.
    n_components_ : int
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when ``X`` has string column names.

    See Also
    --------
    NDA : nonparametric discriminant analysis.
    sklearn.discriminant_analysis.LinearDiscriminantAnalysis : the λ = η = 0 case.
    sklearn.decomposition.PCA : the λ = η = 1 case.

    Notes
    -----
    The paper calls this method HDA after Tian et al.'s *Hybrid* Discriminant Analysis
    (its reference [6]); it is not heteroscedastic LDA. The paper does not give the λ
    and η it used; the defaults (½, ½) sit half-way between LDA and PCA. Because ``ηI``
    is compared with ``S_w``, HDA is not scale invariant: standardise the features first
    (:class:`~ensemble_lab.ProjectionBoostingClassifier` does). HDA works on numeric
    arrays; nominal attributes must be encoded first (e.g. with
    :class:`~ensemble_lab.learners.MixedEncoder`).

    With λ = 0 only ``L − 1`` directions carry between-class information; the remaining
    ones (eigenvalue 0) are a basis of the rest of the space, so the default full-rank
    output still loses nothing.

    The directions are a function of the training sample alone (its row order, the
    solver's choice of basis for a repeated eigenvalue, and so the null space of the
    numerator when there are fewer samples than features, do not change them; see
    :class:`~ensemble_lab.projections.DiscriminantProjection`). With λ > 0 HDA is
    defined on a single class (``S_b = 0``): the directions of the sample's own
    variance against ``(1 − η)S_w + ηI``.

    References
    ----------
    Q. Tian, J. Yu and T. S. Huang. Boosting multiple classifiers constructed by
    hybrid discriminant analysis. In *Multiple Classifier Systems (MCS 2005)*, volume
    3541 of *Lecture Notes in Computer Science*, pages 42–52. Springer, 2005.

    C. García-Osorio and N. García-Pedrajas. Constructing ensembles of classifiers
    using linear projections based on misclassified instances. In *Proceedings of the
    16th European Symposium on Artificial Neural Networks (ESANN 2008)*, Bruges, Belgium,
    2008.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from ensemble_lab.projections import HDA
    >>> X, y = load_iris(return_X_y=True)
    >>> HDA(n_components=2).fit_transform(X, y).shape
    (150, 2)
    """

    _parameter_constraints: dict = {
        **DiscriminantProjection._parameter_constraints,
        "lam": [Interval(Real, 0, 1, closed="both")],
        "eta": [Interval(Real, 0, 1, closed="both")],
    }

    def __init__(self, n_components=None, *, lam=0.5, eta=0.5, regularize="auto"):
        self.n_components = n_components
        self.lam = lam
        self.eta = eta
        self.regularize = regularize

    @fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        return super().fit(X, y, sample_weight=sample_weight)

    fit.__doc__ = DiscriminantProjection.fit.__doc__

    @property
    def min_classes(self):
        """Classes HDA needs: 1 when λ > 0, 2 when λ = 0 (LDA's between-class scatter).

        With λ > 0 the numerator holds the total covariance, defined on any sample; on
        one class it is the sample's covariance alone (``S_b = 0``).
        """
        return 1 if self.lam > 0 else 2

    def _criterion(self, X, y, sample_weight, regularize):
        scatter = class_scatter(X, y, sample_weight)
        within = self._within(scatter.within, regularize)
        numerator = (1 - self.lam) * scatter.between + self.lam * scatter.total
        denominator = (1 - self.eta) * within + self.eta * np.eye(X.shape[1])
        return numerator, denominator
