"""The claims ledger of the projection-boosting page: every claim, and what was checked.

:func:`claims` gathers the paper's conclusions — per base learner, both projection
ensembles significantly better than AdaBoost at 90 % (:mod:`.cells`); four named
cells at 95 %; more points below the diagonal of Figure 2, and farther from it;
linear projections faster than non-linear ones (:mod:`.timing`); less sensitive to
class noise and to small data (:mod:`.noise`) — and gives every verdict short of
"holds" its note of what was checked, including what the checks of a column
(:data:`~.configs.CHECKS`) found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import pandas as pd

from ...methods import ProjectionBoostingClassifier
from ...reporting.claims import Claim
from . import timing
from .cells import (
    Cell,
    CellKey,
    base_claim,
    below_claim,
    cells_line,
    farther_claim,
    named_95_claim,
    ours_cells,
    paper_cells,
)
from .configs import (
    BASES,
    CHECKS,
    COLUMNS,
    LARGE_KEY,
    LARGE_N_ESTIMATORS,
    N_ESTIMATORS,
    Check,
    experiment_name,
)
from .methods import METHODS, PROPOSED
from .noise import claims as noise_claims

__all__ = ["claims", "provenance", "sizes_line"]


def provenance(base: str, revisions: Mapping[str, int]) -> str:
    """Whether the stored results of ``base`` are of today's results revision (a note's end)."""
    stored = revisions.get(base)
    if stored is None:
        return ""
    now = ProjectionBoostingClassifier._results_revision
    if stored == now:
        return f" Every stored {COLUMNS[base]} result is of this code (results revision {now})."
    return (
        f" The stored {COLUMNS[base]} results are of results revision {stored}, not of "
        f"today's {now}: `ensemble-lab verify` reports them stale until they are rerun."
    )


def _c45_note(revisions: Mapping[str, int], runs: Mapping[str, pd.DataFrame]) -> str:
    return (
        "Checked the code (`ProjectionBoostingClassifier`) against Algorithm 1 line by "
        "line: C_0 = L(S) on the attributes as given; for t = 1, …, T − 1, S' = the "
        "training instances C_{t−1} misclassifies, a projection fitted on S' only (HDA "
        "with λ = η = ½, NDA with k = 3, α = 1; all d dimensions of the one-hot encoded, "
        "standardised input, since the paper gives neither the dimension nor how nominal "
        "attributes enter; Eq. (4) when |S'| < 4d) and C_t = L(P(S)) on all of S, "
        "uniformly weighted; an unweighted majority vote. AdaBoost is AdaBoost.M1 by "
        f"reweighting with the same C4.5 and the same maximum of {N_ESTIMATORS} members "
        "(the paper gives no ensemble size). Found and fixed two departures. The "
        "ensemble stopped when S' held one class or fewer than n_classes + 1 instances, "
        "a stop Algorithm 1 does not have: it now ends only when S' is empty, where the "
        "algorithm cannot go on; HDA is fitted on any non-empty S' (its regularised "
        "scatters are defined on one class), and NDA, whose between-class scatter needs "
        "two classes, uses the identity there and records it (`fallbacks_`; tests: "
        "`tests/methods/test_projection_boosting.py::"
        "test_single_class_errors_are_projected_by_hda_and_fall_back_for_nda`, "
        "`::test_every_round_adds_a_member_until_the_errors_are_gone`). And the "
        "eigenvectors of a rank-deficient scatter (|S'| ≪ d) were whatever LAPACK "
        "returned, so row order or BLAS threads could change the members: the "
        "projections are now canonical (`tests/projections/test_determinism.py`)."
        + provenance("j48", revisions)
        + sizes_line(runs.get("j48"), N_ESTIMATORS)
        + _large_line(runs.get(LARGE_KEY))
    )


def sizes_line(results: pd.DataFrame | None, size: int) -> str:
    """How many fits ended before ``size`` members, and the mean sizes."""
    if results is None or results.empty:
        return ""
    by_method = results.groupby("method")["ensemble_size"]
    short = ", ".join(
        f"{m} {int((by_method.get_group(m) < size).sum())} of {len(by_method.get_group(m))}"
        for m in METHODS
    )
    mean = ", ".join(f"{m} {by_method.get_group(m).mean():.1f}" for m in METHODS)
    return f" Fits that ended before {size} members: {short}; mean sizes {mean}."


def _large_line(results: pd.DataFrame | None) -> str:
    if results is None or results.empty:
        return ""
    cells = ours_cells(results)
    test = base_claim("j48", {m: paper_cells()[("C4.5", m)] for m in PROPOSED}, cells)
    return (
        f" With {LARGE_N_ESTIMATORS} members each (section *Larger ensembles*, a check "
        f"that enters no verdict): {cells_line(cells)}; by this claim's test, "
        f"**{test.verdict}**."
    )


def _other_base_note(base: str, revisions: Mapping[str, int]) -> str:
    return (
        f"Not investigated on its own beyond the review of the method made for C4.5 "
        f"(claim 1), which covers the {BASES[base]} too: one implementation of "
        "Algorithm 1 serves every base learner, and the two departures fixed there "
        f"(a stop the algorithm does not have, projections that were not canonical) "
        f"affected this column as well." + provenance(base, revisions)
    )


def claims(
    ours: Mapping[str, Mapping[str, Cell]],
    *,
    paper: Mapping[CellKey, Cell] | None = None,
    quick: bool = False,
    revisions: Mapping[str, int] | None = None,
    errors: Mapping[str, pd.DataFrame] | None = None,
    speed: pd.DataFrame | None = None,
    runs: Mapping[str, pd.DataFrame] | None = None,
    noise: Mapping[str, pd.DataFrame] | None = None,
    times: pd.DataFrame | None = None,
) -> list[Claim]:
    """The ledger of the paper's conclusions.

    Parameters
    ----------
    ours : mapping
        Base-learner preset (``"j48"``, ``"mlp"``, ``"rbf-svm"``) -> method -> our
        :class:`Cell` (:func:`ours_cells`); a base learner left out is ``not run``.
    paper : mapping, optional
        The paper's cells, (Table 1 column, method) -> :class:`Cell`; default
        :func:`paper_cells`.
    quick : bool, default=False
        The quick version: every verdict is ``not run``.
    revisions : mapping, optional
        Base-learner preset -> results revision of its stored projection ensembles (for
        the notes).
    errors : mapping, optional
        Base-learner preset or check key -> mean test errors (:func:`mean_errors`);
        with those of a checked column and of its check (:data:`CHECKS`, also in
        ``ours``), the notes say what the check found. The verdicts never use it.
    speed : DataFrame, optional
        Results of the linear against non-linear projections experiment (None: not
        run); claim 7 is decided by ``times``, these only enter its section.
    runs : mapping, optional
        Base-learner preset (or :data:`LARGE_KEY`) -> tidy results, for the ensemble
        sizes and the 50-member check in claim 1's note. The verdicts never use it.
    noise : mapping, optional
        Condition -> tidy results of the class-noise and small-data runs, for the last
        two claims (None: not run).
    times : DataFrame, optional
        The projections' fit times (:mod:`.timing`), for claim 7 (None: not
        run); ``speed`` then only enters its section.
    """
    paper = paper_cells() if paper is None else paper
    notes = _Notes(revisions or {}, runs or {})
    checks = [c for key in CHECKS if (c := _Found.of(key, ours, errors or {}, paper)) is not None]
    by_column = {
        (BASES[b], m): c for b, cells in ours.items() for m, c in cells.items() if b in BASES
    }
    rows = [
        base_claim(b, {m: paper[(col, m)] for m in PROPOSED}, ours.get(b))
        for b, col in BASES.items()
    ]
    cross = (named_95_claim, below_claim, lambda _, cells: farther_claim(cells))
    missing = [BASES[b] for b in BASES if b not in ours]
    if missing:
        reason = f"needs every base learner; not run: {', '.join(missing)}"
        rows += [replace(f(paper, paper), ours=reason, verdict="not run") for f in cross]
    else:
        rows += [f(paper, by_column) for f in cross]
    rows.append(timing.claim(times))
    rows += noise_claims(noise, (runs or {}).get("j48"))
    if quick:
        return [
            replace(c, ours=f"quick version, no test: {c.ours}", verdict="not run") for c in rows
        ]
    return [_with_note(c, notes, checks) for c in rows]


@dataclass(frozen=True)
class _Notes:
    """What the notes read besides the claims: stored revisions and results."""

    revisions: Mapping[str, int]
    runs: Mapping[str, pd.DataFrame]


def _with_note(claim: Claim, notes: _Notes, checks: Sequence[_Found] = ()) -> Claim:
    """The claim with what was checked, when it does not (fully) hold."""
    if claim.verdict in ("holds", "not run") or claim.checked:
        return claim
    base = claim.key.removesuffix("-better")
    found = {c.check.checks: c for c in checks}
    if base == "j48":
        note = _c45_note(notes.revisions, notes.runs)
    elif base in found:
        note = found[base].note(claim.verdict) + provenance(base, notes.revisions)
    elif base in BASES:
        note = _other_base_note(base, notes.revisions)
    else:
        note = (
            "Computed from the same per-dataset errors as the per-base-learner claims "
            "(1–3); nothing checked beyond what their notes say."
        )
        note += "".join(" " + c.cross_note(claim.key) for c in checks if claim.key in c.cross)
    return replace(claim, checked=note)


@dataclass(frozen=True)
class _Found:
    """What a check (:class:`Check`) found.

    Attributes
    ----------
    check : Check
    key : str
        Its key in :data:`CHECKS`.
    cells : dict
        Method -> :class:`Cell` of the check against its AdaBoost.
    base_claim : Claim
        The checked column's claim, its test applied to the check's cells.
    cross : dict
        Claim key -> the claim across the panels, the check's cells in place of the
        checked column's.
    singles : DataFrame
        The two learners alone (:attr:`Check.singles`), mean test errors (fractions),
        per dataset finished in both experiments.
    """

    check: Check
    key: str
    cells: Mapping[str, Cell]
    base_claim: Claim
    cross: Mapping[str, Claim]
    singles: pd.DataFrame

    @classmethod
    def of(
        cls,
        key: str,
        ours: Mapping[str, Mapping[str, Cell]],
        errors: Mapping[str, pd.DataFrame],
        paper: Mapping[CellKey, Cell],
    ) -> _Found | None:
        """What check ``key`` found, or None when it (or any base learner) has no results."""
        check = CHECKS[key]
        if key not in ours or key not in errors or check.checks not in errors:
            return None
        if any(b not in ours for b in BASES):
            return None
        cells = ours[key]
        column = BASES[check.checks]
        by_column = {(BASES[b], m): c for b in BASES for m, c in ours[b].items()}
        by_column.update({(column, m): c for m, c in cells.items()})
        cross = {
            c.key: c
            for c in (
                named_95_claim(paper, by_column),
                below_claim(paper, by_column),
                farther_claim(by_column),
            )
        }
        return cls(
            check=check,
            key=key,
            cells=cells,
            base_claim=base_claim(check.checks, {m: paper[(column, m)] for m in PROPOSED}, cells),
            cross=cross,
            singles=errors[key][list(check.singles)].dropna(),
        )

    @property
    def claim_number(self) -> int:
        """Number in the ledger of the checked column's claim (claims 1–3 follow BASES)."""
        return list(BASES).index(self.check.checks) + 1

    def note(self, verdict_of_column: str) -> str:
        """The checked column's note: the base learner checked, and what the rerun gives."""
        c = self.check
        e = 100 * self.singles
        preset, other = e[c.singles[0]], e[c.singles[1]]
        apart = (preset - other).abs().sort_values(ascending=False, kind="stable")
        largest = ", ".join(
            f"{d} (`{c.checks}` {preset[d]:.1f} %, {c.short} {other[d]:.1f} %)"
            for d in apart.index[:3]
        )
        turns = (
            f"The {BASES[c.checks]} verdict thus turns on {c.turns_on}, which the paper "
            "does not give."
            if self.base_claim.verdict != verdict_of_column
            else f"The verdict does not turn on {c.turns_on}."
        )
        return (
            f"{c.why} A rerun of this column with {c.rerun} (`{experiment_name(self.key)}`, "
            "the same 5×2 splits; a check, not a reading of the paper: the verdict above "
            f"stays on `{c.checks}`) also ran both learners alone. On the {len(e)} datasets "
            f"finished in both, the {c.short} learner alone errs less than `{c.checks}` "
            f"alone on {int((other < preset).sum())} (median test error {other.median():.1f} "
            f"% against {preset.median():.1f} %); farthest apart: {largest}.{c.after} With "
            f"the {c.short} learner, against its own AdaBoost: {cells_line(self.cells)}; by "
            f"this claim's test, **{self.base_claim.verdict}**. {turns}"
        )

    def cross_note(self, key: str) -> str:
        """The claim again with the check's cells in place of the checked column's."""
        claim = self.cross[key]
        return (
            f"With the {self.check.short} learner of claim {self.claim_number}'s check in "
            f"place of `{self.check.checks}`: {claim.ours}; **{claim.verdict}**."
        )
