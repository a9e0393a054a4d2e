import re

import pytest

from ensemble_lab.reporting._report import build_report


def test_report_holds_every_section_and_figure(small_results, tmp_path):
    report = build_report(small_results, settings={"protocol": "10-fold CV"}, baseline="J48")
    page = report.write(tmp_path / "report.html").read_text()
    for heading in ["Settings", "Accuracy", "Training time", "Ranks", "Figures"]:
        assert f">{heading}</h2>" in page
    # CD diagram, accuracy vs time, error vs error
    assert page.count("<figure") == 3 == report.figure_count
    assert page.count("<svg") == 3
    assert len(re.findall(r'<table class="sortable">', page)) == 3
    assert "10-fold CV" in page and "◇" in page
    # nothing is loaded from elsewhere
    assert not re.search(r"(src|href)=\"(https?:)?//", page)


def test_single_dataset_report_skips_ranks(small_results):
    one = small_results[small_results["dataset"] == "alpha"]
    page = build_report(one).render()
    assert ">Ranks</h2>" not in page and page.count("<figure") == 1


def test_report_errors_name_the_problem(small_results):
    with pytest.raises(ValueError, match="baseline 'SMO' has no results"):
        build_report(small_results, baseline="SMO")
    with pytest.raises(ValueError, match="no results"):
        build_report(small_results.iloc[:0])


def test_report_lists_failures_and_keeps_a_method_that_always_failed(small_results):
    import pandas as pd

    failures = pd.DataFrame(
        {
            "dataset": ["alpha", "beta"],
            "method": ["SMO", "SMO"],
            "repetition": [0, 0],
            "fold": [0, 0],
            "error": ["ValueError: no convergence\nTraceback", "ValueError: again\nTraceback"],
        }
    )
    page = build_report(small_results, baseline="J48", failures=failures).render()
    assert "<dt>methods</dt><dd>5</dd>" in page and "<dt>failed tasks</dt><dd>2</dd>" in page
    assert ">Failures</h2>" in page
    assert "<th>SMO</th><td>alpha</td><td>1 of 1</td><td>ValueError: no convergence</td>" in page
    # SMO's column in the accuracy and time tables: failed on alpha and beta, not run else
    assert page.count("<td>failed</td>") == 2 * 2
    assert ">Ranks</h2>" not in page  # SMO has no result on any data set
