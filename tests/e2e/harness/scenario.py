"""`@scenario` turns a function of (session, driver) into a pytest test that
runs in a process of its own, inside a sealed session of its own."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from harness.session import SUITE_VARIABLE, processes_with_marker

E2E_FOLDER = Path(__file__).resolve().parents[1]
# Passed on to the scenario process; the desktop's DISPLAY, buses and XDG_* folders are not.
PASSED_ON = ["PATH", "LANG", "KNOBS_BIN", "KNOBS_SCHEMA_DIR", "KNOBS_E2E_FAILURES", "KNOBS_TEST_ARTIFACTS", SUITE_VARIABLE]


def scenario(backend="memory", schemas="all", timeout=60, display="x11"):
    """`backend`: the GSettings backend (memory, keyfile or dconf).
    `schemas`: "all" (the system's and Knobs'), "knobs-only" (no system schema), "system-only"
    (no Knobs schema) or "none".
    `timeout`: seconds the scenario may take, start and stop of its session included.
    `display`: "x11" (Xvfb), "wayland" (weston's headless compositor, no X display at all) or "sway"
    (Debian's sway, headless, run as an unprivileged user, with its Xwayland)."""

    def decorate(body):
        def test():
            returncode, output = run_scenario(body.__module__, body.__name__, timeout)
            if returncode != 0:
                raise AssertionError(failure_message(body.__name__, output))
            sys.stdout.write(output)

        # Not functools.wraps: pytest would read the body's parameters as fixtures.
        test.__name__, test.__qualname__, test.__doc__ = body.__name__, body.__qualname__, body.__doc__
        test.__module__ = body.__module__
        test.knobs_body = body
        test.knobs_timeout = timeout
        test.knobs_options = {"backend": backend, "schemas": schemas, "display": display}
        return test

    return decorate


def run_scenario(module, function, timeout):
    """Runs one scenario in a fresh process; returns its exit status and output."""
    env = {name: os.environ[name] for name in PASSED_ON if name in os.environ}
    # The scenario's own folder too, when it is elsewhere: tests/library's scenarios use this harness.
    folders = [str(E2E_FOLDER)]
    loaded = sys.modules.get(module)
    if loaded is not None and getattr(loaded, "__file__", None):
        folders.append(str(Path(loaded.__file__).resolve().parent))
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(folders))
    process = subprocess.Popen(
        [sys.executable, "-m", "harness.runner", module, function, str(timeout)],
        cwd=E2E_FOLDER, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        # The runner stops itself after `timeout` s and then has 30 s for evidence and teardown.
        output, _ = process.communicate(timeout=timeout + 45)
        return process.returncode, output
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        output, _ = process.communicate()
        for pid in processes_with_marker(os.environ.get(SUITE_VARIABLE, "knobs-e2e")):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        return -9, output + f"\n{function}: killed after {timeout + 45} s without finishing\n"


def failure_message(name, output):
    """The runner's summary first (what failed, where the evidence is), then its full output."""
    from harness.runner import SUMMARY_MARK

    if SUMMARY_MARK in output:
        details, summary = output.rsplit(SUMMARY_MARK, 1)
        return f"scenario {name} failed: {summary.strip()}\n\n--- scenario output ---\n{details.strip()[-6000:]}"
    return f"scenario {name} failed:\n{output.strip()[-6000:]}"
