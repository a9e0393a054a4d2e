"""The report opened in a real browser (headless Chromium through Playwright)."""

import os
import shutil
from pathlib import Path

import pytest

from ensemble_lab.reporting._report import build_report

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _browser_or_skip():
    missing = []
    if CHROMIUM is None:
        missing.append("Chromium (Debian package 'chromium')")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing.append("playwright (pip install -e '.[test]')")
        sync_playwright = None
    if missing:
        message = "report browser test needs " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message + "; .ci/run installs them")
        pytest.skip(message)
    return sync_playwright


@pytest.mark.browser
def test_report_renders_in_chromium(small_results, tmp_path):
    sync_playwright = _browser_or_skip()
    report = build_report(small_results, baseline="J48", procedure="nonparametric")
    path = report.write(tmp_path / "report.html")
    problems = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(Path(path).as_uri())
        sizes = page.evaluate(
            "Array.from(document.querySelectorAll('figure svg')).map(e => {"
            " const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
        )
        # clicking a header sorts the accuracy table by that column
        page.click("table.sortable thead th:nth-child(2)")
        page.click("table.sortable thead th:nth-child(2)")
        order = page.evaluate(
            "Array.from(document.querySelector('table.sortable').tBodies[0].rows)"
            ".map(r => r.cells[1].textContent)"
        )
        screenshot = tmp_path / "report.png"
        page.screenshot(path=str(screenshot), full_page=True)
        browser.close()
    assert problems == []
    assert len(sizes) == 3 and all(w > 50 and h > 50 for w, h in sizes)
    numbers = [float(text.split()[0]) for text in order if text.strip()[:1].isdigit()]
    assert numbers == sorted(numbers, reverse=True)
    assert screenshot.stat().st_size > 10_000


#: The cells in view whose text is not: a right-aligned cell wider than the window
#: shows nothing, and a column of them is a blank column. Checked: the cells inside
#: the visible part of their box, and those wider than it that start in it (a cell cut
#: by the edge of a box that scrolls is seen by scrolling).
_BLANK_CELLS = """
(() => {
  const blank = [];
  document.querySelectorAll("table").forEach((table, t) => {
    const box = table.parentElement.getBoundingClientRect();
    const left = Math.max(0, box.left), right = Math.min(window.innerWidth, box.right);
    Array.from(table.rows).forEach((row, i) => {
      Array.from(row.cells).forEach((cell, j) => {
        if (!cell.textContent.trim()) return;
        const r = cell.getBoundingClientRect();
        const inView = r.left >= left - 1 && r.right <= right + 1;
        if (!inView && !(r.width > right - left && r.left < right)) return;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const shown = Array.from(range.getClientRects()).some(
          (q) => q.width > 0 && q.right > left && q.left < right);
        if (!shown) blank.push("table " + t + ", row " + i + ", column " + j);
      });
    });
  });
  return blank;
})()
"""


def _wide_report(small_results, member_predictions):
    """A report with every kind of table: long estimator text, many methods, diagrams."""
    from ensemble_lab.reporting.tables import method_key

    key = method_key(
        [
            {"label": "J48", "name": "J48"},
            {"label": "Bagging", "name": "N-P-Bagging", "params": {"n_estimators": 50}},
            {"label": "H-P-Bagging", "name": "H-P-Bagging"},
            {"label": "N-P-Bagging", "name": "N-P-Bagging"},
        ]
    )
    copies = [
        small_results.assign(method=small_results["method"] + suffix)
        for suffix in ("", " (a long label)", " (another long label)")
    ]
    import pandas as pd

    many = pd.concat(copies, ignore_index=True)  # 12 methods: wide tables
    return build_report(
        many,
        baseline="J48",
        settings={"description": "x" * 300, "protocol": {"kind": "cv", "folds": 10}},
        method_key=key,
        member_predictions=member_predictions,
        procedure="nonparametric",
    )


@pytest.mark.browser
@pytest.mark.parametrize("width", [800, 1280])
def test_report_fits_the_window_at_any_width(small_results, member_predictions, tmp_path, width):
    sync_playwright = _browser_or_skip()
    path = _wide_report(small_results, member_predictions).write(tmp_path / "report.html")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(Path(path).as_uri())
        overflow = page.evaluate(
            "[document.documentElement.scrollWidth, window.innerWidth,"
            " Array.from(document.querySelectorAll('.table-wrap'))"
            "  .filter(e => e.scrollWidth > e.clientWidth).length]"
        )
        blank = page.evaluate(_BLANK_CELLS)
        shown = page.evaluate(
            "Array.from(document.querySelectorAll('figure[data-choice]'))"
            ".filter(f => f.offsetParent !== null).map(f => f.dataset.choice)"
        )
        page.select_option("div.figure-choice select", "2")
        chosen = page.evaluate(
            "Array.from(document.querySelectorAll('figure[data-choice]'))"
            ".filter(f => f.offsetParent !== null).map(f => f.dataset.choice)"
        )
        browser.close()
    page_width, window_width, scrolling_tables = overflow
    assert page_width <= window_width, f"the page is {page_width} px wide at {window_width} px"
    assert blank == []
    assert shown == ["0"] and chosen == ["2"]  # one kappa-error diagram at a time
    if width == 800:  # the wide tables scroll inside their own box
        assert scrolling_tables >= 1
