"""Sphinx configuration of the ensemble-lab documentation.

Build: ``pip install -e ".[docs]" && sphinx-build -W --keep-going docs docs/_build/html``
(from the repository root). The gallery's examples run during the build.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

DOCS = Path(__file__).resolve().parent
REPO = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))

from api_pages import write_all

import ensemble_lab

project = "ensemble-lab"
author = "the ensemble-lab authors"
copyright = "the ensemble-lab authors"
release = ensemble_lab.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "sphinx_gallery.gen_gallery",
    "myst_parser",
    "sphinx_design",
    "offline_links",
    "experiment_schema",
    "committed_results",
    "cli_help",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "**.ipynb_checkpoints", "auto_examples/*.ipynb"]
templates_path = ["_templates"]

# -- API reference: one page per public name, from the docstrings ------------------
write_all(DOCS)
autosummary_generate = True
autosummary_imported_members = True
autodoc_default_options = {"member-order": "groupwise"}
autodoc_typehints = "none"  # the numpydoc sections are the contract
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_attributes_as_param_list = True
numpydoc_xref_param_type = False
add_module_names = False

# -- Markdown (the guide's pages and the committed reproduction pages) --------------
myst_enable_extensions = ["colon_fence", "deflist", "substitution"]
myst_substitutions = {"release": release}
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]

# -- Gallery: every example runs at build time --------------------------------------
sphinx_gallery_conf = {
    "examples_dirs": str(REPO / "examples"),
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"/plot_",
    "within_subsection_order": "FileNameSortKey",
    "doc_module": ("ensemble_lab",),
    "backreferences_dir": "generated/backreferences",
    "reference_url": {"ensemble_lab": None},
    "remove_config_comments": True,
    "download_all_examples": False,
    "show_memory": False,
    "matplotlib_animations": False,
    "image_scrapers": ("matplotlib",),
    "abort_on_example_error": False,
    "only_warn_on_example_error": False,
    "plot_gallery": os.environ.get("ENSEMBLE_LAB_DOCS_PLOT", "True"),
}

# -- HTML ------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"ensemble-lab {release}"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
html_show_sourcelink = False
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_context = {"default_mode": "light"}
