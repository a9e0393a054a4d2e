"""The claims ledger: rows, verdicts, the stored ledger and the summary page."""

import json

import pytest

from ensemble_lab.reporting.claims import (
    Claim,
    ledger_table,
    read_ledger,
    verdict,
    write_ledger,
    write_summary,
)


def claim(key="a", result="holds", **kw):
    fields = {"quote": "X beats Y", "test": "wins of X", "paper": "9 of 9", "ours": "7 of 9"}
    fields.update(kw)
    return Claim(key=key, verdict=result, **fields)


def test_verdict_levels():
    assert verdict(True) == "holds"
    assert verdict(True, True) == "holds"
    assert verdict(False, True) == "partly"
    assert verdict(False) == "does not hold"


def test_an_unknown_verdict_is_refused():
    with pytest.raises(ValueError, match="verdict must be one of"):
        claim(result="mostly")


def test_table_has_one_row_per_claim_and_escapes_pipes():
    rows = [claim("a"), claim("b", "partly", quote="a | b")]
    table = ledger_table(rows).splitlines()
    assert len(table) == 4
    assert table[3].startswith("| 2 | *a \\| b* |") and table[3].endswith("| **partly** |")


def test_ledger_round_trips_and_keys_are_unique(tmp_path):
    rows = [claim("a"), claim("b", "not run", checked="no data")]
    path = write_ledger(tmp_path, "demo", "Demo paper", rows)
    assert path.name == "demo-claims.json"
    assert read_ledger(path) == ("demo.md", "Demo paper", rows)
    with pytest.raises(ValueError, match="not unique"):
        write_ledger(tmp_path, "demo", "Demo paper", [claim("a"), claim("a")])


def test_summary_gathers_every_ledger_and_counts_verdicts(tmp_path):
    write_ledger(tmp_path, "one", "First", [claim("a"), claim("b", "does not hold")])
    write_ledger(tmp_path, "two", "Second", [claim("c", "partly")])
    text = write_summary(tmp_path).read_text()
    assert "Over all pages: 1 holds, 1 partly, 1 does not hold (of 3 claims)." in text
    assert text.index("## [First](one.md)") < text.index("## [Second](two.md)")
    assert "[2](one.md#claims-ledger)" in text and "[1](two.md#claims-ledger)" in text
    stored = json.loads((tmp_path / "two-claims.json").read_text())
    assert stored["claims"][0]["verdict"] == "partly"
