"""Significance tests and rank statistics for comparing classifiers.

Two families of tools, as the ensemble literature uses them:

* **One data set, two methods** — tests on the paired per-fold scores of a
  resampling protocol: the corrected resampled t-test of Nadeau & Bengio
  (2003) [1]_ exactly as Weka's Experimenter computes it
  (:func:`corrected_resampled_ttest`), the plain paired t-test
  (:func:`paired_ttest`), Dietterich's 5×2cv t-test [2]_ (:func:`cv52_ttest`) and
  Alpaydin's combined 5×2cv F-test [3]_ (:func:`cv52_ftest`).
* **Many data sets** — tests on one score per data set: the Wilcoxon
  signed-rank test (:func:`wilcoxon`), the sign test on win-tie-loss counts
  with the critical value used by Kuncheva & Rodríguez [5]_ (:func:`sign_test`),
  the paired equivalence test (two one-sided t-tests) for claims of no difference
  (:func:`paired_equivalence`),
  average ranks (:func:`average_ranks`), the Friedman test with the
  Iman–Davenport correction (:func:`friedman`), the post-hoc critical
  differences of Demšar (2006) [4]_ (:func:`nemenyi_cd`, :func:`bonferroni_dunn_cd`)
  and Holm's step-down comparison of every method with a control
  (:func:`holm`, :func:`compare_to_control`). :func:`posthoc` runs the post-hoc
  tests only when the Friedman test rejects equal performance, as autorank does.

* **The whole comparison** — :func:`compare` chooses the procedure as autorank does
  (normality and variance tests decide between repeated-measures ANOVA with Tukey's
  HSD and Friedman's test with Nemenyi's, Holm's, Hommel's or Shaffer's post-hoc
  tests), reports its reasons, effect sizes (:func:`cohen_d`, :func:`cliffs_delta`,
  :func:`akinshin_gamma`) and confidence intervals, optionally with the Bayesian
  signed-rank test (:func:`bayesian_signed_rank`; :func:`correlated_ttest` for one
  data set).

Every function returns a small frozen dataclass. Two-sample results carry a
``significance`` of +1 (first sample significantly greater), -1
(significantly smaller) or 0, which :func:`significance_marker` turns into the
papers' notation.

References
----------
.. [1] C. Nadeau and Y. Bengio, "Inference for the generalization error",
   Machine Learning 52(3), 2003.
.. [2] T. G. Dietterich, "Approximate statistical tests for comparing
   supervised classification learning algorithms", Neural Computation 10(7), 1998.
.. [3] E. Alpaydin, "Combined 5×2 cv F test for comparing supervised
   classification learning algorithms", Neural Computation 11(8), 1999.
.. [4] J. Demšar, "Statistical comparisons of classifiers over multiple data
   sets", JMLR 7, 2006.
.. [5] L. I. Kuncheva and J. J. Rodríguez, "Classifier ensembles with a random
   linear oracle", IEEE TKDE 19(4), 2007 (Section V, sign test).
"""

from ._anova import AnovaResult, repeated_measures_anova, tukey_hsd
from ._bayes import BayesianComparison, bayesian_signed_rank, correlated_ttest
from ._compare import Comparison, Procedure, choose_procedure, compare
from ._effect import (
    EFFECT_SIZES,
    akinshin_gamma,
    cliffs_delta,
    cohen_d,
    confidence_interval,
    effect_size,
    magnitude,
)
from ._multiple import ADJUSTMENTS, adjust_p_values, hommel, pairwise_rank_tests, shaffer
from ._paired import (
    corrected_resampled_ttest,
    cv52_ftest,
    cv52_ttest,
    paired_equivalence,
    paired_ttest,
    sign_test,
    wilcoxon,
    win_tie_loss,
)
from ._ranks import (
    ControlComparison,
    PosthocResult,
    average_ranks,
    bonferroni_dunn_cd,
    compare_to_control,
    friedman,
    holm,
    nemenyi_cd,
    posthoc,
)
from ._results import (
    BETTER_MARKER,
    WORSE_MARKER,
    CriticalDifference,
    EquivalenceResult,
    FriedmanResult,
    PairedTestResult,
    RankResult,
    SignTestResult,
    WilcoxonResult,
    significance_marker,
    variance_ttests,
)
from ._text import nemenyi_groups

__all__ = [
    "ADJUSTMENTS",
    "BETTER_MARKER",
    "EFFECT_SIZES",
    "WORSE_MARKER",
    "AnovaResult",
    "BayesianComparison",
    "Comparison",
    "ControlComparison",
    "CriticalDifference",
    "EquivalenceResult",
    "FriedmanResult",
    "PairedTestResult",
    "PosthocResult",
    "Procedure",
    "RankResult",
    "SignTestResult",
    "WilcoxonResult",
    "adjust_p_values",
    "akinshin_gamma",
    "average_ranks",
    "bayesian_signed_rank",
    "bonferroni_dunn_cd",
    "choose_procedure",
    "cliffs_delta",
    "cohen_d",
    "compare",
    "compare_to_control",
    "confidence_interval",
    "corrected_resampled_ttest",
    "correlated_ttest",
    "cv52_ftest",
    "cv52_ttest",
    "effect_size",
    "friedman",
    "holm",
    "hommel",
    "magnitude",
    "nemenyi_cd",
    "nemenyi_groups",
    "paired_equivalence",
    "paired_ttest",
    "pairwise_rank_tests",
    "posthoc",
    "repeated_measures_anova",
    "shaffer",
    "sign_test",
    "significance_marker",
    "tukey_hsd",
    "variance_ttests",
    "wilcoxon",
    "win_tie_loss",
]
