"""Training and prediction time of the oracle ensembles, side by side.

* H- (with Random Linear Oracle) vs N- (without) for Bagging and Random Subspace 50 %;
* the project's Bagging (``make("N-P-Bagging")``: scikit-learn's BaggingClassifier with
  the mixed-data FrameRestorer between it and the learner) vs a bare
  ``sklearn.ensemble.BaggingClassifier`` on the same base learner.

Run: ``python benchmarks/oracle.py [--repeats 3]`` (about a minute on one core).
Times are process CPU seconds, the best of ``--repeats`` runs; ratios > 1 mean slower.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from sklearn.base import clone
from sklearn.ensemble import BaggingClassifier
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.datasets import load
from ensemble_lab.methods import make

DATASETS = ("segment", "waveform-5000", "vehicle")


def _base():
    """The base learner: the j48 preset when present, else scikit-learn's entropy tree."""
    try:
        from ensemble_lab.learners import make_learner

        return make_learner("j48"), "j48"
    except ImportError:
        return DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2), "sklearn tree"


def _time(build: Callable[[], object], X, y, repeats: int) -> tuple[float, float]:
    fits, preds = [], []
    for _ in range(repeats):
        est = clone(build())
        t0 = time.process_time()
        est.fit(X, y)
        t1 = time.process_time()
        est.predict(X)
        t2 = time.process_time()
        fits.append(t1 - t0)
        preds.append(t2 - t1)
    return min(fits), min(preds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    base, base_name = _base()
    pairs = {
        "Bagging": ("H-P-Bagging", "N-P-Bagging"),
        "Rand. Subs. (50%)": ("H-P-Rand. Subs. (50%)", "N-P-Rand. Subs. (50%)"),
    }
    print(f"base learner: {base_name}; 10 members; CPU seconds, best of {args.repeats}")
    print(f"{'data set':15} {'method':26} {'fit H':>7} {'fit N':>7} {'H/N':>5}"
          f" {'pred H':>7} {'pred N':>7} {'H/N':>5}")  # fmt: skip
    for name in DATASETS:
        X, y = load(name)
        X = X.to_numpy(dtype=float) if X.select_dtypes("number").shape[1] == X.shape[1] else X
        y = y.to_numpy()
        for label, (h, n) in pairs.items():
            fh, ph = _time(lambda h=h: make(h, base=base, random_state=0), X, y, args.repeats)
            fn, pn = _time(lambda n=n: make(n, base=base, random_state=0), X, y, args.repeats)
            print(f"{name:15} {label:26} {fh:7.3f} {fn:7.3f} {fh / fn:5.2f}"
                  f" {ph:7.3f} {pn:7.3f} {ph / pn:5.2f}")  # fmt: skip
        ours = _time(lambda: make("N-P-Bagging", base=base, random_state=0), X, y, args.repeats)
        peer = _time(
            lambda: BaggingClassifier(base, n_estimators=10, random_state=0), X, y, args.repeats
        )
        print(f"{name:15} {'ours/sklearn Bagging':26} {ours[0]:7.3f} {peer[0]:7.3f}"
              f" {ours[0] / peer[0]:5.2f} {ours[1]:7.3f} {peer[1]:7.3f}"
              f" {ours[1] / peer[1]:5.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
