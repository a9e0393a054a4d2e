"""What the supervised projections share.

All: validation and ``transform``; HDA and NDA: the regularisation rule and the solve too.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from numbers import Integral

import numpy as np
from sklearn.base import ClassNamePrefixFeaturesOutMixin, TransformerMixin

from ..base import check_class_labels, check_sample_weight, is_mixed_frame
from ..utils import Estimator, Interval, StrOptions, check_is_fitted, validate_data
from ._scatter import (
    canonical_order,
    discriminant_directions,
    needs_regularization,
    regularized_within_scatter,
)

__all__ = ["DiscriminantProjection", "SupervisedProjection", "supervised_input"]


def supervised_input(projection, X, y, sample_weight, *, min_classes=2):
    """Validate a supervised projection's training data; set ``classes_`` on it.

    The rows come back in :func:`~ensemble_lab.projections.canonical_order`, so that the
    order of the training instances does not change what is fitted.

    Parameters
    ----------
    projection : estimator
        The projection being fitted (``n_features_in_``, ``classes_`` are set on it).
    X : array-like of shape (n_samples, n_features)
        Numeric data; a DataFrame with nominal columns is refused with a hint.
    y : array-like of shape (n_samples,)
        Class labels; at least ``min_classes`` classes among the instances of positive
        weight.
    sample_weight : array-like of shape (n_samples,) or None
        Non-negative weights; instances of weight zero are dropped.
    min_classes : int, default=2
        Classes the projection's criterion needs (1 for a criterion defined on one
        class, such as HDA's with λ > 0).

    Returns
    -------
    X : ndarray of shape (n_kept, n_features)
    y_codes : ndarray of shape (n_kept,)
        Index of each kept instance's class in ``projection.classes_``.
    sample_weight : ndarray of shape (n_kept,) or None
    """
    name = type(projection).__name__
    if is_mixed_frame(X):
        raise ValueError(
            f"{name} needs numeric input; encode the nominal columns first, e.g. with "
            "ensemble_lab.learners.MixedEncoder."
        )
    X, y = validate_data(projection, X, y, dtype=np.float64)
    check_class_labels(y)
    sw = None
    if sample_weight is not None:
        sw = check_sample_weight(sample_weight, X)
        X, y, sw = X[sw > 0], y[sw > 0], sw[sw > 0]
    projection.classes_, y_codes = np.unique(y, return_inverse=True)
    if projection.classes_.size < min_classes:
        needed = {1: "one class", 2: "two classes"}.get(min_classes, f"{min_classes} classes")
        raise ValueError(
            f"{name} needs at least {needed} to define its projection; got "
            f"{projection.classes_.size} class."
        )
    order = canonical_order(X, y_codes, sw)
    return X[order], y_codes[order], None if sw is None else sw[order]


class SupervisedProjection(
    ClassNamePrefixFeaturesOutMixin, TransformerMixin, Estimator, metaclass=ABCMeta
):
    """Base of the supervised projections: a fitted ``components_`` and ``transform``.

    A subclass fits ``components_`` (one row per output) on the data
    :func:`supervised_input` validates, and implements ``_project`` on validated
    numeric input.
    """

    def transform(self, X):
        """Project ``X`` (see the class for the projection).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, ``n_components_``)
        """
        check_is_fitted(self)
        return self._project(validate_data(self, X, reset=False, dtype=np.float64))

    @abstractmethod
    def _project(self, X):
        """The projection of validated numeric ``X``."""

    @property
    def _n_features_out(self):
        return self.components_.shape[0]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        return tags


class DiscriminantProjection(SupervisedProjection):
    """Base of the supervised linear projections.

    A subclass implements ``_criterion(X, y, sample_weight, regularize)`` returning the
    (numerator, denominator) scatter pair of its ratio, and ``min_classes`` if its
    criterion is defined on fewer than two classes; this class validates the input,
    decides on the regularisation, solves the eigenproblem and projects.

    The fitted directions are a function of the training sample alone: rows are put in
    a canonical order before the scatters are summed, and a repeated eigenvalue's
    eigenvectors (the null space of a rank-deficient criterion included) are completed
    canonically (:func:`~ensemble_lab.projections.discriminant_directions`), so that
    the order of the rows, the number of BLAS threads or a reordering of the
    arithmetic cannot turn the projection.
    """

    @property
    def min_classes(self):
        """Classes the criterion needs (2: a between-class scatter)."""
        return 2

    _parameter_constraints: dict = {
        "n_components": [Interval(Integral, 1, None, closed="left"), None],
        "regularize": [StrOptions({"auto"}), "boolean"],
    }

    def fit(self, X, y, sample_weight=None):
        """Fit the projection on labelled data.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Numeric training data (encode nominal data first, e.g. with
            :class:`~ensemble_lab.learners.MixedEncoder`).
        y : array-like of shape (n_samples,)
            Class labels; at least :attr:`min_classes` classes are needed.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights; an instance of weight zero is left out entirely.

        Returns
        -------
        self : object
        """
        X, y_codes, sw = supervised_input(self, X, y, sample_weight, min_classes=self.min_classes)
        n_samples, n_features = X.shape
        n_components = n_features if self.n_components is None else self.n_components
        if n_components > n_features:
            raise ValueError(
                f"n_components={n_components} must be at most the number of features "
                f"({n_features})."
            )
        if self.regularize == "auto":
            self.regularized_ = needs_regularization(n_samples, n_features)
        else:
            self.regularized_ = bool(self.regularize)
        numerator, denominator = self._criterion(X, y_codes, sw, self.regularized_)
        self.components_, self.eigenvalues_, self.ridge_ = discriminant_directions(
            numerator, denominator, n_components
        )
        weights = np.full(n_samples, 1.0) if sw is None else sw
        self.mean_ = weights @ X / weights.sum()
        self.n_components_ = n_components
        return self

    @abstractmethod
    def _criterion(self, X, y, sample_weight, regularize):
        """(numerator, denominator) scatter matrices of the projection's criterion."""

    @staticmethod
    def _within(within, regularize):
        return regularized_within_scatter(within) if regularize else within

    def _project(self, X):
        """``(X − mean_) @ components_.T``."""
        return (X - self.mean_) @ self.components_.T
