"""The reproduction pages' Markdown templates, one ``NAME.md`` per page.

Each is filled by :func:`ensemble_lab.experiments._common.fill_template` with
:class:`string.Template` placeholders (``$name``, ``${name}``) from a flat mapping of
already formatted text; the numbers come from the page's ``Findings``, and the text that
depends on them is chosen by the page's render functions, not here.
"""
