"""The ELRC page as a :class:`~ensemble_lab.experiments.Reproduction`: stores in, page out."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ...evaluation.records import load_records
from ...reporting.claims import write_ledger, write_summary
from .._common import fill_template, write_page
from .._reproduction import Part, Reproduction, RunContext
from .configs import (
    DESCRIPTION,
    NAME,
    NODES_PROBE,
    NODES_STORE,
    TITLE,
    levels_config,
    main_configs,
    nodes_config,
    parts,
)
from .figures import draw_figures
from .findings import Findings, gather
from .nodes import stored_nodes
from .text import template_values

__all__ = ["ElrcReproduction"]


class ElrcReproduction(Reproduction):
    """Table 2 of paper 004, the levels of ELRC and the nodes of its fitted trees.

    Its parts (:func:`.configs.parts`) are Table 2 on the five smaller and the five
    large datasets (``elrc.db``, ``elrc-large.db``), ELRC with 1 to 6 levels
    (``elrc-levels.db``) and ELRC of Table 2 again with its trees' nodes kept
    (``elrc-nodes.db``). A store that is missing leaves its part out of the page, which
    says so.

    Examples
    --------
    >>> from ensemble_lab.experiments import reproduction
    >>> elrc = reproduction("elrc")
    >>> isinstance(elrc, ElrcReproduction), [p.store for p in elrc.parts(quick=True)]
    (True, ['elrc', 'elrc-levels', 'elrc-nodes'])
    """

    name = NAME
    description = DESCRIPTION

    def parts(self, quick: bool = False) -> list[Part]:
        """Table 2, the levels, the nodes: :func:`.configs.parts`."""
        return parts(quick)

    def findings(self, ctx: RunContext) -> Findings:
        """Everything the page states, from the stores of ``ctx.out_dir`` (nothing is run).

        Datasets whose tasks are not all stored are shown with the paper's numbers only
        and listed as missing; without a levels or nodes store their claims are not run.
        """
        quick = ctx.quick
        stored = [Part(c) for c in main_configs(quick) if _has_store(ctx, Part(c))]
        results = pd.concat([ctx.results(p) for p in stored], ignore_index=True)
        levels = Part(levels_config(quick))
        level_results = ctx.results(levels) if _has_store(ctx, levels) else pd.DataFrame()
        return gather(results, quick, level_results, _nodes(ctx))

    def write_report(self, findings: Findings, out_dir: Path) -> Path:
        """The page, its two figures and the claims ledger (nothing fitted)."""
        figures = draw_figures(findings.paper, findings.ours, out_dir)
        write_ledger(out_dir, NAME, TITLE, list(findings.claims))
        write_summary(out_dir)
        text = fill_template(NAME, template_values(findings, figures), __package__)
        return write_page(out_dir, NAME, text)


def _has_store(ctx: RunContext, part: Part) -> bool:
    return ctx.store_path(part.store).is_file()


def _nodes(ctx: RunContext) -> tuple[pd.DataFrame, pd.DataFrame] | None:
    """The node records and fold accuracies of the node experiments (None: not run)."""
    records, results = [], []
    for cfg in main_configs(ctx.quick):
        part = Part(nodes_config(cfg), NODES_STORE)
        if not _has_store(ctx, part):
            continue
        try:
            records.append(load_records(ctx.store_path(part.store), part.config.name, NODES_PROBE))
        except KeyError:  # the experiment has no task stored yet
            continue
        results.append(ctx.results(part))
    return stored_nodes(records, results)
