"""Runs last (pytest takes files in name order): nothing a session started may outlive it."""

import os
import time

from harness.session import SUITE_VARIABLE, processes_with_marker


def test_no_process_started_by_the_suite_is_still_running():
    marker = os.environ.get(SUITE_VARIABLE, "knobs-e2e")
    deadline = time.monotonic() + 5
    while processes_with_marker(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    leftovers = []
    for pid in processes_with_marker(marker):
        try:
            leftovers.append(f"{pid} {open(f'/proc/{pid}/cmdline').read().replace(chr(0), ' ')}")
        except OSError:
            pass
    assert not leftovers, "still running after the suite:\n" + "\n".join(leftovers)
