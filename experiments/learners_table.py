"""Cross-validated accuracy of every base-learner preset on every UCI dataset of the papers.

Stratified 10-fold CV (shuffled, seed 1) of each preset of ``ensemble_lab.learners`` on
each of the 42 UCI data sets shipped with the package (or the ARFF files of a data
directory), plus the tree sizes of ``j48`` and
``j48-unpruned``. Results are cached per (dataset, learner) in a JSON file next to the
Markdown table, so an interrupted run resumes where it stopped; the table is rewritten
after every dataset.

Run::

    nice -n 10 python experiments/learners_table.py
"""

from __future__ import annotations

import os

# One BLAS thread: the learners work on small matrices, where threads only contend.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from sklearn.base import clone  # noqa: E402
from sklearn.exceptions import ConvergenceWarning  # noqa: E402
from sklearn.model_selection import StratifiedKFold  # noqa: E402

from ensemble_lab.base import safe_rows  # noqa: E402
from ensemble_lab.datasets import embedded_path, load_arff, manifest  # noqa: E402
from ensemble_lab.learners import learner_names, make_learner  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "results" / "learners.md"
COMMAND = "nice -n 10 python experiments/learners_table.py"
TREES = ("j48", "j48-unpruned", "j48-binary")
SEED = 1


def dataset_files(data_dir: Path | None) -> list[tuple[str, Path, int]]:
    """(name, path, instances) of every UCI data set, smallest first.

    The packaged files, or those of ``data_dir`` (``NAME.arff``) where it has them.
    """
    found = []
    for name, row in manifest("uci").iterrows():
        path = None if data_dir is None else Path(data_dir) / f"{name}.arff"
        if path is None or not path.is_file():
            path = embedded_path(str(name))
        found.append((str(name), path, int(row["instances"])))
    return sorted(found, key=lambda t: (t[2], t[0]))


def make(name: str):
    est = make_learner(name)
    if "random_state" in est.get_params():
        est.set_params(random_state=SEED)
    return est


# Prose under the accuracy table: what a reader needs to read some of its numbers.
NOTES = [
    "**`rbf-svm` on `vowel`.** `vowel` is `vowel-nocontext` plus three context "
    "attributes: the original train/test flag, the speaker and the speaker's sex. One-hot "
    "encoded they are most of the columns, and they make most of the squared distance "
    "between two instances: two utterances by different speakers are far apart whatever "
    "the vowel, while the acoustic features, scaled to [0, 1], add little. "
    '`gamma="scale"` sets the kernel width from the variance of the whole encoded matrix, '
    "so the kernel comes out much wider than on `vowel-nocontext`; it barely resolves the "
    "acoustic features, sees mostly who is speaking, and at C = 1 underfits. A larger "
    '`gamma` (about what `"scale"` gives on `vowel-nocontext`) or a larger C recovers '
    "the accuracy of `vowel-nocontext`, as does dropping the context attributes, which is "
    "what `vowel-nocontext` is; Weka's encoding of the binary flag and sex as one "
    "column each recovers only part of it. The preset keeps the papers' fixed setting (an RBF "
    'SVM with C = 1, here with scikit-learn\'s `gamma="scale"`); with identifier-like '
    "attributes, drop them or tune `gamma` and C by inner cross-validation.",
    "",
    "**`smo`** predicts what Weka's SMO predicts on every test instance of the data sets "
    "of the agreement table below (the same folds), so there its column is Weka 3.6's "
    "accuracy.",
]


def cross_validate(name: str, X, y: pd.Series) -> dict:
    """Accuracy per fold (and tree sizes for the C4.5 presets) of one preset."""
    cv = StratifiedKFold(n_splits=10, shuffle=True, random_state=SEED)
    acc, nodes, leaves = [], [], []
    start = time.perf_counter()
    for train, test in cv.split(np.zeros(len(y)), y):
        est = clone(make(name)).fit(safe_rows(X, train), y.iloc[train])
        acc.append(float(np.mean(est.predict(safe_rows(X, test)) == y.iloc[test].to_numpy())))
        if name in TREES:
            nodes.append(est.n_nodes_)
            leaves.append(est.n_leaves_)
    out = {"accuracy": acc, "seconds": time.perf_counter() - start}
    if nodes:
        out["nodes"] = nodes
        out["leaves"] = leaves
    return out


def run(data_dir: Path, cache_path: Path, out: Path, only: list[str] | None) -> None:
    cache = json.loads(cache_path.read_text()) if cache_path.exists() else {}
    files = dataset_files(data_dir)
    for ds, path, _ in files:
        if only and ds not in only:
            continue
        todo = [n for n in learner_names() if n not in cache.get(ds, {})]
        if not todo:
            continue
        X, y = load_arff(path)
        if not isinstance(y.dtype, pd.CategoricalDtype):  # abalone's numeric class
            y = y.astype(str).astype("category")
        for name in todo:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ConvergenceWarning)
                warnings.filterwarnings("ignore", message="The least populated class")
                cache.setdefault(ds, {})[name] = cross_validate(name, X, y)
            cache_path.write_text(json.dumps(cache, indent=1, sort_keys=True))
            print(f"{ds:18s} {name:13s} {np.mean(cache[ds][name]['accuracy']):.4f}", flush=True)
        write_markdown(cache, [f[0] for f in files], out)
    write_markdown(cache, [f[0] for f in files], out)


def write_markdown(cache: dict, all_datasets: list[str], out: Path) -> None:
    names = learner_names()
    done = [d for d in all_datasets if all(n in cache.get(d, {}) for n in names)]
    partial = [d for d in all_datasets if d in cache and d not in done]
    missing = [d for d in all_datasets if d not in cache]
    lines = [
        "# Base-learner presets: 10-fold CV accuracy",
        "",
        f"Regenerate (resumes from `{out.stem}_cache.json`): `{COMMAND}`",
        "",
        "Stratified 10-fold cross-validation, shuffled with seed 1 (`mlp` also seeded 1); "
        "accuracy in %, mean over the folds (± standard deviation across folds). "
        "Presets are `ensemble_lab.learners.make_learner(name)` with default settings.",
        "",
        f"Complete: {len(done)} of {len(all_datasets)} datasets.",
    ]
    if partial or missing:
        lines.append(
            "Not finished (the run was still going when this file was committed): "
            + ", ".join(partial + missing)
            + "."
        )
    lines += ["", "| dataset | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for ds in done + partial:
        cells = []
        for n in names:
            r = cache[ds].get(n)
            cells.append(
                f"{100 * np.mean(r['accuracy']):.2f} ± {100 * np.std(r['accuracy']):.1f}"
                if r
                else "—"
            )
        lines.append(f"| {ds} | " + " | ".join(cells) + " |")
    lines += ["", *NOTES]
    lines += tree_section(cache, done + partial)
    out.write_text("\n".join(lines) + "\n" + _kept_sections(out))


def _kept_sections(out: Path) -> str:
    """The part of the page another script writes (benchmarks/weka_agreement.py)."""
    start, end = "<!-- weka-agreement: start -->", "<!-- weka-agreement: end -->"
    text = out.read_text() if out.exists() else ""
    if start not in text or end not in text:
        return ""
    return "\n" + start + text.split(start, 1)[1].split(end, 1)[0] + end + "\n"


def tree_section(cache: dict, datasets: list[str]) -> list[str]:
    rows, smaller, larger, not_worse, counted = [], 0, 0, 0, 0
    for ds in datasets:
        if not all(t in cache[ds] for t in TREES):
            continue
        p, u = cache[ds]["j48"], cache[ds]["j48-unpruned"]
        pa, ua = 100 * np.mean(p["accuracy"]), 100 * np.mean(u["accuracy"])
        pn, un = np.mean(p["nodes"]), np.mean(u["nodes"])
        counted += 1
        smaller += bool(pn < un)
        larger += bool(pn > un)
        not_worse += bool(pa >= ua)
        rows.append(
            f"| {ds} | {pn:.1f} | {un:.1f} | {np.mean(p['leaves']):.1f} | "
            f"{np.mean(u['leaves']):.1f} | {pa:.2f} | {ua:.2f} |"
        )
    return [
        "",
        "## Tree size: j48 (C4.5 pruning, CF = 0.25) vs j48-unpruned",
        "",
        "Mean over the 10 folds of the number of nodes (internal + leaves; one branch per "
        "value of a nominal attribute, as Weka's J48) and of leaves of the final tree.",
        "",
        f"Pruned tree smaller on {smaller} of {counted} datasets, the same size on "
        f"{counted - smaller - larger}, larger on {larger} (pruning only removes nodes, so "
        "a tie means no subtree passed the test); pruned accuracy at least as good on "
        f"{not_worse} of {counted}.",
        "",
        "| dataset | nodes j48 | nodes unpruned | leaves j48 | leaves unpruned | "
        "acc j48 | acc unpruned |",
        "|---|---:|---:|---:|---:|---:|---:|",
        *rows,
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=os.environ.get("ENSEMBLE_LAB_DATA"),
        help="folder of ARFF files read instead of the packaged ones (default: $ENSEMBLE_LAB_DATA)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--datasets", nargs="*", help="only these datasets")
    parser.add_argument("--render-only", action="store_true", help="rewrite the table only")
    args = parser.parse_args()
    cache_path = args.out.with_name(args.out.stem + "_cache.json")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.render_only:
        cache = json.loads(cache_path.read_text())
        write_markdown(cache, [f[0] for f in dataset_files(args.data_dir)], args.out)
        return
    run(args.data_dir, cache_path, args.out, args.datasets)


if __name__ == "__main__":
    main()
