"""What the ledger's notes add to a claim short of "holds": single splits, and the checks."""

from __future__ import annotations

from dataclasses import replace

from ...reporting.claims import Claim


# ---------------------------------------------------------------- investigation
def split_notes(claims: list[Claim], per_split: list[list[Claim]]) -> list[Claim]:
    """Claims that do not (fully) hold, with the same test applied to each split alone.

    ``per_split[s]`` is :func:`check_claims` on split ``s`` only (run ``s`` of Figure 2,
    split ``s`` of Figures 3-4). A claim the mean curves reject may still show on single
    splits, if averaging washes it out; counting the splits on which the claim's own
    test passes tells the two apart.
    """
    out = []
    for i, claim in enumerate(claims):
        if claim.verdict not in ("partly", "does not hold"):
            out.append(claim)
            continue
        found = [c[i].verdict for c in per_split if c[i].verdict != "not run"]
        counts = {v: found.count(v) for v in ("holds", "partly", "does not hold")}
        note = _split_note(claim.key, counts, len(found))
        out.append(replace(claim, checked=f"{note} {claim.checked}".strip()))
    return out


def _split_note(key: str, counts: dict[str, int], n: int) -> str:
    tally = ", ".join(f"{v} on {c}" for v, c in counts.items())
    if counts["holds"] == 0:
        reading = "so no single split shows what the paper describes either"
    elif counts["holds"] <= n / 2:
        reading = "so a minority of single splits show it; the mean over splits does not"
    else:
        reading = "so most single splits show it and the mean over splits hides it"
    cone = " Our Cone-Torus is generated, not the paper's points." if key.startswith("fig2") else ""
    return (
        f"The claim's test applied to each split (Figure 2: each run) alone, instead of "
        f"to the mean over the splits: {tally} of {n}, {reading}. The three weight "
        "updates are checked against hand computations of the paper's rules "
        f"(tests/methods/test_boosting.py).{cone}"
    )


def check_notes(claims: list[Claim], checked: list[Claim], learner: str) -> list[Claim]:
    """Claims with what a check found, where its learner changes the claim's statistic.

    ``checked`` is :func:`check_claims` with a check's cases in place of those of the
    base learner it replaces (same order as ``claims``). A claim whose statistic does
    not change does not involve that base learner and gets no note; one that holds
    gets none either. The verdict is never changed: the check is not the paper's setting.
    """
    out = []
    for claim, other in zip(claims, checked, strict=True):
        if claim.verdict in ("holds", "not run") or other.ours == claim.ours:
            out.append(claim)
            continue
        ours = other.ours.rstrip(".")
        note = f"Checked with {learner}, which enters no verdict: {other.verdict}, with {ours}."
        out.append(replace(claim, checked=f"{claim.checked} {note}".strip()))
    return out
