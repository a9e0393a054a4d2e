"""The built documentation site: its pages render in a browser and no internal link is broken.

The site is built by ``sphinx-build -W --keep-going docs docs/_build/html`` (CI builds
it after the test suite and then runs this file with ``ENSEMBLE_LAB_DOCS_BUILT=1``).
Without a built site these tests skip, so the default test run does not pay for a
build; with the variable set, a missing site is a failure.
"""

import os
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

SITE = Path(__file__).resolve().parents[2] / "docs" / "_build" / "html"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
#: One page of each kind: the index, a guide chapter, an API page, a gallery example.
PAGES = {
    "index.html": "ensemble-lab",
    "guide/triskel.html": "Triskel",
    "api/generated/ensemble_lab.methods.TriskelClassifier.html": "TriskelClassifier",
    "auto_examples/plot_oracle_2d.html": "random linear oracle",
}


def _site_or_skip() -> Path:
    if (SITE / "index.html").is_file():
        return SITE
    message = f"no built site at {SITE}: sphinx-build -W --keep-going docs docs/_build/html"
    if os.environ.get("ENSEMBLE_LAB_DOCS_BUILT"):
        pytest.fail(message)
    pytest.skip(message)


class _Links(HTMLParser):
    """The ids of a page and the targets of its links and images."""

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.targets: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("name"):
            self.ids.add(attributes["name"])
        for key in ("href", "src"):
            if tag in ("a", "img", "link", "script") and attributes.get(key):
                self.targets.append(attributes[key])


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    return parser


def test_no_internal_link_is_broken():
    site = _site_or_skip()
    # _static holds the theme's templates (not pages), with Jinja placeholders
    pages = {p: _parse(p) for p in site.rglob("*.html") if "_static" not in p.parts}
    broken = []
    for page, links in pages.items():
        for target in links.targets:
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or target.startswith(("mailto:", "javascript:")):
                continue
            path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if path.is_dir():
                path = path / "index.html"
            if not path.exists():
                broken.append(f"{page.relative_to(site)}: {target}")
            elif parts.fragment and path.suffix == ".html":
                ids = pages[path].ids if path in pages else _parse(path).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)}: {target} (no such anchor)")
    assert len(pages) > 100
    assert not broken, f"{len(broken)} broken internal links:\n" + "\n".join(broken[:40])


@pytest.mark.browser
def test_pages_render_in_chromium_with_their_images(tmp_path):
    site = _site_or_skip()
    if CHROMIUM is None:
        pytest.skip("needs Chromium (Debian package 'chromium')")
    from playwright.sync_api import sync_playwright

    problems = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("pageerror", lambda e: problems.append(f"{page.url}: {e}"))
        page.on("console", lambda m: m.type == "error" and problems.append(f"{page.url}: {m.text}"))
        for relative, heading in PAGES.items():
            page.goto((site / relative).as_uri())
            page.wait_for_load_state("load")
            title = page.inner_text("article h1")
            images = page.evaluate(
                "Array.from(document.querySelectorAll('article img')).map(i =>"
                " [i.getAttribute('src'), i.complete && i.naturalWidth > 0,"
                " i.getBoundingClientRect().width])"
            )
            text = page.inner_text("article")
            page.screenshot(path=str(tmp_path / (relative.replace("/", "_") + ".png")))
            assert heading.lower() in title.lower(), (relative, title)
            assert len(text) > 500, relative
            assert all(loaded for _, loaded, _ in images), (relative, images)
            if relative.startswith(("guide/", "auto_examples/")):
                # the chapter's figure and the example's plots are drawn, at a readable size
                assert images and all(width > 200 for _, _, width in images), (relative, images)
        browser.close()
    assert problems == []
