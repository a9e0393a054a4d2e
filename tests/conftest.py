from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", default=False, help="run tests marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-slow"):
        return
    skip_slow = pytest.mark.skip(reason="slow test: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)


@pytest.fixture(scope="session")
def arff_dir(tmp_path_factory) -> Path:
    """The papers' collection as a folder of plain ARFF files, extracted from the package.

    What a user's ``--data-dir`` looks like (``medical/`` inside), and what Weka reads.
    """
    from ensemble_lab.datasets import extract_arff

    path = tmp_path_factory.mktemp("arff")
    extract_arff(path)
    return path


@pytest.fixture
def compile_latex(tmp_path):
    """Compile LaTeX written by the package with pdflatex, as a reader would.

    The document's preamble loads only the packages that the text's own leading
    ``%`` comment lines name (``\\usepackage{...}``), so a package the text needs but
    does not state fails the compilation. Skips when pdflatex is not installed.
    """
    import re
    import shutil
    import subprocess

    pdflatex = shutil.which("pdflatex")
    if pdflatex is None:
        pytest.skip("pdflatex is not installed (Debian: texlive-latex-recommended)")

    def run(text: str, directory: Path | None = None) -> Path:
        directory = directory or tmp_path
        header = "".join(line for line in text.splitlines(keepends=True) if line.startswith("%"))
        packages = re.findall(r"\\usepackage\{([^}]+)\}", header)
        source = directory / "document.tex"
        source.write_text(
            "\\documentclass{article}\n"
            + "".join(f"\\usepackage{{{name}}}\n" for name in packages)
            + "\\begin{document}\n"
            + text
            + "\n\\end{document}\n",
            encoding="utf-8",
        )
        done = subprocess.run(
            [pdflatex, "-interaction=nonstopmode", "-halt-on-error", source.name],
            cwd=directory, capture_output=True, text=True, errors="replace", timeout=120,
        )  # fmt: skip
        errors = [line for line in done.stdout.splitlines() if line.startswith("!")]
        assert done.returncode == 0, "\n".join(errors) or done.stdout[-2000:]
        return source.with_suffix(".pdf")

    return run
