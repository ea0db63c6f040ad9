"""xcc.map_each: the results in the order of the items, tasks of several items
once the items are known to be small, and a killed worker's items run again."""
from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import xcc
from xcc.parallel import each


def busy_square(x: int) -> int:
    """About half a millisecond of CPU, then x squared."""
    end = time.process_time() + 0.0005
    while time.process_time() < end:
        pass
    return x * x


def square_or_die(job: tuple[int, str]) -> int:
    """x squared; the first call for x = 57 kills its own process."""
    x, marker = job
    if x == 57 and not Path(marker).exists():
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return x * x


class Counting(ThreadPoolExecutor):
    """A thread pool that counts its tasks."""

    tasks = 0

    def submit(self, *args, **kwargs):
        Counting.tasks += 1
        return super().submit(*args, **kwargs)


def test_small_items_go_many_a_task_in_order():
    Counting.tasks = 0
    with Counting(2) as pool:
        got = list(xcc.map_each(busy_square, range(600), executor=pool))
    assert got == [x * x for x in range(600)]
    # the first task has one item; then as many as take TASK_SECONDS (200 here)
    assert 2 <= Counting.tasks <= 600 // 20


def test_one_item_a_task_when_items_are_long(monkeypatch):
    monkeypatch.setattr(each, "TASK_SECONDS", 0.0001)
    Counting.tasks = 0
    with Counting(2) as pool:
        got = list(xcc.map_each(busy_square, range(40), executor=pool))
    assert got == [x * x for x in range(40)] and Counting.tasks == 40


def test_a_killed_worker_loses_no_item(tmp_path):
    marker = str(tmp_path / "killed")
    got = list(xcc.map_each(square_or_die, [(x, marker) for x in range(200)], jobs=2))
    assert Path(marker).exists()  # a worker was killed
    assert got == [x * x for x in range(200)]
