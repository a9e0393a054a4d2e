"""Tests for ensemble_lab.reporting.tables on small hand-made results frames."""

import html.parser
import io
import math
import unicodedata

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose
from scipy import stats as sps

from ensemble_lab.evaluation import stats
from ensemble_lab.reporting import tables
from ensemble_lab.reporting.tables import RESULT_COLUMNS


def make_results(accuracy, n_train=20, n_test=10, times=None):
    """accuracy: {dataset: {method: [score per split]}}; splits are 2 reps x k folds."""
    rows = []
    for dataset, by_method in accuracy.items():
        for method, scores in by_method.items():
            for i, acc in enumerate(scores):
                fit = times[dataset][method][i] if times else 1.0
                rows.append(
                    {
                        "dataset": dataset,
                        "method": method,
                        "repetition": i // (len(scores) // 2),
                        "fold": i % (len(scores) // 2),
                        "n_train": n_train,
                        "n_test": n_test,
                        "accuracy": acc,
                        "fit_cpu": fit,
                        "fit_wall": fit * 1.1,
                        "predict_cpu": 0.01,
                        "predict_wall": 0.02,
                        "ensemble_size": 10,
                    }
                )
    return pd.DataFrame(rows, columns=list(RESULT_COLUMNS))


BASE = [0.80, 0.82, 0.78, 0.81, 0.79, 0.80]
ACC = {
    "anneal": {
        "SMO": BASE,
        "Good": [b + d for b, d in zip(BASE, [0.05, 0.06, 0.05, 0.04, 0.05, 0.06])],
        "Same": [b + d for b, d in zip(BASE, [0.01, -0.01, 0.02, -0.02, 0.00, 0.01])],
    },
    "zoo": {
        "SMO": BASE,
        "Good": [b + d for b, d in zip(BASE, [0.01, -0.01, 0.00, 0.02, -0.02, 0.01])],
        "Same": [b - d for b, d in zip(BASE, [0.10, 0.09, 0.11, 0.10, 0.12, 0.10])],
    },
}


@pytest.fixture
def results():
    return make_results(ACC)


def corrected_t_decision(a, b, n_train, n_test, alpha=0.05):
    """Nadeau-Bengio corrected t, written out: +1/-1 for significant a > b / a < b."""
    d = [x - y for x, y in zip(a, b)]
    k = len(d)
    mean = sum(d) / k
    var = sum((x - mean) ** 2 for x in d) / (k - 1)
    t = mean / math.sqrt((1 / k + n_test / n_train) * var)
    p = 2 * sps.t.sf(abs(t), k - 1)
    return 0 if p > alpha else (1 if mean > 0 else -1)


# --------------------------------------------------------------------------- accuracy
def test_accuracy_table_cells_and_markers(results):
    table = tables.accuracy_table(results, baseline="SMO")
    frame = table.frame
    assert list(frame.columns) == ["SMO", "Good", "Same"]
    assert list(frame.index) == ["anneal", "zoo", "(◇/ /*)"]
    for dataset, by_method in ACC.items():
        for method, scores in by_method.items():
            mean, sd = 100 * np.mean(scores), 100 * np.std(scores, ddof=1)
            cell = frame.loc[dataset, method]
            assert cell.startswith(f"{mean:.2f} ± {sd:.2f}")
            if method == "SMO":
                assert cell == f"{mean:.2f} ± {sd:.2f}"
                continue
            decision = corrected_t_decision(scores, by_method["SMO"], 20, 10)
            marker = {1: " ◇", -1: " *", 0: ""}[decision]
            assert cell == f"{mean:.2f} ± {sd:.2f}{marker}"
            assert table.data["significance"].loc[dataset, method] == decision
    # The hand-made data: Good better on anneal, Same worse on zoo, nothing else.
    assert frame.loc["anneal", "Good"].endswith("◇")
    assert frame.loc["zoo", "Same"].endswith("*")
    assert frame.loc["(◇/ /*)"].tolist() == ["", "(1/1/0)", "(0/1/1)"]


def test_accuracy_table_other_tests(results):
    paired = tables.accuracy_table(results, "SMO", test="paired_t")
    wil = tables.accuracy_table(results, "SMO", test="wilcoxon", alpha=0.1)
    for dataset, by_method in ACC.items():
        for method in ("Good", "Same"):
            a, b = by_method[method], by_method["SMO"]
            ref = sps.ttest_rel(a, b)
            assert_allclose(paired.data["p_value"].loc[dataset, method], ref.pvalue, rtol=1e-10)
            # stats.wilcoxon itself is checked against SciPy in tests/evaluation.
            ref_w = stats.wilcoxon(a, b, alpha=0.1)
            assert_allclose(wil.data["p_value"].loc[dataset, method], ref_w.p_value, rtol=1e-12)
            assert wil.data["significance"].loc[dataset, method] == ref_w.significance
    assert "Wilcoxon" in wil.caption and "0.1 level" in wil.caption


def test_accuracy_table_method_selection_and_fraction(results):
    table = tables.accuracy_table(
        results, "SMO", methods=["Same"], percent=False, decimals=3, show_sd=False
    )
    assert list(table.frame.columns) == ["SMO", "Same"]
    assert table.frame.loc["zoo", "Same"] == f"{np.mean(ACC['zoo']['Same']):.3f} *"


def test_accuracy_table_missing_method_and_single_split():
    acc = {"a": {"SMO": BASE, "X": BASE}, "b": {"SMO": BASE[:2]}}
    res = make_results(acc)
    res = res[~((res["dataset"] == "b") & (res["repetition"] == 1))]
    table = tables.accuracy_table(res, "SMO")
    assert table.frame.loc["b", "X"] == "–"
    assert table.frame.loc["b", "SMO"] == "80.00"  # one split: no sd


def test_a_stopped_run_is_compared_on_the_splits_both_methods_have(results):
    # SMO finished every split of anneal, Good only the first four (a stopped run)
    partial = results.drop(
        results[(results["method"] == "Good") & (results["dataset"] == "anneal")].index[4:]
    )
    table = tables.accuracy_table(partial, "SMO", expected_splits=6)
    a = list(ACC["anneal"]["Good"][:4])
    b = ACC["anneal"]["SMO"][:4]
    ref = stats.corrected_resampled_ttest(a, b, [20] * 4, [10] * 4)
    assert_allclose(table.data["p_value"].loc["anneal", "Good"], ref.p_value, rtol=1e-12)
    assert table.data["paired"].loc["anneal", "Good"] == 4
    assert table.frame.loc["anneal", "Good"].endswith("[4/6]")
    assert "[4/6]" not in table.frame.loc["zoo", "Good"]
    assert "[k/6]: the mean of the k splits finished" in table.caption


def test_a_loss_is_better_lower_and_5x2cv_gets_the_f_test(results):
    loss = results.assign(log_loss=1 - results["accuracy"])
    acc = tables.accuracy_table(results, "SMO")
    table = tables.accuracy_table(loss, "SMO", metric="log_loss")
    # the same comparisons, in the loss's direction: Good better, Same worse on zoo
    pd.testing.assert_frame_equal(
        table.data["significance"], acc.data["significance"], check_names=False
    )
    assert "lower is better" in table.caption and "(%)" not in table.caption
    assert tables.default_test({"kind": "5x2cv"}) == "cv52_f"
    five_by_two = make_results(
        {"d": {"SMO": BASE + BASE[:4], "Good": [x + 0.05 for x in BASE + BASE[:4]]}}
    )
    five_by_two["repetition"], five_by_two["fold"] = (
        np.tile(np.repeat(np.arange(5), 2), 2),
        np.tile([0, 1], 10),
    )
    f = tables.accuracy_table(five_by_two, "SMO", test="cv52_f")
    ref = stats.cv52_ftest(
        five_by_two["accuracy"][10:].to_numpy(), five_by_two["accuracy"][:10].to_numpy()
    )
    assert_allclose(f.data["p_value"].loc["d", "Good"], ref.p_value, rtol=1e-12)
    assert "5×2cv F-test (Alpaydin)" in f.caption


@pytest.mark.parametrize(
    ("mutate", "kwargs", "error", "match"),
    [
        (lambda r: r.drop(columns="n_test"), {}, ValueError, "n_test"),
        (lambda r: r, {"baseline": "J48"}, ValueError, "baseline 'J48'"),
        (lambda r: r, {"methods": ["Nope"]}, ValueError, "Nope"),
        (lambda r: r, {"test": "t"}, ValueError, "test must be"),
        (lambda r: pd.concat([r, r.iloc[:1]]), {}, ValueError, "more than one row"),
        (lambda r: r.to_numpy(), {}, TypeError, "DataFrame"),
    ],
)
def test_accuracy_table_bad_input(results, mutate, kwargs, error, match):
    kwargs = {"baseline": "SMO", **kwargs}
    with pytest.raises(error, match=match):
        tables.accuracy_table(mutate(results), **kwargs)


# --------------------------------------------------------------------------- time
def test_time_table_relative_and_markers():
    times = {
        "d": {
            "SMO": [1.0, 1.1, 0.9, 1.0, 1.05, 0.95],
            "Slow": [3.0, 3.3, 2.8, 3.1, 3.0, 2.9],
            "Fast": [0.5, 0.52, 0.48, 0.5, 0.51, 0.49],
        }
    }
    acc = {"d": dict.fromkeys(times["d"], BASE)}
    res = make_results(acc, times=times)
    plain = tables.time_table(res)
    assert plain.frame.loc["d", "Slow"] == f"{np.mean(times['d']['Slow']):.2f}"
    rel = tables.time_table(res, "fit_cpu", "SMO", relative=True, test="corrected_t")
    ratio = np.mean(times["d"]["Slow"]) / np.mean(times["d"]["SMO"])
    assert rel.frame.loc["d", "SMO"] == "1.00"
    assert rel.frame.loc["d", "Slow"] == f"{ratio:.2f} ◇"  # significantly larger
    assert rel.frame.loc["d", "Fast"].endswith("*")
    assert_allclose(rel.data["ratio"].loc["d", "Slow"], ratio)
    assert rel.frame.loc["(◇/ /*)", "Slow"] == "(1/0/0)"
    wall = tables.time_table(res, "fit_wall")
    assert_allclose(wall.data["mean"].loc["d", "SMO"], 1.1 * np.mean(times["d"]["SMO"]))
    assert "wall-clock" in wall.caption
    with pytest.raises(ValueError, match="need a baseline"):
        tables.time_table(res, relative=True)


# --------------------------------------------------------------------------- ranks
def rank_results():
    # Eight data sets, one split each. H-A beats N-A on all eight (significant by
    # the sign test: n_c = ceil(4 + 1.96 * sqrt(8) / 2) = 7); H-B beats N-B on 5,
    # ties on 1 (5.5 < 7: not significant).
    rng = np.random.default_rng(0)
    rows = []
    for i in range(8):
        base = rng.uniform(0.6, 0.9)
        scores = {
            "N-A": base,
            "H-A": base + 0.02,
            "N-B": base + 0.01,
            "H-B": base + (0.03 if i < 5 else (0.01 if i == 5 else -0.01)),
            "Single": base - 0.05,
        }
        for method, acc in scores.items():
            rows.append({"dataset": f"d{i}", "method": method, "repetition": 0, "fold": 0,
                         "accuracy": acc})  # fmt: skip
    return pd.DataFrame(rows)


def test_rank_table_ranks_and_win_tie_loss():
    res = rank_results()
    pairs = tables.paired_by_prefix(pd.unique(res["method"]))
    assert pairs == [("H-A", "N-A"), ("H-B", "N-B")]
    table = tables.rank_table(res, pairs)
    means = res.pivot(index="dataset", columns="method", values="accuracy")
    # Direct ranks: 1 + number of better methods + half the number of equal others.
    ranks = {
        m: np.mean(
            [
                1 + (row > row[m]).sum() + ((row == row[m]).sum() - 1) / 2
                for _, row in means.iterrows()
            ]
        )
        for m in means.columns
    }
    order = sorted(ranks, key=ranks.get)
    assert list(table.frame.index) == order
    for m in order:
        assert table.frame.loc[m, "Average rank"] == f"{ranks[m]:.2f}"
    assert table.frame.loc["H-A", "Win-tie-loss"] == "• 8-0-0"
    assert table.frame.loc["H-B", "Win-tie-loss"] == "5-1-2"
    assert table.frame.loc["Single", "Win-tie-loss"] == "–"
    wtl = table.data["win_tie_loss"].set_index("method")
    assert wtl.loc["H-A", "critical_value"] == 7
    assert "Nemenyi CD" in table.caption


def test_rank_table_lower_is_better_and_mapping():
    res = rank_results()
    res["error"] = 1 - res["accuracy"]
    by_acc = tables.rank_table(res, {"H-A": "N-A"})
    by_err = tables.rank_table(res, {"H-A": "N-A"}, metric="error", higher_is_better=False)
    pd.testing.assert_frame_equal(by_acc.frame, by_err.frame)


def test_rank_table_incomplete_results():
    res = rank_results().iloc[1:]
    with pytest.raises(ValueError, match="every method on every data set"):
        tables.rank_table(res)
    with pytest.raises(ValueError, match="'H-Z'"):
        tables.rank_table(rank_results(), [("H-Z", "N-A")])


# --------------------------------------------------------------------------- formats
@pytest.fixture
def small_table(results):
    res = results.replace({"method": {"Good": "H_P&Bag", "Same": "50% {x}"}})
    return tables.accuracy_table(res[res["dataset"] == "zoo"], "SMO", decimals=1)


def zoo_cells():
    """The zoo row of small_table, computed directly from ACC."""
    cells = []
    for method in ("SMO", "Good", "Same"):
        scores = 100 * np.array(ACC["zoo"][method])
        cells.append(f"{scores.mean():.1f} ± {scores.std(ddof=1):.1f}")
    return cells


def test_to_markdown(small_table):
    md = small_table.to_markdown()
    lines = md.splitlines()
    assert lines[0] == r"| Dataset | SMO | H\_P&Bag | 50% {x} |"
    assert lines[1] == "|:---|---:|---:|---:|"
    smo, good, same = zoo_cells()
    assert lines[2] == f"| zoo | {smo} | {good} | {same} \\* |"
    assert lines[3] == "| (◇/ /\\*) |  | (0/1/0) | (0/0/1) |"
    assert lines[5] == small_table.caption


def test_to_csv(small_table, tmp_path):
    text = small_table.to_csv(tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text(encoding="utf-8") == text
    back = pd.read_csv(io.StringIO(text), index_col=0, keep_default_na=False)
    assert back.index.name == "Dataset"
    assert back.to_numpy().tolist() == small_table.frame.to_numpy().tolist()


class _Cells(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.caption, self._where = [], "", None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        self._where = tag

    def handle_endtag(self, tag):
        self._where = None

    def handle_data(self, data):
        if self._where in ("td", "th"):
            self.rows[-1].append(data)
        elif self._where == "caption":
            self.caption += data


def test_to_html(small_table):
    parser = _Cells()
    parser.feed(small_table.to_html())
    assert parser.rows[0] == ["Dataset", "SMO", "H_P&Bag", "50% {x}"]
    assert parser.rows[1] == ["zoo", *small_table.frame.loc["zoo"]]
    assert parser.caption == small_table.caption
    assert "H_P&amp;Bag" in small_table.to_html()


def test_to_latex(small_table):
    tex = small_table.to_latex()
    lines = tex.splitlines()
    assert lines[:3] == [r"\begin{table}[htbp]", r"\centering", r"\begin{tabular}{lrrr}"]
    assert r"Dataset & SMO & H\_P\&Bag & 50\% \{x\} \\" in lines
    smo, good, same = (c.replace("±", r"$\pm$") for c in zoo_cells())
    assert f"zoo & {smo} & {good} & {same} * \\\\" in lines
    assert r"($\diamond$/ /*) &  & (0/1/0) & (0/0/1) \\" in lines
    assert lines[-2].startswith(r"\caption{Mean accuracy (\%)")
    bare = small_table.to_latex(booktabs=False, float_env=False)
    assert bare.startswith(r"\begin{tabular}") and r"\toprule" not in bare


def test_rank_table_latex_bullet():
    tex = tables.rank_table(rank_results(), {"H-A": "N-A"}).to_latex()
    row = next(line for line in tex.splitlines() if line.startswith("H-A &"))
    assert row.endswith(r"& $\bullet$ 8-0-0 \\")


# --------------------------------------------------------------------------- failures
def _failures(rows):
    """rows: (dataset, method, repetition, fold, error)."""
    return pd.DataFrame(rows, columns=["dataset", "method", "repetition", "fold", "error"])


def test_failed_cells_are_marked_in_every_format():
    results = make_results({"d1": {"A": [0.8, 0.9, 0.7, 0.8]}, "d2": {"A": [0.6, 0.7, 0.6, 0.7]}})
    # B failed everywhere; A failed one of five tasks on d2.
    failures = _failures(
        [("d1", "B", r, f, "ValueError: bad\ntrace") for r in (0, 1) for f in (0, 1)]
        + [("d2", "B", r, f, "ValueError: bad\ntrace") for r in (0, 1) for f in (0, 1)]
        + [("d2", "A", 2, 0, "MemoryError: big")]
    )
    table = tables.accuracy_table(results, baseline="A", failures=failures)
    assert list(table.frame.columns) == ["A", "B"]
    assert table.frame.loc["d1", "B"] == table.frame.loc["d2", "B"] == "failed"
    assert table.frame.loc["d1", "A"] == "80.00 ± 8.16"
    assert table.frame.loc["d2", "A"] == "65.00 ± 5.77 †"
    assert "failed: every task of the cell failed" in table.caption
    assert "| d2 | 65.00 ± 5.77 † | failed |" in table.to_markdown()
    assert "d2,65.00 ± 5.77 †,failed" in table.to_csv()
    assert r"65.00 $\pm$ 5.77 \dag{} & failed \\" in table.to_latex()
    assert "<td>failed</td>" in table.to_html()
    times = tables.time_table(results, baseline="A", failures=failures)
    assert times.frame.loc["d1", "B"] == "failed" and times.frame.loc["d2", "A"] == "1.00 †"


def test_without_failures_the_tables_are_unchanged():
    results = make_results({"d1": {"A": [0.8, 0.9, 0.7, 0.8], "B": [0.5, 0.6, 0.5, 0.6]}})
    plain = tables.accuracy_table(results, baseline="A")
    empty = tables.accuracy_table(results, baseline="A", failures=_failures([]))
    assert plain.to_markdown() == empty.to_markdown()
    assert "failed" not in plain.caption


def test_failure_table_counts_and_first_error():
    results = make_results({"d1": {"A": [0.8, 0.9, 0.7, 0.8]}})
    failures = _failures(
        [
            ("d1", "B", 0, 0, "ValueError: three classes\nTraceback ..."),
            ("d1", "B", 0, 1, "ValueError: other\nTraceback ..."),
            ("d1", "A", 2, 0, "MemoryError: big"),
        ]
    )
    table = tables.failure_table(failures, results)
    assert table.frame.reset_index().values.tolist() == [
        ["B", "d1", "2 of 2", "ValueError: three classes"],
        ["A", "d1", "1 of 5", "MemoryError: big"],
    ]
    assert table.caption.startswith("3 failed task(s)")


def test_latex_of_every_character_the_package_writes_compiles(compile_latex):
    from pathlib import Path

    import ensemble_lab
    from ensemble_lab.reporting._render import Table, latex_text

    package = Path(ensemble_lab.__file__).parent
    symbols = sorted(
        {c for path in package.rglob("*.py") for c in path.read_text("utf-8") if not c.isascii()}
    )
    symbols += ["☃", "中", "Ω", "Α", "ς"]
    rows = ["".join(symbols[k : k + 12]) for k in range(0, len(symbols), 12)]
    table = Table(
        pd.DataFrame({"symbols": rows}, index=pd.Index(range(len(rows)), name="row")),
        caption="Every character: " + "".join(symbols),
    )
    latex = table.to_latex()
    left = {c for c in latex if not c.isascii()}
    assert all(unicodedata.normalize("NFKD", c)[0].isalpha() for c in left), left
    assert latex_text("☃") == "[U+2603]"
    compile_latex("% needs \\usepackage{booktabs}\n" + latex)
