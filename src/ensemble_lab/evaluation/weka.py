"""Weka itself on the same folds, as the yardstick of the Weka-like learners.

The papers behind this package ran Weka; "behaves like Weka's J48" is measured by
running Weka 3.6's learner and ours on identical cross-validation folds and comparing
them prediction by prediction. This module runs Weka (a Java runtime and ``weka.jar``,
e.g. Debian's package ``weka``) through a small driver compiled on first use, all jobs
in one JVM.

>>> from ensemble_lab.evaluation import weka
>>> isinstance(weka.unavailable_reason(), (str, type(None)))
True
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np

__all__ = [
    "OurFolds",
    "WekaJob",
    "WekaResult",
    "cross_predict",
    "fold_assignment",
    "run_weka",
    "unavailable_reason",
    "weka_jar",
]

#: Where Debian's ``weka`` package puts the jar; ``ENSEMBLE_LAB_WEKA_JAR`` overrides it.
DEFAULT_JAR = "/usr/share/java/weka.jar"


@dataclass(frozen=True)
class WekaJob:
    """One Weka learner cross-validated on given folds of an ARFF file.

    Parameters
    ----------
    arff : path
        The data, read by Weka's own ARFF reader; the class is the last attribute.
    folds : ndarray of int, shape (n_instances,)
        Test fold of each instance (``-1``: in no fold); each fold trains on the others.
    classifier : str
        Weka class name, e.g. ``"weka.classifiers.trees.J48"``.
    options : str
        Weka options, e.g. ``"-C 0.25 -M 2"``.
    repetitions : int
        Fit each fold this many times and report the CPU time of the last (the JVM's
        compiler has warmed up by then); the predictions are the same each time.
    timed_passes : int
        When positive, ``repetitions`` is instead the number of unreported passes over
        all the folds (so the JIT compiles the code every fold runs), followed by this
        many timed passes: each fold's CPU time is its least over the timed passes, and
        ``WekaResult.process_cpu`` is the JVM's CPU time (all its threads) per pass.
    """

    arff: str | os.PathLike[str]
    folds: np.ndarray
    classifier: str
    options: str = ""
    repetitions: int = 1
    timed_passes: int = 0


@dataclass
class WekaResult:
    """What Weka did on one job."""

    #: Predicted class index (Weka's numbering of the class values) per instance; -1
    #: for instances in no test fold.
    predictions: np.ndarray
    #: CPU seconds of ``buildClassifier`` per fold.
    fit_cpu: np.ndarray
    #: CPU seconds of classifying each fold's test instances.
    predict_cpu: np.ndarray
    #: Number of leaves per fold (trees only; -1 otherwise).
    leaves: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=int))
    #: CPU seconds of the whole JVM (every thread: garbage collection and the JIT
    #: compiler too) per timed pass over all the folds, the mean of the timed passes;
    #: None unless ``WekaJob.timed_passes`` was set. The JVM reads it in clock ticks
    #: (10 ms): the mean of several passes smooths that.
    process_cpu: float | None = None


def weka_jar() -> Path:
    """The Weka jar this module runs."""
    return Path(os.environ.get("ENSEMBLE_LAB_WEKA_JAR", DEFAULT_JAR))


def unavailable_reason() -> str | None:
    """Why Weka cannot be run here, or None if it can."""
    if shutil.which("java") is None:
        return "no Java runtime on PATH (install Debian's 'weka' package, which brings one)"
    if shutil.which("javac") is None:
        return "no Java compiler (javac) on PATH to build the Weka driver"
    if not weka_jar().is_file():
        return (
            f"no Weka jar at {weka_jar()} (apt-get install -y weka, or set ENSEMBLE_LAB_WEKA_JAR)"
        )
    return None


def fold_assignment(y, n_splits: int = 10, random_state: int = 1) -> np.ndarray:
    """Test fold of each instance under scikit-learn's shuffled stratified k-fold.

    The same folds go to Weka (as this array) and to our learners (as index arrays).
    """
    from sklearn.model_selection import StratifiedKFold

    y = np.asarray(y)
    folds = np.full(y.shape[0], -1, dtype=int)
    splitter = StratifiedKFold(n_splits, shuffle=True, random_state=random_state)
    for k, (_, test) in enumerate(splitter.split(np.zeros(y.shape[0]), y)):
        folds[test] = k
    return folds


@dataclass
class OurFolds:
    """What one of our learners did on the folds of a :class:`WekaJob`."""

    #: Predicted label per instance (None for instances in no test fold).
    predictions: np.ndarray
    #: CPU seconds of fitting and predicting all folds (slicing the data left out).
    cpu: float
    #: ``n_leaves_`` of each fold's model (-1 for a learner without it).
    leaves: list[int]


def cross_predict(make_estimator, X, y, folds: np.ndarray) -> OurFolds:
    """Fit ``make_estimator()`` on each fold's training rows, as Weka's driver does.

    Each fold trains on the rows of the other folds in their original order (the order
    Weka's driver adds them in) and predicts its own.
    """
    predictions = np.full(len(y), None, dtype=object)
    leaves, cpu = [], 0.0
    for k in range(int(folds.max()) + 1):
        train, test = np.flatnonzero((folds != k) & (folds >= 0)), np.flatnonzero(folds == k)
        X_train, y_train, X_test = X.iloc[train], y.iloc[train], X.iloc[test]
        start = time.process_time()
        model = make_estimator().fit(X_train, y_train)
        predictions[test] = model.predict(X_test)
        cpu += time.process_time() - start
        leaves.append(int(getattr(model, "n_leaves_", -1)))
    return OurFolds(predictions, cpu, leaves)


def run_weka(jobs: Sequence[WekaJob], *, timeout: float | None = None) -> list[WekaResult]:
    """Run every job in one JVM and return Weka's predictions and CPU times.

    Raises
    ------
    RuntimeError
        If Weka is not available (with the reason) or the driver fails (with Java's
        error output).
    """
    reason = unavailable_reason()
    if reason is not None:
        raise RuntimeError(f"Weka cannot be run: {reason}.")
    classpath = f"{_driver_dir()}{os.pathsep}{weka_jar()}"
    with tempfile.TemporaryDirectory(prefix="ensemble-lab-weka-") as tmp:
        lines = []
        for k, job in enumerate(jobs):
            fold_file = Path(tmp, f"folds{k}.txt")
            np.savetxt(fold_file, np.asarray(job.folds, dtype=int), fmt="%d")
            repetitions = str(job.repetitions)
            if job.timed_passes > 0:
                repetitions += f":{job.timed_passes}"
            fields = [str(job.arff), str(fold_file), repetitions, job.classifier]
            lines.append("\t".join([*fields, job.options]))
        done = subprocess.run(
            ["java", "-Xmx2g", "-cp", classpath, "WekaRunner"],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(f"Weka failed (exit {done.returncode}):\n{done.stderr.strip()}")
    return _parse(done.stdout, [len(job.folds) for job in jobs])


def _parse(text: str, sizes: list[int]) -> list[WekaResult]:
    results: list[WekaResult] = []
    folds: list[tuple[int, int, int]] = []
    predictions = np.empty(0, dtype=int)
    process: float | None = None
    for line in text.splitlines():
        word, *rest = line.split()
        if word == "job":
            predictions = np.full(sizes[len(results)], -1, dtype=int)
            folds, process = [], None
        elif word == "fold":
            folds.append((int(rest[1]), int(rest[2]), int(rest[3])))
        elif word == "pred":
            predictions[int(rest[0])] = int(rest[1])
        elif word == "passes":
            process = int(rest[1]) / 1e9 / int(rest[0])
        elif word == "end":
            table = np.array(folds, dtype=np.int64).reshape(-1, 3)
            results.append(
                WekaResult(predictions, table[:, 0] / 1e9, table[:, 1] / 1e9, table[:, 2], process)
            )
    if len(results) != len(sizes):
        raise RuntimeError(f"Weka answered {len(results)} of {len(sizes)} jobs:\n{text[-2000:]}")
    return results


def _driver_dir() -> Path:
    """Compile the driver once per source version into a cache directory."""
    source = resources.files("ensemble_lab.evaluation").joinpath("WekaRunner.java").read_bytes()
    digest = hashlib.sha256(source + str(weka_jar().resolve()).encode()).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    target = cache / "ensemble-lab" / f"weka-runner-{digest}"
    if (target / "WekaRunner.class").is_file():
        return target
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        Path(tmp, "WekaRunner.java").write_bytes(source)
        done = subprocess.run(
            [
                "javac",
                "-nowarn",
                "-cp",
                str(weka_jar()),
                "-d",
                tmp,
                str(Path(tmp, "WekaRunner.java")),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"Compiling the Weka driver failed:\n{done.stderr.strip()}")
        os.replace(Path(tmp, "WekaRunner.class"), target / "WekaRunner.class")
    return target
