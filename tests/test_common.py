"""scikit-learn's estimator checks over every public estimator of the package."""

from sklearn.utils.estimator_checks import parametrize_with_checks

from ensemble_lab.utils.discovery import all_estimators, expected_failed_checks

ESTIMATORS = [cls() for _, cls in all_estimators()]


@parametrize_with_checks(ESTIMATORS, expected_failed_checks=expected_failed_checks)
def test_sklearn_compatible_estimator(estimator, check):
    check(estimator)
