"""A self-contained HTML page: headings, text, sortable tables and inline SVG figures.

Nothing is fetched from the network when the page is opened: styles and the small
table-sorting script are inline, figures are inline SVG.
"""

from __future__ import annotations

import html
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from ensemble_lab.reporting._render import Table

__all__ = ["HtmlReport", "figure_to_svg"]

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto;
       max-width: 72rem; padding: 0 1rem; color: #1f2328; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid #d0d7de; }
.table-wrap { overflow-x: auto; max-width: 100%; margin: .8rem 0; }
table { border-collapse: collapse; font-size: .88rem; }
th, td { border: 1px solid #d0d7de; padding: .25rem .55rem; text-align: right;
         white-space: nowrap; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
table.wraps { width: 100%; }
th.text, td.text { text-align: left; white-space: normal; overflow-wrap: break-word;
                   min-width: 12rem; }
td.code { font-family: ui-monospace, monospace; font-size: .78rem; min-width: 12rem;
          overflow-wrap: anywhere; }
thead th { background: #f6f8fa; cursor: pointer; user-select: none; }
thead th[aria-sort="ascending"]::after { content: " \\25B2"; font-size: .7em; }
thead th[aria-sort="descending"]::after { content: " \\25BC"; font-size: .7em; }
p.caption, figcaption { color: #57606a; font-size: .85rem; text-align: left; }
p.caption { margin: -.4rem 0 1rem; }
figcaption { margin-top: .3rem; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
dl.settings { display: grid; grid-template-columns: max-content minmax(0, 1fr);
               gap: .2rem 1rem; }
dl.settings dt { font-weight: 600; }
dl.settings dd { margin: 0; font-family: ui-monospace, monospace; font-size: .85rem;
                overflow-wrap: anywhere; min-width: 0; }
.note { color: #57606a; font-size: .9rem; }
div.figure-choice label { font-weight: 600; }
div.figure-choice select { font: inherit; margin-left: .3rem; max-width: 100%; }
"""

# Show the chosen figure of each figure choice, hide the others.
_CHOICE_SCRIPT = """
document.querySelectorAll("div.figure-choice").forEach(function (box) {
  var select = box.querySelector("select");
  var show = function () {
    box.querySelectorAll("figure[data-choice]").forEach(function (f) {
      f.hidden = f.getAttribute("data-choice") !== select.value;
    });
  };
  select.addEventListener("change", show);
  show();
});
"""

# Sort a table by the clicked column: numbers (the leading number of a cell such as
# "81.25 ± 3.1 *") numerically, anything else as text. No external script is loaded.
_SCRIPT = """
document.querySelectorAll("table.sortable").forEach(function (table) {
  table.querySelectorAll("thead th").forEach(function (th, col) {
    th.addEventListener("click", function () {
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      var asc = th.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("thead th").forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", asc ? "ascending" : "descending");
      var key = function (row) {
        var text = row.cells[col] ? row.cells[col].textContent.trim() : "";
        var m = text.match(/^[-+]?\\d*\\.?\\d+(e[-+]?\\d+)?/i);
        return m ? parseFloat(m[0]) : text.toLowerCase();
      };
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        if (typeof x === typeof y) { return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1); }
        return typeof x === "number" ? -1 : 1;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
"""


def figure_to_svg(fig: Figure) -> str:
    """Render a matplotlib figure as an inline ``<svg>`` element (no XML prologue)."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    svg = buffer.getvalue()
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


def _slug(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", text.lower()).strip("-") or "section"


@dataclass
class HtmlReport:
    """Build a report section by section, then ``render()`` or ``write(path)`` it.

    Examples
    --------
    >>> import pandas as pd
    >>> report = HtmlReport("Demo")
    >>> report.add_table(pd.DataFrame({"method": ["a"], "accuracy": [0.9]}), "Accuracy")
    >>> "<table" in report.render()
    True
    """

    title: str
    parts: list[str] = field(default_factory=list)
    figure_count: int = 0

    def add_heading(self, text: str) -> None:
        """A section heading (also an anchor)."""
        self.parts.append(f'<h2 id="{_slug(text)}">{html.escape(text)}</h2>')

    def add_text(self, text: str, *, note: bool = False) -> None:
        """A paragraph of plain text."""
        cls = ' class="note"' if note else ""
        self.parts.append(f"<p{cls}>{html.escape(text)}</p>")

    def add_settings(self, settings: dict[str, object]) -> None:
        """A definition list of the experiment's settings."""
        items = "".join(
            f"<dt>{html.escape(str(k))}</dt><dd>{html.escape(str(v))}</dd>"
            for k, v in settings.items()
        )
        self.parts.append(f'<dl class="settings">{items}</dl>')

    def add_table(
        self, table: Table | pd.DataFrame | str, caption: str = "", *, index: bool = False
    ) -> None:
        """A sortable table in its own scrolling box, its caption below the box.

        Parameters
        ----------
        table : Table, DataFrame or str
            A :class:`~ensemble_lab.reporting._render.Table`; a DataFrame (its index is
            the first column when ``index``, else its first column is); or a ready
            ``<table>`` HTML string.
        caption : str
            Used when ``table`` carries no caption of its own.
        index : bool, default=False
            Whether a DataFrame's index is its first column.
        """
        if isinstance(table, pd.DataFrame):
            frame = table if index else table.set_index(table.columns[0])
            table = Table(frame, caption)
        markup = table.to_html() if isinstance(table, Table) else table
        match = re.search(r"<caption>(.*?)</caption>", markup, flags=re.DOTALL)
        if match:
            markup = markup.replace(match.group(0), "", 1)
            caption_html = match.group(1)
        else:
            caption_html = html.escape(caption)
        # a table with a column of text spans the page, and that column wraps in it
        wraps = ' class="sortable wraps"' if 'class="text' in markup else ' class="sortable"'
        markup = re.sub(r"<table[^>]*>", f"<table{wraps}>", markup, count=1)
        self.parts.append(
            f'<div class="table-wrap">{markup.strip()}</div>'
            + (f'<p class="caption">{caption_html}</p>' if caption_html else "")
        )

    def _figure(self, fig: Figure, caption: str, attributes: str = "") -> str:
        """A numbered ``<figure>``: the figure as inline SVG and its caption."""
        import matplotlib.pyplot as plt

        self.figure_count += 1
        svg = figure_to_svg(fig)
        if plt.fignum_exists(fig.number if hasattr(fig, "number") else -1):
            plt.close(fig)
        return (
            f'<figure id="figure-{self.figure_count}"{attributes}>{svg}'
            f"<figcaption>Figure {self.figure_count}. {html.escape(caption)}</figcaption></figure>"
        )

    def add_figure(self, fig: Figure, caption: str) -> None:
        """A matplotlib figure as inline SVG with a caption; a pyplot figure is closed."""
        self.parts.append(self._figure(fig, caption))

    def add_figure_choice(self, figures: list[tuple[str, Figure, str]], label: str) -> None:
        """Figures of which the reader sees one at a time, chosen from a list.

        Every figure is in the page (and all are shown when scripts are off); the list
        shows the one chosen.

        Parameters
        ----------
        figures : list of (name, Figure, caption)
            The name is the list's entry.
        label : str
            What the list chooses (its label).
        """
        options = "".join(
            f'<option value="{k}">{html.escape(name)}</option>'
            for k, (name, _, _) in enumerate(figures)
        )
        bodies = "".join(
            self._figure(fig, caption, f' data-choice="{k}"')
            for k, (_, fig, caption) in enumerate(figures)
        )
        self.parts.append(
            f'<div class="figure-choice"><label>{html.escape(label)} '
            f"<select>{options}</select></label> (one of {len(figures)})"
            f"{bodies}</div>"
        )

    def render(self) -> str:
        """The whole page as one HTML string."""
        body = "\n".join(self.parts)
        return (
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(self.title)}</title><style>{_STYLE}</style></head>"
            f"<body><h1>{html.escape(self.title)}</h1>\n{body}\n<script>{_SCRIPT}{_CHOICE_SCRIPT}</script>"
            "</body></html>\n"
        )

    def write(self, path: str | Path) -> Path:
        """Write the page to ``path`` (parents created) and return the path."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.render(), encoding="utf-8")
        return path
