"""Shared checks of the command-line tests."""

import subprocess
import sys

import pytest


@pytest.fixture
def one_line_error():
    """Assert that a CLI result failed with exit status 2 and one ``Error:`` line.

    Call it with the result and the fragments the line must contain.
    """

    def check(result, *fragments):
        assert result.exit_code == 2, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
        for fragment in fragments:
            assert fragment in lines[0], lines[0]

    return check


@pytest.fixture
def lock_holder():
    """Start a process that holds a store's write lock until its stdin closes.

    Call it with the store's path; it returns the process once the lock is held. A
    process still running at the end of the test is killed.
    """
    started = []

    def hold(db):
        holder = subprocess.Popen(
            [sys.executable, "-c",
             "import sys; from ensemble_lab.evaluation.store import exclusive_writer\n"
             "with exclusive_writer(sys.argv[1]):\n"
             "    print('locked', flush=True); sys.stdin.read()",
             str(db)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        started.append(holder)
        assert holder.stdout.readline().strip() == "locked"
        return holder

    yield hold
    for holder in started:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
