"""No joblib worker outlives a coordinator killed with SIGKILL."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc (Linux)")

COORDINATOR = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from ensemble_lab.evaluation import JoblibBackend

    def work(i, folder):
        (Path(folder) / f"{os.getpid()}.pid").touch()
        time.sleep(600)  # a task far longer than the test

    for _ in JoblibBackend(n_jobs=2).run(work, [(i, sys.argv[1]) for i in range(2)]):
        pass
    """
)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"  # a zombie has ended; only its parent has not reaped it


def _wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_workers_end_with_their_killed_coordinator(tmp_path):
    coordinator = subprocess.Popen([sys.executable, "-c", COORDINATOR, str(tmp_path)])
    workers: list[int] = []
    try:
        assert _wait_for(lambda: len(list(tmp_path.glob("*.pid"))) == 2, 60), "no workers"
        workers = [int(p.stem) for p in tmp_path.glob("*.pid")]
        assert all(_alive(pid) for pid in workers)
        coordinator.send_signal(signal.SIGKILL)
        coordinator.wait(timeout=10)
        assert _wait_for(lambda: not any(_alive(pid) for pid in workers), 20), workers
    finally:
        if coordinator.poll() is None:
            coordinator.kill()
        for pid in workers:  # only if the test failed: do not leave them behind
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
