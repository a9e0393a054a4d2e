import subprocess
from pathlib import Path

import pytest

from ensemble_lab.evaluation import weka

WEKA_JAR = weka.weka_jar()
ARFF_DUMP = Path(__file__).parent / "weka" / "ArffDump.java"


def _parse_dump(output: str) -> dict[str, object]:
    """``{path: list of rows}`` for the files Weka read, ``{path: "error: ..."}`` otherwise."""
    result: dict[str, object] = {}
    current = None
    for line in output.splitlines():
        kind, _, rest = line.partition("\t")
        if kind == "file":
            current = rest
            result[current] = []
        elif kind == "error":
            result[current] = f"error: {rest}"
        elif kind == "row":
            result[current].append(rest.split("\t"))
    return result


@pytest.fixture(scope="session")
def weka_read():
    """A function that reads ARFF files with Weka 3.6's ArffLoader (see weka/ArffDump.java).

    It returns, for each path, Weka's rows as lists of texts (values, then the weight)
    or the text of Weka's error. Skips when Java or Weka is not installed.
    """
    reason = weka.unavailable_reason()  # the single-file launcher needs javac too
    if reason is not None:
        pytest.skip(f"Weka is not available: {reason}")

    def read(paths):
        command = ["java", "-Duser.timezone=UTC", "-cp", str(WEKA_JAR), str(ARFF_DUMP)]
        done = subprocess.run(
            [*command, *map(str, paths)], capture_output=True, text=True, encoding="utf-8"
        )
        assert done.returncode == 0, done.stderr
        return _parse_dump(done.stdout)

    return read
