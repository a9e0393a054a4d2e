"""``python -m ensemble_lab`` is the ``ensemble-lab`` command."""

from .cli import main

main()
