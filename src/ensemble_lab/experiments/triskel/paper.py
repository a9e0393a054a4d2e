"""The Triskel paper's own figures (paper 000): Tables 1–2 and the numbers of its text.

Khoussainov, Heß & Kushmerick (2005) print the accuracy (Table 1) and the training time
(Table 2) of SMO, AdaBoost-3/10/50 of SMO and Triskel-M1, -1, -W2, -W4 on fifteen UCI
data sets, with a marker beside each Triskel column for its corrected resampled t-test
against the column on its left. They are typed in here row by row and parsed into
frames indexed by our names of the data sets (:data:`DATASETS`). The numbers the paper
gives in its text (the layered cake of Section 5, the count of Triskel-W4's wins) are
here too: every ``PAPER_*`` constant the Triskel pages compare with.

Examples
--------
>>> PAPER_ACCURACY.loc["balance-scale", "Triskel-W4"]
np.float64(91.65)
>>> PAPER_ACCURACY_MARKERS.loc["segment", "Triskel-M1"]
'◇'
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

__all__ = [
    "DATASETS",
    "FIGURE_DATASETS",
    "METHODS",
    "PAIRS",
    "PAPER_ACCURACY",
    "PAPER_ACCURACY_MARKERS",
    "PAPER_ASYMMETRIC",
    "PAPER_FIGURES",
    "PAPER_STRATEGY",
    "PAPER_SYMMETRIC",
    "PAPER_TIME",
    "PAPER_TIME_MARKERS",
    "PAPER_WINS",
]

#: The methods of Tables 1–2, in the paper's column order.
METHODS = (
    "SMO",
    "Triskel-M1",
    "AdaBoost-3",
    "Triskel-1",
    "AdaBoost-10",
    "Triskel-W2",
    "AdaBoost-50",
    "Triskel-W4",
)
#: The paper tests each Triskel column against the column on its left.
PAIRS = (
    ("SMO", "Triskel-M1"),
    ("AdaBoost-3", "Triskel-1"),
    ("AdaBoost-10", "Triskel-W2"),
    ("AdaBoost-50", "Triskel-W4"),
)

#: The paper's data set name -> ours (the ARFF files of the shared collection). The
#: paper does not say which waveform it used; Weka ships waveform-5000. Its "vowel" is
#: Weka's vowel.arff (with the train/test, speaker and sex attributes).
DATASETS = {
    "anneal": "anneal",
    "anneal.ORIG": "anneal.orig",
    "audiology": "audiology",
    "autos": "autos",
    "balance-scale": "balance-scale",
    "Glass": "glass",
    "hypothyroid": "hypothyroid",
    "lymphography": "lymph",
    "primary-tumor": "primary-tumor",
    "segment": "segment",
    "soybean": "soybean",
    "vehicle": "vehicle",
    "vowel": "vowel",
    "waveform": "waveform-5000",
    "Z00": "zoo-named",  # the animal's name kept: the paper's SMO accuracy is this file's
}
#: Figure 2's six data sets.
FIGURE_DATASETS = ("autos", "balance-scale", "glass", "hypothyroid", "segment", "vehicle")

# Table 1 of the paper, transcribed row by row: for each pair of PAIRS the partner's
# accuracy, the Triskel accuracy and the paper's marker for Triskel against the partner.
_TABLE1 = """
anneal         97.46 97.90 .  99.02 97.85 .  99.13 99.07 .  98.99 99.39 .
anneal.ORIG    87.44 95.83 ◇  91.11 94.04 ◇  90.04 94.21 ◇  90.42 94.11 ◇
audiology      80.77 80.10 .  81.43 79.58 .  81.39 80.28 .  81.39 80.42 .
autos          71.34 70.27 .  74.95 71.31 .  76.35 76.73 .  75.92 76.59 .
balance-scale  87.57 87.63 .  87.73 87.78 .  89.09 88.05 .  89.09 91.65 ◇
Glass          57.36 56.94 .  60.66 61.95 .  62.23 63.40 .  62.33 63.41 .
hypothyroid    93.58 93.87 ◇  95.62 95.27 .  96.15 95.04 *  96.35 95.91 .
lymphography   86.48 85.00 .  86.28 84.73 .  85.32 84.87 .  85.19 84.40 .
primary-tumor  47.09 47.44 .  43.93 45.23 .  42.96 45.05 .  42.72 42.93 .
segment        92.92 93.61 ◇  93.66 94.31 .  94.11 95.08 ◇  94.48 95.95 ◇
soybean        93.10 92.56 .  93.32 92.65 .  93.28 92.93 .  93.29 92.71 .
vehicle        74.08 74.15 .  75.30 75.40 .  77.53 77.39 .  79.21 79.48 .
vowel          70.61 70.60 .  89.91 83.71 *  92.27 90.00 *  94.08 93.80 .
waveform       86.48 86.49 .  86.50 86.43 .  86.45 86.44 .  86.44 86.36 .
Z00            96.05 95.08 .  96.05 95.15 .  96.05 96.05 .  96.05 96.05 .
"""
# Table 2 (training time, seconds as printed). "?" marks a marker garbled in the text
# (printed as \\langle or \\lambda), "." no marker.
_TABLE2 = """
anneal         4.45  5.66 ?     7.15  12.92 ◇   13.78  25.07 ?     34.50  48.32 ?
anneal.ORIG    4.17  5.46 ◇    10.79  11.64 ◇   38.52  23.87 *     95.87  46.41 *
audiology     85.02 58.79 *   120.83 538.19 ◇  172.62 1069.06 ◇  140.52 1065.85 ◇
autos          5.05  8.54 ◇    11.17  16.97 ◇   36.24  30.37 *    130.76  56.23 *
balance-scale  0.99  2.36 ◇     3.22   3.34 ◇   12.27   5.45 *     15.88   9.72 *
Glass          4.73  8.05 ◇    12.33  15.67 ◇   39.10  26.58 *    106.23  46.96 *
hypothyroid   16.83  9.63 *    38.24  12.84 *  135.19  39.87 *    289.24  70.09 *
lymphography   1.95  2.56 ◇     2.83   6.59 ◇    1.47  10.73 ◇     22.25  18.91 *
primary-tumor 68.11 75.35 ◇   145.22 280.40 ◇  449.42 542.17 ◇   1683.63 1204.90 *
segment        8.06 11.43 ◇    16.85  26.84 ◇   56.43  52.77 *    132.11 116.10 *
soybean       61.49 37.30 *    80.45 289.36 ◇  174.30 604.43 ◇    148.99 779.23 ◇
vehicle        1.87  4.80 ◇     7.28   6.90 *   35.14  13.01 *     90.06  25.63 *
vowel         21.12 30.98 ◇    44.11  62.61 ◇  171.23 128.49 *    676.99 272.55 *
waveform       5.14 11.19 ◇    47.36   8.30 *  217.95  29.34 *    361.99  78.60 *
Z00            7.15  6.48 .     7.31  21.96 ◇    1.85  39.91 ◇      7.87  88.39 ◇
"""


def _parse_paper_table(text: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(values, markers) as data sets (our names) × methods; markers are on Triskel."""
    values: dict[str, Any] = {}
    markers: dict[str, Any] = {}
    for line in text.strip().splitlines():
        name, *cells = line.split()
        ours = DATASETS[name]
        values[ours], markers[ours] = {}, {}
        for (partner, triskel), (a, b, mark) in zip(PAIRS, np.reshape(cells, (4, 3))):
            values[ours][partner], values[ours][triskel] = float(a), float(b)
            markers[ours][triskel] = "" if mark == "." else mark
    frame = pd.DataFrame.from_dict(values, orient="index")[list(METHODS)]
    return frame, pd.DataFrame.from_dict(markers, orient="index")


#: Paper's Table 1 (accuracy, %) and Table 2 (training time, s), data sets × methods,
#: and the markers printed beside each Triskel column (against its partner of PAIRS).
PAPER_ACCURACY, PAPER_ACCURACY_MARKERS = _parse_paper_table(_TABLE1)
PAPER_TIME, PAPER_TIME_MARKERS = _parse_paper_table(_TABLE2)

#: Section 4: Triskel-W4's significant wins over AdaBoost-50 in Table 1 (linear SMO).
PAPER_WINS = 3

#: Section 3.2: the biasing the paper runs (undersampling, bias 0.9), and what it gives
#: for its comparison with oversampling.
PAPER_STRATEGY = "undersample 0.9"
PAPER_FIGURES = "no figures (preliminary experiments)"

#: Section 5, the layered cake: the best asymmetric bias pair and its training
#: accuracy, and the best symmetric bias and its training accuracy.
PAPER_ASYMMETRIC = {"bias_plus": 0.11, "bias_minus": 0.085, "accuracy": 0.803}
PAPER_SYMMETRIC = {"bias": 0.09, "accuracy": 0.703}
