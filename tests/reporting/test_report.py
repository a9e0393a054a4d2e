import re

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.reporting._report import build_report


def test_report_holds_every_section_and_figure(small_results, tmp_path):
    report = build_report(
        small_results, settings={"protocol": "10-fold CV"}, baseline="J48",
        procedure="nonparametric",
    )  # fmt: skip
    page = report.write(tmp_path / "report.html").read_text()
    for heading in ["Settings", "Accuracy", "Training time", "Ranks", "Every pair of methods",
                    "Figures"]:  # fmt: skip
        assert f">{heading}</h2>" in page
    # CD diagram, accuracy vs time, error vs error
    assert page.count("<figure") == 3 == report.figure_count
    assert page.count("<svg") == 3
    # accuracy, time, ranks, the methods over data sets, Nemenyi's pairs, (after a
    # significant Friedman test) Holm against J48, and Weka's summary matrix and ranking
    assert len(re.findall(r'<table class="sortable">', page)) == 8
    assert "the non-parametric tests were asked for" in page and "Cliff" in page
    assert "Holm-corrected at α = 0.05" in page
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
    # ranks of the methods that ran; SMO, with no result on any data set, is named
    assert ">Ranks</h2>" in page and "Not ranked (no task finished): SMO." in page


def _rotated_results():
    """Three methods whose ranks rotate over three data sets: equal average ranks."""
    import pandas as pd

    rows = []
    for d, dataset in enumerate(["a", "b", "c"]):
        for m, method in enumerate(["X", "Y", "Z"]):
            for fold in range(3):
                accuracy = 0.7 + 0.1 * ((m + d) % 3) + 0.01 * fold
                rows.append(
                    {"dataset": dataset, "method": method, "repetition": 0, "fold": fold,
                     "n_train": 20, "n_test": 10, "accuracy": accuracy, "fit_cpu": 0.1,
                     "fit_wall": 0.1, "predict_cpu": 0.01, "predict_wall": 0.01,
                     "ensemble_size": 1}
                )  # fmt: skip
    return pd.DataFrame(rows)


def test_no_post_hoc_test_without_a_significant_friedman_test():
    page = build_report(_rotated_results(), baseline="X").render()
    assert ">Ranks</h2>" in page
    assert "does not reject equal performance at α = 0.05 (p = 1)" in page
    assert "Critical-difference diagram" not in page and "Holm" not in page


def test_alpha_reaches_every_test(small_results):
    page = build_report(small_results, baseline="J48", alpha=0.01, procedure="nonparametric")
    page = page.render()
    assert "at the 0.01 level" in page and "Holm-corrected at α = 0.01" in page
    assert "Nemenyi, α = 0.01" in page
    # left to the data, these scores are normal: ANOVA and Tukey, at the same level
    chosen = build_report(small_results, baseline="J48", alpha=0.01).render()
    assert "repeated-measures ANOVA rejects" in chosen and "at α = 0.01" in chosen
    assert "Tukey HSD post-hoc tests of every pair at α = 0.01" in chosen


def test_method_key_gives_every_parameter(small_results):
    from ensemble_lab.reporting.tables import method_key

    key = method_key(
        [
            {"label": "J48", "name": "J48"},
            {"label": "Bagging", "name": "N-P-Bagging", "params": {"n_estimators": 5}},
        ]
    )
    bagging = key.frame.loc["Bagging", "Estimator"]
    assert key.frame.loc["Bagging", "Parameters"] == "n_estimators=5"
    assert bagging.startswith("WekaBaggingClassifier(bag_size_percent=100,")
    assert "n_estimators=5" in bagging and "C45TreeClassifier(" in bagging
    assert "..." not in bagging  # never truncated
    page = build_report(small_results, baseline="J48", method_key=key).render()
    assert ">Methods</h2>" in page and "bag_size_percent=100" in page


def test_times_keep_significant_digits_in_every_format(small_results):
    from ensemble_lab.reporting.tables import time_table

    fast = small_results.assign(fit_cpu=small_results["fit_cpu"] / 100)  # 0.1 to 1 ms
    times = time_table(fast, baseline="J48")
    cells = times.frame.drop(index=[]).to_numpy().ravel()
    assert all(len(c.lstrip("0.")) == 3 for c in cells), cells  # never 0.00
    mean = times.data["mean"].loc["alpha", "J48"]
    assert times.frame.loc["alpha", "J48"] == f"{mean:.{3 - 1 - int(np.floor(np.log10(mean)))}f}"
    assert times.frame.loc["alpha", "J48"] in times.to_markdown()
    assert times.frame.loc["alpha", "J48"] in times.to_latex()
    assert times.frame.loc["alpha", "J48"] in build_report(fast, baseline="J48").render()


def test_every_table_has_one_style_and_one_header_row(small_results):
    page = build_report(small_results, baseline="J48", procedure="nonparametric").render()
    tables = re.findall(r"<table.*?</table>", page, flags=re.DOTALL)
    assert len(tables) == 8
    for table in tables:
        assert table.startswith('<table class="sortable">')
        assert table.count("<tr") - table.count("<tbody") >= 2
        assert len(re.findall(r"<thead><tr>", table)) == 1 and table.count("</thead>") == 1
        assert 'border="' not in table and "dataframe" not in table
    # every table sits in its own scrolling box, its caption below the box
    assert page.count('<div class="table-wrap"><table') == 8
    holm = next(t for t in tables if "p (Holm)" in t)
    assert "<thead><tr><th>Method</th><th>Average rank</th>" in holm


def test_long_text_columns_wrap_and_are_marked(small_results):
    from ensemble_lab.reporting.tables import method_key

    key = method_key([{"label": "J48", "name": "J48"}, {"label": "Bagging", "name": "N-P-Bagging"}])
    page = build_report(small_results, baseline="J48", method_key=key).render()
    methods = re.search(r'<table class="sortable wraps">.*?</table>', page, flags=re.DOTALL)
    assert methods and '<th class="text code">Estimator</th>' in methods.group(0)
    assert methods.group(0).count('<td class="text code">') == 2
    assert "th.text, td.text { text-align: left; white-space: normal;" in page


def test_settings_state_the_package_date_and_libraries(small_results):
    import sklearn

    from ensemble_lab import __version__

    page = build_report(small_results, baseline="J48").render()
    assert f"<dt>ensemble-lab</dt><dd>{__version__}</dd>" in page
    assert re.search(r"<dt>written</dt><dd>20\d\d-\d\d-\d\d \d\d:\d\d UTC</dd>", page)
    assert f"scikit-learn {sklearn.__version__}" in page and "numpy " in page


def test_error_vs_error_panels_are_titled_and_share_one_range(small_results):
    from matplotlib.figure import Figure

    from ensemble_lab.reporting._html import HtmlReport
    from ensemble_lab.reporting._report import _add_figures

    drawn = []
    original = HtmlReport.add_figure

    class Keep(HtmlReport):
        def add_figure(self, fig: Figure, caption: str) -> None:
            drawn.append(fig)
            original(self, fig, caption)

    _add_figures(Keep("t"), small_results, ["J48", "Bagging", "H-P-Bagging", "N-P-Bagging"], "J48")
    trade_off = drawn[0].axes[0]  # the report names its methods in a legend
    assert trade_off.get_legend() is not None and len(trade_off.texts) == 0
    panels = [ax for ax in drawn[1].axes if ax.get_visible()]
    assert len(panels) == 3
    assert {ax.get_xlim() for ax in panels} == {panels[0].get_xlim()}
    assert {ax.get_ylim() for ax in panels} == {panels[0].get_xlim()}
    titles = [ax.get_title() for ax in panels]
    assert [t.split("\n")[0] for t in titles] == ["Bagging", "H-P-Bagging", "N-P-Bagging"]
    assert all(re.search(r"below \d+, on \d+, above \d+", t) for t in titles)


def _label_boxes(fig):
    """Window extents of every visible text of a drawn figure's axes and legends."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    texts = []
    for ax in fig.axes:
        (x0, x1), (y0, y1) = sorted(ax.get_xlim()), sorted(ax.get_ylim())
        texts += [
            t for t in ax.get_xticklabels() if t.get_text() and x0 <= t.get_position()[0] <= x1
        ]
        texts += [
            t for t in ax.get_yticklabels() if t.get_text() and y0 <= t.get_position()[1] <= y1
        ]
        texts += list(ax.texts)
        legend = ax.get_legend()
        if legend is not None:
            texts += legend.get_texts()
    return [t.get_window_extent(renderer) for t in texts if t.get_visible()]


@pytest.mark.parametrize("spread", [1.3, 30.0, 5000.0])
def test_accuracy_time_labels_never_collide(small_results, spread):
    from matplotlib.figure import Figure

    from ensemble_lab.reporting._comparison_plots import plot_accuracy_vs_time

    # ten methods of nearly the same accuracy and time: labels beside points would collide
    rows = []
    for k in range(10):
        rows.append(small_results.assign(method=f"Method-{k}", fit_cpu=0.01 * spread ** (k / 9)))
    results = pd.concat(rows, ignore_index=True)
    fig = Figure(figsize=(6, 4.5))
    ax = plot_accuracy_vs_time(results, ax=fig.subplots(), labels="legend")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [f"Method-{k}" for k in range(10)]
    assert len(ax.texts) == 0  # no label beside a point
    boxes = _label_boxes(fig)
    overlaps = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if a.overlaps(b)]
    assert overlaps == []
    low, high = ax.get_xlim()
    shown = [t for t in ax.get_xticklabels() if t.get_text() and low <= t.get_position()[0] <= high]
    assert len(shown) >= 2


def test_kappa_error_section_covers_every_data_set_and_explains_members(
    small_results, member_predictions
):
    page = build_report(
        small_results, baseline="J48", member_predictions=member_predictions
    ).render()
    assert ">Diversity</h2>" in page
    # the members per method and data set, with what a member is
    assert (
        "<th>alpha</th><td>10</td><td>1</td>" in page
        and "its cascades, one per pair of classes" in page
    )
    # one diagram per data set, one shown at a time through a list
    for dataset in ["alpha", "beta", "gamma", "delta"]:
        assert f"Kappa-error diagram on {dataset}:" in page
        assert f">{dataset}</option>" in page
    assert page.count("data-choice=") == 4 and "<select>" in page
    alpha = re.search(r"Kappa-error diagram on alpha:[^<]*", page).group(0)
    assert "Not drawn (fewer than two members, so no pair): H-P-Bagging." in alpha
    beta = re.search(r"Kappa-error diagram on beta:[^<]*", page).group(0)
    assert "Not drawn" not in beta
    limited = build_report(
        small_results, baseline="J48", member_predictions=member_predictions, max_diagrams=2
    ).render()
    assert limited.count("data-choice=") == 2
    assert (
        "No kappa-error diagram for 2 of the 4 data sets (beyond the first 2): gamma, delta."
        in limited
    )


def test_kappa_error_diagrams_are_rasterised_so_the_report_stays_small(
    small_results, make_member_predictions
):
    # 50 members in 10 folds: 12 250 pairs per method and data set, as Bagging-50 has
    many = make_member_predictions(members={"Bagging": 50, "Boosting": 50}, n_test=20)
    page = build_report(small_results, baseline="J48", member_predictions=many).render()
    figures = re.findall(r'<figure id="figure-\d+" data-choice.*?</figure>', page, re.DOTALL)
    assert len(figures) == 4
    for figure in figures:
        assert "<image" in figure  # the clouds are one picture
        assert len(figure) < 200_000
    assert len(page.encode()) < 2_000_000
