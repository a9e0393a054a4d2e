"""The paper's figures: Table 1 of García-Osorio & García-Pedrajas (ESANN 2008).

The win/loss counts and Wilcoxon p-values of Table 1, as transcribed from the text
copy (its Figure 2 is missing there), and the cells its results discussion names as
significant at 95 %.
"""

from __future__ import annotations

__all__ = ["PAPER_95_CELLS", "PAPER_N_DATASETS", "PAPER_TABLE1"]

#: Table 1 of the paper: (base, method) -> (wins, losses, Wilcoxon p-value) of the
#: projection ensemble against AdaBoost over the 45 datasets (row "AdaBoost").
PAPER_TABLE1: dict[tuple[str, str], tuple[int, int, float]] = {
    ("C4.5", "PB-HDA"): (31, 14, 0.0650),
    ("C4.5", "PB-NDA"): (30, 15, 0.0405),
    ("Neural nets", "PB-HDA"): (30, 15, 0.0439),
    ("Neural nets", "PB-NDA"): (29, 16, 0.0633),
    ("SVM", "PB-HDA"): (29, 16, 0.0198),
    ("SVM", "PB-NDA"): (31, 13, 0.0007),
}
PAPER_N_DATASETS = 45

#: The cells the paper names as significant at 95 % ("HDA for neural networks and SVMs
#: and for NDA for C4.5 and SVMs"), as (Table 1 column, method).
PAPER_95_CELLS: tuple[tuple[str, str], ...] = (
    ("Neural nets", "PB-HDA"),
    ("SVM", "PB-HDA"),
    ("C4.5", "PB-NDA"),
    ("SVM", "PB-NDA"),
)
