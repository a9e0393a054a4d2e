"""A formatted table and its renderings (Markdown, CSV, HTML, LaTeX).

Renderers are written here rather than borrowed from pandas so that no optional
dependency (``tabulate`` for Markdown, ``jinja2`` for LaTeX) is needed and the
papers' symbols come out right in every format.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

__all__ = ["Table", "latex_text", "markdown_text"]

# Special characters of LaTeX text mode, and the papers' symbols in math mode so
# that any engine typesets them. One character at a time, so no escape is escaped.
_LATEX_CHARS = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "◇": r"$\diamond$",
    "•": r"$\bullet$",
    "±": r"$\pm$",
    "–": "--",
    "²": r"$^2$",
    "†": r"\dag{}",
    "α": r"$\alpha$",
    "γ": r"$\gamma$",
    "δ": r"$\delta$",
    "χ": r"$\chi$",
    "−": "-",
    "×": r"$\times$",
    "≤": r"$\leq$",
    "≥": r"$\geq$",
    "≫": r"$\gg$",
    "—": "---",
    "κ": r"$\kappa$",
    "ς": r"$\varsigma$",
    "ε": r"$\varepsilon$",
    "→": r"$\rightarrow$",
    "…": r"\ldots{}",
    "⁺": r"$^{+}$",
    "⁻": r"$^{-}$",
    "‘": "`",
    "’": "'",
    "“": "``",
    "”": "''",
    "·": r"$\cdot$",
    "°": r"$^{\circ}$",
    "≈": r"$\approx$",
    "≠": r"$\neq$",
    "∞": r"$\infty$",
    "\u00a0": "~",
}


# Greek capitals: LaTeX's command, or the Latin letter that looks the same.
_GREEK_CAPITALS = {
    **{name: f"$\\{name}$" for name in ("Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi",
                                         "Sigma", "Upsilon", "Phi", "Psi", "Omega")},
    **dict(zip(["Alpha", "Beta", "Epsilon", "Zeta", "Eta", "Iota", "Kappa", "Mu", "Nu",
                "Omicron", "Rho", "Tau", "Chi"], "ABEZHIKMNOPTX", strict=True)),
}  # fmt: skip


def _latex_char(char: str) -> str:
    """One character as pdflatex reads it, whatever it is."""
    if char in _LATEX_CHARS:
        return _LATEX_CHARS[char]
    if char.isascii():
        return char
    name = unicodedata.name(char, "")
    letter = name.rsplit(" ", 1)[-1].capitalize().replace("Lamda", "Lambda")
    if name.startswith("GREEK SMALL LETTER ") and name.count(" ") == 3:
        return "o" if letter == "Omicron" else f"$\\{letter.lower()}$"
    if name.startswith("GREEK CAPITAL LETTER ") and letter in _GREEK_CAPITALS:
        return _GREEK_CAPITALS[letter]
    base = unicodedata.normalize("NFKD", char)
    if 0xC0 <= ord(char) <= 0x17F and base[:1].isascii() and base[:1].isalpha():
        return char  # an accented Latin letter: LaTeX's UTF-8 input reads it
    plain = "".join(c for c in base if c.isascii())
    if plain and plain.isprintable():
        return _latex(plain)  # a ligature, a superscript letter: its plain letters
    return f"[U+{ord(char):04X}]"  # anything else: named, never a character pdflatex stops on


def _latex(text: str) -> str:
    return "".join(_latex_char(char) for char in text)


def latex_text(text: str) -> str:
    r"""Plain text as LaTeX text: its special characters and symbols escaped.

    Every character comes out as something pdflatex reads: LaTeX's special
    characters escaped, symbols and Greek letters in math mode, accented Latin
    letters as they are (LaTeX reads UTF-8), and any other character by its code
    point, ``[U+2603]``.

    >>> latex_text("p = 0.01 at α = 5 % (χ² test)")
    'p = 0.01 at $\\alpha$ = 5 \\% ($\\chi$$^2$ test)'
    >>> latex_text("κ of Demšar's h⁺ → ☃")
    "$\\kappa$ of Demšar's h$^{+}$ $\\rightarrow$ [U+2603]"
    """
    return _latex(text)


#: Characters Markdown would read as markup in a method's or a data set's name: "*" and
#: "_" (emphasis: two markers in one row never turn into it), "|" (a cell's end), "`"
#: (code), "[" and "]" (links), "<" (an HTML tag) and "\\" (escapes).
_MARKDOWN_CHARS = {
    "\\": "\\\\",
    "|": r"\|",
    "*": r"\*",
    "_": r"\_",
    "`": r"\`",
    "[": r"\[",
    "]": r"\]",
    "<": "&lt;",
    "\n": " ",
}


def markdown_text(text: str) -> str:
    r"""Plain text as Markdown text: what would be read as markup escaped, on one line.

    >>> markdown_text("a|b <em>_c_</em> [x](y)")
    'a\\|b &lt;em>\\_c\\_&lt;/em> \\[x\\](y)'
    """
    return "".join(_MARKDOWN_CHARS.get(c, c) for c in text)


_CODE = re.compile(r"^[A-Za-z_][\w.]*\(.*\)$", re.DOTALL)


def _is_long_text(text: str) -> bool:
    """Prose or code, not a number with markers: long, and not starting with a digit."""
    return len(text) > 40 and not text[:1].isdigit()


def _cell_class(header: str, column: list[str]) -> str:
    """The ``class`` attribute of a column's cells: ``text`` (wraps), ``code``, or none."""
    if not any(_is_long_text(text) for text in column):
        return ""
    code = any(_CODE.match(text) for text in column if _is_long_text(text))
    return ' class="text code"' if code else ' class="text"'


@dataclass(frozen=True, eq=False)
class Table:
    """A paper-style table: formatted cells plus the numbers behind them.

    Attributes
    ----------
    frame : pandas.DataFrame
        The formatted cells (strings); the index holds the row labels and its
        name is the header of the first column.
    caption : str
        What the table shows and what its markers mean.
    data : mapping of str to DataFrame or Series
        The unformatted numbers (means, standard deviations, p-values, ...).
    """

    frame: pd.DataFrame
    caption: str = ""
    data: Mapping[str, pd.DataFrame | pd.Series] = field(default_factory=dict)

    def _header(self) -> list[str]:
        index_name = self.frame.index.name
        return [str(index_name) if index_name is not None else "", *map(str, self.frame.columns)]

    def _rows(self) -> list[list[str]]:
        return [
            [str(label), *("" if pd.isna(v) else str(v) for v in row)]
            for label, row in zip(self.frame.index, self.frame.to_numpy(), strict=True)
        ]

    def to_markdown(self) -> str:
        """GitHub-flavoured Markdown; the caption follows as a paragraph."""
        header = self._header()
        lines = [
            "| " + " | ".join(markdown_text(h) for h in header) + " |",
            "|" + "|".join([":---", *["---:"] * (len(header) - 1)]) + "|",
        ]
        lines += ["| " + " | ".join(markdown_text(c) for c in row) + " |" for row in self._rows()]
        text = "\n".join(lines) + "\n"
        if self.caption:
            text += "\n" + self.caption.replace("<", "&lt;") + "\n"  # markers stay as they are
        return text

    def to_csv(self, path: str | Path | None = None) -> str:
        """The formatted cells as CSV (also written to ``path`` if given)."""
        text = self.frame.to_csv(index=True, lineterminator="\n")
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def to_html(self, *, table_class: str = "ensemble-lab-table") -> str:
        """A self-contained ``<table>`` element with the caption.

        A column holding long text (a description, an error, an estimator) has the
        class ``text`` on its cells, and ``code`` as well when it holds code, so that
        a style sheet can wrap it and align it left.

        Examples
        --------
        >>> frame = pd.DataFrame({"Estimator": ["BaggingClassifier(n_estimators=50, "
        ...                                     "max_samples=1.0, bootstrap=True)"]},
        ...                      index=pd.Index(["Bagging"], name="Method"))
        >>> print(Table(frame).to_html())  # doctest: +NORMALIZE_WHITESPACE
        <table class="ensemble-lab-table">
        <thead><tr><th>Method</th><th class="text code">Estimator</th></tr></thead>
        <tbody>
        <tr><th>Bagging</th><td class="text code">BaggingClassifier(n_estimators=50,
        max_samples=1.0, bootstrap=True)</td></tr>
        </tbody></table>
        """
        esc = html.escape
        rows = self._rows()
        kinds = [
            _cell_class(text, [row[j] for row in rows]) for j, text in enumerate(self._header())
        ]
        parts = [f'<table class="{esc(table_class)}">']
        if self.caption:
            parts.append(f"<caption>{esc(self.caption)}</caption>")
        parts.append(
            "<thead><tr>"
            + "".join(f"<th{k}>{esc(h)}</th>" for h, k in zip(self._header(), kinds, strict=True))
            + "</tr></thead>"
        )
        parts.append("<tbody>")
        for row in rows:
            cells = f"<th>{esc(row[0])}</th>" + "".join(
                f"<td{k}>{esc(c)}</td>" for c, k in zip(row[1:], kinds[1:], strict=True)
            )
            parts.append(f"<tr>{cells}</tr>")
        parts.append("</tbody></table>")
        return "\n".join(parts) + "\n"

    def to_latex(self, *, booktabs: bool = True, float_env: bool = True) -> str:
        r"""A LaTeX ``tabular`` (inside a ``table`` float with the caption).

        Parameters
        ----------
        booktabs : bool, default=True
            Use ``\toprule``/``\midrule``/``\bottomrule`` (needs the
            ``booktabs`` package) instead of ``\hline``.
        float_env : bool, default=True
            Wrap the tabular in ``table`` with ``\caption``.
        """
        top, mid, bottom = (
            (r"\toprule", r"\midrule", r"\bottomrule") if booktabs else (r"\hline",) * 3
        )
        header = self._header()
        lines = [
            r"\begin{tabular}{l" + "r" * (len(header) - 1) + "}",
            top,
            " & ".join(_latex(h) for h in header) + r" \\",
            mid,
        ]
        lines += [" & ".join(_latex(c) for c in row) + r" \\" for row in self._rows()]
        lines += [bottom, r"\end{tabular}"]
        if float_env:
            lines = [r"\begin{table}[htbp]", r"\centering", *lines]
            if self.caption:
                lines.append(r"\caption{" + _latex(self.caption) + "}")
            lines.append(r"\end{table}")
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.to_markdown()
