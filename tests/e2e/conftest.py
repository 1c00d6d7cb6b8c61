import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

LEAK_CHECK = "test_no_process_started_by_the_suite_is_still_running"


@pytest.hookimpl(hookwrapper=True)
def pytest_collection_modifyitems(items):
    """The leak check always runs, and last, even when -k picks only some scenarios."""
    leak_check = [item for item in items if item.name == LEAK_CHECK]
    yield
    items[:] = [item for item in items if item.name != LEAK_CHECK] + leak_check
