"""Shared checks of the command-line tests."""

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
