"""Reproduce the 2-D example of the Random Linear Oracle paper (Section IV, Figs. 3-4).

Run: ``python experiments/oracle_2d.py`` — writes experiments/results/oracle-2d.md and
oracle-2d.png (about ten seconds).
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from ensemble_lab.methods._oracle_example import (
    PAPER_NUMBERS,
    oracle_2d_example,
    plot_oracle_2d_example,
)

OUT = Path(__file__).resolve().parent / "results"
SEEDS = range(10)
KEYS = ("individual_error", "ensemble_error", "mean_kappa")


def main() -> None:
    runs = [oracle_2d_example(seed) for seed in SEEDS]
    rows = []
    for name in ("bagging", "bagging+oracle"):
        values = {k: np.array([r.summary[name][k] for r in runs]) for k in KEYS}
        first = runs[0].summary[name]
        cells = [
            f"{PAPER_NUMBERS[name][k]:.4f} | {first[k]:.4f} | "
            f"{values[k].mean():.4f} ± {values[k].std(ddof=1):.4f}"
            for k in KEYS
        ]
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    wins = {
        k: sum(r.summary["bagging+oracle"][k] < r.summary["bagging"][k] for r in runs) for k in KEYS
    }
    axes = plot_oracle_2d_example(runs[0])
    fig = axes[0].figure
    fig.tight_layout()
    fig.savefig(OUT / "oracle-2d.png", dpi=55)
    plt.close(fig)
    header = " | ".join(f"{k}: paper | ours seed 0 | ours mean ± sd" for k in KEYS)
    text = f"""# Random Linear Oracle — the 2-D example (paper 001, Section IV)

Bagging of 11 linear discriminants (LDA) vs the same bagging with a Random Linear Oracle
around each member; 400 training and 4000 test points from
`ensemble_lab.datasets.make_oracle_2d` (uniform on the unit square, class boundary
`x2 = 0.5 + 0.45 sin(2π x1)`). The paper does not give its distribution, so only the
direction and rough size of the differences are comparable: on our task a single line
errs about 0.18 (the paper's bagged lines: 0.2167), and the oracle helps the members
less than in the paper (0.155 against the paper's 0.138) while the drop in κ and the
ensemble's gain are of the paper's size.

Produced by `python experiments/oracle_2d.py` ({len(SEEDS)} seeds; seed 0 is the one plotted).

| ensemble | {header} |
|---|{"---|" * 9}
{chr(10).join(rows)}

What the paper claims, and on how many of our {len(SEEDS)} seeds it holds:
* the oracle lowers the members' individual error: {wins["individual_error"]}/{len(SEEDS)};
* the oracle lowers the ensemble error: {wins["ensemble_error"]}/{len(SEEDS)}; bagging
  alone barely improves on its members (a linear classifier is stable): see the
  bagging row, ensemble ≈ individual error;
* the oracle lowers the mean pairwise κ (more diversity; the cloud of the kappa-error
  diagram moves left and down): {wins["mean_kappa"]}/{len(SEEDS)}.

![training data, test data labelled by each ensemble, kappa-error diagram](oracle-2d.png)
"""
    (OUT / "oracle-2d.md").write_text(text)


if __name__ == "__main__":
    main()
