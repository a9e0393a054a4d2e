"""CITATION.cff: the version it cites is the package's, and it lists the five papers."""

from pathlib import Path

import yaml

import ensemble_lab

CFF = Path(__file__).resolve().parents[1] / "CITATION.cff"


def test_citation_cites_this_version_and_the_papers():
    data = yaml.safe_load(CFF.read_text(encoding="utf-8"))
    assert data["cff-version"] == "1.2.0" and data["type"] == "software"
    assert str(data["version"]) == ensemble_lab.__version__
    titles = {ref["title"] for ref in data["references"]}
    assert {
        "Ensembles of Biased Classifiers",
        "Classifier Ensembles with a Random Linear Oracle",
        "Using Diversity with Three Variants of Boosting: Aggressive, Conservative and Inverse",
        "Constructing ensembles of classifiers using linear projections based on "
        "misclassified instances",
        "Ensemble Learning of Regional Classifiers",
    } <= titles
    for ref in data["references"]:
        assert ref["authors"] and all("family-names" in a for a in ref["authors"])
        assert "year" in ref or "no venue or year" in ref.get("notes", "")
