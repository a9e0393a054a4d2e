"""What a user types first works: the everyday names from the package itself."""

import subprocess
import sys

import ensemble_lab


def test_the_everyday_names_come_from_the_package():
    from ensemble_lab import (  # noqa: F401
        BoostingClassifier,
        DecorateClassifier,
        ELRCClassifier,
        MultiBoostClassifier,
        ProjectionBoostingClassifier,
        RandomLinearOracle,
        RotationForestClassifier,
        TriskelClassifier,
        datasets,
        evaluation,
        learners,
        load,
        load_arff,
        make,
        make_learner,
        methods,
        run_experiment,
    )

    assert make is methods.make and make_learner is learners.make_learner
    assert load is datasets.load and run_experiment is evaluation.run_experiment
    assert TriskelClassifier is methods.TriskelClassifier
    assert set(ensemble_lab.__all__) <= set(dir(ensemble_lab))


def test_an_unknown_name_is_an_attribute_error():
    try:
        ensemble_lab.nothing_here  # noqa: B018
    except AttributeError as exc:
        assert "nothing_here" in str(exc)
    else:
        raise AssertionError("no AttributeError")


def test_importing_the_package_does_not_import_scikit_learn():
    code = "import sys, ensemble_lab; print('sklearn' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
