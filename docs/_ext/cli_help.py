"""``.. command-help:: NAME``: the ``--help`` of an ``ensemble-lab`` command, at build time.

The text is what ``ensemble-lab NAME --help`` prints in an 88-column terminal without
colour, so the page says what the installed command says.
"""

from __future__ import annotations

import os
import subprocess
import sys

from docutils import nodes
from sphinx.util.docutils import SphinxDirective


def command_help(name: str, width: int = 88) -> str:
    """What ``ensemble-lab NAME --help`` prints (``NAME`` empty: the command's own help)."""
    env = {**os.environ, "COLUMNS": str(width), "NO_COLOR": "1", "TERM": "dumb"}
    code = "import sys; sys.argv[0] = 'ensemble-lab'; from ensemble_lab.cli import main; main()"
    args = [sys.executable, "-c", code, *([name] if name else []), "--help"]
    out = subprocess.run(args, capture_output=True, text=True, env=env, check=True)
    return "\n".join(line.rstrip() for line in out.stdout.strip("\n").splitlines())


class CommandHelp(SphinxDirective):
    """The directive: one optional argument, the command."""

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0] if self.arguments else ""
        try:
            text = command_help(name)
        except subprocess.CalledProcessError as exc:
            raise self.error(f"ensemble-lab {name} --help failed: {exc.stderr}") from None
        block = nodes.literal_block(text, text, language="text")
        return [block]


def setup(app):
    app.add_directive("command-help", CommandHelp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
