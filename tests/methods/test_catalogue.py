"""The catalogue of the papers' method names is data that make, the CLI and the
reproductions all read."""

from __future__ import annotations

import re

import pytest

from ensemble_lab.experiments import reproduction, reproduction_names
from ensemble_lab.methods import PAPERS, RandomLinearOracle, describe_methods, make, names
from ensemble_lab.methods._catalogue import CATALOGUE
from ensemble_lab.methods._pairwise import PairwiseClassifier

ROWS = {row.name: row for row in CATALOGUE}


def test_one_row_per_name_and_every_paper_a_citation_key():
    assert len(ROWS) == len(CATALOGUE) == 64
    assert set(ROWS) <= set(names())  # register() may add names of its own
    assert {row.paper for row in CATALOGUE} - {None} == set(PAPERS)
    assert all(key.replace("-", "").isalnum() and key.islower() for key in PAPERS)


@pytest.mark.parametrize("row", CATALOGUE, ids=lambda r: r.name)
def test_make_builds_what_the_row_says(row):
    est = make(row.name)
    if row.build == "learner":
        assert not isinstance(est, PairwiseClassifier)
    elif row.build == "OneVsOneBoosting":
        assert isinstance(est, PairwiseClassifier)
        boosted = est.estimator.get_params(deep=False)
        assert all(boosted[key] == value for key, value in row.params.items())
        assert boosted["estimator"] == row.base
    elif row.build == "RandomForest":
        assert type(est).__name__ == "WekaBaggingClassifier"
    else:
        assert type(est).__name__ == row.build
    params = est.get_params(deep=False)
    for key, value in row.params.items():
        if key in params:  # the one-vs-one ensemble holds them one level down
            assert params[key] == value, key
    member = params.get("estimator")
    assert isinstance(member, RandomLinearOracle) == (row.member == "oracle")
    one_level = row.build not in {"learner", "OneVsOneBoosting"}
    if one_level and row.member == "given" and row.base and "estimator" in params:
        assert member == row.base  # the preset name, resolved by the ensemble itself


def test_aliases_reach_their_row():
    for row in CATALOGUE:
        for alias in row.aliases:
            assert type(make(alias)) is type(make(row.name))


def test_names_of_one_paper_by_key_or_number():
    oracle = names(paper="kuncheva2007oracle")
    assert oracle == names(paper=1) == names(paper="001")
    assert len(oracle) == 40 and all(n[:2] in {"H-", "N-"} for n in oracle)
    with pytest.raises(ValueError, match="Unknown paper 'nobody2099'"):
        names(paper="nobody2099")


def test_the_cli_listing_is_the_catalogue():
    listed = {m.name: m for m in describe_methods()}
    for row in CATALOGUE:
        assert listed[row.name].paper == (row.paper or "")
        assert listed[row.name].what == row.what


def test_the_reproductions_run_catalogue_names():
    for name in reproduction_names():
        for part in reproduction(name).parts():
            named = {spec.name for spec in part.config.methods if spec.name is not None}
            assert named <= set(ROWS), (name, part.config.name, named - set(ROWS))


@pytest.mark.parametrize(
    "row", [r for r in CATALOGUE if r.build == "learner"], ids=lambda row: row.name
)
def test_a_single_learner_keeps_its_own_learner(row):
    from sklearn.base import clone

    from ensemble_lab.learners import make_learner

    own = make(row.name, base=row.base.upper())  # its own preset, in any case
    assert repr(own) == repr(make_learner(row.base))
    other = "nb" if row.base != "nb" else "j48"
    with pytest.raises(ValueError, match=rf"{re.escape(row.name)} is the single learner"):
        make(row.name, base=other)
    with pytest.raises(ValueError, match=r"no other base \(got base='C45TreeClassifier'\)"):
        make(row.name, base=clone(make_learner("j48")))
