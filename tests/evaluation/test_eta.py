"""The estimated time left does not jump when a slower dataset starts."""

import pytest

from ensemble_lab.evaluation._eta import RemainingTime

# Two methods; "big" has ten times the training instances of "small"; a task costs
# 1 ms per training instance for "fast" and 3 ms for "slow".
PLAN = [
    (dataset, method, n_train)
    for dataset, n_train in (("small", 100), ("big", 1000))
    for method in ("fast", "slow")
    for _fold in range(5)
]
COST = {"fast": 0.001, "slow": 0.003}


def _true_seconds(tasks):
    return sum(COST[m] * n for _, m, n in tasks)


def test_the_estimate_sees_the_big_dataset_coming_and_holds_when_it_starts():
    eta = RemainingTime(PLAN)
    assert eta.remaining(elapsed=1.0) is None  # nothing finished yet
    elapsed = 0.0
    estimates = []
    for i, (dataset, method, n_train) in enumerate(PLAN):
        seconds = COST[method] * n_train
        elapsed += seconds  # one worker
        eta.finished(dataset, method, n_train, seconds)
        estimates.append((eta.remaining(elapsed), _true_seconds(PLAN[i + 1 :])))
    # After the small dataset (10 tasks) the 10 big tasks are predicted from the
    # methods' seconds per training instance: exactly right here...
    after_small, truth = estimates[9]
    assert after_small == pytest.approx(truth)
    # ... and the first big task does not change the estimate of the rest.
    assert estimates[10][0] == pytest.approx(estimates[10][1])
    # The old rule (time so far / tasks done x tasks left) was 10x too low there.
    naive = sum(COST[m] * n for _, m, n in PLAN[:10]) / 10 * 10
    assert naive < after_small / 9
    assert estimates[-1][0] == 0


def test_parallel_workers_divide_the_work_left():
    eta = RemainingTime([("d", "m", 100)] * 12)
    for _ in range(6):
        eta.finished("d", "m", 100, 2.0)
    # two workers: 12 busy seconds in 6 wall seconds; 6 tasks of 2 s left -> 6 s
    assert eta.remaining(elapsed=6.0) == pytest.approx(6.0)


def test_no_estimate_before_a_few_tasks_have_finished():
    # The first task of a quick run (an 18 s run once read 18:37 left) says too little.
    eta = RemainingTime([("d", "m", 100)] * 400)
    for done in range(1, 9):
        eta.finished("d", "m", 100, 0.05)
        assert (eta.remaining(elapsed=0.05 * done) is None) == (done < 8)  # 2 % of 400
    small = RemainingTime([("d", "m", 100)] * 3)
    for _ in range(3):
        small.finished("d", "m", 100, 1.0)
    assert small.remaining(elapsed=3.0) == 0  # all done: nothing left
