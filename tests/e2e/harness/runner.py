"""Runs one scenario in this process: a sealed session, the AT-SPI driver,
evidence on failure, and a check that the app printed no GTK warning.

A process per scenario because libatspi binds to the first accessibility bus it
finds and keeps it for the life of the process.

Usage: python3 -m harness.runner MODULE FUNCTION TIMEOUT   (from tests/e2e)"""

import importlib
import os
import signal
import sys
import traceback
from pathlib import Path

from harness.session import REPO, Session

# Whatever this process inherited must not point libatspi at another desktop.
LEAKY_VARIABLES = ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"]


SUMMARY_MARK = "==== scenario failed ===="


class ScenarioTimeout(AssertionError):
    pass


def failures_folder():
    return Path(os.environ.get("KNOBS_E2E_FAILURES") or REPO / "build" / "e2e-failures")


def main(module_name, function_name, timeout):
    test = getattr(importlib.import_module(module_name), function_name)
    for variable in [*LEAKY_VARIABLES, *(name for name in os.environ if name.startswith("XDG_"))]:
        os.environ.pop(variable, None)

    def out_of_time(signum, frame):
        raise ScenarioTimeout(f"the scenario ran longer than {timeout} s")

    # Fail from inside, with evidence and a clean stop, before the caller kills us.
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(timeout)
    session = Session(name=function_name, **test.knobs_options)
    driver = None
    try:
        session.start()
        # libatspi finds the accessibility bus through the session bus (and the X
        # display's AT_SPI_BUS property): point both at the session before importing it.
        for variable in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR",
                         "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "HOME"]:
            if variable in session.env:
                os.environ[variable] = session.env[variable]
        from harness.driver import Driver

        driver = Driver(session)
        test.knobs_body(session, driver)
        problems = session.problems_in_stderr()
        if problems:
            raise AssertionError("Knobs printed GTK/GLib warnings or criticals:\n" + "\n".join(problems))
        signal.alarm(0)
        print(f"{function_name}: passed")
        return 0
    except BaseException:
        signal.alarm(30)  # evidence and teardown get 30 s of their own
        message = traceback.format_exc()
        print(message)
        tree = driver.tree_text() if driver else "<the session did not start>"
        folder = session.capture(failures_folder() / function_name, tree, message)
        error = sys.exc_info()[1]
        print(SUMMARY_MARK)
        print(f"{type(error).__name__}: {error}".strip())
        states = session.app_states()
        if states:
            print("; ".join(states))
        print(f"Screenshot, accessibility tree and Knobs' stderr: {folder}")
        return 1
    finally:
        session.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 110))
