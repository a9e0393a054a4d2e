"""Ctrl-C stops `ensemble-lab run` cleanly and the same command resumes."""

import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

from ensemble_lab.evaluation import load_results

CONFIG = """
name = "interrupted"
seed = 5
datasets = ["diabetes", "vote"]
baseline = "J48"
[protocol]
kind = "repeated-cv"
folds = 5
repetitions = 10
[[methods]]
name = "J48"
[[methods]]
name = "N-P-Rotation Forest"
"""


# 2 datasets x 2 methods x 10 repetitions x 5 folds, Rotation Forest the slower: a few
# seconds of work, so that a fast machine is still running when the first five tasks
# have finished (with Bagging all 200 could be done, in a second, by the time the signal
# arrived).
TOTAL = 2 * 2 * 10 * 5


def _finished(db):
    try:
        with sqlite3.connect(db) as con:
            return con.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    except sqlite3.Error:
        return 0


def test_ctrl_c_stops_cleanly_and_the_same_command_resumes(tmp_path):
    config = tmp_path / "run.toml"
    config.write_text(textwrap.dedent(CONFIG))
    out = tmp_path / "out"
    command = [
        sys.executable,
        "-m",
        "ensemble_lab",
        "run",
        str(config),
        "--results",
        str(out),
        "-j",
        "1",
    ]
    db = out / "results.db"
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # A test run started in the background (`cmd &` in a script) inherits SIGINT
        # ignored, and Python keeps it so: give the run the terminal's default, as a
        # user's Ctrl-C finds it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while _finished(db) < 5 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    assert process.poll() is None, "the run ended before it could be interrupted"
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=120)
    assert process.returncode == 130, output
    assert "Stopped" in output and "resume" in output
    done_before = _finished(db)
    assert 5 <= done_before < TOTAL

    resumed = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert f"{done_before} task(s) were already in the store" in resumed.stdout
    frame = load_results(db, "interrupted")
    assert len(frame) == TOTAL
    assert not frame.duplicated(["dataset", "method", "repetition", "fold"]).any()
