"""A run killed with SIGKILL resumes without losing or repeating a finished task."""

import importlib.util
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
from pandas.testing import assert_frame_equal

from ensemble_lab.evaluation import load_predictions, run_experiment

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "_kill_resume_run.py"
N_TASKS = 40  # 10 splits × 4 methods
DETERMINISTIC = [
    "dataset",
    "method",
    "repetition",
    "fold",
    "seed",
    "n_train",
    "n_test",
    "accuracy",
    "ensemble_size",
    "error",
]


def _script_module():
    spec = importlib.util.spec_from_file_location("_kill_resume_run", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows(db: Path) -> pd.DataFrame:
    with sqlite3.connect(db) as con:
        frame = pd.read_sql_query("SELECT * FROM results", con)
    return frame.sort_values(["dataset", "method", "repetition", "fold"]).reset_index(drop=True)


def _count(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db, timeout=5) as con:
            return con.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    except sqlite3.OperationalError:  # schema not created yet
        return 0


def _run_and_kill(db: Path, at_least: int) -> None:
    env = dict(os.environ)
    src = str(HERE.parents[1] / "src")
    env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")])
    proc = subprocess.Popen([sys.executable, str(SCRIPT), str(db)], env=env)
    try:
        deadline = time.monotonic() + 60
        while _count(db) < at_least:
            assert proc.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline, "the run made no progress"
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL


def test_sigkill_then_resume_loses_and_repeats_nothing(tmp_path):
    module = _script_module()
    config, data = module.make_config(), module.make_data()
    db = tmp_path / "killed.db"

    _run_and_kill(db, at_least=6)
    before = _rows(db)
    assert 0 < len(before) < N_TASKS, f"kill landed after {len(before)} tasks"
    assert before["error"].isna().all()

    summary = run_experiment(config, db, data=data)
    assert summary.complete
    assert summary.skipped == len(before)
    assert summary.done == N_TASKS - len(before)

    after = _rows(db)
    keys = ["dataset", "method", "repetition", "fold"]
    assert len(after) == N_TASKS
    assert not after.duplicated(keys).any()
    # the rows finished before the kill are untouched, timings and timestamps included
    kept = after.merge(before[keys], on=keys).sort_values(keys).reset_index(drop=True)
    assert_frame_equal(kept, before)

    fresh = tmp_path / "fresh.db"
    assert run_experiment(config, fresh, data=data).complete
    assert_frame_equal(after[DETERMINISTIC], _rows(fresh)[DETERMINISTIC])
    assert_frame_equal(load_predictions(db, "kill-resume"), load_predictions(fresh, "kill-resume"))
