"""The methods of projection boosting's Table 1, shared by its page and its noise study.

AdaBoost is AdaBoost.M1 by reweighting (the base learners accept sample weights), the
paper's "ADABOOST"; PB-HDA and PB-NDA are the two linear projections the paper proposes.
"""

from __future__ import annotations

__all__ = ["METHODS", "PROPOSED", "REFERENCE"]

#: label -> registered method name.
METHODS: dict[str, str] = {
    "AdaBoost": "N-P-AdaBoostM1 (W)",
    "PB-HDA": "PB-HDA",
    "PB-NDA": "PB-NDA",
}
REFERENCE = "AdaBoost"
PROPOSED = ("PB-HDA", "PB-NDA")
