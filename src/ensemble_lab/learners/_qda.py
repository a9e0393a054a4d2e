"""Quadratic discriminant analysis that regularises a singular class covariance."""

from __future__ import annotations

from numbers import Real

import numpy as np
from scipy.special import logsumexp
from sklearn.base import ClassifierMixin

from ..base import check_class_labels, check_sample_weight, require_y
from ..utils import Estimator, Interval, check_is_fitted, fit_context, validate_data

__all__ = ["RegularizedQDA"]

#: Most features :class:`RegularizedQDA` fits. Each class needs a full covariance
#: matrix and its eigendecomposition, whose time grows as the cube of the features;
#: the papers' data sets have at most 287 once encoded (splice).
MAX_FEATURES = 2_000
#: Seconds of one ``numpy.linalg.eigh`` per cubed feature, measured with OpenBLAS on
#: two cores (1.2 s at 1,000 features, 10 s at 2,000, 27 s at 3,000): the estimate the
#: refusal gives.
_EIGH_SECONDS_PER_CUBE = 1.2e-9


class RegularizedQDA(ClassifierMixin, Estimator):
    """Gaussian class-conditional densities with a full covariance per class.

    Parameters
    ----------
    reg_param : float, default=0.01
        Ridge added to a singular class covariance, as a fraction of the mean variance
        of the features over the whole training set: ``S_c + reg_param * v * I``.
    tol : float, default=1e-9
        A class covariance is singular when its smallest eigenvalue is at most ``tol``
        times its largest (or all are zero).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Class labels.
    priors_ : ndarray of shape (n_classes,)
        Weighted class frequencies.
    means_ : ndarray of shape (n_classes, n_features)
        Weighted class means.
    rotations_ : list of ndarray of shape (n_features, n_features)
        Eigenvectors of each (regularised) class covariance.
    scalings_ : list of ndarray of shape (n_features,)
        Eigenvalues of each (regularised) class covariance.
    regularized_ : ndarray of bool
        Which classes had a singular covariance and got the ridge.
    n_features_in_ : int
        Number of features.

    Notes
    -----
    Unlike :class:`sklearn.discriminant_analysis.QuadraticDiscriminantAnalysis`, whose
    ``reg_param`` shrinks every class covariance, the ridge is added only to the classes
    whose covariance is singular (a class with fewer instances than features, or a
    feature constant within the class — common with one-hot nominal attributes);
    well-conditioned classes keep their maximum-likelihood estimate. Covariances are
    weighted and divided by the class weight (no Bessel correction) so that the fit does
    not depend on the scale of ``sample_weight``. Numeric input only, without missing
    values; the ``qda`` preset encodes mixed data first.

    Each class needs a full covariance matrix and its eigendecomposition, whose time
    grows as the cube of the features (1.2 s at 1,000 features on two cores, 80 min
    for two classes at 10,000); more than :data:`MAX_FEATURES` (2,000) features are
    refused with the time and memory they would take. Values whose variances overflow
    float64 (near 1e154 and beyond) are refused too, rather than left to LAPACK.

    References
    ----------
    L. I. Kuncheva and C. J. Whitaker. Using diversity with three variants of
    boosting: aggressive, conservative, and inverse. In *Multiple Classifier Systems
    (MCS 2002)*, volume 2364 of *Lecture Notes in Computer Science*, pages 81–90.
    Springer, 2002.

    L. I. Kuncheva. *Combining Pattern Classifiers: Methods and Algorithms*. Wiley,
    2004.

    Examples
    --------
    >>> from ensemble_lab.datasets import make_cone_torus
    >>> from ensemble_lab.learners import RegularizedQDA
    >>> X, y = make_cone_torus(400, random_state=0)
    >>> qda = RegularizedQDA().fit(X, y)
    >>> qda.means_.shape, bool(qda.regularized_.any())
    ((3, 2), False)
    """

    _parameter_constraints: dict = {
        "reg_param": [Interval(Real, 0, None, closed="neither")],
        "tol": [Interval(Real, 0, 1, closed="left")],
    }

    def __init__(self, reg_param=0.01, tol=1e-9):
        self.reg_param = reg_param
        self.tol = tol

    @fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Estimate the class priors, means and covariances.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Numeric training data.
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Instance weights.

        Returns
        -------
        self : RegularizedQDA
        """
        require_y(self, y)
        X, y = validate_data(self, X, y)
        check_class_labels(y)
        w = check_sample_weight(sample_weight, X)
        self.classes_, y_code = np.unique(y, return_inverse=True)
        n_classes = self.classes_.shape[0]
        if n_classes < 2:
            raise ValueError(
                f"The number of classes has to be greater than one; got {n_classes} class."
            )
        _check_size(X.shape[1], n_classes)
        overall = np.average(X, axis=0, weights=w)
        with np.errstate(over="ignore", invalid="ignore"):  # refused below, by name
            ridge_scale = np.average((X - overall) ** 2, axis=0, weights=w).mean()
        if not np.isfinite(ridge_scale):
            raise _overflow()
        ridge = self.reg_param * (ridge_scale if ridge_scale > 0 else 1.0)
        class_weight = np.bincount(y_code, weights=w, minlength=n_classes)
        self.priors_ = class_weight / class_weight.sum()
        self.means_ = np.empty((n_classes, X.shape[1]))
        self.rotations_, self.scalings_ = [], []
        self.regularized_ = np.zeros(n_classes, dtype=bool)
        for c in range(n_classes):
            wc = w[y_code == c]
            Xc = X[y_code == c]
            mean = wc @ Xc / wc.sum() if wc.sum() > 0 else overall
            centred = Xc - mean
            cov = (centred * wc[:, None]).T @ centred / max(wc.sum(), np.finfo(float).tiny)
            s, U = _eigh(cov)
            if s.max() <= 0 or s.min() <= self.tol * s.max():
                s, U = _eigh(cov + ridge * np.eye(X.shape[1]))
                self.regularized_[c] = True
            self.means_[c] = mean
            self.rotations_.append(U)
            self.scalings_.append(np.maximum(s, ridge * self.tol))
        return self

    def decision_function(self, X):
        """Log of prior times class density, up to a constant.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes), or (n_samples,) for two classes
            For two classes, the log-odds of the second class (as scikit-learn does).
        """
        scores = self._class_scores(X)
        return scores[:, 1] - scores[:, 0] if scores.shape[1] == 2 else scores

    def _class_scores(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        scores = np.empty((X.shape[0], self.classes_.shape[0]))
        with np.errstate(divide="ignore"):
            log_prior = np.log(self.priors_)
        with np.errstate(over="ignore", invalid="ignore"):
            for c, (U, s) in enumerate(zip(self.rotations_, self.scalings_)):
                z = (X - self.means_[c]) @ U / np.sqrt(s)
                scores[:, c] = -0.5 * (np.einsum("ij,ij->i", z, z) + np.log(s).sum())
                scores[:, c] += log_prior[c]
        unusable = ~np.isfinite(scores.max(axis=1))  # every class -inf, or overflow
        if unusable.any():
            row = int(np.flatnonzero(unusable)[0])
            raise ValueError(
                f"RegularizedQDA: X row {row} is so far from every class (squared "
                "distances overflow float64) that no class is more likely than another; "
                "rescale X."
            )
        return scores

    def predict_log_proba(self, X):
        """Log posterior probability of each class.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        # Shifted to 0 first: scores far below zero (-1e31 for a point far from classes
        # of tiny variance) would absorb the log of the sum and leave rows of 1s.
        shifted = self._class_scores(X)
        shifted -= shifted.max(axis=1, keepdims=True)
        return shifted - logsumexp(shifted, axis=1, keepdims=True)

    def predict_proba(self, X):
        """Posterior probability of each class.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        """Class of largest posterior.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        return self.classes_[np.argmax(self._class_scores(X), axis=1)]


def _check_size(n_features: int, n_classes: int) -> None:
    """Raise ``ValueError`` above :data:`MAX_FEATURES`, with the time the fit would take."""
    if n_features <= MAX_FEATURES:
        return
    # one eigendecomposition per class, two for a singular one (the usual case so wide)
    seconds = 2 * n_classes * _EIGH_SECONDS_PER_CUBE * float(n_features) ** 3
    # the rotations kept, one per class, and four d x d temporaries of the largest fit
    gigabytes = (n_classes + 4) * 8 * float(n_features) ** 2 / 1e9
    raise ValueError(
        f"RegularizedQDA got {n_features:,} features; a full covariance per class and its "
        f"eigendecomposition, cubic in the features, would take about {seconds:,.0f} s "
        f"(1.2 s per class at 1,000 features on two cores) and {gigabytes:.1f} GB for "
        f"{n_classes} classes. It is refused above {MAX_FEATURES:,} features: select or "
        "project the features first (e.g. PCA), or use another learner (nb, j48, smo)."
    )


def _overflow() -> ValueError:
    return ValueError(
        "RegularizedQDA: the variances of X overflow float64 (values near 1e154 or "
        "beyond); rescale X."
    )


def _eigh(cov: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``numpy.linalg.eigh`` of a class covariance, refusing one that overflowed."""
    if not np.isfinite(cov).all():
        raise _overflow()
    try:
        return np.linalg.eigh(cov)
    except np.linalg.LinAlgError as error:  # LAPACK did not converge
        raise ValueError(
            f"RegularizedQDA: a class covariance has no eigendecomposition ({error}); rescale X."
        ) from None
