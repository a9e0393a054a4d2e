"""Shared helpers of the benchmarks: the machine, timed cross-validation, the ratio table."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from sklearn.base import clone
from sklearn.model_selection import StratifiedKFold


def machine() -> dict[str, str]:
    """Cores, memory, load and library versions, to print beside the numbers."""
    import joblib
    import numpy
    import scipy
    import sklearn

    info = {
        "cpu": _cpu_model(),
        "cores": str(os.cpu_count()),
        "memory": _memory(),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "scipy": scipy.__version__,
        "scikit-learn": sklearn.__version__,
        "joblib": joblib.__version__,
    }
    try:
        import distributed

        info["distributed"] = distributed.__version__
    except ImportError:
        pass
    info["load average"] = load()
    return info


def load() -> str:
    """The 1, 5 and 15 minute load averages."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory() -> str:
    try:
        with open("/proc/meminfo", encoding="utf-8") as fh:
            kb = int(fh.readline().split()[1])
        return f"{kb / 2**20:.1f} GiB"
    except (OSError, ValueError, IndexError):
        return "unknown"


def rows_of(X: Any, idx: np.ndarray) -> Any:
    return X.iloc[idx] if hasattr(X, "iloc") else X[idx]


@dataclass
class CVTime:
    """Mean accuracy and summed process-CPU seconds of fit and predict over the folds."""

    accuracy: float
    fit: float
    predict: float

    @property
    def total(self) -> float:
        return self.fit + self.predict


def timed_cv(
    make: Callable[[], Any], X: Any, y: np.ndarray, folds: int = 5, seed: int = 0
) -> CVTime:
    """Stratified ``folds``-fold CV of a fresh ``make()`` per fold, timed in CPU seconds.

    CPU time (``time.process_time``) rather than wall time, so that other processes on a
    shared machine do not count; every estimator runs with one thread/process.
    """
    accs, fit, pred = [], 0.0, 0.0
    cv = StratifiedKFold(folds, shuffle=True, random_state=seed)
    for train, test in cv.split(np.zeros(len(y)), y):
        est = clone(make())
        t0 = time.process_time()
        est.fit(rows_of(X, train), y[train])
        t1 = time.process_time()
        y_pred = est.predict(rows_of(X, test))
        t2 = time.process_time()
        fit += t1 - t0
        pred += t2 - t1
        accs.append(float(np.mean(np.asarray(y_pred) == y[test])))
    return CVTime(float(np.mean(accs)), fit, pred)


@dataclass
class Row:
    """One line of the summary: ``ours`` against ``peer`` on one measure."""

    section: str
    case: str
    ours: str
    peer: str
    measure: str
    ours_value: float
    peer_value: float
    unit: str = "s"

    @property
    def ratio(self) -> float:
        return self.ours_value / self.peer_value if self.peer_value else float("nan")


def _fmt(value: float, unit: str) -> str:
    if unit == "%":
        return f"{100 * value:.1f} %"
    if unit == "MiB":
        return f"{value:.0f} MiB"
    if unit == "x":
        return f"{value:.2f}"
    return f"{value:.3g} s" if value < 10 else f"{value:.1f} s"


def table(rows: list[Row], *, markdown: bool = False) -> str:
    """The rows as a fixed-width text table, or a Markdown one."""
    header = ["section", "case", "ours", "peer", "measure", "ours", "peer", "ours/peer"]
    body = [
        [
            r.section,
            r.case,
            r.ours,
            r.peer,
            r.measure,
            _fmt(r.ours_value, r.unit),
            _fmt(r.peer_value, r.unit),
            f"{r.ratio:.2f}",
        ]
        for r in rows
    ]
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(cells) + " |" for cells in body]
        return "\n".join(lines)
    widths = [
        max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(header)
    ]
    fmt = "  ".join(f"{{:{'<' if i < 5 else '>'}{w}}}" for i, w in enumerate(widths))
    lines = [fmt.format(*header), "  ".join("-" * w for w in widths)]
    lines += [fmt.format(*cells) for cells in body]
    return "\n".join(lines)


def geomean(values: list[float]) -> float:
    return float(np.exp(np.mean(np.log(values))))
