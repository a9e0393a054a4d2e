"""A page's template holds no result: its only numbers are the paper's and the set-up's.

Every number on a page is computed from a store, or is one of the paper's figures (a
``PAPER_*`` constant of the page's module). A number typed into a template is neither:
it is stated as a result but computed nowhere. The templates' numeric literals are
therefore either among the page module's ``PAPER_*`` figures (or the size of one of
its ``PAPER_*`` tables) or set-up constants allow-listed below, each with its reason.
"""

import dataclasses
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.experiments import reproduction, reproduction_names

#: Every page's templates, from each reproduction's templates folder.
TEMPLATES = sorted(
    {
        path
        for name in reproduction_names()
        for path in Path(str(reproduction(name).templates())).glob("*.md")
    }
)

#: A numeric literal: digits (with a decimal part) not inside a word, a placeholder
#: (``$n_1``) or a longer number.
NUMBER = re.compile(r"(?<![\w$.])\d+(?:\.\d+)?(?![\w.]*\d)")

#: Cross-references are not results: a table, section, figure, claim or algorithm
#: number ("Tables 1–2", "Section 4.2", "Figure 1(b)"), a paper's reference ("[1]").
REFERENCE = re.compile(
    r"\b(?:Tables?|Sections?|Figures?|[Cc]laims?|Algorithm)\s+\d+(?:\.\d+)?(?:\s*[–-]\s*\d+)?"
    r"|\[\d+\]"
)

#: In every template: the project's numbering of the five papers (``paper 001``).
COMMON: dict[str, str] = dict.fromkeys(("000", "001", "002", "003", "004"), "a paper's number")

#: Per template: the set-up constants it states, each with its reason. A literal listed
#: here is allowed wherever it occurs in that template.
ALLOWED: dict[str, dict[str, str]] = {
    "boosting-variants-fig4.md": {"5404": "phoneme's size, the pool the test points come from"},
    "boosting-variants.md": {
        "0": "AdaBoost's reset rule: a member with error 0",
        "0.5": "AdaBoost's reset rule: a member with error ≥ 0.5",
        "0.25": "the tolerance, in points, of the 'same accuracy' criterion",
        "300": "the MLP's epochs (ours and the paper's)",
        "400": "size of the drawn Cone-Torus training and testing sets",
        "768": "Pima's size",
        "384": "half of Pima, the split's sizes",
        "800": "Cone-Torus: the paper's pair pooled",
        "2002": "year of the paper's citation",
    },
    "elrc.md": {
        "0": "the SVM's [0, 1] scaling; AdaBoost.M1 stops at error 0",
        "1": "the SVM's C = 1 and [0, 1] scaling; rank 1 = most accurate",
        "0.25": "C4.5's pruning confidence",
        "0.5": "AdaBoost.M1 stops at error ≥ 0.5",
        "3": "ELRC's levels; the paper's Hypothyroid has 3 classes",
        "7": "ELRC's most regional classifiers at 3 levels (1 + 2 + 4)",
        "21": "the ensembles' size in the method names (AdaBoostM1-21, Bagging-21)",
        "5": "the paper's Hypothyroid: 5 attributes (its Table 1)",
        "215": "the paper's Hypothyroid: 215 instances (its Table 1)",
        "213": "Glass's size as the paper's Table 1 gives it",
        "214": "Glass's size (MANIFEST.csv)",
        "267": "SPECTF's size (MANIFEST.csv)",
        "28": "Abalone's rings: 28 classes (MANIFEST.csv)",
        "3772": "Weka's hypothyroid: instances (MANIFEST.csv)",
        "4": "Weka's hypothyroid: classes (MANIFEST.csv)",
        "29": "Weka's hypothyroid: attributes (MANIFEST.csv)",
        "2": "Weka's hypothyroid: its smallest class (MANIFEST.csv)",
    },
    "oracle-2d.md": {
        "11": "the bagging ensemble's size",
        "400": "training points drawn",
        "4000": "test points drawn",
        "0.5": "the class boundary x2 = 0.5 + 0.45 sin(2π x1)",
        "0.45": "the class boundary x2 = 0.5 + 0.45 sin(2π x1)",
        "0": "the seed plotted",
    },
    "oracle-ranks.md": {"0.05": "the Nemenyi test's level"},
    "oracle-medicalranks.md": {"0.05": "the sign test's level"},
    "oracle.md": {"45": "pairs of 10 members in a kappa-error diagram, 10 × 9 / 2"},
    "projection-boosting.md": {
        "1": "NDA's α = 1 and SVC's C = 1 (set-up), γ = 1/d",
        "5": "the paper's 5×2 cross-validation",
        "90": "Wilcoxon levels of the paper's Table 1, in per cent",
        "95": "Wilcoxon levels of the paper's Table 1, in per cent",
        "300": "the MLP's epochs and L-BFGS iterations",
        "2007": "year of a citation",
        "2008": "year of the paper's citation",
    },
    "triskel-bias.md": {
        "1": "weights rescaled to mean 1 (a strategy's definition)",
        "2": "an instance hard in every round weighs 2^t (the weighting's definition)",
    },
    "triskel-cake.md": {
        "0.9": "the paper's Section 4 undersampling",
        "1": "the SVM's C = 1; the labels −1 / +1",
        "50": "AdaBoost-50, the method's size",
    },
    "triskel.md": {
        "0": "a 0/1 column, the encoding of a two-valued attribute",
        "0.05": "the t-test's level",
        "0.9": "Triskel's undersampling bias",
        "2": "Triskel-W2's K = 2; the weight 2^t",
        "16": "the weight of an instance hard in Triskel-W4's four rounds, 2^4, and SMO's C",
        "3.6": "the Weka version compared against",
        "2002": "the year since which Weka's SMO takes instance weights",
        "2005": "the year of the paper's Weka timings",
    },
}


def page_of(template: Path) -> str:
    """The page a template belongs to (``NAME.md`` or a section ``NAME-SECTION.md``)."""
    stem = template.stem
    return stem if stem in reproduction_names() else stem.rsplit("-", 1)[0]


def _flatten(value: object) -> Iterable[object]:
    if isinstance(value, str | int | float | np.number):
        yield value
    elif isinstance(value, pd.DataFrame | pd.Series):
        yield from _flatten(value.to_numpy().ravel().tolist())
        yield from _flatten(list(value.index))
        if isinstance(value, pd.DataFrame):
            yield from _flatten(list(value.columns))
    elif isinstance(value, Mapping):
        yield len(value)
        for key, item in value.items():
            yield from _flatten(key)
            yield from _flatten(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _flatten(getattr(value, field.name))
    elif isinstance(value, Iterable):
        items = list(value)
        yield len(items)
        for item in items:
            yield from _flatten(item)


def paper_figures(page: str) -> set[float]:
    """Every number in the ``PAPER_*`` constants of a page's module (and their sizes)."""
    figures: set[float] = set()
    for value in reproduction(page).paper_values().values():
        for item in _flatten(value):
            if isinstance(item, str):
                figures.update(float(t) for t in NUMBER.findall(item))
            elif isinstance(item, int | float | np.number) and np.isfinite(item):
                figures.add(float(item))
    return figures


def unexplained(template: str, text: str, figures: set[float]) -> list[str]:
    """The numeric literals of ``text`` that are neither a paper's figure nor allowed."""
    allowed = COMMON | ALLOWED.get(template, {})
    return [
        token
        for token in NUMBER.findall(REFERENCE.sub("", text))
        if token not in allowed and float(token) not in figures
    ]


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_a_template_states_only_the_papers_figures_and_set_up_constants(template):
    text = template.read_text(encoding="utf-8")
    found = unexplained(template.name, text, paper_figures(page_of(template)))
    assert not found, f"{template.name}: numbers computed nowhere: {found}"


def test_a_typed_in_result_is_caught():
    text = "cost the one-vs-one SMO 15–20 points on ecoli (Section 4.2; the paper's 27.10)"
    figures = paper_figures("elrc")
    assert unexplained("elrc.md", text, figures) == ["15", "20"]
    assert unexplained("oracle-ranks.md", "seed 1 of paper 001, Table 3", set()) == ["1"]


def test_every_allowed_constant_is_in_its_template():
    for name, constants in ALLOWED.items():
        (path,) = [t for t in TEMPLATES if t.name == name]
        text = path.read_text(encoding="utf-8")
        tokens = set(NUMBER.findall(REFERENCE.sub("", text)))
        assert set(constants) <= tokens, f"{name}: allowed but absent {set(constants) - tokens}"
