"""The terminal never cuts a number: wide tables are printed in blocks of columns."""

import io

from rich.console import Console

from ensemble_lab.cli._tables import print_table


def _printed(width, header, rows):
    out = io.StringIO()
    print_table(Console(file=out, width=width), header, rows, title="Accuracy (%)")
    return out.getvalue()


def test_a_wide_table_at_80_columns_keeps_every_number_whole():
    header = ["Dataset", *(f"Method {i}" for i in range(8))]
    rows = [
        ["breast-cancer", *(f"7{i}.13 ± 3.21 *" for i in range(8))],
        ["(◇/ /*)"] + ["(0/1/0)"] * 8,
    ]
    text = _printed(80, header, rows)
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    for i in range(8):
        assert f"7{i}.13 ± 3.21 *" in text and f"Method {i}" in text
    assert text.count("breast-cancer") >= 2  # the labels are repeated in every block


def test_text_wraps_but_a_narrow_table_is_one_block():
    header = ["Method", "Failed", "First error"]
    rows = [["SMO", "3 of 10", "ValueError: " + "a long message " * 10]]
    text = _printed(80, header, rows)
    assert text.count("SMO") == 1 and "3 of 10" in text and "…" not in text
