"""The page's tables: final errors, stopping at the lowest Q, and the conclusion's spread."""

from __future__ import annotations

import pandas as pd

from .analysis import mean_curves
from .claims import lowest_variants, winners_per_split
from .criteria import DATASET_TITLES, GROUP, VARIANTS, configurations, pct
from .paper import PAPER_CLAIMS


def config_label(dataset: str, n_train: int) -> str:
    """How the page names a configuration's data: ``"Pima"``, ``"Phoneme N=80"``.

    Examples
    --------
    >>> config_label("phoneme", 80), config_label("pima", 0)
    ('Phoneme N=80', 'Pima')
    """
    title = DATASET_TITLES[dataset]
    return f"{title} N={n_train}" if n_train else title


def _mean_sd(values: pd.Series) -> str:
    values = values.astype(float)
    if values.shape[0] < 2:
        return pct(values.mean())
    return f"{pct(values.mean())} ± {pct(values.std(ddof=1))}"


def final_error_table(stops: pd.DataFrame) -> str:
    """Markdown: testing error (%) of the first member and of the three L-member ensembles."""
    lines = [
        "| study | data | base | splits | first member | "
        + " | ".join(v.capitalize() for v in VARIANTS)
        + " | lowest |",
        "|---|---|---|---|---|" + "---|" * len(VARIANTS) + "---|",
    ]
    for (study, dataset, base, n), group in stops.groupby(
        ["study", "dataset", "base", "n_train"], sort=False
    ):
        by_variant = dict(list(group.groupby("variant")))
        means = {v: by_variant[v]["error_last"].mean() for v in VARIANTS if v in by_variant}
        cells = [_mean_sd(by_variant[v]["error_last"]) if v in by_variant else "" for v in VARIANTS]
        lines.append(
            f"| {study} | {config_label(dataset, n)} | {base.upper()} | "
            f"{group['key'].nunique()} | {_mean_sd(by_variant[VARIANTS[0]]['error_first'])} | "
            + " | ".join(cells)
            + f" | {min(means, key=means.__getitem__).capitalize()} |"
        )
    return "\n".join(lines)


def stopping_table(frame: pd.DataFrame, stops: pd.DataFrame) -> str:
    """Markdown: testing error at the minimum training Q against the full and the best sizes."""
    means = mean_curves(frame)
    tally: dict[str, list[str]] = {"better": [], "same": [], "worse": []}
    lines = [
        "| study | data | base | variant | median k* | error at k* | error at L | "
        "best k (mean curve) | its error | k* vs L |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for keys, group in stops.groupby(GROUP, sort=False):
        study, dataset, base, n, variant = keys
        curve = means.loc[keys, "test_error"]
        best_k = int(curve.idxmin())
        star, last = group["error_star"].mean(), group["error_last"].mean()
        verdict = "better" if star < last - 0.0025 else "worse" if star > last + 0.0025 else "same"
        tally[verdict].append(variant)
        lines.append(
            f"| {study} | {config_label(dataset, n)} | {base.upper()} | {variant} | "
            f"{int(group['k_star'].median())} | {pct(star)} | {pct(last)} | {best_k} | "
            f"{pct(curve.min())} | {verdict} |"
        )
    summary = "; ".join(
        f"{outcome} in {len(names)} ("
        + ", ".join(f"{v} {names.count(v)}" for v in VARIANTS if v in names)
        + ")"
        for outcome, names in tally.items()
        if names
    )
    return "\n".join(lines) + f"\n\nStopping at k* instead of L: {summary}."


def conclusion_spread(stops: pd.DataFrame) -> str:
    """Markdown: the conclusion's count, its margin, per split and per configuration."""
    number = list(PAPER_CLAIMS).index("conclusion") + 1
    finals = stops.groupby(GROUP, sort=False)["error_last"].mean().unstack("variant")
    counts = finals.idxmin(axis=1).value_counts().reindex(list(VARIANTS), fill_value=0)
    top, second = sorted(counts, reverse=True)[:2]
    per_split = winners_per_split(stops)
    lines = [
        f"Claim {number} counts, over the {len(finals)} configurations, the variant of "
        "lowest mean testing error at L: "
        + ", ".join(f"{v} {n}" for v, n in counts.items())
        + f". The first two are {configurations(top - second)} apart: "
        + (
            "one configuration changing sides ties or reverses the count, so the verdict "
            "rests on a one-configuration margin. "
            if top - second <= 1
            else ""
        )
        + "The same count on each split alone (Figure 2: each run; tied: two variants "
        "with the same lowest error):",
        "",
        "| split | " + " | ".join(v.capitalize() for v in VARIANTS) + " | tied |",
        "|---|" + "---|" * (len(VARIANTS) + 1),
        *(
            f"| {split} | " + " | ".join(str(row[c]) for c in (*VARIANTS, "tie")) + " |"
            for split, row in per_split.iterrows()
        ),
        "",
        "Per configuration: the mean over the splits of Aggressive's testing error at L "
        "minus Conservative's (negative: Aggressive lower; ± the sd over the splits), and "
        f"on how many splits each variant has the lowest error. {_within_sd(stops)}",
        "",
        _margin_table(stops),
    ]
    return "\n".join(lines)


def _a_minus_c(stops: pd.DataFrame) -> pd.DataFrame:
    """Per configuration and split, Aggressive's testing error at L minus Conservative's."""
    errors = stops.pivot_table(index=[*GROUP[:-1], "key"], columns="variant", values="error_last")
    return (errors["aggressive"] - errors["conservative"]).rename("diff").reset_index()


def _within_sd(stops: pd.DataFrame) -> str:
    """In how many configurations the mean A − C is smaller than its sd over the splits."""
    per = _a_minus_c(stops).groupby(list(GROUP[:-1]))["diff"].agg(["mean", "std", "size"])
    per = per[per["size"] > 1]
    if per.empty:
        return ""
    inside = int((per["mean"].abs() < per["std"]).sum())
    return (
        f"In {inside} of the {configurations(len(per))} the mean difference is smaller "
        "than its sd over the splits."
    )


def _margin_table(stops: pd.DataFrame) -> str:
    """Markdown: per configuration, Aggressive − Conservative at L and the splits each wins."""
    lowest = lowest_variants(stops)
    config = list(GROUP[:-1])
    wins = pd.crosstab([lowest.index.get_level_values(c) for c in config], lowest)
    wins = wins.reindex(columns=[*VARIANTS, "tie"], fill_value=0)
    lines = [
        "| study | data | base | splits | A − C (points) | lowest on: "
        + " / ".join(v.capitalize() for v in VARIANTS)
        + " / tied |",
        "|---|---|---|---|---|---|",
    ]
    for keys, group in stops.groupby(config, sort=False):
        errors = group.pivot(index="key", columns="variant", values="error_last")
        diff = 100 * (errors["aggressive"] - errors["conservative"])
        spread = f" ± {diff.std(ddof=1):.1f}" if len(diff) > 1 else ""
        study, dataset, base, n = keys
        lines.append(
            f"| {study} | {config_label(dataset, n)} | {base.upper()} | {len(diff)} | "
            f"{diff.mean():+.1f}{spread} | "
            + " / ".join(str(wins.loc[keys, c]) for c in (*VARIANTS, "tie"))
            + " |"
        )
    return "\n".join(lines)
