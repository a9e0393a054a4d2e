"""The Random Linear Oracle paper's own figures: Tables I, III, IV and V, its protocol.

Every ``PAPER_*`` constant the oracle pages compare with, typed in from the paper; our
numbers are computed from the stores, never written here.

References
----------
L. I. Kuncheva and J. J. Rodríguez, "Classifier ensembles with a random linear oracle",
IEEE Transactions on Knowledge and Data Engineering 19(4), 500–508, 2007.
"""

from __future__ import annotations

from ...evaluation import RepeatedCV

__all__ = [
    "PAPER_DATASETS",
    "PAPER_EXCEPTIONS",
    "PAPER_PROTOCOL",
    "PAPER_SIZES",
    "PAPER_TABLE_III",
    "PAPER_TABLE_IV",
    "PAPER_TABLE_V",
    "PAPER_ZOO_DISCRETE",
]

#: Table I of the paper: its dataset name -> our registry name (``datasets.load`` aliases).
PAPER_DATASETS: dict[str, str] = {
    "anneal": "anneal",
    "audiology": "audiology",
    "autos": "autos",
    "balance-scale": "balance-scale",
    "breast-cancer": "breast-cancer",
    "cleveland-14-heart": "heart-c",
    "credit-rating": "credit-a",
    "german-credit": "credit-g",
    "glass": "glass",
    "heart-statlog": "heart-statlog",
    "hepatitis": "hepatitis",
    "horse-colic": "colic",
    "hungarian-14-heart": "heart-h",
    "hypothyroid": "hypothyroid",
    "ionosphere": "ionosphere",
    "iris": "iris",
    "kr-vs-kp": "kr-vs-kp",
    "labor": "labor",
    "letter": "letter",
    "lymphography": "lymph",
    "mushroom": "mushroom",
    "pima-diabetes": "diabetes",
    "primary-tumor": "primary-tumor",
    "segment": "segment",
    "sick": "sick",
    "sonar": "sonar",
    "soybean": "soybean",
    "splice": "splice",
    "vehicle": "vehicle",
    "vote": "vote",
    "vowel-context": "vowel",
    "vowel-nocontext": "vowel-nocontext",
    "waveform": "waveform-5000",
    "wisconsin-bc": "breast-w",
    "zoo": "zoo-named",  # Table I's 16 discrete attributes count the animal's name
}


#: Table I: number of objects of each dataset, as the paper gives it.
PAPER_SIZES: dict[str, int] = dict(
    zip(
        PAPER_DATASETS,
        (898, 226, 205, 625, 286, 303, 690, 1000, 214, 270, 155, 368, 294, 3772, 351, 150,
         3196, 57, 20000, 148, 8124, 768, 339, 2310, 3772, 208, 683, 3190, 846, 435, 990,
         990, 5000, 699, 101),
        strict=True,
    )
)  # fmt: skip

#: Table III of the paper, in its order (sorted by total rank): method -> (total rank,
#: win-tie-loss of the H- version against its N- version, with "•" for a significant
#: sign test; None for N- methods and the two oracle-only ensembles, "N/A" there).
PAPER_TABLE_III: dict[str, tuple[float, str | None]] = {
    "H-P-Rotation Forest": (10.83, "15-2-18"),
    "H-U-Rotation Forest": (11.01, "15-3-17"),
    "N-P-Rotation Forest": (11.16, None),
    "N-U-Rotation Forest": (11.70, None),
    "H-U-Rand. Subs. (50%)": (15.40, "• 26-2-7"),
    "H-U-Rand. Subs. (75%)": (16.47, "• 32-1-2"),
    "H-P-MultiBoost (W)": (16.49, "21-0-14"),
    "H-P-MultiBoost (S)": (16.87, "• 24-1-10"),
    "N-P-MultiBoost (W)": (17.74, None),
    "H-P-Rand. Subs. (75%)": (17.83, "• 32-1-2"),
    "H-U-Random Forest": (18.26, "21-1-13"),
    "H-P-Rand. Subs. (50%)": (18.63, "• 25-1-9"),
    "H-U-MultiBoost (W)": (18.63, "• 23-2-10"),
    "H-U-MultiBoost (S)": (18.80, "• 24-0-11"),
    "H-P-AdaBoostM1 (S)": (19.20, "22-2-11"),
    "N-P-MultiBoost (S)": (19.31, None),
    "H-P-Bagging": (20.36, "• 30-1-4"),
    "H-U-AdaBoostM1 (S)": (20.46, "23-0-12"),
    "H-P-AdaBoostM1 (W)": (20.54, "20-0-15"),
    "N-U-MultiBoost (W)": (20.61, None),
    "N-U-Rand. Subs. (50%)": (20.74, None),
    "N-P-AdaBoostM1 (W)": (21.07, None),
    "N-P-AdaBoostM1 (S)": (21.20, None),
    "N-U-MultiBoost (S)": (21.30, None),
    "H-U-Bagging": (21.41, "• 28-1-6"),
    "N-U-Random Forest": (21.44, None),
    "H-U-AdaBoostM1 (W)": (21.47, "20-0-15"),
    "N-U-AdaBoostM1 (W)": (22.13, None),
    "N-U-AdaBoostM1 (S)": (22.79, None),
    "N-P-Rand. Subs. (50%)": (23.29, None),
    "H-P-Decorate": (23.30, "19-1-15"),
    "N-P-Decorate": (23.80, None),
    "H-P-Ensemble": (24.66, "N/A"),
    "H-U-Decorate": (25.10, "• 25-2-8"),
    "H-U-Ensemble": (26.63, "N/A"),
    "N-P-Bagging": (26.96, None),
    "N-P-Rand. Subs. (75%)": (27.69, None),
    "N-U-Bagging": (28.04, None),
    "N-U-Decorate": (28.06, None),
    "N-U-Rand. Subs. (75%)": (28.63, None),
}

#: Table IV of the paper: its name of each medical data set -> (our registry name,
#: number of objects).
PAPER_TABLE_IV: dict[str, tuple[str, int]] = {
    "Weaning": ("weaning", 302),
    "Respiratory": ("respiratory", 85),
    "Laryngeal-1": ("laryngeal1", 213),
    "Laryngeal-2": ("laryngeal2", 692),
    "Laryngeal-3": ("laryngeal3", 353),
    "Voice-3": ("voice3", 238),
    "Voice-9": ("voice9", 428),
}

#: Table V of the paper (the seven medical data sets), in its order (sorted by total
#: rank): method -> (total rank, win-draw-loss of the H- version against its N- version;
#: None for N- methods and the two oracle-only ensembles, "–" there).
PAPER_TABLE_V: dict[str, tuple[float, str | None]] = {
    "H-U-Rand. Subs. (50%)": (6.14, "6-0-1"),
    "H-P-Rand. Subs. (50%)": (8.29, "7-0-0"),
    "H-P-Rotation Forest": (8.50, "4-0-3"),
    "H-U-Rotation Forest": (8.57, "6-0-1"),
    "H-U-Random Forest": (9.36, "3-1-3"),
    "N-U-Random Forest": (11.29, None),
    "N-P-Rotation Forest": (12.21, None),
    "H-U-MultiBoost (W)": (12.93, "5-0-2"),
    "N-U-Rotation Forest": (13.36, None),
    "N-U-Rand. Subs. (50%)": (15.00, None),
    "H-P-MultiBoost (S)": (16.14, "5-0-2"),
    "H-P-MultiBoost (W)": (16.43, "6-0-1"),
    "H-U-AdaBoostM1 (W)": (16.86, "6-0-1"),
    "H-P-AdaBoostM1 (S)": (17.14, "5-0-2"),
    "N-U-MultiBoost (W)": (18.14, None),
    "N-P-Rand. Subs. (50%)": (18.29, None),
    "H-U-Decorate": (19.43, "5-0-2"),
    "H-U-MultiBoost (S)": (19.57, "3-0-4"),
    "N-P-MultiBoost (S)": (20.14, None),
    "H-U-Bagging": (20.14, "6-0-1"),
    "N-U-Decorate": (20.29, None),
    "H-U-AdaBoostM1 (S)": (20.43, "4-0-3"),
    "H-P-Bagging": (21.93, "6-0-1"),
    "N-U-AdaBoostM1 (S)": (22.14, None),
    "N-U-MultiBoost (S)": (22.36, None),
    "N-P-AdaBoostM1 (W)": (22.43, None),
    "N-P-MultiBoost (W)": (22.86, None),
    "H-U-Rand. Subs. (75%)": (23.36, "7-0-0"),
    "N-U-AdaBoostM1 (W)": (23.86, None),
    "H-P-Rand. Subs. (75%)": (24.50, "7-0-0"),
    "H-P-AdaBoostM1 (W)": (25.43, "3-0-4"),
    "H-P-Decorate": (26.43, "3-0-4"),
    "N-P-Decorate": (26.43, None),
    "N-U-Bagging": (27.64, None),
    "N-P-AdaBoostM1 (S)": (28.29, None),
    "N-P-Bagging": (28.71, None),
    "N-P-Rand. Subs. (75%)": (34.71, None),
    "H-P-Ensemble": (36.29, "–"),
    "H-U-Ensemble": (37.00, "–"),
    "N-U-Rand. Subs. (75%)": (37.00, None),
}

#: The paper's protocol: ten repetitions of stratified 10-fold cross-validation.
PAPER_PROTOCOL = RepeatedCV(n_folds=10, n_repetitions=10)

#: Table I: zoo's number of discrete attributes (the animal's name among them).
PAPER_ZOO_DISCRETE = 16
#: The ensembles Section VI names as the exceptions, where the oracle does not improve.
PAPER_EXCEPTIONS = ("P-AdaBoostM1 (W)", "P-Decorate")
