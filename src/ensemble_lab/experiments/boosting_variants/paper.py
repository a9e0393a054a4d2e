"""The paper's statements and numbers: Kuncheva & Whitaker (2002), Sections 4-5.

The paper has no table: its results are Figures 2-4 and the observations listed in
``PAPER_CLAIMS`` (quoted or closely paraphrased from its text); its only numbers are in
``PAPER_NUMBERS``. The claims ledger (:mod:`.claims`) tests each on our curves.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PAPER_CLAIMS", "PAPER_NUMBERS"]

#: What the paper states in numbers or words (Sections 4 and 5, and the abstract); it has
#: no table, so these are the claims its figures are read for, in the ledger's order.
PAPER_CLAIMS: dict[str, str] = {
    "fig2_aggressive_overtrains": (
        "Fig. 2 (Cone-Torus, QDA): Aggressive Boosting shows overtraining after L = 13, "
        "while the other two decrease both training and testing errors together"
    ),
    "fig2_train_test_q": "Training and testing diversities are approximately identical",
    "fig2_min_q_stop": (
        "Q has a 'tick' shape with a minimum at a small L, indicating a good place to "
        "stop (especially for Aggressive Boosting)"
    ),
    "fig2_inverse_best": (
        "On Cone-Torus with QDA, Inverse Boosting gave the lowest error rates, though not "
        "much lower than the starting error rate"
    ),
    "fig2_weights": (
        "Aggressive and Conservative Boosting concentrate the weights on the boundary "
        "points; Inverse Boosting does the opposite"
    ),
    "fig2_inverse_q": "The diversity of Inverse Boosting is nonexistent (Q close to 1)",
    "fig3_conservative": (
        "Conservative Boosting manages some improvement in all four cases and is the best "
        "overall, notably on Pima with QDA"
    ),
    "fig3_scale": (
        "Boosting QDA improves on the first classifier by at most 1.5-3 %; boosting the "
        "MLP by up to 15 %"
    ),
    "fig3_inverse": "Inverse Boosting was beneficial only for Cone-Torus with QDA",
    "fig3_min_q_mlp": (
        "With MLPs, stopping at the lowest Q gives the highest improvement for Aggressive "
        "and Conservative Boosting; on Pima with QDA it misses the best improvement on "
        "all three Boosting methods"
    ),
    "fig4_diversity": (
        "Phoneme: Aggressive Boosting gives the most diverse members, Conservative "
        "Boosting reaches lower testing errors with less diverse ones, Inverse Boosting "
        "raises the testing error with Q about 1"
    ),
    "fig4_small_n": (
        "With small training sets, Aggressive and Conservative Boosting drive the testing "
        "error down for both base classifiers"
    ),
    "inverse_declines": "Inverse Boosting quickly leads to a decline in the ensemble accuracy",
    "conclusion": (
        "The three variants show different behavior, favoring in most cases the "
        "Conservative Boosting (abstract); Conservative Boosting exhibited better "
        "performance than the other two, and we recommend it (Section 5)"
    ),
    "fig3_min_q_inverse": (
        "The lowest Q (highest diversity) will fail to detect the highest improvement for "
        "the Inverse Boosting in all cases except the Cone-Torus data and the quadratic "
        "base classifier"
    ),
    "fig3_q_span": (
        "[When the ensembles consist of neural networks] the span of the diversity is much "
        "wider than for boosting quadratic classifiers"
    ),
    "fig4_qda_erratic": (
        "Phoneme: for larger data sets, the quadratic classifier behaves erratically"
    ),
    "fig4_mlp_sizes": (
        "Phoneme: we did not find big differences for the different sample sizes with the "
        "NN classifiers"
    ),
    "mlp_no_paralysis": (
        "Paralysis was not induced in our experiments with the neural network classifiers "
        "(Section 5; paralysed: 'adding more classifiers does not lead to further "
        "improvement of the performance', Section 1)"
    ),
}

#: The paper's only numbers (Section 4): the size after which Aggressive Boosting overtrains
#: on Cone-Torus (Fig. 2), the largest improvements over the first member (Fig. 3), and
#: the runs or splits of every configuration ("10 runs", "ten random splits", "ten
#: experiments").
PAPER_NUMBERS: dict[str, Any] = {
    "aggressive_overtrains_after": 13,
    "qda_max_improvement": (0.015, 0.03),
    "mlp_max_improvement": 0.15,
    "splits": 10,
}
