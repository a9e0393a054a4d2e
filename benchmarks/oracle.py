"""Training and prediction time of the oracle ensembles, side by side.

* H- (with Random Linear Oracle) vs N- (without) for Bagging, Random Subspace 50 % and
  AdaBoost.M1 (W), all with the pruned ``j48`` preset and 10 members;
* the project's Bagging (``make("N-P-Bagging")``: scikit-learn's BaggingClassifier with
  the mixed-data FrameRestorer between it and the learner) vs a bare
  ``sklearn.ensemble.BaggingClassifier`` on the same ``j48`` base learner.

Data: vehicle and segment (numeric) and soybean (nominal, missing values; given as a
DataFrame with category columns, which a bare BaggingClassifier cannot take, so the
sklearn comparison there uses the one-hot-free numeric datasets only).

Run: ``python benchmarks/oracle.py [--repeats 3]`` (about two minutes on one core).
Times are process CPU seconds, the best of ``--repeats`` runs; ratios > 1 mean slower.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from sklearn.base import clone
from sklearn.ensemble import BaggingClassifier

from ensemble_lab.datasets import load
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import make

DATASETS = ("vehicle", "segment", "soybean")
PAIRS = {
    "Bagging": ("H-P-Bagging", "N-P-Bagging"),
    "Rand. Subs. (50%)": ("H-P-Rand. Subs. (50%)", "N-P-Rand. Subs. (50%)"),
    "AdaBoostM1 (W)": ("H-P-AdaBoostM1 (W)", "N-P-AdaBoostM1 (W)"),
}


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
    base = make_learner("j48")
    print(f"base learner: j48 preset; 10 members; CPU seconds, best of {args.repeats}")
    print(f"{'data set':10} {'method':26} {'fit A':>7} {'fit B':>7} {'A/B':>5}"
          f" {'pred A':>7} {'pred B':>7} {'A/B':>5}")  # fmt: skip

    def line(name, label, a, b):
        print(f"{name:10} {label:26} {a[0]:7.3f} {b[0]:7.3f} {a[0] / b[0]:5.2f}"
              f" {a[1]:7.3f} {b[1]:7.3f} {a[1] / b[1]:5.2f}")  # fmt: skip

    for name in DATASETS:
        X, y = load(name)
        numeric = X.select_dtypes("number").shape[1] == X.shape[1]
        X = X.to_numpy(dtype=float) if numeric else X
        y = y.to_numpy()
        for label, (h, n) in PAIRS.items():
            a = _time(lambda h=h: make(h, base=base, random_state=0), X, y, args.repeats)
            b = _time(lambda n=n: make(n, base=base, random_state=0), X, y, args.repeats)
            line(name, f"H/N {label}", a, b)
        if numeric:
            ours = _time(lambda: make("N-P-Bagging", base=base, random_state=0), X, y, args.repeats)
            peer = _time(
                lambda: BaggingClassifier(base, n_estimators=10, random_state=0), X, y, args.repeats
            )
            line(name, "ours/sklearn Bagging", ours, peer)


if __name__ == "__main__":
    main()
