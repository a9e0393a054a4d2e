"""A claims ledger: each conclusion of a paper, the statistic that tests it, and a verdict.

A reproduction page lists the paper's conclusions as :class:`Claim` rows: the claim
quoted from the paper, the statistic and criterion that test it (fixed in the code
before any number is computed, and as strict as the paper's wording), the paper's value
of that statistic, ours, and the verdict. :func:`ledger_table` renders the rows for the
page; :func:`write_ledger` stores them beside the page (``NAME-claims.json``) so that
:func:`write_summary` can gather every page's ledger into one summary page
(``README.md`` of the results directory).

Verdicts
--------
``holds``
    our statistic meets the claim's criterion;
``partly``
    it meets the weaker criterion stated in the test (for instance the direction holds
    on most datasets but not on all of them, as the paper says);
``does not hold``
    it meets neither;
``not run``
    the data or the run the claim needs is not available (the ``ours`` column says why).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

__all__ = [
    "VERDICTS",
    "Claim",
    "checked_notes",
    "ledger_table",
    "listed",
    "read_ledger",
    "verdict",
    "write_ledger",
    "write_summary",
]

VERDICTS = ("holds", "partly", "does not hold", "not run")
SUMMARY = "README.md"
_SUFFIX = "-claims.json"


@dataclass(frozen=True)
class Claim:
    """One conclusion of a paper and how our run bears on it.

    Parameters
    ----------
    key : str
        Short stable identifier, unique within a page.
    quote : str
        The paper's words (quoted, or closely paraphrased when the claim is a table).
    test : str
        The statistic and the criterion of each verdict.
    paper : str
        The paper's value of the statistic.
    ours : str
        Our value of the statistic (or why it was not computed).
    verdict : str
        One of :data:`VERDICTS`.
    checked : str, default=""
        For a claim that does not (fully) hold: what was investigated and found.
    """

    key: str
    quote: str
    test: str
    paper: str
    ours: str
    verdict: str
    checked: str = ""

    def __post_init__(self) -> None:
        """Check the verdict."""
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, got {self.verdict!r}")

    def not_run(self, reason: str, *, checked: str | None = None) -> Claim:
        """The claim with no test run: ``reason`` in place of our value.

        ``checked`` replaces the note of what was investigated (kept when None).

        Examples
        --------
        >>> claim = Claim("k", "It wins.", "sign test", "yes", "", "holds")
        >>> claim.not_run("quick version").verdict
        'not run'
        """
        changed = {} if checked is None else {"checked": checked}
        return replace(self, ours=reason, verdict="not run", **changed)


def verdict(holds: bool, partly: bool = False) -> str:
    """``"holds"`` if ``holds``, else ``"partly"`` if ``partly``, else ``"does not hold"``."""
    return "holds" if holds else "partly" if partly else "does not hold"


def listed(items: Sequence[str]) -> str:
    """``"a, b"`` for a ledger cell, ``"none"`` when there is nothing to list."""
    return ", ".join(items) if items else "none"


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def ledger_table(claims: Sequence[Claim], *, link: str | None = None) -> str:
    """The claims as a Markdown table (the verdict in bold).

    ``link``: a page to which the claim numbers link (``page.md``), for the summary.
    """
    header = "| # | the paper says | tested by | paper | ours | verdict |"
    lines = [header, "|---|---|---|---|---|---|"]
    for i, c in enumerate(claims, 1):
        number = f"[{i}]({link}#claims-ledger)" if link else str(i)
        cells = (number, f"*{_cell(c.quote)}*", _cell(c.test), _cell(c.paper), _cell(c.ours))
        lines.append("| " + " | ".join(cells) + f" | **{c.verdict}** |")
    return "\n".join(lines)


def checked_notes(claims: Sequence[Claim]) -> str:
    """The investigation notes of the claims that have one, as a numbered Markdown list."""
    notes = [f"{i}. {c.checked}" for i, c in enumerate(claims, 1) if c.checked]
    return "\n".join(notes)


def write_ledger(out_dir: Path, name: str, title: str, claims: Sequence[Claim]) -> Path:
    """Store a page's claims as ``out_dir/NAME-claims.json`` (read by :func:`write_summary`)."""
    keys = [c.key for c in claims]
    if len(set(keys)) != len(keys):
        raise ValueError(f"claim keys of {name!r} are not unique: {keys}")
    path = Path(out_dir) / f"{name}{_SUFFIX}"
    payload = {"page": f"{name}.md", "title": title, "claims": [asdict(c) for c in claims]}
    path.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def read_ledger(path: Path) -> tuple[str, str, list[Claim]]:
    """``(page, title, claims)`` of a ledger written by :func:`write_ledger`."""
    payload = json.loads(Path(path).read_text(encoding="utf-8"))
    return payload["page"], payload["title"], [Claim(**c) for c in payload["claims"]]


def _tally(claims: Iterable[Claim]) -> str:
    counts = dict.fromkeys(VERDICTS, 0)
    for c in claims:
        counts[c.verdict] += 1
    return ", ".join(f"{n} {v}" for v, n in counts.items() if n)


def write_summary(out_dir: Path) -> Path:
    """Gather every ``*-claims.json`` of ``out_dir`` into ``out_dir/README.md``."""
    out_dir = Path(out_dir)
    ledgers = [read_ledger(p) for p in sorted(out_dir.glob(f"*{_SUFFIX}"))]
    every = [c for _, _, claims in ledgers for c in claims]
    parts = [
        "# The papers' conclusions, tested: the claims ledger",
        "",
        "Each reproduction page ends its analysis with a ledger of the paper's "
        "conclusions: the claim in the paper's words, the statistic and criterion that "
        "test it (chosen before the numbers were computed, and as strict as the "
        "paper's wording), the paper's value, ours, and the verdict. This page gathers "
        "them. Every number comes from a page's code: run on its committed results store "
        "(`ensemble-lab reproduce NAME --from-store` rewrites the page and this summary), "
        "or, for the pages without a store, computed afresh in seconds.",
        "",
        f"Over all pages: {_tally(every)} (of {len(every)} claims).",
    ]
    for page, title, claims in ledgers:
        parts += ["", f"## [{title}]({page})", "", _tally(claims) + ".", ""]
        parts.append(ledger_table(claims, link=page))
    path = out_dir / SUMMARY
    path.write_text("\n".join(parts).rstrip() + "\n", encoding="utf-8")
    return path
