"""`@scenario` turns a function of (session, driver) into a pytest test that
runs in a process of its own, inside a sealed session of its own."""

import os
import subprocess
import sys
from pathlib import Path

E2E_FOLDER = Path(__file__).resolve().parents[1]


def scenario(backend="memory", schemas="all", timeout=120):
    """`backend`: the GSettings backend (memory, keyfile or dconf).
    `schemas`: "all" (the system's and Knobs'), "knobs-only" (none of the system's) or "none"."""

    def decorate(body):
        def test():
            result = subprocess.run(
                [sys.executable, "-m", "harness.runner", body.__module__, body.__name__],
                cwd=E2E_FOLDER, env={**os.environ, "PYTHONPATH": str(E2E_FOLDER)},
                capture_output=True, text=True, timeout=timeout)
            sys.stdout.write(result.stdout)
            sys.stderr.write(result.stderr)
            if result.returncode != 0:
                raise AssertionError(
                    f"scenario {body.__name__} failed:\n{result.stdout[-4000:]}{result.stderr[-2000:]}")

        # Not functools.wraps: pytest would read the body's parameters as fixtures.
        test.__name__, test.__qualname__, test.__doc__ = body.__name__, body.__qualname__, body.__doc__
        test.__module__ = body.__module__
        test.knobs_body = body
        test.knobs_options = {"backend": backend, "schemas": schemas}
        return test

    return decorate
