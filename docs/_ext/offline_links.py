"""Links to scikit-learn, NumPy, SciPy and pandas without downloading their inventories.

The build machine has no network, so intersphinx cannot fetch ``objects.inv``. This
extension resolves a cross-reference such as ``:class:`sklearn.pipeline.Pipeline``` or
``:func:`pandas.pivot_table``` that nothing in this site defines: when the name imports
from the installed package, it becomes a link to that object's page on the package's
site, built from the site's URL pattern for generated API pages. A name that does not
import stays plain text, as an unresolved reference would.
"""

from __future__ import annotations

import importlib

from docutils import nodes

#: top-level package -> (page of a documented object, page of a module)
SITES = {
    "sklearn": (
        "https://scikit-learn.org/stable/modules/generated/{page}.html",
        "https://scikit-learn.org/stable/api/{module}.html",
    ),
    "numpy": (
        "https://numpy.org/doc/stable/reference/generated/{page}.html",
        "https://numpy.org/doc/stable/reference/index.html",
    ),
    "scipy": (
        "https://docs.scipy.org/doc/scipy/reference/generated/{page}.html",
        "https://docs.scipy.org/doc/scipy/reference/{short}.html",
    ),
    "pandas": (
        "https://pandas.pydata.org/docs/reference/api/{page}.html",
        "https://pandas.pydata.org/docs/reference/index.html",
    ),
}


def _resolve(target: str) -> tuple[object, str] | None:
    """The object ``target`` names and the dotted path of its module, if it imports."""
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            obj = importlib.import_module(module_name)
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        return obj, module_name
    return None


def url_for(target: str) -> str | None:
    """The page of ``target`` on its package's site, or None."""
    top = target.split(".", 1)[0]
    if top not in SITES:
        return None
    found = _resolve(target)
    if found is None:
        return None
    _, module_name = found
    object_page, module_page = SITES[top]
    if module_name == target:
        return module_page.format(module=target, short=target.split(".", 1)[-1])
    rest = target[len(module_name) + 1 :].split(".")
    # a method or attribute lives on its class's page, under an anchor
    if len(rest) > 1:
        owner = f"{module_name}.{rest[0]}"
        return object_page.format(page=owner) + f"#{target}"
    return object_page.format(page=target)


def _missing_reference(app, env, node, contnode):
    if node.get("refdomain") != "py":
        return None
    url = url_for(node.get("reftarget", ""))
    if url is None:
        return None
    ref = nodes.reference("", "", internal=False, refuri=url)
    ref.append(contnode)
    return ref


def setup(app):
    app.connect("missing-reference", _missing_reference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
