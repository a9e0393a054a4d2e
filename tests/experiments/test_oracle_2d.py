"""The 2-D example page of the Random Linear Oracle paper (``reproduce oracle-2d``)."""

from pathlib import Path

RESULTS = Path(__file__).resolve().parents[2] / "experiments" / "results"


def test_oracle_2d_committed_page_is_what_the_code_computes(tmp_path):
    """The 2-D oracle example has no store either: rerun it (a few seconds)."""
    from ensemble_lab.experiments import oracle_2d

    written = oracle_2d.run(tmp_path).read_text().splitlines()
    committed = (RESULTS / "oracle-2d.md").read_text().splitlines()
    for number, (ours, theirs) in enumerate(zip(written, committed), start=1):
        assert ours == theirs, f"oracle-2d.md line {number} differs from a fresh run"
    assert len(written) == len(committed)
    ledger = "oracle-2d-claims.json"
    assert (tmp_path / ledger).read_text() == (RESULTS / ledger).read_text()
