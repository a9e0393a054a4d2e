"""The ``ensemble-lab`` command line: parses, calls the library, prints."""

from ._app import app, main

__all__ = ["app", "main"]
