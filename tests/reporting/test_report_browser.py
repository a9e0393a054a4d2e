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
